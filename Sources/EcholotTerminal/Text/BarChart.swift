/// A vertical bar chart drawn with block characters, one column per value: what terminal
/// statistics use for "scores over time" and "wins per day".
public struct BarChart: Sendable {
    /// The chart's title, printed above it.
    public var title: String
    /// One value per column; nil draws nothing (a day without data).
    public var values: [Double?]
    /// A label per column (day numbers); shown where there is room.
    public var labels: [String]
    /// Rows of bars.
    public var height: Int
    /// The language of the scale's numbers and of an empty chart's line.
    public var words: Words

    /// Creates a chart.
    public init(title: String, values: [Double?], labels: [String], height: Int = 6, words: Words = .english) {
        self.title = title
        self.values = values
        self.labels = labels
        self.height = max(1, height)
        self.words = words
    }

    /// Eighth blocks, so that a bar's top shows values between rows.
    private static let blocks: [Character] = [" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// The chart as lines: title, bars with the axis scale on the left, then the labels.
    public func lines() -> [String] {
        let top = values.compactMap { $0 }.max() ?? 0
        // An empty chart would only draw an axis and make "0" look like a value.
        guard top > 0 else { return [words.statsEmptyChart(title)] }
        let scale = top
        let axis = [format(top), "0"].map(\.count).max() ?? 1
        // Two-character columns for long windows keep a month within 80 columns.
        let column = values.count > 14 ? 2 : 3
        var out = [title]
        for row in (0..<height).reversed() {
            let label = row == height - 1 ? format(top) : (row == 0 ? "0" : "")
            var line = String(repeating: " ", count: axis - label.count) + label + " ┤"
            for value in values {
                // Held to 0…1 of the chart: an old profile's negative average draws nothing.
                let fraction = min(1, max(0, (value ?? 0) / scale))
                let eighths = Int((fraction * Double(height * 8)).rounded())
                let fill = min(8, max(0, eighths - row * 8))
                // A non-zero value always shows at least a sliver on the bottom row.
                let block = (row == 0 && fill == 0 && (value ?? 0) > 0) ? Self.blocks[1] : Self.blocks[fill]
                line += String(repeating: String(block), count: column - 1) + " "
            }
            out.append(line)
        }
        out.append(String(repeating: " ", count: axis + 1) + "└" + String(repeating: "─", count: values.count * column))
        var footer = String(repeating: " ", count: axis + 2)
        for (index, label) in labels.enumerated() {
            // Long windows label every fifth column, so labels never run into each other.
            let shown = column == 3 || index % 5 == 0 ? label : ""
            let cell = String(shown.prefix(column))
            footer += cell + String(repeating: " ", count: max(0, column - cell.count))
        }
        out.append(footer)
        return out
    }

    private func format(_ value: Double) -> String {
        // `Int(value)` only where it is exact: an old profile's average may pass Int.max.
        value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : words.statsDecimal(value)
    }
}
