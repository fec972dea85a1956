/// "Did you mean …?" hints for misspelt names.
public enum Suggestion {
    /// `names` for a message: a long list does not fit on a line, so the first few of it
    /// and how many more, each long name cut.
    public static func few(_ names: [String]) -> String {
        let shown = names.prefix(names.count <= 12 ? 12 : 10).map { shortened($0, head: 40, tail: 10) }.joined(separator: ", ")
        return names.count <= 12 ? shown : shown + " and \(names.count - 10) more"
    }

    /// Names joined for a sentence: "A", "A and B", "A, B and C" (or `conjunction`): one
    /// wording for the game's and the checks' lists alike.
    public static func list(_ items: [String], conjunction: String = "and") -> String {
        switch items.count {
        case 0: return ""
        case 1: return items[0]
        default: return items.dropLast().joined(separator: ", ") + " \(conjunction) " + items[items.count - 1]
        }
    }

    /// The hint for a sound file `file` that is not there, among the names `known` in the
    /// sounds folders. One written with its folder ("sounds/bell.wav"), as the pack's files
    /// are listed, is told to leave the folder out — with the name to write when `exists`
    /// finds it — since a "did you mean" alone would not say what is wrong; `what` names
    /// the kind of file ("sound", "voice").
    static func soundHint(for file: String, what: String, among known: [String], exists: (String) -> Bool) -> String {
        // A name written without its extension ("keeper.night" for "keeper.night.wav") is
        // too far from the file for a typo's edits, yet surely meant.
        let extended = ["wav", "ogg", "flac", "oga"].map { "\(file).\($0)" }.filter(known.contains)
        if extended.count == 1 { return " (did you mean \(quoted(extended[0]))?)" }
        guard file.hasPrefix("sounds/") else { return hint(for: file, among: known) }
        let inside = String(file.dropFirst("sounds/".count))
        let named = "; \(what) files are named from inside sounds/"
        if exists(inside) { return named + ", so write \(quoted(inside))" }
        return named + hint(for: inside, among: known)
    }

    /// ` (did you mean "x"?)` for the closest candidate within a small edit distance, or "":
    /// for names in JSON files, quoted as JSON quotes them.
    static func hint(for word: String, among candidates: [String]) -> String {
        guard let best = closest(to: word, among: candidates) else { return "" }
        return " (did you mean \(quoted(best))?)"
    }

    /// ` (did you mean 'x'?)` for the closest candidate, or "": for names in scripts and
    /// in messages about them.
    public static func nameHint(for word: String, among candidates: [String], edits: Int? = nil) -> String {
        closest(to: word, among: candidates, edits: edits).map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// The candidate nearest to `word`, if it is near enough to be a typo: within `edits`
    /// when given (where names of a family differ by little, `acme-base` and `acme-blue`),
    /// else within a third of the word's length, one to three edits.
    public static func closest(to word: String, among candidates: [String], edits: Int? = nil) -> String? {
        let limit = edits ?? max(1, min(3, word.count / 3))
        var best: (String, Int)?
        for candidate in candidates where candidate != word {
            let d = distance(Array(word.lowercased()), Array(candidate.lowercased()))
            if d <= limit, d < min(word.count, candidate.count), d < (best?.1 ?? Int.max) { best = (candidate, d) }
        }
        return best?.0
    }

    /// Edit distance counting a swap of two neighbours as one edit (`pakc` → `pack`), the
    /// commonest slip of the fingers (optimal string alignment; long words are not compared).
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.count > 64 || b.count > 64 { return Int.max }
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var before = Array(0...b.count)  // row i - 2
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], before[j - 2] + 1)
                }
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
