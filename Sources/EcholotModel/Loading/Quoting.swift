/// Quotes text from a pack file for a message: escapes what ``MessageText`` cannot show
/// and cuts very long text, so a diagnostic stays one readable line whatever the input.
/// `mark` is the quote: `"` for what is written in a JSON file, `'` (see ``named(_:)``)
/// for names in stories, input logs and scripts.
func quoted(_ text: String, limit: Int = MessageText.nameLimit, mark: Unicode.Scalar = "\"") -> String {
    var out = String(mark)
    var count = 0
    // Whether nothing follows the opening mark yet (counting `out`'s scalars instead made
    // a 40,000-character key take a second to quote).
    var atStart = true
    for character in text {
        if count == limit {
            out += "…"
            break
        }
        count += 1
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
