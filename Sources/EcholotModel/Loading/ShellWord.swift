/// Text of a command meant to be pasted into a shell.
public enum Shell {
    /// `text` as one word for a POSIX shell: as it is when nothing in it is special there,
    /// else in single quotes.
    public static func word(_ text: String) -> String {
        let plain = !text.isEmpty && text.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "._/-+,:@%".unicodeScalars.contains($0)
        }
        if plain { return text }
        return "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
