/// The range of a level's score, and sums of scores that cannot trap.
///
/// A scoring rule's result is checked against ``range`` where it is read (the Lua driver
/// holds the same bound), but a profile written before that check may hold any `Int`:
/// sums saturate so such a profile still reads.
public enum Score {
    /// The scores a scoring rule may return (docs/modding.md).
    public static let range = 0...1_000_000_000

    /// The largest `totalScore` a scenario's unlock may ask for: a thousand levels, each
    /// at the highest score — far beyond any pack, and exact as a JSON number.
    public static let maximumTotal = 1_000 * range.upperBound

    /// `a + b`, held at `Int.max` (or `Int.min`) instead of overflowing.
    public static func add(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? (b > 0 ? .max : .min) : sum
    }

    /// The saturating sum of `scores` (see ``add(_:_:)``).
    public static func sum<Scores: Sequence>(_ scores: Scores) -> Int where Scores.Element == Int {
        scores.reduce(0, add)
    }
}
