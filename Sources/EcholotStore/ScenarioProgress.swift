import EcholotModel

/// Whether a scenario can be played yet (FAA#25) and whether all its levels are done.
public struct ScenarioProgress: Sendable, Equatable {
    /// The scenario's id.
    public var id: String
    /// Its levels in play order.
    public var levels: [String]
    /// The rule that unlocks it; `nil`: open from the start.
    public var unlock: UnlockRule?
    /// Whether it can be played: open from the start, its rule met, or unlocked before
    /// (an unlock is kept even if a later pack version asks for more).
    public var isUnlocked: Bool
    /// Whether every one of its levels is done.
    public var isFinished: Bool

    /// Creates a scenario's progress.
    public init(id: String, levels: [String], unlock: UnlockRule?, isUnlocked: Bool, isFinished: Bool) {
        self.id = id
        self.levels = levels
        self.unlock = unlock
        self.isUnlocked = isUnlocked
        self.isFinished = isFinished
    }
}

/// Whether a level may be started now, and if not, why.
public enum PlayPermission: Sendable, Equatable {
    /// It can be played (again, in scored and free packs).
    case open
    /// Its scenario is still locked by this rule.
    case locked(scenario: String, rule: UnlockRule)
    /// A story level that is done: stories are not replayed; start a new story instead.
    case finished
}
