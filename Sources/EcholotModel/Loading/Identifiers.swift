/// The patterns ids, versions and language codes must match.
public enum Identifiers {
    /// Entity, goal, level and scenario ids: `[A-Za-z0-9_][A-Za-z0-9._-]*`.
    static func isValidID(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first else { return false }
        return (isAlphanumeric(first) || first == "_")
            && s.unicodeScalars.allSatisfy { isAlphanumeric($0) || $0 == "." || $0 == "_" || $0 == "-" }
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
