/// Where lines spoken one after another stand — a cut-scene's, or those over a level: the
/// line being heard and for how long. Each line begins when the one before has had its
/// seconds, so the story's clock and the voices agree however the ticks fall.
struct LinePlayhead {
    /// The line being heard; the lines' count once the last has ended.
    var index: Int
    /// Seconds the line at `index` has been heard.
    var elapsed: Double

    /// Moves on by `dt` through `lines` and returns the indices of the lines that began
    /// (none once the last has ended). A little slack lets a line of 2 s end on the
    /// 120th tick of 1/60 s, not the 121st.
    mutating func advance(by dt: Double, through lines: [StoryLine]) -> Range<Int> {
        // The place comes from the story record, which a story rule can write anything into.
        index = min(max(index, 0), lines.count)
        let before = index
        elapsed += dt
        while index < lines.count, elapsed >= lines[index].seconds - 1e-9 {
            elapsed -= lines[index].seconds
            index += 1
        }
        elapsed = max(0, elapsed)
        return min(before + 1, lines.count) ..< min(index + 1, lines.count)
    }
}
