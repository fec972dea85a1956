/// Which application type a pack is.
public enum PackKind: String, Sendable, CaseIterable {
    /// Levels with scores.
    case scored
    /// A story with cut-scenes and progress.
    case story
    /// Anything else.
    case free
}

/// When a scenario becomes playable.
public enum UnlockRule: Sendable, Equatable {
    /// Once the player's total score in the pack reaches this value (0 to
    /// ``Score/maximumTotal``).
    case totalScore(Int)
    /// Once the scenario with this id is finished.
    case after(String)
}

/// A group of levels played in order (FAA#23–24).
public struct Scenario: Sendable, Equatable {
    /// Stable id, unique within the pack.
    public var id: String
    /// Display name.
    public var name: String
    /// Level ids in play order.
    public var levels: [String]
    /// When it becomes playable; `nil`: open from the start.
    public var unlock: UnlockRule?

    /// Creates a scenario.
    public init(id: String, name: String, levels: [String], unlock: UnlockRule? = nil) {
        self.id = id
        self.name = name
        self.levels = levels
        self.unlock = unlock
    }
}

/// The contents of a pack's `pack.json`, defaults applied.
public struct PackManifest: Sendable, Equatable {
    /// Stable id of the pack.
    public var id: String
    /// Display name.
    public var name: String
    /// The pack's semantic version.
    public var version: String
    /// The engine API version the pack is written for.
    public var api: Int
    /// Which application type it is (default `.free`).
    public var kind: PackKind
    /// Who made it.
    public var author: String?
    /// A short description.
    public var description: String?
    /// The language of `strings/` to fall back to (default `"en"`).
    public var defaultLanguage: String
    /// The id of the base pack this one builds on.
    public var extends: String?
    /// Groups of levels, in play order.
    public var scenarios: [Scenario]
    /// The explicit play order (`levels` in the manifest), if given.
    public var levels: [String]?
    /// The play order: the scenarios' levels in order, else `levels`, else every level
    /// file sorted by id.
    public var levelOrder: [String]
    /// A short sound in `sounds/` that introduces the pack in menus.
    public var preview: String?
    /// The packs whose rules this one uses, with the versions it accepts, sorted by id.
    public var dependencies: [PackDependency]
    /// Rule parameters this pack changes in its base pack's levels.
    public var parameters: [ParameterOverride]

    /// Creates a manifest.
    public init(id: String, name: String, version: String, api: Int, kind: PackKind = .free,
                author: String? = nil, description: String? = nil, defaultLanguage: String = "en",
                extends: String? = nil, scenarios: [Scenario] = [], levels: [String]? = nil,
                levelOrder: [String] = [], preview: String? = nil, dependencies: [PackDependency] = [],
                parameters: [ParameterOverride] = []) {
        self.id = id
        self.name = name
        self.version = version
        self.api = api
        self.kind = kind
        self.author = author
        self.description = description
        self.defaultLanguage = defaultLanguage
        self.extends = extends
        self.scenarios = scenarios
        self.levels = levels
        self.levelOrder = levelOrder
        self.preview = preview
        self.dependencies = dependencies
        self.parameters = parameters
    }
}
