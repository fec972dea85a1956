import EcholotCore
import EcholotModel

/// The field of view drawn as a strip of text: each visible entity's glyph at the column
/// of its relative azimuth (left edge −width/2, right edge +width/2), in one of three rows
/// by relative elevation (above, level, below), and a compass row under it.
public struct ViewStrip: Equatable, Sendable {
    /// One cell: a character and how it looks.
    public struct Cell: Equatable, Sendable {
        /// What is drawn.
        public var character: Character
        /// How it looks.
        public var style: TextStyle
    }

    /// Three rows of cells: above, level with, and below the view's elevation.
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
        let background = level[LevelKeys.background]["glyph"]?.stringValue?.first ?? " "
        var rows = Array(repeating: Array(repeating: Cell(character: background, style: .dim), count: columns), count: 3)
        let middle = columns / 2
        if background == " " { rows[1][middle] = Cell(character: "·", style: .dim) }
        var visible: [(String, Double)] = []
        let range = Self.visibleRange(visuals: visuals, width: width, tolerance: view[ViewKeys.selectTolerance])
        for (id, entity) in level[LevelKeys.entities].nodes.sorted(by: { $0.id < $1.id }) {
            let relative = Geometry.relative(azimuth: entity[EntityKeys.azimuth], center: center)
            guard abs(relative) <= range else { continue }
            let column = Self.column(relative: relative, width: width, columns: columns)
            let up = entity[EntityKeys.elevation] - view[ViewKeys.elevation]
            let row = up > Self.rowSpan ? 0 : (up < -Self.rowSpan ? 2 : 1)
            let glyph = entity[EntityKeys.glyph].first ?? "*"
            let style: TextStyle = entity[EntityKeys.found] ? .found : (visuals == .faded ? .dim : .bold)
            rows[row][column] = Cell(character: glyph, style: style)
            visible.append((id, relative))
        }
        self.rows = rows
        self.visible = visible
        // The eight main points of the sixteen: the heading line above names them alike.
        let points = stride(from: 0, to: words.points.count, by: 2).map { words.points[$0] }
        self.compass = Self.compassRow(center: center, width: width, columns: columns, points: points)
    }

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
