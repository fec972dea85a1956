/// A value that cannot cross between Lua and the state: a function, a table with keys
/// other than strings (or 1..n for a list), a cycle, invalid UTF-8, too deep a nesting.
struct ConversionError: Error, CustomStringConvertible {
    /// What is wrong.
    let description: String
    /// Whether the value was refused for its size (``LuaVM/Allowance``), which is the
    /// memory limit, not the value's shape.
    let overLimit: Bool

    /// Creates the error.
    init(_ description: String, overLimit: Bool = false) {
        self.description = description
        self.overLimit = overLimit
    }
}
