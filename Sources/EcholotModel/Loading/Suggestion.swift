/// "Did you mean …?" hints for misspelt names.
public enum Suggestion {
    /// `names` for a message: a long list does not fit on a line, so the first few of it
    /// and how many more, each long name cut; `sentence` joins a short list as ``list(_:conjunction:)``
    /// does ("A, B and C") for a list read in the middle of a sentence.
    public static func few(_ names: [String], sentence: Bool = false) -> String {
        let shown = names.prefix(names.count <= 12 ? 12 : 10).map { shortened($0, head: 40, tail: 10) }
        if names.count > 12 { return shown.joined(separator: ", ") + " and \(names.count - 10) more" }
        return sentence ? list(shown) : shown.joined(separator: ", ")
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
        hint(for: word, among: SuggestionCandidates(candidates))
    }

    /// ``hint(for:among:)`` from candidates folded once, for many words.
    static func hint(for word: String, among candidates: SuggestionCandidates) -> String {
        guard let best = candidates.closest(to: word) else { return "" }
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
        SuggestionCandidates(candidates).closest(to: word, edits: edits)
    }

    /// Whether `a` and `b` are one edit apart (a letter added, dropped, changed, or two
    /// neighbours swapped), case counting: a slip of the fingers in a folder or file name.
    static func isOneEdit(_ a: String, _ b: String) -> Bool {
        SuggestionCandidates.distance(a.unicodeScalars.map(\.value), b.unicodeScalars.map(\.value), within: 1) == 1
    }
}

/// Names to suggest from, folded once for many look-ups: `validate` checks each misspelt
/// string id of a pack against every id it knows, and a full edit table per pair made a
/// pack with a thousand typos and twenty thousand ids take hours.
public struct SuggestionCandidates: Sendable {
    /// The names as written, folded (lowercased, as scalar values) and their lengths in characters.
    private let names: [(name: String, folded: [UInt32], length: Int)]

    /// Candidates for ``closest(to:edits:)`` from `names`, in order (the first of equally near ones wins).
    public init(_ names: [String]) {
        self.names = names.map { ($0, Self.fold($0), $0.count) }
    }

    /// The candidate nearest to `word`, if it is near enough to be a typo (see
    /// ``Suggestion/closest(to:among:edits:)``).
    public func closest(to word: String, edits: Int? = nil) -> String? {
        let length = word.count
        var limit = edits ?? max(1, min(3, length / 3))
        // Long words are not compared: no typo makes a name that long.
        guard length <= 64 else { return nil }
        let folded = Self.fold(word)
        var best: String?
        for candidate in names where candidate.length <= 64 && candidate.name != word {
            // Only a nearer one than the best so far can win, and no more edits than the
            // shorter name has letters make a typo.
            let bound = min(limit, min(length, candidate.length) - 1)
            guard bound >= 0, abs(folded.count - candidate.folded.count) <= bound else { continue }
            let d = Self.distance(folded, candidate.folded, within: bound)
            if d <= bound {
                best = candidate.name
                limit = d - 1
                if limit < 0 { break }
            }
        }
        return best
    }

    /// A name as it is compared: case does not count.
    private static func fold(_ name: String) -> [UInt32] {
        name.lowercased().unicodeScalars.map(\.value)
    }

    /// The edit distance counting a swap of two neighbours as one edit (`pakc` → `pack`,
    /// the commonest slip of the fingers; optimal string alignment) when it is at most `k`,
    /// else `k + 1`: only the band of
    /// the table within `k` of its diagonal is filled, and a row with nothing within `k`
    /// ends the count (a swap reaches back two rows, but never below the row between).
    static func distance(_ a: [UInt32], _ b: [UInt32], within k: Int) -> Int {
        let n = a.count, m = b.count, far = k + 1
        if abs(n - m) > k { return far }
        if n == 0 || m == 0 { return max(n, m) }
        var before = [Int](repeating: far, count: m + 1)  // row i - 2
        var previous = [Int](repeating: far, count: m + 1)
        var current = [Int](repeating: far, count: m + 1)
        for j in 0 ... min(m, k) { previous[j] = j }
        for i in 1 ... n {
            let low = max(1, i - k), high = min(m, i + k)
            // The cell left of the band holds a value from three rows up; right of it, none was ever written.
            current[low - 1] = low == 1 ? min(i, far) : far
            var nearest = current[low - 1]
            for j in low ... high {
                var d = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d = min(d, before[j - 2] + 1) }
                current[j] = min(d, far)
                nearest = min(nearest, current[j])
            }
            if nearest > k { return far }
            (before, previous, current) = (previous, current, before)
        }
        return previous[m]
    }
}

