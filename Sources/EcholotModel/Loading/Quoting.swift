/// Quotes text from a pack file for a message: escapes control characters and cuts very
/// long text, so a diagnostic stays one readable line whatever the input.
func quoted(_ text: String, limit: Int = 60) -> String {
    var out = "\""
    var count = 0
    for character in text {
        if count == limit {
            out += "…"
            break
        }
        count += 1
        for scalar in character.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                // Invisible format characters are written out too: a bidirectional override
                // would turn the rest of the message around, a zero-width space hide itself;
                // and so is an accent the text begins with, which would sit on the quote.
                let category = scalar.properties.generalCategory
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || category == .format
                    || (out == "\"" && [.nonspacingMark, .spacingMark, .enclosingMark].contains(category)) {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    out += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
    }
    return out + "\""
}

/// A JSON path shortened for a message when it is very long (huge keys).
func shownPath(_ path: String) -> String {
    guard path.count > 160 else { return path }
    return String(path.prefix(80)) + "…" + String(path.suffix(60))
}
