/// The `{name}` placeholders of a pack's goal strings (`goal.<type>.line`): one scan for
/// the game, which fills them, and for `validate`, which checks their names, so that what
/// the check reads as a placeholder is what play fills.
public enum Placeholders {
    /// `text` with each `{name}` replaced by `value(name)`, or left as written where that
    /// is nil: a name nothing fills shows where it is.
    public static func fill(_ text: String, with value: (String) -> String?) -> String {
        var filled = ""
        var rest = text[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            filled += rest[..<open]
            filled += value(String(rest[rest.index(after: open) ..< close])) ?? String(rest[open ... close])
            rest = rest[rest.index(after: close)...]
        }
        return filled + rest
    }

    /// The names written in braces in `text`, in order, as ``fill(_:with:)`` fills them.
    public static func names(in text: String) -> [String] {
        var names: [String] = []
        _ = fill(text) { name in
            names.append(name)
            return nil
        }
        return names
    }
}
