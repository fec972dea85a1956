import EcholotCore
import EcholotModel
import Testing
@testable import EcholotScript

/// Writes into a behaviour's entity — the batch's view, whose `__newindex` is the C
/// writer of CLuaBridge/focuswrite.c — behave as every other write: the fast path (a number
/// over a number) changes the state, and every write it hands to the Lua writer is
/// checked there, its error naming the script line that wrote, with no state change. The
/// view stands for one entity during one call, and only then.
@Suite struct FocusWriterTests {
    static let script = """
        local kept
        echolot.behaviour("poke", {
          on = {
            ["pack.number"] = function(e) e.azimuth = e.azimuth + 1 end,
            ["pack.same"] = function(e) e.azimuth = e.azimuth + 0.0 end,
            ["pack.string"] = function(e) e.name = "renamed" end,
            ["pack.function"] = function(e) e.azimuth = print end,
            ["pack.key"] = function(e) e[1.5] = 2 end,
            ["pack.caught"] = function(e) e.name = select(2, pcall(function() e.azimuth = print end)) end,
            ["pack.other"] = function(e, action, ctx) if e.id == "a" then ctx.level.entities.b.azimuth = 1 end end,
            ["pack.level"] = function(e, action, ctx) ctx.level.misses = 7 end,
            ["pack.numberThenFail"] = function(e) e.azimuth = 99 error("after a write") end,
            ["pack.viaLevel"] = function(e, action, ctx) ctx.level.entities[ctx.id].azimuth = e.azimuth + 5 end,
            ["pack.returnSelf"] = function(e, action, ctx) return ctx.level.entities[ctx.id] end,
            ["pack.returnView"] = function(e) e.azimuth = e.azimuth + 1 return e end,
            ["pack.fields"] = function(e) local n = 0 for _ in pairs(e) do n = n + 1 end e.name = "fields " .. n end,
            ["pack.keep"] = function(e) kept = e end,
            ["pack.writeKept"] = function(e) kept.azimuth = 5 end,
            ["pack.readKept"] = function(e) e.azimuth = kept.azimuth end,
            ["pack.pairsKept"] = function(e) for k in pairs(kept) do e.name = k end end,
            ["pack.nextKept"] = function(e) e.name = next(kept) or "none" end,
            ["pack.rawgetKept"] = function(e) e.azimuth = rawget(kept, "azimuth") or 0 end,
            ["pack.rawsetKept"] = function(e) rawset(kept, "azimuth", 5) end,
            ["pack.rawlenKept"] = function(e) e.azimuth = rawlen(kept) end,
            ["pack.storeKept"] = function(e) e.copy = kept end,
            ["pack.burst"] = function(e) for i = 1, 150000 do e.azimuth = i end end,
            ["pack.large"] = function(e) e.name = tostring(#string.rep("x", 14 << 20)) end,
            ["pack.ctx"] = function(e, action, ctx)
              local seen = {}
              for k, v in pairs(ctx) do seen[#seen + 1] = k == "id" and "id=" .. v or k end
              e.name = ctx.id .. ":" .. table.concat(seen, ",")
            end,
            ["pack.strayLong"] = function(e) e.sound[string.rep("x", 300)] = 1 end,
            ["pack.keyNotText"] = function(e) e["\\255\\254"] = 1 end,
            ["pack.ctxRaw"] = function(e, action, ctx)
              local seen = {}
              for k, v in next, ctx do seen[#seen + 1] = k == "id" and "id=" .. v or k end
              e.name = rawget(ctx, "id") .. ":" .. table.concat(seen, ",")
            end,
          },
        })
        """

    /// The line of the handler for `action` in ``script``.
    static func line(of action: String) -> Int {
        let lines = script.split(separator: "\n", omittingEmptySubsequences: false)
        return (lines.firstIndex { $0.contains("[\"\(action)\"]") } ?? -1) + 1
    }

    func world() throws -> Store<GameState> {
        let level = Support.level(entities: [("a", 10), ("b", 20)], behaviours: #"[{"type": "poke"}]"#)
        let world = try Support.world(scripts: ["poke.lua": FocusWriterTests.script], level: level)
        world.store.dispatch(.start)
        return world.store
    }

    /// Dispatches `action`, expects a rejection whose message contains `message` at the
    /// handler's line (at the column where `written` starts, when given), and the state as it was.
    func reject(_ action: String, message: String, at written: String? = nil) throws {
        try expectRejected(try world(), action, message: message, at: written)
    }

    /// ``reject(_:message:)`` on `store` as it is.
    func expectRejected(_ store: Store<GameState>, _ action: String, message: String, at written: String? = nil) throws {
        let before = store.state
        let transition = store.dispatch(Action(action))
        #expect(store.state == before, "no state change")
        let error = try #require(transition.rejections.first?.error as? ScriptError)
        #expect(error.message.contains(message), "\(error)")
        #expect(error.source?.file == "scripts/poke.lua")
        #expect(error.line == FocusWriterTests.line(of: action), "\(error)")
        if let written {
            // Lua tells the line alone; the column sends the author to what was refused on it.
            let line = FocusWriterTests.script.split(separator: "\n", omittingEmptySubsequences: false)[error.line! - 1]
            let offset = try #require(line.range(of: written)).lowerBound.utf16Offset(in: line)
            #expect(error.column == offset + 1, "\(error)")
        }
        // The engine goes on: the next write works.
        store.dispatch(Action("pack.number"))
        #expect(store.entity("a")?[EntityKeys.azimuth] == 11)
    }

    @Test func numbersOverNumbersReachTheState() throws {
        let store = try world()
        store.dispatch(Action("pack.number"))
        store.dispatch(Action("pack.number"))
        #expect(store.entity("a")?[EntityKeys.azimuth] == 12)
        #expect(store.entity("b")?[EntityKeys.azimuth] == 22)
        let before = store.state
        store.dispatch(Action("pack.same"))
        #expect(store.state.tree == before.tree, "an equal number is no change")
    }

    @Test func otherValuesTakeTheGeneralPath() throws {
        let store = try world()
        store.dispatch(Action("pack.string"))
        #expect(store.entity("b")?[EntityKeys.name] == "renamed")
    }

    @Test func aFunctionIsRefusedAtItsLine() throws {
        try reject("pack.function", message: "field 'azimuth': a function value cannot be stored")
    }

    /// Caught by `pcall`, the message is all a script has: it names the script's line.
    @Test func aCaughtRefusalNamesItsLine() throws {
        let store = try world()
        #expect(store.dispatch(Action("pack.caught")).rejections.isEmpty)
        #expect(store.entity("a")?["name"] == .string("test/scripts/poke.lua:\(Self.line(of: "pack.caught")): "
            + "field 'azimuth': a function value cannot be stored in the state"))
    }

    @Test func aNonStringKeyIsRefusedAtItsLine() throws {
        try reject("pack.key", message: "field names must be strings")
    }

    @Test func anotherEntityIsRefusedAtItsLine() throws {
        try reject("pack.other", message: "a reducer may change only its focus", at: "ctx.level.entities.b.azimuth = 1")
    }

    @Test func theLevelIsRefusedAtItsLine() throws {
        try reject("pack.level", message: "a reducer may change only its focus", at: "ctx.level.misses = 7")
    }

    @Test func aFailedCallKeepsNoFastWrite() throws {
        try reject("pack.numberThenFail", message: "after a write")
    }

    @Test func theEntitysOwnTableIsTheFocusToo() throws {
        let store = try world()
        store.dispatch(Action("pack.viaLevel"))
        #expect(store.entity("a")?[EntityKeys.azimuth] == 15)
        #expect(store.entity("b")?[EntityKeys.azimuth] == 25)
    }

    @Test func returningTheEntityReplacesNothing() throws {
        let store = try world()
        let before = store.state
        let same = store.dispatch(Action("pack.returnSelf"))
        #expect(same.rejections.isEmpty)
        #expect(store.state.tree == before.tree)
        let moved = store.dispatch(Action("pack.returnView"))
        #expect(moved.rejections.isEmpty)
        #expect(store.entity("a")?[EntityKeys.azimuth] == 11)
    }

    @Test func pairsSeesTheEntitysFields() throws {
        let store = try world()
        let count = try #require(store.entity("a")?.attributes.count)
        store.dispatch(Action("pack.fields"))
        #expect(store.entity("a")?[EntityKeys.name] == "fields \(count)")
    }

    /// The driver answers `ctx.id` from its instance list rather than setting it for each
    /// entity: read or walked, it is the running instance's.
    @Test func ctxHoldsTheRunningInstancesId() throws {
        let store = try world()
        #expect(store.dispatch(Action("pack.ctx")).rejections.isEmpty)
        #expect(store.entity("a")?[EntityKeys.name] == "a:emit,game,id=a,level,params,random,time")
        #expect(store.entity("b")?[EntityKeys.name] == "b:emit,game,id=b,level,params,random,time")
    }

    /// A key the state refuses is named as every refused key is: cut when long, bytes that
    /// are not UTF-8 escaped (the whole 300 characters, and the raw bytes, were printed).
    @Test func aRefusedKeyIsNamedCutAndEscaped() throws {
        try reject("pack.strayLong", message: "field '\(String(repeating: "x", count: 60))…': an entity's sound has no such field")
        try reject("pack.keyNotText", message: #"cannot store a field named by '\xFF\xFE': field names must be valid UTF-8"#)
    }

    /// `next` and `rawget` see ctx as `pairs` and a read do, the running instance's id too
    /// (the batch leaves it out of ctx's table, and they saw none).
    @Test func nextAndRawgetSeeCtxsId() throws {
        let store = try world()
        #expect(store.dispatch(Action("pack.ctxRaw")).rejections.isEmpty)
        #expect(store.entity("a")?[EntityKeys.name] == "a:emit,game,id=a,level,params,random,time")
        #expect(store.entity("b")?[EntityKeys.name] == "b:emit,game,id=b,level,params,random,time")
    }

    /// A behaviour whose instances differ in their parameters, the driver's ctx read in a
    /// coroutine and a walk resumed in a later call: the driver sets `ctx.params` only when
    /// it changes and answers `ctx.id` from its list, and each call must still see its own.
    static let instanceScript = """
        local walk, state, co
        echolot.behaviour("mark", {
          params = { n = { type = "number", default = 0 } },
          on = {
            ["pack.params"] = function(e, action, ctx) e.name = ctx.id .. "=" .. ctx.params.n end,
            ["pack.walk"] = function(e, action, ctx)
              if ctx.id == "a" then walk, state = pairs(ctx) return end
              local k, v, id = walk(state)
              while k ~= nil do if k == "id" then id = v end k, v = walk(state, k) end
              e.name = "walked " .. tostring(id)
            end,
            ["pack.coroutine"] = function(e, action, ctx)
              if ctx.id == "a" then
                co = coroutine.create(function()
                  coroutine.yield()
                  local ok = pcall(function() ctx.level.entities.a.name = "written" end)
                  return ctx.id, ok
                end)
                coroutine.resume(co)
              else
                local _, id, ok = coroutine.resume(co)
                e.name = id .. (ok and " wrote a" or " refused")
              end
            end,
          },
        })
        """

    /// A store of entities a to d whose `mark` parameters are 1, 2, 1 and the default.
    func instanceWorld(_ count: Int = 4) throws -> Store<GameState> {
        let params = [#", "n": 1"#, #", "n": 2"#, #", "n": 1"#, ""]
        let entities = ["a", "b", "c", "d"].prefix(count).enumerated().map { index, id in
            #"{"id": "\#(id)", "position": {"azimuth": 0}, "sound": {"file": "s.wav"}, "behaviours": [{"type": "mark"\#(params[index])}]}"#
        }
        let level = #"{"id": "one", "name": "One", "entities": [\#(entities.joined(separator: ", "))], "goals": []}"#
        let world = try Support.world(scripts: ["mark.lua": FocusWriterTests.instanceScript], level: level)
        world.store.dispatch(.start)
        return world.store
    }

    @Test func eachInstanceReadsItsOwnParameters() throws {
        let store = try instanceWorld()
        #expect(store.dispatch(Action("pack.params")).rejections.isEmpty)
        #expect(["a", "b", "c", "d"].map { store.entity($0)?[EntityKeys.name] } == ["a=1", "b=2", "c=1", "d=0"])
    }

    /// `pairs(ctx)` started in a's call and resumed in b's reads b's id: the keys are taken
    /// when the walk starts, the values as they are reached.
    @Test func aWalkOfCtxResumedLaterReadsTheIdOfThatCall() throws {
        let store = try instanceWorld(2)
        #expect(store.dispatch(Action("pack.walk")).rejections.isEmpty)
        #expect(store.entity("b")?[EntityKeys.name] == "walked b")
    }

    /// A coroutine a's call made, resumed in b's, runs as b: it reads b's id and may not
    /// change a.
    @Test func aCoroutineResumedByALaterInstanceRunsAsThatInstance() throws {
        let store = try instanceWorld(2)
        #expect(store.dispatch(Action("pack.coroutine")).rejections.isEmpty)
        #expect(store.entity("b")?[EntityKeys.name] == "b refused")
        #expect(store.entity("a")?[EntityKeys.name] != "written")
    }

    @Test func aKeptEntityCannotBeWrittenAfterItsCall() throws {
        let store = try world()
        store.dispatch(Action("pack.keep"))
        try expectRejected(store, "pack.writeKept", message: "can be used only during that call", at: "kept.azimuth = 5")
    }

    @Test func aKeptEntityCannotBeReadAfterItsCall() throws {
        let store = try world()
        store.dispatch(Action("pack.keep"))
        try expectRejected(store, "pack.readKept", message: "can be used only during that call", at: "kept.azimuth end")
    }

    /// The raw helpers and `pairs` see through a live view; a retired one they refuse, as
    /// reading it is refused, rather than show an empty table or write into it unseen.
    @Test(arguments: ["pack.pairsKept", "pack.nextKept", "pack.rawgetKept", "pack.rawsetKept",
                      "pack.rawlenKept", "pack.storeKept"])
    func aKeptEntityIsRefusedByTheRawHelpers(_ action: String) throws {
        let store = try world()
        store.dispatch(Action("pack.keep"))
        try expectRejected(store, action, message: "can be used only during that call")
    }

    /// Every fast write takes a place in the C write log, counted against the memory cap;
    /// the room a burst took is given back once calls write little again.
    @Test func aBurstOfWritesGivesItsMemoryBack() throws {
        let level = Support.level(entities: [("a", 10)], behaviours: #"[{"type": "poke"}]"#)
        let world = try Support.world(scripts: ["poke.lua": FocusWriterTests.script], level: level,
                                      limits: ScriptLimits(instructions: 10_000_000, memory: 24 << 20))
        let store = world.store
        store.dispatch(.start)
        #expect(store.dispatch(Action("pack.burst")).rejections.isEmpty)
        #expect(store.entity("a")?[EntityKeys.azimuth] == 240, "150,000 normalised into [0, 360)")
        #expect(store.dispatch(Action("pack.number")).rejections.isEmpty)
        let large = store.dispatch(Action("pack.large"))
        #expect(large.rejections.isEmpty, "\(Support.rejection(large))")
        #expect(store.entity("a")?[EntityKeys.name] == "\(14 << 20)")
    }
}
