import Foundation

/// A range of acceptable versions of a dependency, written as in npm: `^1.2.0` (same
/// major: ≥ 1.2.0 and < 2.0.0), `~1.2.0` (same minor), `1.2.0` (exactly), `*` (any), or
/// comparators that must all hold: `>=1.0.0 <2.0.0`.
public struct VersionRange: Sendable, Hashable, CustomStringConvertible {
    /// One bound of a range.
    public struct Comparator: Sendable, Hashable {
        /// How the bound compares.
        public enum Operation: String, Sendable, CaseIterable {
            case lessOrEqual = "<=", greaterOrEqual = ">=", less = "<", greater = ">", equal = "="
        }
        /// The comparison.
        public var operation: Operation
        /// The version compared with.
        public var version: SemanticVersion

        /// Whether `candidate` is on the allowed side of the bound.
        public func allows(_ candidate: SemanticVersion) -> Bool {
            switch operation {
            case .lessOrEqual: return candidate <= version
            case .greaterOrEqual: return candidate >= version
            case .less: return candidate < version
            case .greater: return candidate > version
            case .equal: return candidate == version
            }
        }
    }

    /// The range as written.
    public var text: String
    /// The bounds, all of which must hold; empty means any version.
    public var comparators: [Comparator]

    /// Parses a range; throws a message saying what is wrong with the text.
    public init(_ text: String) throws(VersionRangeError) {
        self.text = text
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty || trimmed == "*" {
            comparators = []
            return
        }
        var bounds: [Comparator] = []
        for part in trimmed.split(separator: " ", omittingEmptySubsequences: true) {
            bounds += try VersionRange.comparators(of: String(part), in: text)
        }
        comparators = bounds
    }

    /// `text`.
    public var description: String { text }

    /// Whether `version` is in the range. A pre-release (`2.0.0-beta`) is in it only when
    /// a bound names a pre-release of the same `major.minor.patch`, so a range never
    /// picks up a test build by accident.
    public func contains(_ version: SemanticVersion) -> Bool {
        guard comparators.allSatisfy({ $0.allows(version) }) else { return false }
        guard version.isPrerelease else { return true }
        return comparators.contains {
            $0.version.isPrerelease && ($0.version.major, $0.version.minor, $0.version.patch)
                == (version.major, version.minor, version.patch)
        }
    }

    /// The bounds one space-separated part of a range stands for.
    private static func comparators(of part: String, in whole: String) throws(VersionRangeError) -> [Comparator] {
        if let rest = part.strip("^") {
            let low = try version(rest, in: whole)
            let fixed = low.major > 0 ? 0 : low.minor > 0 ? 1 : 2
            return [Comparator(operation: .greaterOrEqual, version: low)] + below(above(low, keeping: fixed))
        }
        if let rest = part.strip("~") {
            let low = try version(rest, in: whole)
            return [Comparator(operation: .greaterOrEqual, version: low)] + below(above(low, keeping: 1))
        }
        // Longest operators first, so ">=" is not read as ">" followed by "=1.0.0".
        for operation in [Comparator.Operation.greaterOrEqual, .lessOrEqual, .greater, .less, .equal] {
            if let rest = part.strip(operation.rawValue) {
                return [Comparator(operation: operation, version: try version(rest, in: whole))]
            }
        }
        return [Comparator(operation: .equal, version: try version(part, in: whole))]
    }

    /// The first version above every one that shares `version`'s numbers up to the one at
    /// `last` (0 major, 1 minor, 2 patch): that number raised by one, the ones after it 0.
    /// A number that is already the largest carries into the one before it (`^0.0.<largest>`
    /// ends below 0.1.0, not nowhere, which let 5.0.0 in); `nil` when the major carries,
    /// since no version is above it and the range has no upper bound.
    private static func above(_ version: SemanticVersion, keeping last: Int) -> SemanticVersion? {
        var numbers = [version.major, version.minor, version.patch]
        var index = last
        while numbers[index] == Int.max {
            guard index > 0 else { return nil }
            index -= 1
        }
        numbers[index] += 1
        for later in index + 1 ..< 3 { numbers[later] = 0 }
        return SemanticVersion(numbers[0], numbers[1], numbers[2])
    }

    /// The upper bound `< high`, or none.
    private static func below(_ high: SemanticVersion?) -> [Comparator] {
        high.map { [Comparator(operation: .less, version: $0)] } ?? []
    }

    private static func version(_ text: String, in whole: String) throws(VersionRangeError) -> SemanticVersion {
        guard let version = SemanticVersion(text) else {
            if Identifiers.isSemanticVersion(text) {
                throw VersionRangeError(message: "\(quoted(whole)) is not a version range: \(quoted(text)) has a number "
                    + "too large to compare; \(SemanticVersion.largestNumberText)")
            }
            throw VersionRangeError(message: "\(quoted(whole)) is not a version range: \(quoted(text)) is not a "
                + "semantic version such as \"1.2.0\"; write ranges like \"^1.2.0\", \"~1.2.0\", \"1.2.0\", \"*\" "
                + "or \">=1.0.0 <2.0.0\"")
        }
        return version
    }
}

/// Why a version range could not be read.
public struct VersionRangeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, for a diagnostic.
    public var message: String
    /// `message`.
    public var description: String { message }
}

extension String {
    /// The rest after `prefix`, or `nil` when the string does not start with it.
    fileprivate func strip(_ prefix: String) -> String? {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
    }
}
