/// A value that cannot cross between Lua and the state: a function, a table with keys
/// other than strings (or 1..n for a list), a cycle, invalid UTF-8, too deep a nesting.
struct ConversionError: Error, CustomStringConvertible {
    /// What is wrong.
    let description: String

    /// Creates the error.
    init(_ description: String) { self.description = description }
}
