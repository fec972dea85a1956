/// Which Echolot this is: what `echolot --version` says, so that a bug report or a pack's
/// `api` can be matched to the engine that runs it.
public enum EngineVersion {
    /// The engine's own version (semantic). Raise it with each release.
    public static let current = "0.1.0"

    /// The pack API versions (`pack.json`'s `api`) this engine runs.
    public static let packAPI = 1...1

    /// `0.1.0 (pack API 1)`: the version and the pack API it runs.
    public static var description: String {
        let api = packAPI.count == 1 ? "\(packAPI.lowerBound)" : "\(packAPI.lowerBound)–\(packAPI.upperBound)"
        return "\(current) (pack API \(api))"
    }
}
