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
    /// Ctrl-D typed at a terminal: leaves, as q does (end of input itself, a closed pipe,
    /// is the terminal gone, not a key).
    case endOfInput
    /// Shift-Tab (back-tab): moves up in a list, as Tab moves down.
    case backTab
    /// Delete (forward delete).
    case delete
    /// Insert.
    case insert
    /// A function key past F1 (F2 to F20): no use in the game, but answered as any key.
    case function(Int)
    /// Ctrl with a letter or a sign (`Ctrl-A`, `Ctrl-\`), named by its upper-case form;
    /// those with a use of their own (C, D, H, I, J, M, Z) decode to their own keys.
    case control(Character)
    /// A block of pasted text (bracketed paste): ignored whole, never read as keys.
    case paste
    /// A printable character (letters, digits, punctuation).
    case character(Character)
}
