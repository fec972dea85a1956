/// Where a value inside what a data file (a pack test) returns is written. A Lua table
/// keeps no positions, so the keys the engine names the bad value by are followed in the
/// text from the chunk's `return`.
extension LuaKeySearch {
    /// The byte offset where the value at `keys` inside what a data file returns is
    /// written: followed from the table constructor after the chunk's own `return`, as deep
    /// as the text writes it (a value built elsewhere is placed at the deepest key that is
    /// written there, or at the constructor); else in the first constructor of the file
    /// that writes the whole path (`local tests = {…} return tests`), or at the returned
    /// value itself when the path is empty. Nil when the text shows none of these.
    static func offset(ofReturnedValueAt keys: [LuaKey], in text: [UInt8]) -> Int? {
        let scan = LuaScan(text: text)
        let returned = scan.chunkReturnValue()
        if let returned, scan.isTable(at: returned) { return scan.walk(keys, from: returned).last?.valueOffset ?? returned }
        guard !keys.isEmpty else { return returned }
        for table in scan.tables() {
            let path = scan.walk(keys, from: table)
            if path.count == keys.count { return path.last?.valueOffset }
        }
        return nil
    }
}

extension LuaScan {
    /// The offset of the value the chunk's own `return` gives: the one `return` outside
    /// every block and function (Lua allows it only as the chunk's last statement), nil
    /// when the chunk has none.
    func chunkReturnValue() -> Int? {
        var depth = 0
        var t = token(at: 0)
        while t.kind != .eof {
            switch word(t) {
            case "function", "if", "do", "repeat": depth += 1
            case "end", "until": depth -= 1
            case "return" where depth == 0:
                let value = token(at: t.end)
                return endsReturn(value) ? nil : value.start
            default: break
            }
            t = token(at: t.end)
        }
        return nil
    }
}
