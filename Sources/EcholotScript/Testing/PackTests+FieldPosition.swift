import EcholotModel
import Foundation

extension PackTests {
    /// Where `field = …` is written in a test file's text — after the test's quoted name
    /// when there is one, else its first place — or 1:1. A Lua table keeps no positions,
    /// so this looks for the text; it finds the place a modder typed in all but odd files.
    static func position(of field: String?, after name: String?, in data: Data) -> SourcePosition {
        guard let field else { return .start }
        let text = Array(data)
        func find(_ needle: [UInt8], from start: Int, key: Bool) -> Int? {
            guard !needle.isEmpty, text.count >= needle.count else { return nil }
            var i = start
            while i + needle.count <= text.count {
                if Array(text[i ..< i + needle.count]) == needle {
                    let before = i == 0 ? UInt8(ascii: " ") : text[i - 1]
                    var after = i + needle.count
                    while after < text.count, text[after] == UInt8(ascii: " ") || text[after] == UInt8(ascii: "\t") { after += 1 }
                    let isWordStart = !(before == UInt8(ascii: "_") || (before >= 0x30 && before <= 0x39)
                        || (before | 0x20 >= 0x61 && before | 0x20 <= 0x7A))
                    if !key || (isWordStart && after < text.count && text[after] == UInt8(ascii: "=")
                                && (after + 1 == text.count || text[after + 1] != UInt8(ascii: "="))) {
                        return i
                    }
                }
                i += 1
            }
            return nil
        }
        let from = name.flatMap { find(Array("\"\($0)\"".utf8), from: 0, key: false) } ?? 0
        guard let offset = find(Array(field.utf8), from: from, key: true) ?? find(Array(field.utf8), from: 0, key: true) else {
            return .start
        }
        let lineStart = text[..<offset].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        let line = text[..<offset].filter { $0 == UInt8(ascii: "\n") }.count + 1
        return SourcePosition(line: line, column: offset - lineStart + 1)
    }
}
