import Foundation
import Testing
@testable import EcholotModel

/// "Did you mean …?" hints: the banded count that makes a pack of many misspelt ids
/// quick to check finds what the full edit table finds.
@Suite struct SuggestionTests {
    /// Words over a small alphabet, so that near ones (and swaps) are common.
    private func words(_ count: Int, seed: UInt64) -> [String] {
        var state = seed
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33)
        }
        return (0 ..< count).map { _ in String((0 ..< 1 + next() % 9).map { _ in "abcAB".randomElementSeeded(next()) }) }
    }

    /// The whole optimal-string-alignment table, the reference the banded count must agree with.
    private static func fullDistance(_ a: [Character], _ b: [Character]) -> Int {
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

    @Test func theBandedCountAgreesWithTheFullTable() {
        let all = words(300, seed: 7)
        for (a, b) in zip(all, all.dropFirst()) {
            let full = Self.fullDistance(Array(a.lowercased()), Array(b.lowercased()))
            for k in 0 ... 4 {
                let banded = SuggestionCandidates.distance(a.lowercased().unicodeScalars.map(\.value),
                                                           b.lowercased().unicodeScalars.map(\.value), within: k)
                #expect(full <= k ? banded == full : banded == k + 1, "\(a) / \(b), k \(k): full \(full), banded \(banded)")
            }
        }
    }

    /// The nearest of several, the first of equally near ones, none too far or for a word
    /// as short as its edits.
    @Test func theNearestCandidateIsSuggested() {
        let ids = ["entity.crowd.e12.name", "entity.crowd.e21.name", "level.crowd.name", "entity.crowd.e1.name"]
        #expect(Suggestion.closest(to: "entity.crowd.e12.nmae", among: ids) == "entity.crowd.e12.name")
        #expect(Suggestion.closest(to: "entity.crowd.e13.name", among: ids) == "entity.crowd.e12.name")
        #expect(Suggestion.closest(to: "Level.Crowd.Name", among: ids) == "level.crowd.name")
        #expect(Suggestion.closest(to: "entity.other.e12.name", among: ids) == nil)
        #expect(Suggestion.closest(to: "ab", among: ["xy", "ba"]) == "ba")
        #expect(Suggestion.closest(to: "a", among: ["b"]) == nil)
        #expect(Suggestion.closest(to: "pakc", among: ["pick", "pack"]) == "pack")
        #expect(Suggestion.closest(to: "orbti", among: ["orbit"], edits: 0) == nil)
    }

    /// A pack with many misspelt string ids gets each its hint, by the id it was meant for.
    @Test func manyMisspeltStringIdsGetTheirHints() throws {
        let known = (0 ..< 2000).map { "entity.crowd.e\($0).name" }
        let candidates = SuggestionCandidates(known)
        for n in stride(from: 0, to: 2000, by: 97) {
            #expect(Suggestion.hint(for: "entity.crowd.e\(n).nmae", among: candidates) == " (did you mean \"entity.crowd.e\(n).name\"?)")
        }
    }
}

private extension String {
    /// The character at `index` modulo the length.
    func randomElementSeeded(_ index: Int) -> Character { self[self.index(startIndex, offsetBy: index % count)] }
}
