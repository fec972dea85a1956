/// Something the player should be told about, read off a store transition: the words
/// and sounds of the level screen come from these.
public enum LevelEvent: Equatable, Sendable {
    /// The level began.
    case started
    /// A selection picked entity `id`; `found` entities are found now.
    case hit(id: String, found: Int)
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
    /// The store rejected an action (a rule's error): the game goes on.
    case problem(String)
}
