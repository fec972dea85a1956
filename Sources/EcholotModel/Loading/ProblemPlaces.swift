/// Where a file's problems lie, by JSON path: which parts of it read as written. A level
/// file's rule entries are checked by the rules despite its other problems when they, and
/// what the rules look at, are untouched (``LevelReader/ruleCheckable(_:)``).
struct ProblemPlaces {
    /// Every path a problem was found at, and each path holding one (`goals[2]` and `goals`
    /// for `goals[2].seconds`): a part is touched when it is among them or holds none.
    private let holders: Set<String>
    private let paths: Set<String>
    /// Whether a problem lies at no value (a syntax error): it may be in any part.
    private let anywhere: Bool

    /// The places of problems found at `paths`, and at no value when `anywhere`.
    init(paths: Set<String>, anywhere: Bool) {
        self.paths = paths
        self.anywhere = anywhere
        var holders: Set<String> = []
        for path in paths {
            holders.insert(path)
            // A quoted key's own dots and brackets give prefixes no part's path has: a set
            // wider than needed, never one that misses a holder.
            var index = path.startIndex
            while index < path.endIndex {
                if path[index] == "." || path[index] == "[" { holders.insert(String(path[..<index])) }
                index = path.index(after: index)
            }
        }
        self.holders = holders
    }

    /// Whether a problem lies at the value at `path` (a plain path such as `goals[2]`),
    /// inside it, or at a value holding it.
    func touch(_ path: String) -> Bool {
        if anywhere || holders.contains(path) || paths.contains("") { return true }
        var index = path.startIndex
        while index < path.endIndex {
            if path[index] == "." || path[index] == "[", paths.contains(String(path[..<index])) { return true }
            index = path.index(after: index)
        }
        return false
    }
}
