import EcholotModel
import Foundation

extension PackTests {
    /// Where `field = …` is written in a test file's text, or 1:1. A Lua table keeps no
    /// positions, so this looks in the text: after the test's quoted `name` when it has
    /// one (a name that is not in the text, such as an unnamed test's, gives 1:1 rather
    /// than another test's line), else from the file's start.
    static func position(of field: String?, after name: String?, in text: [UInt8]) -> SourcePosition {
        guard let field else { return .start }
        var from = 0
        if let name {
            guard let quoted = text.firstRange(of: Array("\"\(name)\"".utf8)) else { return .start }
            from = quoted.upperBound
        }
        let needle = Array(field.utf8)
        func isWordByte(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "_") || (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
        }
        // `field` as a key: a whole word followed by `=` (not `==`).
        var start = from
        while let found = text[start...].firstRange(of: needle) {
            let rest = text[found.upperBound...].drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            if (found.lowerBound == 0 || !isWordByte(text[found.lowerBound - 1])),
               rest.first == UInt8(ascii: "="), rest.dropFirst().first != UInt8(ascii: "=") {
                let before = text[..<found.lowerBound]
                let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
                return SourcePosition(line: before.count { $0 == UInt8(ascii: "\n") } + 1, column: found.lowerBound - lineStart + 1)
            }
            start = found.upperBound
        }
        return .start
    }
}
