import EcholotCore
import EcholotModel

/// The field of view drawn as a strip of text: each visible entity's glyph at the column
/// of its relative azimuth (left edge −width/2, right edge +width/2), in one of three rows
/// by relative elevation (above, level, below), and a compass row under it.
public struct ViewStrip: Equatable, Sendable {
    /// One cell, a terminal column: a character and how it looks.
    public struct Cell: Equatable, Sendable {
        /// What is drawn.
        public var character: Character
        /// How it looks.
        public var style: TextStyle
        /// Whether the wide character of the cell before takes this column too: nothing
        /// of this cell is drawn, or the row would be a column too wide.
        public var covered = false
    }

    /// Three rows of cells, one a column: above, level with, and below the view's
    /// elevation. A wide glyph (CJK, an emoji) takes its cell and the next, covered one.
    public var rows: [[Cell]]
    /// The compass row: points at their relative azimuth and `^` at the center.
    public var compass: String
    /// Entities drawn, with where they are (for the line display and tests).
    public var visible: [(id: String, relative: Double)]

    /// Degrees of relative elevation beyond which an entity is drawn above or below.
    public static let rowSpan = 15.0

    /// The strip of `level`'s view, `columns` wide, under the given visuals mode, its
    /// compass points abbreviated in the player's `words`.
    public init(level: Level, columns: Int, visuals: Visuals, words: Words) {
        let view = level[LevelKeys.view]
        let width = max(1, view[ViewKeys.width])
        let center = view[ViewKeys.center]
        let columns = max(3, columns)
        // A background in every column must be one column wide, or the strip would be
        // twice its width; a wide one is left out (the format says a glyph of one column).
        let background = level[LevelKeys.background]["glyph"]?.stringValue?.first.flatMap {
            TerminalWidth.columns($0) == 1 ? $0 : nil
        } ?? " "
        var rows = Array(repeating: Array(repeating: Cell(character: background, style: .dim), count: columns), count: 3)
        let middle = columns / 2
        if background == " " { rows[1][middle] = Cell(character: "·", style: .dim) }
        var visible: [(String, Double)] = []
        let range = Self.visibleRange(visuals: visuals, width: width, tolerance: view[ViewKeys.selectTolerance])
        for (id, entity) in level[LevelKeys.entities].nodes.sorted(by: { $0.id < $1.id }) {
            let relative = Geometry.relative(azimuth: entity[EntityKeys.azimuth], center: center)
            guard abs(relative) <= range else { continue }
            var column = Self.column(relative: relative, width: width, columns: columns)
            let up = entity[EntityKeys.elevation] - view[ViewKeys.elevation]
            let row = up > Self.rowSpan ? 0 : (up < -Self.rowSpan ? 2 : 1)
            // A glyph that takes no column (a lone combining mark) would shift the border.
            let glyph = entity[EntityKeys.glyph].first.flatMap { TerminalWidth.columns($0) == 0 ? nil : $0 } ?? "*"
            let style: TextStyle = entity[EntityKeys.found] ? .found : (visuals == .faded ? .dim : .bold)
            // A wide glyph at the right edge moves a column in, so both its columns are
            // inside the border.
            if TerminalWidth.columns(glyph) == 2 { column = min(column, columns - 2) }
            rows[row][column] = Cell(character: glyph, style: style)
            visible.append((id, relative))
        }
        for row in rows.indices { Self.cover(&rows[row]) }
        self.rows = rows
        self.visible = visible
        // The eight main points of the sixteen: the heading line above names them alike.
        let points = stride(from: 0, to: words.points.count, by: 2).map { words.points[$0] }
        self.compass = Self.compassRow(center: center, width: width, columns: columns, points: points)
    }

    /// Marks the cell after each wide glyph as covered by it, left to right, so that a
    /// row draws exactly its number of columns; an entity there is hidden under it, as an
    /// entity drawn in another's column is.
    private static func cover(_ row: inout [Cell]) {
        var column = 0
        while column < row.count {
            row[column].covered = false
            if TerminalWidth.columns(row[column].character) == 2, column + 1 < row.count {
                row[column + 1].covered = true
                column += 2
            } else {
                column += 1
            }
        }
    }

    /// The cells of a row that are drawn: all but those a wide glyph covers.
    public static func drawn(_ row: [Cell]) -> [Cell] { row.filter { !$0.covered } }

    /// How far from the center entities are drawn: the whole view when shown, near the
    /// center when faded (a quarter of the width, at least the select tolerance), nowhere
    /// when hidden.
    public static func visibleRange(visuals: Visuals, width: Double, tolerance: Double) -> Double {
        switch visuals {
        case .shown: return width / 2
        case .faded: return min(width / 2, max(width / 4, tolerance))
        case .hidden: return -1
        }
    }

    /// The column of a relative azimuth.
    public static func column(relative: Double, width: Double, columns: Int) -> Int {
        let fraction = (relative + width / 2) / width
        return max(0, min(columns - 1, Int((fraction * Double(columns - 1)).rounded())))
    }

    /// Equal when rows and compass are (the visible list follows from them).
    public static func == (a: ViewStrip, b: ViewStrip) -> Bool { a.rows == b.rows && a.compass == b.compass }

    private static func compassRow(center: Double, width: Double, columns: Int, points: [String]) -> String {
        var cells = Array(repeating: Character(" "), count: columns)
        for (index, name) in points.enumerated() {
            let relative = Geometry.relative(azimuth: Double(index) * 45, center: center)
            guard abs(relative) <= width / 2 else { continue }
            let column = Self.column(relative: relative, width: width, columns: columns)
            // Centre the label on its column without running off either edge.
            let start = max(0, min(columns - name.count, column - (name.count - 1) / 2))
            for (offset, character) in name.enumerated() { cells[start + offset] = character }
        }
        // The caret marks straight ahead, unless a compass point is there (the heading
        // line says it then).
        if cells[columns / 2] == " " { cells[columns / 2] = "^" }
        return String(cells)
    }
}
