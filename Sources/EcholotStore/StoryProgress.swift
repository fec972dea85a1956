import Foundation

/// Where the player is in a story pack: the story being played and the levels it has
/// finished, each with its outcome (a story goes on after a lost level, and may branch on it).
public struct StoryProgress: Sendable, Equatable {
    /// The story's id, or nil when no story of the pack has begun.
    public var storyID: Int64?
    /// When the story began.
    public var startedAt: Date?
    /// Finished levels: id → how they ended (won or lost).
    public var finished: [String: RunOutcome]
    /// The pack's levels in play order.
    public var order: [String]
    /// Where the story stands, as the front end saved it (its `story` record as JSON).
    public var checkpoint: String?

    /// Creates a story's progress.
    public init(storyID: Int64?, startedAt: Date?, finished: [String: RunOutcome], order: [String], checkpoint: String? = nil) {
        self.storyID = storyID
        self.startedAt = startedAt
        self.finished = finished
        self.order = order
        self.checkpoint = checkpoint
    }

    /// Whether the level is finished in this story (and so cannot be played again in it).
    public func isFinished(_ levelID: String) -> Bool { finished[levelID] != nil }

    /// Where the story resumes: the first level in play order not finished yet; nil when
    /// the whole story is done.
    public var nextLevel: String? { order.first { finished[$0] == nil } }

    /// Whether every level of the story is finished.
    public var isComplete: Bool { nextLevel == nil }
}
