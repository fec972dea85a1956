import EcholotCore
import Foundation
import Testing
@testable import EcholotScript

/// A data file (a pack test) that returns a value the engine cannot read is told at the
/// line and column where the text writes that value, not at the file's first line.
@Suite struct DataFilePositionTests {
    /// Where `text`, evaluated as the data file `data.lua`, is said to go wrong, and what.
    func place(_ text: String) throws -> (line: Int?, column: Int?, message: String) {
        let engine = try ScriptEngine()
        do {
            let value = try engine.evaluateData(source: ScriptSource(pack: "test", file: "data.lua", displayPath: "data.lua"),
                                                text: Array(text.utf8))
            Issue.record("read as \(value)")
            return (nil, nil, "")
        } catch {
            return (error.line, error.column, error.message)
        }
    }

    @Test func aBadFieldIsPlacedAtItsValue() throws {
        let found = try place("""
            return {
              { level = "one", input = {},
                expect = { outcome = "won" },
                note = function() end } }
            """)
        #expect(found.message == "what the file returns cannot be read: at [1].note, a function value cannot be stored in the state")
        #expect((found.line, found.column) == (4, 12), "\(found)")
    }

    /// Lines end as Lua's lexer ends them (a lone `\r`, `\r\n`, `\n\r`), so a bad value is
    /// on the line a syntax error in the same text would be told at; a comment that ends
    /// at a `\r` hides nothing after it.
    @Test func linesAreCountedAsLuaCountsThem() throws {
        for lineBreak in ["\r", "\r\n", "\n\r"] {
            let found = try place(["return {", "  a = 1, -- a comment", "  b = print }"].joined(separator: lineBreak))
            #expect((found.line, found.column) == (3, 7), "\(lineBreak.debugDescription): \(found)")
            let syntax = try place(["return {", "  a = 1,", "  b = = }"].joined(separator: lineBreak))
            #expect(syntax.line == 3, "\(lineBreak.debugDescription): \(syntax)")
        }
    }

    /// A key written in brackets and a list's item are followed as named keys are.
    @Test func aQuotedKeyAndAListItemAreFollowed() throws {
        let quoted = try place("""
            return { a = 1,
              ["odd key"] = { 1, 2,
                print } }
            """)
        #expect(quoted.message.hasSuffix(#"at ["odd key"][3], a function value cannot be stored in the state"#), "\(quoted)")
        #expect((quoted.line, quoted.column) == (3, 5), "\(quoted)")
    }

    /// A key is followed as Lua holds it, however the text writes it: with an escape, a
    /// quote, a bracket or a dot inside, in a long bracket, as bytes that are not UTF-8, or
    /// over two lines. Each was told at line 1: its path was read back from the message,
    /// and a key was compared with the text as written, escapes unread.
    @Test(arguments: [
        #"["a\"b"]"#, #"['it\'s']"#, #"["line\nbreak"]"#, #"["a]b"]"#, #"["a.b"]"#, #"["x[1].y"]"#,
        #"[ [[q"]x]] ]"#, #"[ [==[\n]]\]==] ]"#, #"["\u{E9}t\xC3\xA9"]"#, #"["\65\066C"]"#,
        "[ [[\nfirst\nsecond]] ]", "[\"wrapped \\z\n      tail\"]", "[\"on \\\ntwo lines\"]",
    ])
    func aKeyIsFollowedHoweverItIsWritten(key: String) throws {
        // The returned table is followed, not the first that writes the key.
        let text = "local decoy = { \(key) = { x = print } }\nreturn {\n  ['x'] = 1,\n  \(key) = { 1, { x = print } } }"
        let found = try place(text)
        let value = try #require(text.range(of: "{ x = print } } }", options: .backwards))
        let lines = text[..<value.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
        #expect(found.message.hasSuffix("[2].x, a function value cannot be stored in the state"), "\(found)")
        #expect((found.line, found.column) == (lines.count, lines.last!.count + 7), "\(key): \(found)")
    }

    /// A key or a string that is not UTF-8 is told at its value, with its path, as every
    /// other bad value is: it was told at line 1, Lua's check letting it pass to Swift's.
    @Test func textThatIsNotUTF8IsPlacedAtItsValue() throws {
        let key = try place("return {\n  a = 1,\n  [\"\\xFF\\255\"] = 1 }")
        #expect(key.message == "what the file returns cannot be read: at [\"\u{FFFD}\u{FFFD}\"], a field name must be valid UTF-8",
                "\(key)")
        #expect((key.line, key.column) == (3, 18), "\(key)")
        let value = try place("return {\n  a = { 'fine',\n    'caf\\xE9' } }")
        #expect(value.message == "what the file returns cannot be read: at .a[2], a string stored in the state must be valid UTF-8",
                "\(value)")
        #expect((value.line, value.column) == (3, 5), "\(value)")
    }

    /// An item written with its index in brackets is found as a positional one is.
    @Test func anItemWrittenWithItsIndexIsFollowed() throws {
        let found = try place("return {\n  [1] = 1,\n  [0x2] = { [3.0] = print, 5, 6 } }")
        #expect(found.message.hasSuffix("at [2][3], a function value cannot be stored in the state"), "\(found)")
        #expect((found.line, found.column) == (3, 21), "\(found)")
    }

    /// Of an item and a `[n] = …` for the same index, the error is placed at the one Lua
    /// keeps: Lua stores items 50 at a time, so a `[n] =` after item n's batch of 50 wins,
    /// one before it loses, at any count (it was the item, always).
    @Test(arguments: [(items: 3, index: 3, explicitAfter: 3, kept: false), (items: 50, index: 3, explicitAfter: 50, kept: true),
                      (items: 49, index: 3, explicitAfter: 49, kept: false), (items: 100, index: 60, explicitAfter: 100, kept: true),
                      (items: 99, index: 60, explicitAfter: 99, kept: false), (items: 120, index: 60, explicitAfter: 100, kept: true),
                      (items: 120, index: 60, explicitAfter: 99, kept: false), (items: 160, index: 151, explicitAfter: 150, kept: false)])
    func theWriteLuaKeepsOfAnIndexIsTheOnePlaced(items: Int, index: Int, explicitAfter: Int, kept: Bool) throws {
        // Every entry on a line of its own: line 1 is `return {`, item i is on line i + 1.
        var lines = ["return {"]
        for item in 1 ... items {
            lines.append(item == index ? "  print," : "  \(item),")
            if item == explicitAfter { lines.append("  [\(index)] = print,") }
        }
        lines.append("}")
        let found = try place(lines.joined(separator: "\n"))
        let explicitLine = explicitAfter + 2, itemLine = index + 1 + (explicitAfter < index ? 1 : 0)
        #expect(found.message.hasSuffix("at [\(index)], a function value cannot be stored in the state"), "\(found)")
        #expect(found.line == (kept ? explicitLine : itemLine), "\(found)")
    }

    /// The chunk's own `return` is the one outside every function: a helper's comes first.
    @Test func theChunksReturnIsNotAFunctionsReturn() throws {
        let found = try place("""
            local function helper() return { b = 1 } end
            return {
              a = 1,
              b = print }
            """)
        #expect((found.line, found.column) == (4, 7), "\(found)")
    }

    /// A table returned through a variable is found by the path it writes whole; a value
    /// built elsewhere is placed at the deepest step the returned constructor writes.
    @Test func aTableBuiltElsewhereIsFoundAsFarAsTheTextShows() throws {
        let variable = try place("""
            local tests = {
              {
                x = print } }
            return tests
            """)
        #expect((variable.line, variable.column) == (3, 9), "\(variable)")
        let partly = try place("""
            local made = { g = print }
            return {
              a = made }
            """)
        #expect(partly.message.hasSuffix("at .a.g, a function value cannot be stored in the state"), "\(partly)")
        #expect((partly.line, partly.column) == (3, 7), "\(partly)")
    }

    /// A value that is bad as a whole is placed at what the `return` gives.
    @Test func aBadValueAsAWholeIsPlacedAtTheReturn() throws {
        let found = try place("\n\nreturn print")
        #expect((found.line, found.column) == (3, 8), "\(found)")
    }
}
