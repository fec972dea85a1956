/// How many terminal columns text takes: East Asian wide and fullwidth characters and
/// emoji shown as pictures take two, combining marks and joiners none, the rest one. The
/// screen, `echolot packs` and `echolot stats` lay text out by it, so a CJK name or an
/// emoji lines up as its letters do.
///
/// The table is our own rather than the C library's `wcwidth`, whose answer depends on
/// the locale the game runs in (in the "C" locale every one of these is unprintable).
public enum TerminalWidth {
    /// The columns `text` takes.
    public static func columns(_ text: some StringProtocol) -> Int {
        // Most text is ASCII: one column a byte, with no table to search.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        return text.reduce(0) { $0 + columns($1) }
    }

    /// The columns one character (a grapheme cluster) takes: its first scalar's, or two
    /// when an emoji variation selector asks for a picture.
    public static func columns(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        let base = columns(first)
        // U+FE0F turns a text symbol (❤, ☀) into an emoji, which terminals draw two wide.
        if base == 1, scalars.contains("\u{FE0F}") { return 2 }
        return base
    }

    /// The longest start of `text` that fits in `columns` columns.
    public static func prefix(_ text: String, columns room: Int) -> String {
        var used = 0
        var end = text.startIndex
        for index in text.indices {
            let width = columns(text[index])
            guard used + width <= room else { break }
            used += width
            end = text.index(after: index)
        }
        return String(text[..<end])
    }

    /// The end of a text cut short.
    public static let ellipsis = "…"

    /// `text` as it fits in `columns` columns: whole when it does, else cut and ended by
    /// "…", at a space when one leaves at least half the room (a name is not cut
    /// mid-word when it need not be), else where the room ends.
    public static func cut(_ text: String, columns room: Int) -> String {
        guard columns(text) > room else { return text }
        guard room > 0 else { return "" }
        var kept = prefix(text, columns: room - 1)
        // A word that ends where the room does is whole already.
        let wordCut = text.dropFirst(kept.count).first != " "
        if wordCut, let space = kept.lastIndex(of: " "), columns(kept[..<space]) * 2 >= room - 1 {
            kept = String(kept[..<space])
        }
        while kept.last == " " { kept.removeLast() }
        return kept + ellipsis
    }

    /// `text` followed by spaces up to `columns` columns (nothing added when it is as wide).
    public static func padded(_ text: String, to room: Int) -> String {
        text + String(repeating: " ", count: max(0, room - columns(text)))
    }

    /// The columns one scalar takes on its own.
    static func columns(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x7F { return value < 0x20 ? 0 : 1 }
        if value < 0xA0 { return 0 }
        if value == 0xAD { return 1 }
        switch scalar.properties.generalCategory {
        // Marks drawn over the character before, and format characters (joiners,
        // variation selectors' neighbours) that are not drawn.
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if (0x1160...0x11FF).contains(value) || (0xFE00...0xFE0F).contains(value) || (0xE0100...0xE01EF).contains(value) {
            return 0
        }
        return isWide(value) ? 2 : 1
    }

    /// Whether a scalar is East Asian Wide or Fullwidth, or an emoji shown as a picture
    /// by default (Unicode 15's tables, condensed).
    static func isWide(_ value: UInt32) -> Bool {
        guard value >= 0x1100 else { return false }
        var low = 0, high = wide.count - 1
        while low <= high {
            let middle = (low + high) / 2
            if value < wide[middle].lowerBound {
                high = middle - 1
            } else if value > wide[middle].upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }

    /// The ranges ``isWide(_:)`` searches, in order.
    private static let wide: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0, 0x23F3...0x23F3,
        0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F, 0x2693...0x2693, 0x26A1...0x26A1,
        0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA,
        0x26F2...0x26F3, 0x26F5...0x26F5, 0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B,
        0x2728...0x2728, 0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
        0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55, 0x2E80...0x303E,
        0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
        0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
        0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF, 0x1F004...0x1F004, 0x1F0CF...0x1F0CF,
        0x1F18E...0x1F18E, 0x1F191...0x1F19A, 0x1F1E6...0x1F202, 0x1F210...0x1F23B, 0x1F240...0x1F248,
        0x1F250...0x1F251, 0x1F260...0x1F265, 0x1F300...0x1F320, 0x1F32D...0x1F335, 0x1F337...0x1F37C,
        0x1F37E...0x1F393, 0x1F3A0...0x1F3CA, 0x1F3CF...0x1F3D3, 0x1F3E0...0x1F3F0, 0x1F3F4...0x1F3F4,
        0x1F3F8...0x1F43E, 0x1F440...0x1F440, 0x1F442...0x1F4FC, 0x1F4FF...0x1F53D, 0x1F54B...0x1F54E,
        0x1F550...0x1F567, 0x1F57A...0x1F57A, 0x1F595...0x1F596, 0x1F5A4...0x1F5A4, 0x1F5FB...0x1F64F,
        0x1F680...0x1F6C5, 0x1F6CC...0x1F6CC, 0x1F6D0...0x1F6D2, 0x1F6D5...0x1F6D7, 0x1F6DC...0x1F6DF,
        0x1F6EB...0x1F6EC, 0x1F6F4...0x1F6FC, 0x1F7E0...0x1F7EB, 0x1F7F0...0x1F7F0, 0x1F90C...0x1F93A,
        0x1F93C...0x1F945, 0x1F947...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]
}
