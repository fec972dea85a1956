import EcholotModel

/// Where a table key is written in a script's text. A Lua table keeps no positions, so a
/// message about one field of a table (a spec's, a test's) finds `field =` in the text.
enum LuaKeySearch {
    /// The byte offset of the first `key =` (or `["key"] =`) in `text[range]`: `key` as a
    /// whole word, then `=` that does not start `==`.
    static func offset(of key: String, in text: [UInt8], range: Range<Int>) -> Int? {
        let needle = Array(key.utf8)
        guard !needle.isEmpty else { return nil }
        var start = range.lowerBound
        while start < range.upperBound, let found = text[start ..< range.upperBound].firstRange(of: needle) {
            var after = text[found.upperBound...]
            if found.lowerBound >= 2, text[found.lowerBound - 1] == UInt8(ascii: "\"") || text[found.lowerBound - 1] == UInt8(ascii: "'"),
               text[found.lowerBound - 2] == UInt8(ascii: "["), after.count >= 2,
               after.first == text[found.lowerBound - 1], after.dropFirst().first == UInt8(ascii: "]") {
                after = after.dropFirst(2)
            }
            let rest = after.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            if found.lowerBound == 0 || !isWordByte(text[found.lowerBound - 1]),
               found.upperBound == text.count || !isWordByte(text[found.upperBound]),
               rest.first == UInt8(ascii: "="), rest.dropFirst().first != UInt8(ascii: "=") {
                return found.lowerBound
            }
            start = found.upperBound
        }
        return nil
    }

    /// The offset of `keys` written one inside the other (`params`, then `speed` after it,
    /// then `mni` after that) within `range`, as deep as they are found; nil if not even
    /// the first is.
    static func offset(ofPath keys: [String], in text: [UInt8], range: Range<Int>) -> Int? {
        var found: Int?
        var from = range.lowerBound
        for key in keys {
            guard let at = offset(of: key, in: text, range: from ..< range.upperBound) else { break }
            found = at
            from = at + key.utf8.count
        }
        return found
    }

    /// The byte offset where 1-based `line` starts, or nil past the end.
    static func offset(ofLine line: Int, in text: [UInt8]) -> Int? {
        guard line >= 1 else { return nil }
        var remaining = line - 1
        var index = 0
        while remaining > 0 {
            guard let newline = text[index...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
            index = newline + 1
            remaining -= 1
        }
        return index
    }

    /// The line and column (in characters) of a byte offset.
    static func position(ofOffset offset: Int, in text: [UInt8]) -> SourcePosition {
        let before = text[..<offset]
        let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        return SourcePosition(line: before.count { $0 == UInt8(ascii: "\n") } + 1,
                              column: String(decoding: text[lineStart ..< offset], as: UTF8.self).count + 1)
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
    }
}
