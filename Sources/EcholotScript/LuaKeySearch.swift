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

/// Where a field of a registration's spec is written, read from the call's own text: the
/// table constructor passed to `echolot.goal(…)` (or `goal(…)` through a local name),
/// followed key by key into its nested constructors. Strings, comments and the bodies of
/// functions are skipped as Lua's lexer does, so a handler that mentions `echolot.list()`,
/// a description that says `params =`, or another table of the file never stands in for
/// the field.
extension LuaKeySearch {
    /// The byte offset of the key at the end of `keys` (or as deep as they are found) in the
    /// spec of the registration called on the line that starts at `lineStart`; nil when the
    /// call there passes no table constructor (a spec built in a variable), or not even
    /// the first key is written in it.
    static func offset(ofSpecPath keys: [String], callOnLineAt lineStart: Int, in text: [UInt8]) -> Int? {
        let scan = LuaScan(text: text)
        guard var table = scan.specTable(ofCallOnLineAt: lineStart) else { return nil }
        var found: Int?
        for key in keys {
            guard let field = scan.fields(ofTableAt: table).last(where: { $0.key == key }) else { break }
            found = field.keyOffset
            guard field.valueOffset < text.count, text[field.valueOffset] == UInt8(ascii: "{") else { break }
            table = field.valueOffset
        }
        return found
    }
}
