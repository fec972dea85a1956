import CLua
import CLuaBridge
import EcholotCore
import Testing
@testable import EcholotScript

/// Values cross between Lua and the state without loss, and what cannot cross is refused.
@Suite struct ValueBridgeTests {
    @Test func luaValuesKeepTheirTypes() throws {
        let value = try Support.evaluate("""
            return { i = 1, f = 1.5, whole = 2.0, s = "ü", yes = true, list = { 1, 2.0, "three" },
                     nested = { deeper = { n = -7 } }, empty = {}, emptyList = echolot.list(),
                     withNull = { 1, echolot.null, 3 } }
            """)
        #expect(value["i"] == .int(1))
        #expect(value["f"] == .number(1.5))
        #expect(value["whole"] == .number(2.0))
        #expect(value["s"] == .string("ü"))
        #expect(value["yes"] == .bool(true))
        #expect(value["list"] == .list([.int(1), .number(2.0), .string("three")]))
        #expect(value["nested"]["deeper"]["n"] == .int(-7))
        #expect(value["empty"] == .emptyMap)
        #expect(value["emptyList"] == .list([]))
        #expect(value["withNull"] == .list([.int(1), .null, .int(3)]))
    }

    @Test func swiftValuesRoundTrip() throws {
        let engine = try ScriptEngine()
        let vm = engine.vm
        let original: Value = [
            "int": 3, "float": 3.0, "big": .int(Int.max), "text": "a\u{0}b", "flag": false,
            "items": [1, 2.5, "x", [], ["k": "v"], .null], "emptyList": [], "emptyMap": .emptyMap,
            "deep": ["a": ["b": ["c": [1, 2]]]],
        ]
        try vm.push(original)
        let back = try vm.value(at: -1)
        clua_pop(vm.L, 1)
        #expect(back == original)
        #expect(back["int"] == .int(3))
        #expect(back["float"] == .number(3.0))
    }

    @Test(arguments: [
        ("return { [0] = 1 }", "needs string keys (or 1..n for a list), found the number 0"),
        ("return { [1.5] = 1 }", "found the number 1.5"),
        ("return { [true] = 1 }", "found a boolean"),
        ("return { [{}] = 1 }", "found a table"),
        ("return { 1, 2, x = 3 }", "cannot mix list items and named fields"),
        ("return { 1, nil, 3 }", "cannot have holes"),
        ("return { f = print }", "a function value cannot be stored"),
        ("local t = {}; t.me = t; return t", "contains itself"),
        ("return { s = \"\\255\" }", "valid UTF-8"),
        ("return { co = coroutine.create(print) }", "a thread value cannot be stored"),
    ])
    func unrepresentableTablesAreRefused(code: String, message: String) throws {
        let error = #expect(throws: ScriptError.self) { try Support.evaluate(code) }
        #expect(error?.kind == .badValue)
        #expect(error?.description.contains(message) == true, "\(error?.description ?? "")")
        #expect(error?.source?.file == "eval.lua")
    }

    @Test func deepNestingIsRefused() throws {
        let error = #expect(throws: ScriptError.self) {
            try Support.evaluate("local t = {} local c = t for i = 1, 200 do c.n = {} c = c.n end return t")
        }
        #expect(error?.description.contains("nested more than 100 deep") == true)
    }
}
