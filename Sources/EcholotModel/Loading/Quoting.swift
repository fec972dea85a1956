/// Quotes text from a pack file for a message: escapes what ``MessageText`` cannot show
/// and cuts very long text, so a diagnostic stays one readable line whatever the input.
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
            default:
                // An accent the text begins with is written out too: it would sit on the quote.
                let category = scalar.properties.generalCategory
                if MessageText.isUnshowable(scalar)
                    || (out == "\"" && [.nonspacingMark, .spacingMark, .enclosingMark].contains(category)) {
                    out += MessageText.escape(scalar)
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
