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

    /// The columns the UTF-8 `bytes` at the start of a line take: one a character, as a
    /// reader counts them (`e` and a combining U+0301 make one), so that every
    /// `path:line:col` — a JSON file's, a script's, a Lua loader's — counts alike.
    public static func columns<Bytes: Collection<UInt8>>(of bytes: Bytes) -> Int {
        String(decoding: bytes, as: UTF8.self).count
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
