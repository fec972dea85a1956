/// A place in a text file: 1-based line and 1-based column, counted in characters.
public struct SourcePosition: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The line, starting at 1.
    public var line: Int
    /// The column, starting at 1, counted in characters (grapheme clusters).
    public var column: Int

    /// Creates a position.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// The first character of a file: where whole-file problems are reported.
    public static let start = SourcePosition(line: 1, column: 1)

    /// Orders positions as they appear in the file.
    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    /// `line:column`.
    public var description: String { "\(line):\(column)" }
}
