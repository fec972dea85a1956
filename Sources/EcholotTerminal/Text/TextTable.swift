/// A plain text table: a header, a rule, rows; numbers right-aligned, text left-aligned.
struct TextTable {
    let header: [String]
    let rows: [[String]]

    /// The table as lines.
    func lines() -> [String] {
        let widths = header.indices.map { column in
            ([header] + rows).map { $0[column].count }.max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                let pad = String(repeating: " ", count: widths[index] - cell.count)
                return index == 0 ? cell + pad : pad + cell
            }.joined(separator: "  ")
        }
        return [line(header), widths.map { String(repeating: "─", count: $0) }.joined(separator: "  ")] + rows.map(line)
    }
}
