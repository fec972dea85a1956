/// One Lua file the engine loaded: which pack it belongs to and how to show it.
public struct ScriptSource: Sendable, Hashable {
    /// The pack's id; `echolot` for the engine's standard rules.
    public var pack: String
    /// The path inside the pack (`scripts/goals/find.lua`).
    public var file: String
    /// The path as shown in messages (relative to where the user pointed, or absolute).
    public var displayPath: String

    /// Creates a source description.
    public init(pack: String, file: String, displayPath: String) {
        self.pack = pack
        self.file = file
        self.displayPath = displayPath
    }

    /// The chunk name Lua reports in messages and stack frames: `@pack/file`.
    var chunkName: String { "@" + pack + "/" + file }
}
