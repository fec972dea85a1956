import EcholotModel

/// The player's progress in one pack: per level, per scenario, the total score, and for
/// story packs the story being played. What menus show: locked/unlocked, done, best scores.
public struct PackProgress: Sendable, Equatable {
    /// The pack's id.
    public var packID: String
    /// Which application type the pack is; it decides whether done levels can be replayed.
    public var kind: PackKind
    /// Progress per level id (levels never played are absent; see ``level(_:)``).
    public var levels: [String: LevelProgress]
    /// The sum of the best scores of the pack's levels: what `totalScore` unlocks compare.
    public var totalScore: Int
    /// The scenarios in manifest order.
    public var scenarios: [ScenarioProgress]
    /// The story being played, for story packs; nil for the others.
    public var story: StoryProgress?

    /// Creates a pack's progress.
    public init(packID: String, kind: PackKind, levels: [String: LevelProgress], totalScore: Int,
                scenarios: [ScenarioProgress], story: StoryProgress?) {
        self.packID = packID
        self.kind = kind
        self.levels = levels
        self.totalScore = totalScore
        self.scenarios = scenarios
        self.story = story
    }

    /// A level's progress; an unplayed level has zero plays and no score.
    public func level(_ id: String) -> LevelProgress { levels[id] ?? LevelProgress(levelID: id) }

    /// A scenario's progress, if the pack has it.
    public func scenario(_ id: String) -> ScenarioProgress? { scenarios.first { $0.id == id } }

    /// Whether the level can be started now: story levels once per story; in scored and free
    /// packs any level, as often as wanted, once one of the scenarios holding it is unlocked.
    public func permission(toPlay levelID: String) -> PlayPermission {
        if let story, story.isFinished(levelID) { return .finished }
        let containing = scenarios.filter { $0.levels.contains(levelID) }
        // A level outside every scenario, or in any unlocked one, is open.
        guard let locked = containing.first, !containing.contains(where: \.isUnlocked), let rule = locked.unlock else {
            return .open
        }
        return .locked(scenario: locked.id, rule: rule)
    }
}
