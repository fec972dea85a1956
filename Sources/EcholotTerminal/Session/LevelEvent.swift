import EcholotModel

/// Something the player should be told about, read off a store transition: the words
/// and sounds of the level screen come from these.
public enum LevelEvent: Equatable, Sendable {
    /// The level began.
    case started
    /// A selection picked entity `id`; `found` entities are found now.
    case hit(id: String, found: Int)
    /// A selection picked entity `id` and so failed a goal or lost the level (a decoy, or
    /// out of order): the store marks it found, but the player must hear it was wrong.
    case wrong(id: String)
    /// A selection hit nothing; `misses` so far.
    case miss(misses: Int)
    /// Goal `id` is met now.
    case goalMet(id: String)
    /// Goal `id` failed.
    case goalFailed(id: String)
    /// The level is won.
    case won
    /// The level is lost.
    case lost
    /// The score was computed.
    case scored(Int)
    /// Achievement `id` was earned (`title` when its rule gives one).
    case achievement(id: String, title: String?)
    /// The store rejected an action (a rule's error, `message` as the engine words it):
    /// the game goes on. `clockStopped` when the action was a tick, which was undone too,
    /// so the level's clock stands still while the rule keeps failing. A level session
    /// tells each failure once.
    case problem(message: String, clockStopped: Bool)
    /// A level session tells no more of this level's rule failures: too many kinds came.
    case problemsUntold
    /// A story line begins: its string id, the speaker's, where the voice is placed
    /// (`nil` for one heard without a direction, a narrator), and the time of day its
    /// `{time}` says (`nil` before any `clock`).
    case line(id: String, speaker: String?, azimuth: Double?, time: TimeOfDay? = nil)
    /// A story offers a choice between options (their values, in order).
    case choiceOffered(id: String, options: [String])
    /// A story enters a level (`attempt` counts from 1).
    case storyLevel(id: String, attempt: Int)
    /// The player picked an option of a choice; `line` is the id of what it said.
    case choiceMade(option: String, line: String?)
    /// The story reached its end.
    case storyFinished(ending: String)
    /// The story stopped on an error.
    case storyStopped(message: String)

    /// Whether the event belongs to the story's flow (told with the scene it begins)
    /// rather than to the level being played.
    public var isStoryFlow: Bool {
        switch self {
        case .line, .choiceOffered, .storyLevel, .storyFinished, .storyStopped: return true
        default: return false
        }
    }

    /// Whether the event is a pick of an entity (a hit or a wrong one), told by its name.
    public var isPick: Bool {
        switch self {
        case .hit, .wrong: return true
        default: return false
        }
    }
}
