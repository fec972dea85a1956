/// The ANSI/VT100 control sequences the full-screen display uses (never the line mode).
public enum Escape {
    /// Alternate screen on, cursor hidden, screen cleared, bracketed paste on (pasted text
    /// comes marked, so that it is not read as keys: an `r` in it would choose Retry).
    public static let enterFullScreen = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J\u{1B}[H\u{1B}[?2004h"
    /// Bracketed paste off, attributes reset, cursor shown, back to the main screen (on
    /// exit and on Ctrl-Z: the shell's own pastes must come unmarked).
    public static let leaveFullScreen = "\u{1B}[?2004l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"
    /// The cursor shown: on a page it sits on the selected choice for screen readers.
    public static let showCursor = "\u{1B}[?25h"
    /// The cursor hidden: on the level screen it would only flicker.
    public static let hideCursor = "\u{1B}[?25l"
    /// Clears the whole screen.
    public static let clearScreen = "\u{1B}[2J"
    /// Clears from the cursor to the end of the line.
    public static let clearLine = "\u{1B}[K"
    /// Attributes back to normal.
    public static let reset = "\u{1B}[0m"
    /// Bold text.
    public static let bold = "\u{1B}[1m"
    /// Dim (faint) text: the `faded` visuals.
    public static let dim = "\u{1B}[2m"
    /// Reverse video: the highlighted menu item.
    public static let reverse = "\u{1B}[7m"
    /// Underlined text: found sounds, told apart without colour.
    public static let underline = "\u{1B}[4m"
    /// Green text: met goals, found entities.
    public static let green = "\u{1B}[32m"
    /// Red text: failed goals, misses.
    public static let red = "\u{1B}[31m"
    /// Yellow text: warnings.
    public static let yellow = "\u{1B}[33m"
    /// The terminal bell: a sound when there is no audio device.
    public static let bell = "\u{07}"

    /// Moves the cursor to a 1-based row and column.
    public static func moveTo(row: Int, column: Int = 1) -> String { "\u{1B}[\(row);\(column)H" }

    /// `text` without escape sequences (for measuring and for tests).
    public static func strip(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var iterator = text.unicodeScalars.makeIterator()
        while let scalar = iterator.next() {
            guard scalar == "\u{1B}" else {
                out.append(scalar)
                continue
            }
            // CSI: ESC [ parameters… final byte in 0x40…0x7E; other escapes take one scalar.
            guard let next = iterator.next() else { break }
            guard next == "[" else { continue }
            while let c = iterator.next(), !(0x40...0x7E).contains(c.value) {}
        }
        return String(out)
    }
}
