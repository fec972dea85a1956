/// Text from a pack, a log or a script made fit to stand inside a one-line message.
///
/// A message is one line (`path:line:col: error: …`): editors and scripts read it line by
/// line, and a screen reader speaks it as one. Text a stranger wrote can hold a line break
/// (a JSON `\n` in an id, a Lua `error("a\nb")`, a file name), which would turn one
/// problem into two lines, the second free to look like another file's diagnostic; a
/// control character would command the terminal, and a bidirectional override reverse
/// the rest of the line.
public enum MessageText {
    /// What a path where nothing is gets told, by every command that takes one.
    public static let nothingThere = "no such file or directory"

    /// Whether `scalar` cannot be shown as it is inside a message: a control character
    /// (C0, DEL, C1), a line or paragraph separator, or an invisible format character (a
    /// bidirectional override, a zero-width space), which would hide itself or reorder
    /// the text around it.
    public static func isUnshowable(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) { return true }
        switch scalar.properties.generalCategory {
        case .format, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }

    /// The escape that stands for an unshowable `scalar`: `\n`, `\r`, `\t`, else `\uXXXX`.
    public static func escape(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        default: return "\\u" + hex(scalar)
        }
    }

    /// The scalar's code as at least four upper-case hex digits: `202E`.
    public static func hex(_ scalar: Unicode.Scalar) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// `text` as one line: each unshowable scalar written as its escape, the rest as is.
    public static func oneLine(_ text: String) -> String {
        // Nearly every message is plain: it goes through untouched.
        guard text.unicodeScalars.contains(where: isUnshowable) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if isUnshowable(scalar) { out += escape(scalar) } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }
}
