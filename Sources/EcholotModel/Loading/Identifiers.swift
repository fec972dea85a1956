/// The patterns ids, versions and language codes must match.
public enum Identifiers {
    /// Entity, goal, level and scenario ids: `[A-Za-z0-9_][A-Za-z0-9._-]*`.
    static func isValidID(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first else { return false }
        return (isAlphanumeric(first) || first == "_")
            && s.unicodeScalars.allSatisfy { isAlphanumeric($0) || $0 == "." || $0 == "_" || $0 == "-" }
    }

    /// Rule names, and so achievement ids: `[A-Za-z_][A-Za-z0-9._-]*`, as `echolot.achievement`
    /// and the other registrations take them.
    public static func isRuleName(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return isValidID(s)
    }

    /// Why `s` is no achievement id, to follow the place it is given at; `nil` when it is one.
    public static func achievementIDProblem(_ s: String) -> String? {
        isRuleName(s) ? nil : "\(named(s)) is no achievement id: an id is letters, digits, '_', '.' and '-', "
            + "not starting with a digit, as echolot.achievement registers it"
    }

    /// Why `id` may not name an achievement a level starts with (a pack test's
    /// `earnedBefore`, `--earned-before`), given those the pack's scripts register: it is no
    /// achievement id, or a slip away from a registered one, which is named as the one
    /// meant (the level would start without it and show nothing). `nil` for any other id:
    /// achievements are global, and a rule may read one of another pack.
    public static func startingAchievementProblem(_ id: String, registered: [String]) -> String? {
        if let problem = achievementIDProblem(id) { return problem }
        guard !registered.contains(id), let meant = Suggestion.closest(to: id, among: registered) else { return nil }
        return "no script registers an achievement \(named(id)) (did you mean \(named(meant))?)"
    }

    /// Pack ids: `[a-z0-9][a-z0-9._-]*`.
    public static func isPackID(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first else { return false }
        return (isLowerAlphanumeric(first))
            && s.unicodeScalars.allSatisfy { isLowerAlphanumeric($0) || $0 == "." || $0 == "_" || $0 == "-" }
    }

    /// A semantic version: `1.2.3`, optionally `-pre.release` and `+build`.
    static func isSemanticVersion(_ s: String) -> Bool {
        var rest = Substring(s)
        var build: Substring?
        if let plus = rest.firstIndex(of: "+") {
            build = rest[rest.index(after: plus)...]
            rest = rest[..<plus]
        }
        var pre: Substring?
        if let dash = rest.firstIndex(of: "-") {
            pre = rest[rest.index(after: dash)...]
            rest = rest[..<dash]
        }
        let core = rest.split(separator: ".", omittingEmptySubsequences: false)
        guard core.count == 3, core.allSatisfy(isNumericIdentifier) else { return false }
        for part in [pre, build].compactMap({ $0 }) {
            let ids = part.split(separator: ".", omittingEmptySubsequences: false)
            guard ids.allSatisfy({ !$0.isEmpty && $0.unicodeScalars.allSatisfy { isAlphanumeric($0) || $0 == "-" } })
            else { return false }
        }
        return true
    }

    /// A language code such as `en`, `de`, `pt-BR`.
    static func isLanguageCode(_ s: String) -> Bool {
        let parts = s.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "-" || $0 == "_" })
        guard let first = parts.first, (2...3).contains(first.count),
              first.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("A"..."Z").contains($0) })
        else { return false }
        return parts.dropFirst().allSatisfy { (1...8).contains($0.count) && $0.unicodeScalars.allSatisfy(isAlphanumeric) }
    }

    private static func isNumericIdentifier(_ s: Substring) -> Bool {
        guard !s.isEmpty, s.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }) else { return false }
        return s == "0" || s.first != "0"
    }

    private static func isAlphanumeric(_ c: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c)
    }

    private static func isLowerAlphanumeric(_ c: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(c) || ("0"..."9").contains(c)
    }
}

extension JSONNode {
    /// The achievement ids of a list (what a recording or a story test begins with), or `nil`
    /// once `fail` was told what is wrong: with each item that is no id (and its index), or
    /// with the whole (no index) when it is no list.
    func achievementIDs(fail: (_ node: JSONNode, _ index: Int?, _ message: String) -> Void) -> Set<String>? {
        guard case let .array(items) = value else {
            fail(self, nil, "expected a list of achievement ids, found \(value.typeDescription)")
            return nil
        }
        var ids: Set<String> = []
        var sound = true
        for (index, item) in items.enumerated() {
            guard case let .string(id) = item.value else {
                fail(item, index, "expected an achievement id, found \(item.value.typeDescription)")
                sound = false
                continue
            }
            if let problem = Identifiers.achievementIDProblem(id) {
                fail(item, index, problem)
                sound = false
            }
            ids.insert(id)
        }
        return sound ? ids : nil
    }
}
