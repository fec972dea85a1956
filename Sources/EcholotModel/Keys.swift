import EcholotCore

/// Typed keys of the game state's root.
public enum Game {
    /// The level incarnation being played.
    public static let level = Key<GameKind, Level>("level", default: Level())
    /// Achievements earned in this game, by id.
    public static let achievements = Key<GameKind, PersistentMap<Value>>("achievements", default: PersistentMap())
    /// Progress records of achievements, by id: each `echolot.achievement` rule's focus. One
    /// the player has not earned carries into the next level (``GameState/startWith(earnedBefore:progressBefore:)``).
    public static let achievementProgress = Key<GameKind, PersistentMap<Value>>("achievementProgress", default: PersistentMap())
    /// The pack the level comes from: `{id, version}`.
    public static let pack = Key<GameKind, PersistentMap<Value>>("pack", default: PersistentMap())
}

/// Where a level incarnation is in its life.
public enum LevelStatus: String, Sendable, CaseIterable {
    /// Loaded, not started.
    case ready
    /// Started; time runs and selections count.
    case running
    /// All goals met.
    case won
    /// A goal failed.
    case lost
}

extension LevelStatus: AttributeValue {
    /// Reads a status name.
    public init?(value: Value) {
        guard let name = value.stringValue, let status = LevelStatus(rawValue: name) else { return nil }
        self = status
    }
    /// The status name.
    public var value: Value { .string(rawValue) }
}

/// Typed keys of a level node (the level file's fields and the incarnation's progress).
public enum LevelKeys {
    /// Stable id, equal to the file name.
    public static let id = Key<LevelKind, String>("id", default: "")
    /// Display name.
    public static let name = Key<LevelKind, String>("name", default: "")
    /// Briefing text.
    public static let description = Key<LevelKind, String>("description", default: "")
    /// Seed of the level's random generator.
    public static let seed = Key<LevelKind, Int>("seed", default: 1)
    /// Static background: `{image, glyph}` (FAA#4).
    public static let background = Key<LevelKind, PersistentMap<Value>>("background", default: PersistentMap())
    /// Non-directional looping sounds: list of `{file, volume, loop}` (FAA#5).
    public static let ambience = Key<LevelKind, [Value]>("ambience", default: [])
    /// Level music: `{file, volume, loop}` or absent.
    public static let music = Key<LevelKind, PersistentMap<Value>?>("music")
    /// The field of view.
    public static let view = Key<LevelKind, View>("view", default: View())
    /// The entities, by id.
    public static let entities = Key<LevelKind, NodeMap<EntityKind>>("entities", default: NodeMap())
    /// The goals, by id.
    public static let goals = Key<LevelKind, NodeMap<GoalKind>>("goals", default: NodeMap())
    /// The scoring rule: `{type, …parameters}` or absent.
    public static let scoring = Key<LevelKind, PersistentMap<Value>?>("scoring")
    /// Where the incarnation is in its life.
    public static let status = Key<LevelKind, LevelStatus>("status", default: .ready)
    /// Simulated seconds since `start`.
    public static let time = Key<LevelKind, Double>("time", default: 0)
    /// Selections that hit nothing.
    public static let misses = Key<LevelKind, Int>("misses", default: 0)
    /// Selections made, hits and misses.
    public static let selections = Key<LevelKind, Int>("selections", default: 0)
    /// Ids of the entities found, in the order they were found.
    public static let found = Key<LevelKind, [String]>("found", default: [])
    /// The score, once the scoring rule has computed it.
    public static let score = Key<LevelKind, Int?>("score")
}

/// How entities are shown (FAA#1–2).
public enum Visuals: String, Sendable, CaseIterable {
    /// Every entity in the view is drawn.
    case shown
    /// Only entities near the center are drawn, dimmed.
    case faded
    /// Nothing is drawn: sound alone.
    case hidden
}

extension Visuals: AttributeValue {
    /// Reads a mode name.
    public init?(value: Value) {
        guard let name = value.stringValue, let mode = Visuals(rawValue: name) else { return nil }
        self = mode
    }
    /// The mode name.
    public var value: Value { .string(rawValue) }
}

/// Typed keys of the view.
public enum ViewKeys {
    /// Azimuth the player faces, in [0, 360).
    public static let center = Key<ViewKind, Double>("center", default: 0)
    /// Elevation the player faces, in [−90, 90].
    public static let elevation = Key<ViewKind, Double>("elevation", default: 0)
    /// Width of the field of view in degrees.
    public static let width = Key<ViewKind, Double>("width", default: 90)
    /// How far off-center a selection may be and still hit.
    public static let selectTolerance = Key<ViewKind, Double>("selectTolerance", default: 15)
    /// How entities are drawn.
    public static let visuals = Key<ViewKind, Visuals>("visuals", default: .shown)
}

/// Typed keys of an entity.
public enum EntityKeys {
    /// Unique within the level.
    public static let id = Key<EntityKind, String>("id", default: "")
    /// Display name.
    public static let name = Key<EntityKind, String>("name", default: "")
    /// One character that draws it (FAA#16).
    public static let glyph = Key<EntityKind, String>("glyph", default: "*")
    /// Tags for goals and statistics.
    public static let tags = Key<EntityKind, [String]>("tags", default: [])
    /// Degrees clockwise from ahead, in [0, 360).
    public static let azimuth = Key<EntityKind, Double>("azimuth", default: 0)
    /// Degrees up, in [−90, 90].
    public static let elevation = Key<EntityKind, Double>("elevation", default: 0)
    /// Metres from the listener.
    public static let distance = Key<EntityKind, Double>("distance", default: 1.5)
    /// The directional sound, or absent for a silent entity.
    public static let sound = Key<EntityKind, Sound?>("sound")
    /// Whether `select` can pick it.
    public static let selectable = Key<EntityKind, Bool>("selectable", default: true)
    /// Whether the player has found (selected) it.
    public static let found = Key<EntityKind, Bool>("found", default: false)
    /// Behaviour rules: list of `{type, …parameters}` (FAA#6).
    public static let behaviours = Key<EntityKind, [Value]>("behaviours", default: [])
    /// Attached actions: list of `{on, action, …payload}` (FAA#17).
    public static let actions = Key<EntityKind, [Value]>("actions", default: [])
}

/// Typed keys of an entity's sound.
public enum SoundKeys {
    /// Path inside the pack's `sounds/` folder.
    public static let file = Key<SoundKind, String>("file", default: "")
    /// Linear gain, 0…4.
    public static let volume = Key<SoundKind, Double>("volume", default: 1)
    /// Whether it repeats (FAA#30).
    public static let loop = Key<SoundKind, Bool>("loop", default: true)
    /// Playback rate, 0.25…4.
    public static let pitch = Key<SoundKind, Double>("pitch", default: 1)
    /// Distance attenuation factor.
    public static let rolloff = Key<SoundKind, Double>("rolloff", default: 1)
    /// Whether it sounds at all.
    public static let playing = Key<SoundKind, Bool>("playing", default: true)
}

/// Where a goal stands (a goal can become invalid again, e.g. when time runs out).
public enum GoalState: String, Sendable, CaseIterable {
    /// Not met yet.
    case pending
    /// Met.
    case met
    /// Failed: the level is lost.
    case failed
}

extension GoalState: AttributeValue {
    /// Reads a state name.
    public init?(value: Value) {
        guard let name = value.stringValue, let state = GoalState(rawValue: name) else { return nil }
        self = state
    }
    /// The state name.
    public var value: Value { .string(rawValue) }
}

/// Typed keys of a goal.
public enum GoalKeys {
    /// Unique within the level.
    public static let id = Key<GoalKind, String>("id", default: "")
    /// The rule type that drives it (`find`, `timeLimit`, …).
    public static let type = Key<GoalKind, String>("type", default: "")
    /// Where it stands.
    public static let state = Key<GoalKind, GoalState>("state", default: .pending)
    /// The fields every goal has or the engine keeps on one (`deadline`, `progress`, see
    /// modding.md): no parameter of a goal type, and never listed as one.
    public static let engineFields: Set<String> = ["id", "type", "state", "deadline", "progress"]
}
