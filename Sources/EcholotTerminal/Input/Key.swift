/// A key the player pressed, decoded from the terminal's bytes.
public enum Key: Hashable, Sendable {
    /// Arrow up.
    case up
    /// Arrow down.
    case down
    /// Arrow left.
    case left
    /// Arrow right.
    case right
    /// Shift- or Ctrl-arrow left: the fine turning step.
    case fineLeft
    /// Shift- or Ctrl-arrow right: the fine turning step.
    case fineRight
    /// Enter (Return).
    case enter
    /// The space bar.
    case space
    /// Escape on its own.
    case escape
    /// Backspace (DEL or Ctrl-H).
    case backspace
    /// Tab.
    case tab
    /// Home.
    case home
    /// End.
    case end
    /// Page up.
    case pageUp
    /// Page down.
    case pageDown
    /// F1: help, as `?` is, where players of other programs look for it first.
    case f1
    /// Ctrl-C: leave at once.
    case interrupt
    /// Ctrl-Z: suspend the game (the shell's job control), as other terminal programs do.
    case suspend
    /// Ctrl-D: end of input.
    case endOfInput
    /// A printable character (letters, digits, punctuation).
    case character(Character)
}
