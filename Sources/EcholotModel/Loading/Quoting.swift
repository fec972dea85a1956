/// Quotes text from a pack file for a message: escapes what ``MessageText`` cannot show
/// and cuts very long text, so a diagnostic stays one readable line whatever the input.
/// `mark` is the quote: `"` for what is written in a JSON file, `'` (see ``named(_:)``)
/// for names in stories, input logs and scripts.
func quoted(_ text: String, limit: Int = MessageText.nameLimit, mark: Unicode.Scalar = "\"") -> String {
    quoted(text.lazy.map(TextPiece.character), limit: limit, mark: mark)
}

/// A piece of text to quote: a character, or a byte that is not UTF-8 (a Lua string can
/// hold any bytes), which is written `\xE9` as Lua would write it.
enum TextPiece {
    /// A character of UTF-8 text.
    case character(Character)
    /// A byte no UTF-8 character holds.
    case byte(UInt8)

    /// `byte` written as Lua writes it in a string: `\xE9`.
    static func written(_ byte: UInt8) -> String {
        (byte < 0x10 ? "\\x0" : "\\x") + String(byte, radix: 16, uppercase: true)
    }

    /// `bytes` as characters where they are UTF-8, else byte by byte.
    static func pieces(of bytes: [UInt8]) -> [TextPiece] {
        var pieces: [TextPiece] = []
        var run = String.UnicodeScalarView()
        func endRun() {
            pieces += String(run).map(TextPiece.character)
            run = String.UnicodeScalarView()
        }
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case let .valid(encoded):
                run.append(Unicode.UTF8.decode(encoded))
                offset += encoded.count
            case let .error(length):
                endRun()
                pieces += bytes[offset ..< offset + length].map(TextPiece.byte)
                offset += length
            case .emptyInput:
                endRun()
                return pieces
            }
        }
    }
}

/// ``quoted(_:limit:mark:)`` over pieces, which may be bytes that are not UTF-8.
func quoted<Pieces: Sequence<TextPiece>>(_ text: Pieces, limit: Int = MessageText.nameLimit, mark: Unicode.Scalar = "\"") -> String {
    var out = String(mark)
    var count = 0
    // Whether nothing follows the opening mark yet (counting `out`'s scalars instead made
    // a 40,000-character key take a second to quote).
    var atStart = true
    for piece in text {
        if count == limit {
            out += "…"
            break
        }
        count += 1
        let character: Character
        switch piece {
        case let .character(found):
            character = found
        case let .byte(byte):
            out += TextPiece.written(byte)
            atStart = false
            continue
        }
        for scalar in character.unicodeScalars {
            defer { atStart = false }
            if scalar == mark || scalar == "\\" {
                out += "\\" + String(scalar)
                continue
            }
            // An accent the text begins with is written out too: it would sit on the quote.
            let category = scalar.properties.generalCategory
            if MessageText.isUnshowable(scalar)
                || (atStart && [.nonspacingMark, .spacingMark, .enclosingMark].contains(category)) {
                out += MessageText.escape(scalar)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
    }
    return out + String(mark)
}

/// A name a stranger chose (a chapter, a line, an action, a field) in single quotes,
/// written out and cut as ``quoted(_:limit:mark:)`` does: a 20,000-character id made a
/// message a screen reader read for minutes.
func named(_ text: String) -> String {
    quoted(text, mark: "'")
}

extension MessageText {
    /// The most characters of a stranger's name a message shows; a longer one is cut.
    public static let nameLimit = 60

    /// ``named(_:)`` for the layers above the model: a rule type a level names, say.
    public static func named(_ text: String) -> String {
        EcholotModel.named(text)
    }

    /// ``named(_:)`` for a name a script gave, which can be any bytes: those that are not
    /// UTF-8 are written as Lua writes them (`'caf\xE9'`), so the name is still told.
    public static func named(bytes: [UInt8]) -> String {
        EcholotModel.quoted(TextPiece.pieces(of: bytes), mark: "'")
    }

    /// A script's message, which can hold any bytes, as text: those that are not UTF-8
    /// written as Lua writes them (`\xE9`), the rest as it is — the message is still told.
    public static func text(bytes: [UInt8]) -> String {
        TextPiece.pieces(of: bytes).reduce(into: "") { out, piece in
            switch piece {
            case let .character(found): out.append(found)
            case let .byte(byte): out += TextPiece.written(byte)
            }
        }
    }

    /// ``quoted(_:limit:mark:)`` for the layers above the model: a file name as a pack
    /// file writes it.
    public static func quoted(_ text: String) -> String {
        EcholotModel.quoted(text)
    }
}

/// `text` cut in the middle when it is long, keeping `head` characters before the cut and
/// `tail` after it: a JSON path through huge keys, a number of thousands of digits.
func shortened(_ text: String, head: Int = 80, tail: Int = 60) -> String {
    guard text.count > head + tail + 20 else { return text }
    return String(text.prefix(head)) + "…" + String(text.suffix(tail))
}
