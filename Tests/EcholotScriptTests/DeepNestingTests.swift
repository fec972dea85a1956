import EcholotCore
import EcholotModel
import Foundation
import Testing
@testable import EcholotScript

/// Code that nests deeper than Lua's parser allows fails with a C stack overflow, which Lua
/// reports with no position; it is told at the line and column where the nesting went too
/// deep, as every other script error is told at its place.
@Suite struct DeepNestingTests {
    /// A script whose third line nests `form` 300 deep (`open` repeated, a `middle`, then
    /// `close` repeated), after two lines that are fine.
    static func script(_ open: String, _ middle: String, _ close: String) -> String {
        "local a = 1\nlocal b = 2\nlocal c = " + String(repeating: open, count: 300) + middle
            + String(repeating: close, count: 300) + "\n"
    }

    /// Every form the parser recurses on: brackets, table constructors, calls, blocks,
    /// function bodies, unary operators, right-associative operators.
    static let forms: [(name: String, text: String, token: String)] = [
        ("brackets", script("(", "1", ")"), "("),
        ("tables", script("{", "1", "}"), "{"),
        ("calls", script("f(", "1", ")"), "f"),
        ("blocks", "local a = 1\nlocal b = 2\n" + String(repeating: "do ", count: 300) + String(repeating: "end ", count: 300) + "\n", "do"),
        ("functions", script("function() return ", "1", " end"), "function"),
        ("unary minus", script("- ", "1", ""), "-"),
        ("not", script("not ", "true", ""), "not"),
        ("concatenation", script("x .. ", "y", ""), "x"),
        ("powers", script("2 ^ ", "2", ""), "2"),
    ]

    /// Line 1, column 1 before: the position Lua gives none of. Now the third line, at a
    /// token of the form, and the message says what it means.
    @Test(arguments: forms.map(\.name))
    func codeNestedTooDeeplyIsToldWhereItIs(form: String) throws {
        let (_, text, token) = try #require(Self.forms.first { $0.name == form })
        let engine = try ScriptEngine()
        let source = ScriptSource(pack: "test", file: "scripts/deep.lua", displayPath: "scripts/deep.lua")
        let error = try #require(#expect(throws: ScriptError.self) {
            try engine.loadScript(pack: "test", source: source, text: Array(text.utf8))
        })
        #expect(error.kind == .syntax)
        #expect(error.line == 3, "\(error)")
        let column = try #require(error.column)
        let line = Array(text.split(separator: "\n")[2])
        #expect(column > 100 && column <= line.count, "\(error)")
        #expect(String(line[(column - 1)...]).hasPrefix(token), "\(error)")
        #expect(error.description == "scripts/deep.lua:3:\(column): error: C stack overflow: the code nests too deeply "
            + "(brackets, tables, calls, functions or blocks inside one another) (pack 'test')")
    }

    /// Nesting spread over many lines is told at the line where it went too deep, counted
    /// as Lua counts lines (a CR LF is one line break, and so is a lone CR), so the line
    /// agrees with Lua's other messages about the file.
    @Test(arguments: ["\n", "\r\n", "\r"])
    func nestingOverManyLinesIsToldAtItsLine(lineBreak: String) throws {
        let text = "local c =" + String(repeating: lineBreak + "  (", count: 300) + "1" + String(repeating: ")", count: 300)
        let engine = try ScriptEngine()
        let source = ScriptSource(pack: "test", file: "scripts/deep.lua", displayPath: "scripts/deep.lua")
        let error = try #require(#expect(throws: ScriptError.self) {
            try engine.loadScript(pack: "test", source: source, text: Array(text.utf8))
        })
        // The parser stops near the 200th bracket: on a line of its own, after two spaces.
        let line = try #require(error.line)
        #expect(line > 150 && line < 300, "\(error)")
        #expect(error.column == 3, "\(error)")
        let same = try #require(#expect(throws: ScriptError.self) {
            try engine.loadScript(pack: "test", source: source,
                                  text: Array(text.replacingOccurrences(of: lineBreak, with: "\n").utf8))
        })
        #expect(same.line == line)
    }

    /// Columns count characters, not bytes.
    @Test func theColumnCountsCharacters() throws {
        let text = "local s = \"ééé\", " + String(repeating: "(", count: 300) + "1" + String(repeating: ")", count: 300)
        let engine = try ScriptEngine()
        let source = ScriptSource(pack: "test", file: "scripts/deep.lua", displayPath: "scripts/deep.lua")
        let error = try #require(#expect(throws: ScriptError.self) {
            try engine.loadScript(pack: "test", source: source, text: Array(text.utf8))
        })
        let column = try #require(error.column)
        #expect(Array(text)[column - 1] == "(", "\(error)")
    }

    /// Through a pack, as `echolot validate` and play load it: the pack, the file, the line.
    @Test func aPacksDeepScriptIsToldWithThePackAndFile() throws {
        let folder = try Support.writePack(files: [
            "levels/one.json": Support.level(entities: [("bell", 0)]),
            "scripts/fine.lua": "local fine = 1",
            "scripts/goals/deep.lua": Self.script("{", "1", "}"),
        ])
        let pack = try PackLoader.load(at: folder)
        let error = try #require(#expect(throws: ScriptLoadError.self) {
            try PackRules.load(pack, standardRules: Support.standardRules)
        })
        let diagnostic = try #require(error.diagnostics(in: pack).first)
        #expect(error.errors.count == 1)
        #expect(diagnostic.path.hasSuffix("scripts/goals/deep.lua"))
        #expect(diagnostic.line == 3)
        #expect(diagnostic.column > 100)
        #expect(diagnostic.message.hasSuffix("inside one another) (pack 'test')"))
    }

    /// A pack test file is Lua too: its nesting is told at its line and column.
    @Test func aDeepTestFileIsToldAtItsLine() throws {
        let engine = try ScriptEngine()
        let source = ScriptSource(pack: "test", file: "tests/deep.lua", displayPath: "tests/deep.lua")
        let error = try #require(#expect(throws: ScriptError.self) {
            try engine.evaluateData(source: source, text: Array(("\n\nreturn " + String(repeating: "{", count: 300)
                + String(repeating: "}", count: 300)).utf8))
        })
        #expect(error.line == 3, "\(error)")
        #expect((error.column ?? 0) > 100, "\(error)")
        #expect(error.message.hasPrefix("C stack overflow: the code nests too deeply"))
    }

    /// A pack's own `load` of text nested too deeply, in a rule as it runs: its message
    /// places the nesting in the chunk (`pack/(name):line:column:`), as the engine's loader
    /// places a script's, instead of Lua's bare "C stack overflow".
    @Test func aPacksLoadOfDeepTextIsToldWhereItIs() throws {
        let text = Self.script("(", "1", ")")  // what the rule loads
        let script = """
            echolot.reducer({ name = "loads", on = { ["pack.load"] = function(level, action, ctx)
              local text = "local a = 1\\nlocal b = 2\\nlocal c = " .. string.rep("(", 300) .. "1" .. string.rep(")", 300) .. "\\n"
              local f, err = load(text, "=deep")
              level.loaded, level.err = f ~= nil, err
            end } })
            """
        let world = try Support.world(scripts: ["load.lua": script], level: Support.level(entities: [("e", 0)]))
        let transition = world.store.dispatch(Action("pack.load"))
        #expect(transition.rejections.isEmpty, "\(Support.rejection(transition))")
        #expect(world.store.level["loaded"] == false)
        let message = try #require(world.store.level["err"].stringValue)
        let prefix = "test/(deep):3:", suffix = ": C stack overflow: the code nests too deeply "
            + "(brackets, tables, calls, functions or blocks inside one another)"
        #expect(message.hasPrefix(prefix) && message.hasSuffix(suffix), "\(message)")
        let column = try #require(Int(message.dropFirst(prefix.count).dropLast(suffix.count)), "\(message)")
        let line = Array(text.split(separator: "\n")[2])
        #expect(column > 100 && column <= line.count && line[column - 1] == "(", "\(message)")
    }

    /// Placing the nesting reads the text again, which the budget pays for: 490 KB that load
    /// fit in a call (two instructions a byte), and as many that fail too deep do not (five).
    @Test func aPacksLoadThatFailsTooDeepPaysForReadingTheTextAgain() throws {
        let script = """
            local lines = string.rep("x = 1;\\n", 70000)
            echolot.reducer({ name = "loads", on = {
              ["pack.flat"] = function(level) level.flat = load(lines .. "x = (1)") ~= nil end,
              ["pack.deep"] = function(level) level.deep = load(lines .. string.rep("(", 300)) ~= nil end,
            } })
            """
        let world = try Support.world(scripts: ["load.lua": script], level: Support.level(entities: [("e", 0)]))
        let flat = world.store.dispatch(Action("pack.flat"))
        #expect(flat.rejections.isEmpty, "\(Support.rejection(flat))")
        #expect(world.store.level["flat"] == true)
        let deep = world.store.dispatch(Action("pack.deep"))
        let error = try #require(deep.rejections.first?.error as? ScriptError)
        #expect(error.kind == .instructionLimit, "\(error)")
        #expect(world.store.level["deep"] == nil)
    }

    /// A message of the script's own that begins with numbers and colons is its text, not
    /// a position.
    @Test func aScriptsMessageIsNotReadAsAColumn() throws {
        let engine = try ScriptEngine()
        let source = ScriptSource(pack: "test", file: "scripts/bad.lua", displayPath: "bad.lua")
        let error = try #require(#expect(throws: ScriptError.self) {
            try engine.loadScript(pack: "test", source: source, text: Array("\nerror('12:34: boom')".utf8))
        })
        #expect(error.description == "bad.lua:2:1: error: 12:34: boom (pack 'test')")
    }

    /// Recursion through C functions — `pcall`, `gsub`'s function, `sort`'s comparison,
    /// metamethods, coroutines — overflows the same C stack at run time, where Lua's stack
    /// shows the line: the error names it.
    @Test(arguments: [
        "local function g(n) local ok, e = pcall(g, n + 1) if not ok then error(e, 0) end end g(1)",
        "local function f(s) return (string.gsub(s, '.', f)) end f('ab')",
        "local function f(a, b) table.sort({ 3, 2, 1 }, f) return a < b end table.sort({ 3, 2, 1 }, f)",
        "local t = setmetatable({}, {}) getmetatable(t).__index = function(t, k) return t[k] end local y = t.x",
        "local mt = {} mt.__eq = function() return setmetatable({}, mt) == setmetatable({}, mt) end local y = setmetatable({}, mt) == setmetatable({}, mt)",
        "local mt = {} mt.__len = function() return #setmetatable({}, mt) end local y = #setmetatable({}, mt)",
        "local function f() local ok, e = coroutine.resume(coroutine.create(f)) if not ok then error(e, 0) end end f()",
    ])
    func recursionThroughCFunctionsIsToldAtItsLine(code: String) throws {
        let engine = try ScriptEngine()
        let source = ScriptSource(pack: "test", file: "scripts/deep.lua", displayPath: "deep.lua")
        let error = try #require(#expect(throws: ScriptError.self) {
            try engine.loadScript(pack: "test", source: source, text: Array("local a = 1\n\(code)\n".utf8))
        })
        #expect(error.kind == .stackOverflow)
        #expect(error.line == 2, "\(error)")
    }
}
