import EcholotCore

/// A pack another pack needs (`"dependencies": {"id": "^1.2.0"}` in `pack.json`).
public struct PackDependency: Sendable, Equatable {
    /// The id of the pack needed.
    public var id: String
    /// The versions accepted.
    public var range: VersionRange
    /// Where it is written in `pack.json` (a JSON path), for diagnostics.
    public var sourcePath: String

    /// Creates a dependency.
    public init(id: String, range: VersionRange, sourcePath: String = "") {
        self.id = id
        self.range = range
        self.sourcePath = sourcePath
    }
}

/// New values for the parameters of one rule of one base-pack level (`"parameters":
/// {"level": {"goal id": {"seconds": 30}}}` in an extending pack's `pack.json`).
public struct ParameterOverride: Sendable, Equatable {
    /// The level's id.
    public var level: String
    /// The rule: a goal id, or `scoring` for the level's scoring rule; `nil` for a level
    /// entry that names no rule (`"level": {}`), whose level must still exist.
    public var rule: String?
    /// Parameter name → new value.
    public var values: [String: Value]
    /// Where the rule's entry (or the level's, when it names no rule) is written in
    /// `pack.json` (a JSON path).
    public var sourcePath: String

    /// Creates an override.
    public init(level: String, rule: String?, values: [String: Value], sourcePath: String = "") {
        self.level = level
        self.rule = rule
        self.values = values
        self.sourcePath = sourcePath
    }
}
