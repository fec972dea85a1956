/// Text from packs made safe to show: a pack's name, a line of its story or a rule's
/// message reaches the terminal as it is written, so a control character in it would be
/// a command to the terminal (a colour that never ends, a new line in the middle of a
/// menu row, a changed window title or clipboard), and a bidirectional override would
/// make it read differently from what it is.
public enum TerminalText {
    /// `text` with every control character (C0, DEL, C1) shown as a space and every
    /// bidirectional embedding, override or isolate left out.
    public static func safe(_ text: String) -> String {
        // Nearly every text is plain: it goes through untouched.
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isBidiControl(scalar) { continue }
            out.append(isControl(scalar) ? " " : scalar)
        }
        return String(out)
    }

    private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        isControl(scalar) || isBidiControl(scalar)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    private static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }
}
