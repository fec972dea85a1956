/// What recording one run changed in the profile: the run as stored, the achievements earned
/// for the first time, and the scenarios it unlocked — what a game announces afterwards.
public struct Recording: Sendable, Equatable {
    /// The run, with its row id.
    public var run: Run
    /// Achievements earned for the first time with this run (earned ones are not repeated).
    public var newAchievements: [EarnedAchievement]
    /// Ids of the scenarios this run unlocked, in manifest order.
    public var unlockedScenarios: [String]

    /// Creates a recording.
    public init(run: Run, newAchievements: [EarnedAchievement], unlockedScenarios: [String]) {
        self.run = run
        self.newAchievements = newAchievements
        self.unlockedScenarios = unlockedScenarios
    }
}
