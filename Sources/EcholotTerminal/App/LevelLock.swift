import EcholotModel

/// Why a scenario or level cannot be played now, kept as data so that the menus, the end
/// page, `play --level` and `echolot run` say it in the same words, in the player's
/// language.
public enum LevelLock: Equatable, Sendable {
    /// The scenario opens once the scenario with this id is finished.
    case after(scenario: String)
    /// The scenario opens at this total score in the pack; the player has `have` so far.
    case totalScore(needed: Int, have: Int)
    /// A story level already finished in the current play-through: stories are not
    /// replayed level by level.
    case finishedInStory

    /// The lock of a scenario's `rule` for a player whose total score is `totalScore`.
    public init(_ rule: UnlockRule, totalScore: Int) {
        switch rule {
        case let .after(id): self = .after(scenario: id)
        case let .totalScore(needed): self = .totalScore(needed: needed, have: totalScore)
        }
    }

    /// What trying to play level `level` (its name) under this lock says, in the player's
    /// language (`names`'s words), as the menu, the end page and the way into a level say
    /// it: a story's level, that the story under way played it and what plays it again —
    /// not "locked", which beside its "done" mark read as two states at once.
    public func refusal(level: String, _ names: Names, in pack: Pack) -> String {
        guard self != .finishedInStory else { return names.words.alreadyPlayedInStory(level) }
        return names.words.cannotBePlayed(level, reason: reason(names, in: pack, words: names.words))
    }

    /// What is in the way, as a clause in `words`: "finish “The Basics” first", scenarios
    /// named as `names` name them in `pack`. English unless told: the command line's errors
    /// (`play --level`, `run`), which say it too, stay English.
    public func reason(_ names: Names, in pack: Pack, words: Words = .english) -> String {
        switch self {
        case let .after(id): words.finishFirst(names.scenario(id: id, in: pack))
        case let .totalScore(needed, have): words.scoreFirst(needed, have: have)
        case .finishedInStory: words.finishedInStory
        }
    }
}
