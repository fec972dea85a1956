/// What the player has done with one level of a pack, across all its runs.
public struct LevelProgress: Sendable, Equatable {
    /// The level's id.
    public var levelID: String
    /// Runs recorded, abandoned ones included.
    public var plays: Int
    /// Runs won.
    public var wins: Int
    /// The best score of any run (scored packs keep the best, however often replayed).
    public var bestScore: Int?

    /// Creates a level's progress.
    public init(levelID: String, plays: Int = 0, wins: Int = 0, bestScore: Int? = nil) {
        self.levelID = levelID
        self.plays = plays
        self.wins = wins
        self.bestScore = bestScore
    }

    /// Whether the level has been won at least once.
    public var isDone: Bool { wins > 0 }
}
