/// " (did you mean 'find'?)" for a misspelt name, or "" when nothing is close.
enum NameHint {
    /// The hint for `word` among `candidates`.
    static func hint(for word: String, among candidates: [String]) -> String {
        let target = Array(word.lowercased())
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let d = distance(target, Array(candidate.lowercased()))
            if d <= max(1, target.count / 3), d < (best?.distance ?? .max) { best = (candidate, d) }
        }
        return best.map { " (did you mean '\($0.name)'?)" } ?? ""
    }

    /// Levenshtein distance.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
