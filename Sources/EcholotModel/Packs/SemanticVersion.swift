/// A semantic version (`1.2.3`, `2.0.0-beta.1`, `1.0.0+build.5`), ordered as semver.org
/// says: numerically by major, minor, patch; a pre-release sorts before its release;
/// build metadata is ignored.
public struct SemanticVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The major version: incompatible changes.
    public var major: Int
    /// The minor version: compatible additions.
    public var minor: Int
    /// The patch version: compatible fixes.
    public var patch: Int
    /// Pre-release identifiers (`["beta", "1"]`); empty for a release.
    public var prerelease: [String]
    /// Build metadata (`"build.5"`), not part of the order.
    public var build: String?

    /// Creates a version from its parts.
    public init(_ major: Int, _ minor: Int, _ patch: Int, prerelease: [String] = [], build: String? = nil) {
        self.major = major
        self.minor = minor
        self.patch = patch
        self.prerelease = prerelease
        self.build = build
    }

    /// Parses `MAJOR.MINOR.PATCH[-PRE][+BUILD]`; `nil` when the text is not one.
    public init?(_ text: String) {
        guard Identifiers.isSemanticVersion(text) else { return nil }
        var rest = Substring(text)
        var build: String?
        if let plus = rest.firstIndex(of: "+") {
            build = String(rest[rest.index(after: plus)...])
            rest = rest[..<plus]
        }
        var prerelease: [String] = []
        if let dash = rest.firstIndex(of: "-") {
            prerelease = rest[rest.index(after: dash)...].split(separator: ".").map(String.init)
            rest = rest[..<dash]
        }
        let numbers = rest.split(separator: ".").compactMap { Int($0) }
        guard numbers.count == 3 else { return nil }
        self.init(numbers[0], numbers[1], numbers[2], prerelease: prerelease, build: build)
    }

    /// What a message says of a version whose numbers do not fit.
    static let largestNumberText = "a version's numbers go up to \(Int.max)"

    /// `1.2.3-beta.1+build`.
    public var description: String {
        var text = "\(major).\(minor).\(patch)"
        if !prerelease.isEmpty { text += "-" + prerelease.joined(separator: ".") }
        if let build { text += "+" + build }
        return text
    }

    /// Whether this is a pre-release (`1.0.0-beta`).
    public var isPrerelease: Bool { !prerelease.isEmpty }

    /// Equal when they sort equal: build metadata does not count.
    public static func == (a: SemanticVersion, b: SemanticVersion) -> Bool {
        (a.major, a.minor, a.patch) == (b.major, b.minor, b.patch) && a.prerelease == b.prerelease
    }

    /// Hashes what equality compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(major)
        hasher.combine(minor)
        hasher.combine(patch)
        hasher.combine(prerelease)
    }

    /// The semver order.
    public static func < (a: SemanticVersion, b: SemanticVersion) -> Bool {
        if (a.major, a.minor, a.patch) != (b.major, b.minor, b.patch) {
            return (a.major, a.minor, a.patch) < (b.major, b.minor, b.patch)
        }
        switch (a.prerelease.isEmpty, b.prerelease.isEmpty) {
        case (true, _): return false
        case (false, true): return true
        case (false, false): return SemanticVersion.precedes(a.prerelease, b.prerelease)
        }
    }

    /// Pre-release order: identifier by identifier, numbers numerically and below words,
    /// a shorter list first when all shared identifiers are equal.
    private static func precedes(_ a: [String], _ b: [String]) -> Bool {
        for (x, y) in zip(a, b) where x != y {
            switch (Int(x), Int(y)) {
            case let (m?, n?): return m < n
            case (_?, nil): return true
            case (nil, _?): return false
            case (nil, nil): return x < y
            }
        }
        return a.count < b.count
    }
}
