/// How a piece of the full-screen display looks.
public enum TextStyle: Equatable, Sendable {
    /// Plain.
    case normal
    /// Headings.
    case bold
    /// Faded glyphs, less important text.
    case dim
    /// The highlighted choice.
    case reverse
    /// Met goals, hits.
    case good
    /// Failed goals, misses.
    case bad
    /// Warnings.
    case warning
    /// A found sound's glyph in the view strip.
    case found

    /// The escape sequence that turns the style on; with `colour` false (`NO_COLOR`) it
    /// sets attributes only. Colour never says anything alone: the words or marks say it
    /// too, and a found glyph is underlined besides being green.
    func escape(colour: Bool) -> String {
        switch self {
        case .normal: return ""
        case .bold: return Escape.bold
        case .dim: return Escape.dim
        case .reverse: return Escape.reverse
        case .good: return colour ? Escape.green : ""
        case .bad: return colour ? Escape.red : ""
        case .warning: return colour ? Escape.yellow : ""
        case .found: return Escape.underline + (colour ? Escape.green : "")
        }
    }
}

/// One line of the full-screen display: pieces of text with styles, cut to the width of
/// the screen by terminal columns (escape sequences take no room).
public struct StyledLine: Equatable, Sendable {
    /// The pieces, in order.
    public var pieces: [(text: String, style: TextStyle)]

    /// A line of one piece (made safe for the terminal: see ``TerminalText``).
    public init(_ text: String = "", _ style: TextStyle = .normal) {
        pieces = text.isEmpty ? [] : [(TerminalText.safe(text), style)]
    }

    /// Adds a piece (made safe for the terminal: see ``TerminalText``).
    public mutating func append(_ text: String, _ style: TextStyle = .normal) {
        guard !text.isEmpty else { return }
        pieces.append((TerminalText.safe(text), style))
    }

    /// The text without styles.
    public var plain: String { pieces.map(\.text).joined() }

    /// The line for a terminal `width` columns wide: styled (in colour unless `colour` is
    /// false), and when it is wider, cut by columns and ended by "…" as
    /// ``TerminalWidth/cut(_:columns:)`` cuts (a name running off the edge would read as
    /// all of it).
    public func rendered(width: Int, colour: Bool = true) -> String {
        var shown = pieces
        if TerminalWidth.columns(plain) > width {
            // Cut the plain text once, then give each piece what is left of it: a cut at
            // a space may go back into an earlier piece.
            var room = TerminalWidth.cut(plain, columns: width).dropLast(TerminalWidth.ellipsis.count).count
            shown = []
            for piece in pieces where room > 0 {
                let text = String(piece.text.prefix(room))
                room -= text.count
                shown.append((text, piece.style))
            }
            let style = shown.last?.style ?? pieces.first?.style ?? .normal
            if width > 0 { shown.append((TerminalWidth.ellipsis, style)) }
        }
        return shown.map { piece in
            let escape = piece.style.escape(colour: colour)
            return escape.isEmpty ? piece.text : escape + piece.text + Escape.reset
        }.joined()
    }

    /// Equal when the pieces are.
    public static func == (a: StyledLine, b: StyledLine) -> Bool {
        a.pieces.count == b.pieces.count && zip(a.pieces, b.pieces).allSatisfy { $0.text == $1.text && $0.style == $1.style }
    }
}

/// Breaks text into lines of at most `width` terminal columns at spaces.
public enum TextWrap {
    /// The lines of `text`; a word wider than the line (a CJK sentence, which has no
    /// spaces) is broken where the line's columns end. Leading spaces are an indent, kept
    /// on every line.
    public static func lines(_ text: String, width: Int) -> [String] {
        let indent = String(text.prefix { $0 == " " })
        if !indent.isEmpty, indent.count < width {
            return lines(String(text.dropFirst(indent.count)), width: width - indent.count).map { indent + $0 }
        }
        guard width > 0 else { return [] }
        guard !text.isEmpty else { return [""] }
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            var word = String(word)
            while TerminalWidth.columns(word) > width {
                if !current.isEmpty {
                    lines.append(current)
                    current = ""
                }
                // At least one character a line: a wide one on a one-column line still goes.
                let head = TerminalWidth.prefix(word, columns: width)
                let taken = max(1, head.count)
                lines.append(String(word.prefix(taken)))
                word = String(word.dropFirst(taken))
            }
            if current.isEmpty {
                current = word
            } else if TerminalWidth.columns(current) + 1 + TerminalWidth.columns(word) <= width {
                current += " " + word
            } else {
                lines.append(current)
                current = word
            }
        }
        if !current.isEmpty || lines.isEmpty { lines.append(current) }
        return lines
    }
}
