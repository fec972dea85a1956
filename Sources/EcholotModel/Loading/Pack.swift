import Foundation

/// A loaded, fully validated pack: its manifest, its levels and its strings.
public struct Pack: Sendable {
    /// The pack folder.
    public var root: URL
    /// The manifest.
    public var manifest: PackManifest
    /// Where each value of `pack.json` is.
    public var manifestSource: SourceMap
    /// Every level, by id.
    public var levels: [String: LevelDefinition]
    /// Localised strings: language → string id → text.
    public var strings: [String: [String: String]]

    /// Creates a pack.
    public init(root: URL, manifest: PackManifest, manifestSource: SourceMap,
                levels: [String: LevelDefinition], strings: [String: [String: String]]) {
        self.root = root
        self.manifest = manifest
        self.manifestSource = manifestSource
        self.levels = levels
        self.strings = strings
    }

    /// The pack's id.
    public var id: String { manifest.id }

    /// Level ids in play order.
    public var levelOrder: [String] { manifest.levelOrder }

    /// The level with this id, if the pack has it.
    public func level(id: String) -> LevelDefinition? { levels[id] }

    /// The folder sound file names are relative to.
    public var soundsFolder: URL { root.appendingPathComponent("sounds", isDirectory: true) }

    /// The URL of a sound file named in a level (already checked to exist inside the pack).
    public func soundURL(_ file: String) -> URL { soundsFolder.appendingPathComponent(file) }

    /// A localised string: the language's, else the default language's, else `nil`.
    public func string(_ id: String, language: String) -> String? {
        strings[language]?[id] ?? strings[manifest.defaultLanguage]?[id]
    }
}

/// One level of a pack as loaded: the pristine level node (each play makes an
/// incarnation from it) and where its values came from.
public struct LevelDefinition: Sendable {
    /// The level's id (its file name without `.json`).
    public var id: String
    /// The level as the state tree stores it, defaults applied.
    public var level: Level
    /// The level file.
    public var file: URL
    /// Where each value of the file is, for diagnostics about it.
    public var source: SourceMap
    /// The JSON path of each entity, by entity id (`"bell"` → `"entities[0]"`).
    public var entityPaths: [String: String]
    /// The JSON path of each goal, by goal id (`"timeLimit"` → `"goals[1]"`).
    public var goalPaths: [String: String]

    /// Creates a level definition.
    public init(id: String, level: Level, file: URL, source: SourceMap,
                entityPaths: [String: String] = [:], goalPaths: [String: String] = [:]) {
        self.id = id
        self.level = level
        self.file = file
        self.source = source
        self.entityPaths = entityPaths
        self.goalPaths = goalPaths
    }
}
