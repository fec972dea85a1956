/// A plain text table: a header, a rule, rows; numbers right-aligned, text left-aligned.
/// Columns are measured in terminal columns (a CJK name is twice its characters wide).
struct TextTable {
    let header: [String]
    let rows: [[String]]

    /// The widest a text cell is shown: a level's name of a hundred characters would make
    /// every row wrap on any window. A longer one ends in "…".
    static let widestText = 32

    /// The table as lines.
    func lines() -> [String] {
        // The first column is the text (a name, a tag, a day); the others are figures.
        let rows = self.rows.map { row in
            row.enumerated().map { $0.offset == 0 ? TerminalWidth.cut($0.element, columns: Self.widestText) : $0.element }
        }
        let widths = header.indices.map { column in
            ([header] + rows).map { TerminalWidth.columns($0[column]) }.max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                let pad = String(repeating: " ", count: widths[index] - TerminalWidth.columns(cell))
                return index == 0 ? cell + pad : pad + cell
            }.joined(separator: "  ")
        }
        return [line(header), widths.map { String(repeating: "─", count: $0) }.joined(separator: "  ")] + rows.map(line)
    }
}
