import EcholotCore
import EcholotModel
import Testing
@testable import EcholotScript

/// Work a script makes the engine do outside Lua's own count: copying values into Swift,
/// scanning strings in C, printing. Each is bounded or charged, so that a limit stops it.
@Suite struct SandboxLimitTests {
    /// A pack with one level-focused reducer, started, under a 16 MiB cap.
    func world(_ handlers: String, limits: ScriptLimits = ScriptLimits(memory: 16 << 20)) throws -> Store<GameState> {
        let script = """
            local big = string.rep(string.rep("x", 1024), 1024)
            echolot.reducer({ name = "r", focus = "level", on = {
            \(handlers)
            } })
            """
        let world = try Support.world(scripts: ["r.lua": script], level: Support.level(entities: [("bell", 0)]),
                                      limits: limits)
        world.store.dispatch(.start)
        return world.store
    }

    /// Expects `action` refused by the memory limit with the state left as it was.
    func expectMemoryLimit(_ store: Store<GameState>, _ action: String) {
        let before = store.state
        let transition = store.dispatch(Action(action))
        let error = transition.rejections.first?.error as? ScriptError
        #expect(error?.kind == .memoryLimit, "\(action): \(String(describing: error))")
        #expect(error?.message.contains("memory limit exceeded") == true, "\(action)")
        #expect(store.state == before)
    }

    /// Lua keeps a string once however often it is referenced, but Swift copies it for
    /// every field and payload it is stored in: one call may hand Swift no more than the
    /// memory cap. Writes and emits that fit still pass, a long string among them.
    @Test func valuesHandedToTheEngineAreBoundedByTheMemoryCap() throws {
        let store = try world("""
              ["pack.emits"] = function(level, action, ctx) for i = 1, 100 do ctx.emit("pack.sink", { s = big }) end end,
              ["pack.writes"] = function(level) for i = 1, 100 do level["k" .. i] = big end end,
              ["pack.keys"] = function(level) level.m = {} for i = 1, 100 do level.m[big .. i] = 1 end end,
              ["pack.mixed"] = function(level, action, ctx) for i = 1, 10 do level["k" .. i] = big ctx.emit("pack.sink", { s = big }) end end,
              ["pack.fits"] = function(level, action, ctx) for i = 1, 4 do level["k" .. i] = big ctx.emit("pack.sink", { s = big }) end end,
              ["pack.sink"] = function(level, action) level.got = (level.got or 0) + #action.s end,
            """)
        for action in ["pack.emits", "pack.writes", "pack.keys", "pack.mixed"] {
            expectMemoryLimit(store, action)
        }
        let transition = store.dispatch(Action("pack.fits"))
        #expect(transition.rejections.isEmpty, "\(transition.rejections)")
        #expect(store.level["k4"].stringValue?.utf8.count == 1 << 20)
        #expect(store.level["got"] == .int(4 << 20))
    }
}

extension SandboxLimitTests {
    /// A printed line that is not UTF-8 is told, its odd bytes as U+FFFD: print charged for
    /// it, and it was dropped without a word.
    @Test func aPrintedLineThatIsNotUTF8IsTold() throws {
        let engine = try Support.engine(["scripts/p.lua": #"print("caf\xE9 au lait")"#])
        #expect(engine.output.last == "caf\u{FFFD} au lait", "\(engine.output)")
    }

    /// A long string stored in many fields, over many calls, is one copy in the state, as
    /// it is one string in Lua: the cap on one call's values does not bound what calls add
    /// up to, and a megabyte stored in a hundred new fields a tick grew the engine by a
    /// hundred megabytes a tick (18 GB in a minute and a half).
    @Test func aLongStringStoredInManyPlacesIsOneCopy() throws {
        let store = try world("""
              ["pack.store"] = function(level) level.n = (level.n or 0) + 1 for i = 1, 10 do level["f" .. level.n .. "_" .. i] = big end end,
            """)
        for _ in 1...5 { #expect(store.dispatch(Action("pack.store")).rejections.isEmpty) }
        func storage(_ key: String) -> UnsafeRawPointer? {
            store.level[key].stringValue?.utf8.withContiguousStorageIfAvailable { UnsafeRawPointer($0.baseAddress) } ?? nil
        }
        let places = (1...5).flatMap { n in (1...10).map { storage("f\(n)_\($0)") } }
        #expect(places.count == 50 && places.allSatisfy { $0 != nil })
        #expect(Set(places.compactMap { $0 }).count == 1, "one copy for the fifty fields")
        #expect(store.level["f5_10"].stringValue?.utf8.count == 1 << 20)
    }

    /// `string.format`'s `%s` with a width or precision, and `string.pack`'s and `unpack`'s
    /// `z`, run `strlen` over their whole string in C; and pack and unpack walk their format
    /// option by option. All of it is charged, so a loop of them hits the budget rather
    /// than running uncharged for seconds. Small calls still give Lua's results.
    @Test func stringScansAndFormatOptionsAreCharged() throws {
        let store = try world("""
              ["pack.precision"] = function() for i = 1, 20 do local s = string.format("%.1s", big) end end,
              ["pack.width"] = function() for i = 1, 20 do local s = ("%-3.2s"):format(big) end end,
              ["pack.unpackZ"] = function() for i = 1, 20 do pcall(string.unpack, "z", big) end end,
              ["pack.packZ"] = function() local z = big .. "\\0" for i = 1, 20 do pcall(string.pack, "z", z) end end,
              ["pack.options"] = function() local f, d = ("b"):rep(50000), ("\\1"):rep(50000) for i = 1, 10 do local n = select("#", string.unpack(f, d)) end end,
              ["pack.small"] = function(level)
                level.text = table.concat({ string.format("%5.1s|%s", "abc", "de"), string.unpack("z", "hi\\0there"),
                  #string.pack("zB", "hi", 7), string.packsize("i4i8") }, ",")
              end,
            """, limits: ScriptLimits(instructions: 200_000, memory: 16 << 20))
        for action in ["pack.precision", "pack.width", "pack.unpackZ", "pack.packZ", "pack.options"] {
            let before = store.state
            let error = store.dispatch(Action(action)).rejections.first?.error as? ScriptError
            #expect(error?.kind == .instructionLimit, "\(action): \(String(describing: error))")
            #expect(store.state == before)
        }
        let transition = store.dispatch(Action("pack.small"))
        #expect(transition.rejections.isEmpty, "\(transition.rejections)")
        #expect(store.level["text"] == .string("    a|de,hi,4,12"))
    }
}

extension SandboxLimitTests {
    /// A printed line is cut to 4096 bytes, with a note of its length, before the engine
    /// checks and copies it (about 50 ns a byte), and the lines and bytes handed over are
    /// charged: printing a megabyte line in a loop, or a megabyte of empty lines, hits the
    /// budget instead of running the engine for seconds. Lines cut inside a character
    /// end before it.
    @Test func printedLinesAreCutAndCharged() throws {
        let engine = try Support.engine([
            "scripts/p.lua": #"print("x" .. ("é"):rep(3000) .. "\n" .. ("x"):rep(5000), "tail")"#,
        ])
        #expect(Array(engine.output.suffix(2)) == ["x" + String(repeating: "é", count: 2047) + "… (6001 bytes in all)",
                                                     String(repeating: "x", count: 4096) + "… (5005 bytes in all)"])
        let store = try world("""
              ["pack.long"] = function() for i = 1, 100 do print(big) end end,
              ["pack.lines"] = function() local s = ("\\n"):rep(1 << 20) for i = 1, 10 do print(s) end end,
              ["pack.short"] = function(level) for i = 1, 100 do print("tick", i) end level.printed = true end,
            """)
        for action in ["pack.long", "pack.lines"] {
            let error = store.dispatch(Action(action)).rejections.first?.error as? ScriptError
            #expect(error?.kind == .instructionLimit, "\(action): \(String(describing: error))")
        }
        #expect(store.dispatch(Action("pack.short")).rejections.isEmpty)
        #expect(store.level["printed"] == .bool(true))
    }
}
