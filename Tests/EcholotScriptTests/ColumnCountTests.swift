import EcholotCore
import EcholotModel
import Foundation
import Testing
@testable import EcholotScript

/// Every `path:line:col` counts its column in characters, as the JSON loaders do: an `e`
/// with a combining accent (U+0301) is one column, and so is a character of several bytes
/// (東, 👍🏽). A Lua file's error after such text stands at the same column as after as many
/// plain characters.
@Suite struct ColumnCountTests {
    /// Text before the error on its line: a decomposed accent, characters of three and of
    /// eight bytes (a thumb with its skin tone: two code points, one character).
    static let wide = "\"cafe\u{301} 東京 👍🏽\", "
    /// As many characters, each one byte.
    static let plain = "\"" + String(repeating: "x", count: 9) + "\", "

    @Test func theTextBeforeIsCountedInCharacters() {
        #expect(Self.wide.count == 13 && Self.wide.unicodeScalars.count == 15 && Self.wide.utf8.count == 26)
        #expect(Self.plain.count == Self.wide.count && Self.plain.utf8.count == Self.plain.count)
    }

    /// The column of the error a JSON file with `before` gives, for the convention.
    func jsonColumn(_ before: String) -> Int? {
        JSONParser.parse("[" + before + "]").errors.first?.position.column
    }

    /// The loader's column for code nested too deeply: it counted code points, one more
    /// than every other message for each combining accent or second code point.
    @Test func aNestingTooDeepCountsAsTheJSONFilesDo() throws {
        func column(_ before: String) throws -> Int? {
            let text = "local a = 1\nlocal s, t = " + before + String(repeating: "(", count: 300) + "1" + String(repeating: ")", count: 300)
            let engine = try ScriptEngine()
            let source = ScriptSource(pack: "test", file: "scripts/deep.lua", displayPath: "scripts/deep.lua")
            let error = try #require(#expect(throws: ScriptError.self) {
                try engine.loadScript(pack: "test", source: source, text: Array(text.utf8))
            })
            #expect(error.line == 2, "\(error)")
            return error.column
        }
        let wide = try column(Self.wide), plain = try column(Self.plain)
        #expect(wide != nil && wide == plain, "\(String(describing: wide)) after wide text, \(String(describing: plain)) after plain")
        #expect(jsonColumn(Self.wide) == jsonColumn(Self.plain))
    }

    /// A data file's bad value after such text on its line.
    @Test func aDataFilesBadValueCountsAsTheJSONFilesDo() throws {
        func column(_ before: String) throws -> Int? {
            let engine = try ScriptEngine()
            let error = try #require(#expect(throws: ScriptError.self) {
                try engine.evaluateData(source: ScriptSource(pack: "test", file: "tests/t.lua", displayPath: "tests/t.lua"),
                                        text: Array(("return {\n  note = " + before + "f = print }").utf8))
            })
            #expect(error.line == 2, "\(error)")
            return error.column
        }
        // `  note = `, the text, `f = `: the value's column in characters.
        #expect(try column(Self.wide) == 9 + Self.wide.count + 5)
        #expect(try column(Self.plain) == 9 + Self.plain.count + 5)
    }
}
