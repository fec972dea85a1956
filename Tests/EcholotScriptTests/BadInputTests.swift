import EcholotCore
import EcholotModel
import EcholotTestSupport
import Foundation
import Glibc
import Testing
@testable import EcholotScript

/// Every kind of bad script input gets one clear message with pack, file and line, the
/// store keeps the state it had, and the engine goes on working.
@Suite struct BadInputTests {
    /// A goal whose handlers misbehave in every way the issue lists, one per line.
    static let trap = """
        echolot.goal("trap", {
          on = {
            ["pack.loop"] = function(goal) while true do end end,
            ["pack.pcallLoop"] = function(goal) pcall(function() while true do end end) goal.state = "met" end,
            ["pack.xpcallLoop"] = function(goal) xpcall(function() while true do end end, function() return "fine" end) goal.state = "met" end,
            ["pack.xpcallHandlerAfterLimit"] = function(goal) xpcall(function() while true do end end, function(m) for i = 1, 30000000 do end handled = true return m end) goal.state = "met" end,
            ["pack.handled"] = function(goal) goal.handled = handled == true end,
            ["pack.coroutineLoop"] = function(goal) coroutine.resume(coroutine.create(function() while true do end end)) goal.state = "met" end,
            ["pack.walkOverflowLoop"] = function(goal) local t = {} t[{}] = 1 t[{}] = 2 t.a = 3 local function nest(d) if d == 0 then for _ in pairs(t) do end return end return pcall(nest, d - 1) end for d = 150, 240 do pcall(nest, d) end for i = 1, 30000000 do end goal.state = "met" end,
            ["pack.wrappedPcallLoop"] = function(goal) coroutine.wrap(pcall)(function() while true do end end) goal.state = "met" end,
            ["pack.yieldedPcallLoop"] = function(goal) local co = coroutine.wrap(function() return pcall(function() coroutine.yield() while true do end end) end) co() co() goal.state = "met" end,
            ["pack.wrappedPcallMemory"] = function(goal) coroutine.wrap(function() return pcall(function() local s = ("x"):rep(1 << 20) for i = 1, 12 do s = s .. s end end) end)() goal.state = "met" end,
            ["pack.wrapLoop"] = function(goal) pcall(coroutine.wrap(function() while true do end end)) goal.state = "met" end,
            ["pack.wrapMemory"] = function(goal) local ok = coroutine.resume(coroutine.create(function() coroutine.wrap(function() local s = ("x"):rep(1 << 20) for i = 1, 12 do s = s .. s end end)() end)) goal.state = "met" end,
            ["pack.ownOverflow"] = function(goal) error("my stack overflow") end,
            ["pack.caughtOverflow"] = function(goal) local r = setmetatable({}, { __pairs = function(t) return pairs(t) end }) local ok, err = pcall(pairs, r) error("P: " .. err) end,
            ["pack.overflowWords"] = function(goal) error("C stack overflow", 0) end,
            ["pack.assertedOverflowWords"] = function(goal) assert(false, "stack overflow") end,
            ["pack.wrapOverflow"] = function(goal) local t = setmetatable({}, { __index = function(t, k) return t[k] end }) return coroutine.wrap(function() return t.a end)() end,
            ["pack.overflowCliff"] = function(goal, action) local function g(n) if n == 0 then error("x") end local ok, e = pcall(g, n - 1) if not ok then error(e, 0) end end g(action.n) end,
            ["pack.recurse"] = function(goal) local function f(n) return 1 + f(n + 1) end return f(1) end,
            ["pack.memory"] = function(goal) local t, block = {}, string.rep("x", 1024) while true do t[#t + 1] = block .. #t end end,
            ["pack.pcallMemory"] = function(goal) local t, block = {}, string.rep("y", 4096) pcall(function() while true do t[#t + 1] = block .. #t end end) goal.state = "met" end,
            ["pack.bigString"] = function(goal) goal.text = string.rep("x", 1 << 30) end,
            ["pack.bigStringText"] = function(goal) goal.text = string.rep(7, "1073741824") end,
            ["pack.nearCapString"] = function(goal) local kept = ("y"):rep(6 << 20) pcall(function() goal.text = ("x"):rep(12 << 20) end) goal.state = "met" end,
            ["pack.pattern"] = function(goal) pcall(string.find, ("a"):rep(2000), ".-.-.-.-b") goal.state = "met" end,
            ["pack.plainFind"] = function(goal) local s = ("a"):rep(1 << 20) pcall(s.find, s, ("a"):rep(1 << 19) .. "b", 1, true) goal.state = "met" end,
            ["pack.gsubCopy"] = function(goal) local s = ("x"):rep(1 << 20) for i = 1, 2000 do s:gsub("^", s) end end,
            ["pack.move"] = function(goal) pcall(table.move, {}, 1, math.maxinteger - 1, 2) goal.state = "met" end,
            ["pack.insertLength"] = function(goal) table.insert(setmetatable({}, { __len = function() return 1 << 62 end }), 1, 0) end,
            ["pack.loadLoop"] = function(goal) local src = "--" .. (" "):rep(1 << 20) for i = 1, 1e6 do load(src) end end,
            ["pack.hugeError"] = function(goal) error(("x"):rep(1 << 20)) end,
            ["pack.bytes"] = function(goal) local s = ("x"):rep(900000) for i = 1, 1e5 do local n = select("#", s:byte(1, -1)) end end,
            ["pack.bytesDefault"] = function(goal) local s = ("x"):rep(900000) for i = 1, 1e5 do local n = select("#", s:byte(nil, "-1")) end end,
            ["pack.unpackText"] = function(goal) for i = 1, 1e5 do local n = select("#", table.unpack({}, 1, "900000")) end end,
            ["pack.repLoop"] = function(goal) for i = 1, 3000 do local s = ("x"):rep(1 << 20) end goal.state = "met" end,
            ["pack.concatLoop"] = function(goal) local s = ("x"):rep(1 << 20) for i = 1, 2000 do s = s .. "x" end goal.state = "met" end,
            ["pack.utf8Len"] = function(goal) local s = ("x"):rep(1 << 20) for i = 1, 2000 do utf8.len(s) end goal.state = "met" end,
            ["pack.utf8Offset"] = function(goal) local s = ("x"):rep(1 << 20) for i = 1, 2000 do utf8.offset(s, -(1 << 20)) end goal.state = "met" end,
            ["pack.tonumber"] = function(goal) local s = (" "):rep(1 << 20) for i = 1, 2000 do tonumber(s) end goal.state = "met" end,
            ["pack.textArithmetic"] = function(goal) local s = (" "):rep(1 << 20) .. "1" for i = 1, 2000 do local n = s * 2 end goal.state = "met" end,
            ["pack.tableConcat"] = function(goal) local t = {} for i = 1, 100000 do t[i] = "" end for i = 1, 2000 do table.concat(t) end goal.state = "met" end,
            ["pack.tableSort"] = function(goal) local t = {} for i = 1, 100000 do t[i] = i end for i = 1, 2000 do table.sort(t) end goal.state = "met" end,
            ["pack.lyingLength"] = function(goal) local c, t = 0, {} local meta = { __len = function() c = c + 1 return c == 1 and 0 or 1 << 27 end } local lists = { setmetatable({}, meta), setmetatable({}, meta), setmetatable({ 2, 1 }, meta), setmetatable({ "a" }, meta), setmetatable({ 1 }, meta) } table.insert(lists[1], 1, "x") c = 0 table.sort(lists[2]) c = 0 local removed = table.remove(lists[3], 1) c = 0 local joined = table.concat(lists[4]) c = 0 local n = select("#", table.unpack(lists[5])) goal.text = table.concat({ lists[1][1], removed, joined, n, c }, ",") end,
            ["pack.concatPastLength"] = function(goal) local big = {} for i = 1, 100000 do big[i] = "" end local t = setmetatable({}, { __index = big }) for i = 1, 2000 do table.concat(t, "", 1, 100000) end goal.state = "met" end,
            ["pack.continuationWalk"] = function(goal) local s = "a" .. ("\\x80"):rep(1 << 20) for i = 1, 2000 do utf8.offset(s, 2) end goal.state = "met" end,
            ["pack.sortStopsAtOnce"] = function(goal) local t = {} for i = 1, 100000 do t[i] = i end local _, e = pcall(table.sort, t, coroutine.wrap) goal.text = e end,
            ["pack.sortCompareInC"] = function(goal) local t = {} for i = 1, 100000 do t[i] = i end for i = 1, 2000 do table.sort(t, rawequal) end goal.state = "met" end,
            ["pack.moveNearMax"] = function(goal) local t = {} for i = 1, 3000 do table.move(t, math.maxinteger - 100000, math.maxinteger, 1, {}) end goal.state = "met" end,
            ["pack.libraryErrors"] = function(goal) local _, a = pcall(tonumber) local _, b = pcall(table.concat) local _, c = pcall(utf8.len) local _, d = pcall(table.sort, { 2, 1 }, 1) local _, e = pcall(function() return ("x"):byte({}) end) local _, f = pcall(string.rep, "", 1.5) local _, g = pcall(string.format, "%q", {}) local _, h = pcall(coroutine.resume, 1) local _, i = pcall(string.format, "%d", {}) goal.text = table.concat({ a, b, c, d, e, f, g, h, i }, "|") end,
            ["pack.refusedFirst"] = function(goal) local t = {} for i = 1, 100000 do t[i] = i end local out = {} for _, f in ipairs({ function() table.remove(t, nil) end, function() table.insert(t, nil, 1) end, function() table.move(t, nil, 1e8, 1) end, function() table.concat({}, "", 1, 1e8) end, function() table.unpack({}, 1, 1e7) end, function() table.insert({}, math.mininteger, 1) end, function() table.move({}, 1, math.maxinteger, 2) end, function() table.sort(setmetatable({}, { __len = function() return math.maxinteger end })) end }) do out[#out + 1] = tostring((select(2, pcall(f)))) end goal.text = table.concat(out, "|") end,
            ["pack.eqNotAsked"] = function(goal) local asked = false local t = setmetatable({}, { __eq = function() asked = true return true end, __index = { s = 42 } }) goal.text = tostring(rawget(t, "s")) .. "," .. tostring(next(t)) .. "," .. tostring(asked) end,
            ["pack.mirrorList"] = function(goal) goal.items = { 3, 1, 2 } table.sort(goal.items) table.insert(goal.items, 1, 9) goal.text = table.concat(goal.items, ",") .. ";" .. table.remove(goal.items, 2) .. ";" .. select("#", table.unpack(goal.items)) end,
            ["pack.sandboxErrors"] = function(goal) local out = {} for _, f in ipairs({ function() next(nil) end, function() rawget(nil, 1) end, function() rawlen(5) end, function() rawset(nil, 1, 2) end, function() setmetatable(1, {}) end, function() setmetatable({}, { __mode = "k" }) end, function() string.format("%d", "x") end, function() ("%p"):format({}) end, function() coroutine.resume(1) end, function() tostring() end, function() tostring(setmetatable({}, { __tostring = function() return {} end })) end }) do out[#out + 1] = select(2, pcall(f)) end out[#out + 1] = select(2, pcall(rawget)) goal.text = table.concat(out, "|") end,
            ["pack.tailCalled"] = function(goal, action, ctx) local out = {} for _, f in ipairs({ function() return pairs(nil) end, function() return collectgarbage("collect") end, function() return echolot.timeOfDay("noon") end, function() return echolot.timeInWords(24, 0) end, function() return echolot.timeInWords(8, 7.5) end, function() return echolot.timeInWords(8, 30, 5) end, function() return echolot.timeInWords(8, 45, "fr") end, function() return ctx.random(2, 1) end, function() return ctx.emit(5) end, function() return next(nil) end, function() pcall() end, function() xpcall() end, function() print(setmetatable({}, { __tostring = function() return {} end })) end }) do out[#out + 1] = select(2, pcall(f)) end goal.text = table.concat(out, "|") end,
            ["pack.writerErrors"] = function(goal, action, ctx) local out = {} for _, f in ipairs({ function() ctx.level.misses = 4 end, function() ctx.level.entities.bell.tags[1] = "x" end, function() goal.f = print end, function() goal.items = { 1 } goal.items[1] = print end }) do out[#out + 1] = select(2, pcall(f)) end goal.text = table.concat(out, "|") end,
            ["pack.tailCalledUncaught"] = function(goal, action, ctx) return ctx.random(1.5) end,
            ["pack.formatError"] = function(goal) goal.text = string.format("%d", "x") end,
            ["pack.librarySmall"] = function(goal) local t = { 3, 1, 2 } table.sort(t) goal.text = table.concat(t, ",") .. ";" .. utf8.len("héllo") .. ";" .. utf8.offset("héllo", 3) .. ";" .. tonumber(" 0x10 ") .. ";" .. ("2" * "3") .. ";" .. table.concat({ "a", "b", "c" }, "-", 2, 3) end,
            ["pack.emptyRep"] = function(goal) goal.progress = #(""):rep(math.maxinteger) + #(""):rep(1e9, "") + 7 end,
            ["pack.tableError"] = function(goal) error({ code = 1 }) end,
            ["pack.assertFails"] = function(goal) local n = 1 assert(n == 2, "n must be 2") end,
            ["pack.eitherError"] = function(goal, action) if action.a then error("a") else error("b") end end,
            ["pack.nilIndex"] = function(goal) local x = nil return x.y end,
            ["pack.wrongShape"] = function(goal) return 42 end,
            ["pack.function"] = function(goal) goal.callback = print end,
            ["pack.library"] = function(goal) goal.tools = string end,
            ["pack.context"] = function(goal, action, ctx) goal.saved = { ctx = ctx } end,
            ["pack.returnedLibrary"] = function(goal) return { id = goal.id, type = goal.type, state = goal.state, api = echolot } end,
            ["pack.badKey"] = function(goal) goal.list = { [0] = 1 } end,
            ["pack.tooDeep"] = function(goal) local t = {} local c = t for i = 1, 99 do c.a = {} c = c.a end goal.deep = t end,
            ["pack.deepest"] = function(goal) for n = 100, 1, -1 do local t = {} local c = t for i = 1, n do c.a = {} c = c.a end if pcall(function() goal.deep = t end) then goal.depth = n return end end end,
            ["pack.badState"] = function(goal)
              goal.state = "done" end,
            ["pack.otherFocus"] = function(goal, action, ctx) ctx.level.misses = 99 end,
            ["pack.badText"] = function(goal) goal.progress = 1 goal.note = "caf\\xE9" end,
            ["pack.badTextInside"] = function(goal) goal.progress = 1 goal.notes = { "ok", "\\xFF" } end,
            ["pack.badName"] = function(goal) goal.progress = 1 goal.data = { ["caf\\xE9"] = 1 } end,
            ["pack.badItem"] = function(goal) goal.items = { "a" } goal.items[2] = "\\xFF" end,
            ["pack.renameGoal"] = function(goal) goal.id = "other" end,
            ["pack.retypeGoal"] = function(goal) goal.type = "find" end,
            ["pack.returnedUntyped"] = function(goal) return { id = goal.id, state = "met" } end,
            ["pack.returnedBadState"] = function(goal) return { id = goal.id, type = goal.type, state = "won" } end,
            ["pack.badDeadline"] = function(goal)
              goal.deadline = "20" end,
            ["pack.returnedBadDeadline"] = function(goal) return { id = goal.id, type = goal.type, state = "met", deadline = true } end,
            ["pack.returnedRetyped"] = function(goal) return { id = goal.id, type = "find", entity = "bell", state = "met" } end,
            ["pack.partial"] = function(goal) goal.progress = 5 error("after a write") end,
            ["pack.returnLate"] = function(goal, action)
              local function helper() return 7 end
              if action.skip then return end
              return helper()
            end,
            ["pack.returnEither"] = function(goal, action)
              if action.big then return 1 end
              return 2
            end,
            ["pack.ok"] = function(goal) goal.progress = (goal.progress or 0) + 1 end,
          },
        })
        """

    /// The line of the handler for `action` in ``trap``.
    static func line(of action: String) -> Int {
        let lines = trap.split(separator: "\n", omittingEmptySubsequences: false)
        return (lines.firstIndex { $0.contains("[\"\(action)\"]") } ?? -1) + 1
    }

    /// The column where `text` starts on 1-based `line` of ``trap``.
    static func column(of text: String, onLine line: Int) -> Int? {
        let lineText = trap.split(separator: "\n", omittingEmptySubsequences: false)[line - 1]
        return lineText.range(of: text).map { lineText.distance(from: lineText.startIndex, to: $0.lowerBound) + 1 }
    }

    func world() throws -> (store: Store<GameState>, rules: PackRules) {
        let level = Support.level(entities: [("bell", 0)], goals: #"[{"type": "trap"}, {"type": "find", "entity": "bell"}]"#)
        let world = try Support.world(scripts: ["trap.lua": BadInputTests.trap], level: level)
        world.store.dispatch(.start)
        return (world.store, world.rules)
    }

    /// Dispatches `action`, expects it rejected with a script error, and expects the state
    /// unchanged and the engine still working afterwards.
    func reject(_ action: String, kind: ScriptError.Kind, message: String,
                line expected: Int? = nil) throws -> ScriptError {
        let (store, _) = try world()
        let before = store.state
        let transition = store.dispatch(Action(action))
        #expect(store.state == before, "no state change")
        let rejection = try #require(transition.rejections.first)
        let error = try #require(rejection.error as? ScriptError)
        #expect(error.kind == kind)
        #expect(error.message.contains(message), "\(error)")
        #expect(error.source?.pack == "test")
        #expect(error.source?.file == "scripts/trap.lua")
        #expect(error.line == (expected ?? BadInputTests.line(of: action)), "\(error)")
        #expect(error.rule == "goal 'trap'")
        #expect(error.action == action)
        #expect(error.description.contains("scripts/trap.lua:\(error.line ?? 0):\(error.column ?? 1): error: "))
        #expect(error.description.contains("(pack 'test', goal 'trap', action '\(action)')"))
        // The engine goes on: the next action works.
        store.dispatch(Action("pack.ok"))
        #expect(store.goal("trap")?["progress"] == .int(1))
        return error
    }

    @Test func runawayLoop() throws {
        _ = try reject("pack.loop", kind: .instructionLimit, message: "instruction budget exhausted")
    }

    @Test func runawayLoopInsidePcall() throws {
        _ = try reject("pack.pcallLoop", kind: .instructionLimit, message: "instruction budget exhausted")
    }

    /// A walk over keys of several types sorts them uncounted (charged by their count): an
    /// error inside that sort — here a C stack that pack code filled nearly to the top with
    /// nested calls first — still leaves the call's budget as it was, not unbounded.
    @Test func runawayLoopAfterAWalkFailedInsideItsSort() throws {
        _ = try reject("pack.walkOverflowLoop", kind: .instructionLimit, message: "instruction budget exhausted")
    }

    @Test func runawayLoopInsideXpcall() throws {
        _ = try reject("pack.xpcallLoop", kind: .instructionLimit, message: "instruction budget exhausted")
    }

    /// Lua calls an xpcall's handler for a limit from inside the count hook, where hooks are
    /// off: the pack's handler ran uncharged (an endless loop in it hung the engine) and
    /// left what it did behind. It is not called for a limit at all.
    @Test func anXpcallHandlerDoesNotRunForALimit() throws {
        _ = try reject("pack.xpcallHandlerAfterLimit", kind: .instructionLimit, message: "instruction budget exhausted")
        let (store, _) = try world()
        store.dispatch(Action("pack.xpcallHandlerAfterLimit"))
        store.dispatch(Action("pack.handled"))
        #expect(store.goal("trap")?["handled"] == .bool(false))
    }

    @Test func runawayLoopInsideACoroutine() throws {
        _ = try reject("pack.coroutineLoop", kind: .instructionLimit, message: "instruction budget exhausted")
    }

    /// A `pcall` that ends inside a coroutine as Lua resumes it — the coroutine's body, or
    /// after a yield — still raises a limit hit inside it again, for instructions and for
    /// one allocation too large for the memory left.
    @Test func aLimitCaughtByAPcallInsideACoroutineIsRaisedAgain() throws {
        _ = try reject("pack.wrappedPcallLoop", kind: .instructionLimit, message: "instruction budget exhausted")
        _ = try reject("pack.yieldedPcallLoop", kind: .instructionLimit, message: "instruction budget exhausted")
        _ = try reject("pack.wrappedPcallMemory", kind: .memoryLimit, message: "memory limit exceeded")
    }

    /// A limit hit inside a coroutine that coroutine.wrap made ends the reducer, as one
    /// inside a resumed coroutine does: neither a `pcall` around the function wrap made
    /// nor a coroutine resumed around it catches it.
    @Test func aLimitInsideAWrappedCoroutineIsRaisedAgain() throws {
        _ = try reject("pack.wrapLoop", kind: .instructionLimit, message: "instruction budget exhausted")
        _ = try reject("pack.wrapMemory", kind: .memoryLimit, message: "memory limit exceeded")
    }

    /// Work done inside the C library, where the count hook never runs, is charged to the
    /// budget: a backtracking pattern, a quadratic plain find, a megabyte gsub copies into
    /// its result again and again, elements moved as a bound or a __len says, source
    /// compiled again and again, a string's bytes as a million results, memory filled
    /// again and again (3 GiB of `rep`, a string grown by concatenation), a megabyte read
    /// whole again and again (decoded as UTF-8, walked by `utf8.offset`, read as a number
    /// by `tonumber` or arithmetic), a long list joined or sorted again and again — also
    /// when an `__index` supplies elements past the length, one character is a megabyte
    /// of continuation bytes, the comparison function is a C one, or the bounds are near
    /// the largest integer.
    @Test(arguments: ["pack.pattern", "pack.plainFind", "pack.gsubCopy", "pack.move", "pack.insertLength", "pack.loadLoop",
                      "pack.bytes", "pack.bytesDefault", "pack.unpackText", "pack.repLoop", "pack.concatLoop",
                      "pack.utf8Len", "pack.utf8Offset", "pack.tonumber", "pack.textArithmetic", "pack.tableConcat",
                      "pack.tableSort", "pack.concatPastLength",
                      "pack.continuationWalk", "pack.sortCompareInC", "pack.moveNearMax"])
    func workInsideTheLibraryPaysTheBudget(action: String) throws {
        _ = try reject(action, kind: .instructionLimit, message: "instruction budget exhausted")
    }

    /// A call Lua refuses is refused as Lua refuses it, not charged first for work it
    /// will not do (a missing position is Lua's default, not position 0).
    @Test func callsLuaRefusesAreNotChargedFirst() throws {
        let (store, _) = try world()
        let transition = store.dispatch(Action("pack.refusedFirst"))
        #expect(transition.rejections.isEmpty, "\(transition.rejections)")
        let at = "test/scripts/trap.lua:\(Self.line(of: "pack.refusedFirst")): "
        #expect(store.goal("trap")?["text"] == .string([
            "nil",
            at + "bad argument #2 to 'insert' (number expected, got nil)",
            at + "bad argument #2 to 'move' (number expected, got nil)",
            at + "invalid value (nil) at index 1 in table for 'concat'",
            at + "too many results to unpack",
            at + "bad argument #2 to 'insert' (position out of bounds)",
            at + "bad argument #4 to 'move' (destination wrap around)",
            at + "bad argument #1 to 'sort' (array too big)",
        ].joined(separator: "|")))
    }

    /// A sort is charged for the comparisons it makes, not for a whole sort up front: one
    /// whose comparison function fails at once costs that one comparison (a charge of
    /// 2·n·log₂ n for 100,000 elements would exceed the budget), and no input can make it
    /// compare more than it pays for.
    @Test func aSortPaysForTheComparisonsItMakes() throws {
        let (store, _) = try world()
        let transition = store.dispatch(Action("pack.sortStopsAtOnce"))
        #expect(transition.rejections.isEmpty, "\(transition.rejections)")
        #expect(store.goal("trap")?["text"] == "bad argument #1 to 'coroutine.wrap' (function expected, got number)")
    }

    /// The sandbox's rawget and next never ask a pack's `__eq` whether its table is the
    /// entity a behaviour receives.
    @Test func rawgetAndNextLeaveEqAlone() throws {
        let (store, _) = try world()
        #expect(store.dispatch(Action("pack.eqNotAsked")).rejections.isEmpty)
        #expect(store.goal("trap")?["text"] == "nil,nil,false")
    }

    /// A table function reads a `__len` once, for the charge and the work alike: one that
    /// answered small to the charge and huge to the function (2²⁷ here, 2⁴⁰ would run for
    /// hours) would move elements in C for free.
    @Test func aTableFunctionReadsTheLengthOnce() throws {
        let (store, _) = try world()
        let transition = store.dispatch(Action("pack.lyingLength"))
        #expect(transition.rejections.isEmpty, "\(transition.rejections)")
        // insert put "x" first, remove took nothing past a length of 0, concat joined
        // nothing, unpack returned nothing, and no __len was asked twice.
        #expect(store.goal("trap")?["text"] == "x,2,,0,1")
    }

    /// The charged library functions answer small calls as Lua's own do, and their
    /// errors name the function, the argument and the pack's line as Lua's own do (not a
    /// line of the engine's).
    @Test func chargedLibraryFunctionsKeepLuasAnswersAndErrors() throws {
        let (store, _) = try world()
        #expect(store.dispatch(Action("pack.librarySmall")).rejections.isEmpty)
        #expect(store.goal("trap")?["text"] == "1,2,3;5;4;16;6;b-c")
        #expect(store.dispatch(Action("pack.libraryErrors")).rejections.isEmpty)
        #expect(store.goal("trap")?["text"] == .string([
            "bad argument #1 to 'tonumber' (value expected)",
            "bad argument #1 to 'table.concat' (table expected, got no value)",
            "bad argument #1 to 'utf8.len' (string expected, got no value)",
            "bad argument #2 to 'table.sort' (function expected, got number)",
            "test/scripts/trap.lua:\(Self.line(of: "pack.libraryErrors")): bad argument #1 to 'byte' (number expected, got table)",
            "bad argument #2 to 'string.rep' (number has no integer representation)",
            "bad argument #2 to 'string.format' (value has no literal form)",
            "bad argument #1 to 'coroutine.resume' (thread expected, got number)",
            "bad argument #2 to 'string.format' (number expected, got table)",
        ].joined(separator: "|")))
        // A list of the state (whose length is the engine's `__len`) sorted, grown and
        // shrunk in place, through the writer.
        #expect(store.dispatch(Action("pack.mirrorList")).rejections.isEmpty)
        #expect(store.goal("trap")?["text"] == "9,1,2,3;1;3")
        #expect(store.goal("trap")?["items"] == [9, 2, 3])
    }

    /// Dispatches `action`, whose handler catches errors and joins their messages into
    /// `goal.text`, and expects `placed` each at the handler's line, then `unplaced` (errors
    /// Lua itself raises with no position) — never a line of the engine's. Then expects
    /// `uncaught` rejected with `message` at its own line.
    func expectCaught(_ action: String, placed: [String], unplaced: [String] = [],
                      uncaught: String, message: String) throws {
        let (store, _) = try world()
        #expect(store.dispatch(Action(action)).rejections.isEmpty)
        let at = "test/scripts/trap.lua:\(Self.line(of: action)): "
        #expect(store.goal("trap")?["text"] == .string((placed.map { at + $0 } + unplaced).joined(separator: "|")))
        let error = try reject(uncaught, kind: .runtime, message: message)
        #expect(!error.message.contains("echolot."))
    }

    /// The sandbox's own versions of Lua's functions (which see through mirror proxies,
    /// refuse finalizers or `%p`, raise a limit again) raise Lua's errors at the pack's
    /// line, under the library's names — never at a line of the engine's.
    @Test func sandboxFunctionsRaiseErrorsAtThePacksLine() throws {
        try expectCaught("pack.sandboxErrors", placed: [
            "bad argument #1 to 'next' (table expected, got nil)",
            "bad argument #1 to 'rawget' (table expected, got nil)",
            "bad argument #1 to 'rawlen' (table or string expected, got number)",
            "bad argument #1 to 'rawset' (table expected, got nil)",
            "bad argument #1 to 'setmetatable' (table expected, got number)",
            "setmetatable: weak tables are not available to packs (runs would depend on garbage collection)",
            "bad argument #2 to 'format' (number expected, got string)",
            "string.format: '%p' is not available (addresses differ from run to run)",
            "bad argument #1 to 'resume' (thread expected, got number)",
            "bad argument #1 to 'tostring' (value expected)",
            "'__tostring' must return a string",
        ], unplaced: ["bad argument #1 to 'rawget' (table expected, got no value)"],
        uncaught: "pack.formatError", message: "bad argument #2 to 'format' (number expected, got string)")
    }

    /// A function of the sandbox or the engine that a pack tail-calls still names the
    /// pack's line in its errors, as Lua's own functions do (a Lua function called that way
    /// takes over the caller's frame: these run behind a C frame that leaves it in place),
    /// and `pcall`, `xpcall` and `print` check their arguments as Lua's own.
    @Test func tailCalledFunctionsNameThePacksLine() throws {
        try expectCaught("pack.tailCalled", placed: [
            "bad argument #1 to 'pairs' (table expected, got nil)",
            "collectgarbage: only \"count\" is available to packs",
            "echolot.timeOfDay: the hour must be a number",
            "echolot.timeInWords: the hour must be a whole number from 0 to 23, found 24",
            "echolot.timeInWords: the minute must be a whole number from 0 to 59, found 7.5",
            "echolot.timeInWords: the language must be a code such as \"en\" or \"de\", found an integer",
            "echolot.timeInWords: no words for the language 'fr' (the time is said in \"en\" and \"de\")",
            "ctx.random(2, 1): the interval is empty",
            "ctx.emit(name, payload): the name must be a string",
            "bad argument #1 to 'next' (table expected, got nil)",
            "bad argument #1 to 'pcall' (value expected)",
            "bad argument #2 to 'xpcall' (function expected, got no value)",
            "'__tostring' must return a string",
        ], uncaught: "pack.tailCalledUncaught", message: "ctx.random(m, n): bounds must be integers")
    }

    /// The state's writers refuse a write at the pack's line also when a `pcall` catches
    /// the error, whose message is then all the pack has: a field outside the focus, an
    /// item of a list outside it, a value the state cannot hold in a map or a list.
    @Test func writerErrorsNameThePacksLine() throws {
        try expectCaught("pack.writerErrors", placed: [
            "cannot change field 'misses': a reducer may change only its focus and what is inside it",
            "cannot change field 1: a reducer may change only its focus and what is inside it",
            "field 'f': a function value cannot be stored in the state",
            "field 1: a function value cannot be stored in the state",
        ], uncaught: "pack.function", message: "field 'callback': a function value cannot be stored")
    }

    /// An empty string repeated any number of times is empty at once: Lua's own rep would
    /// copy nothing that many times over, in C, for as long as the count says.
    @Test func anEmptyStringRepeatedIsEmptyAtOnce() throws {
        let (store, _) = try world()
        let transition = store.dispatch(Action("pack.emptyRep"))
        #expect(transition.rejections.isEmpty)
        #expect(store.goal("trap")?["progress"] == .int(7))
    }

    @Test func deepRecursion() throws {
        _ = try reject("pack.recurse", kind: .stackOverflow, message: "stack overflow")
    }

    /// Only a stack overflow Lua raised is told as one: a pack's own message that ends in
    /// those words keeps them — also around one it caught, and also in Lua's own words
    /// when Lua raised none.
    @Test func aPacksOwnOverflowMessageKeepsItsWords() throws {
        #expect(try reject("pack.ownOverflow", kind: .runtime, message: "my").message == "my stack overflow")
        #expect(try reject("pack.caughtOverflow", kind: .runtime, message: "P").message == "P: C stack overflow")
        #expect(try reject("pack.overflowWords", kind: .runtime, message: "C").message == "C stack overflow")
        #expect(try reject("pack.assertedOverflowWords", kind: .runtime, message: "s").message == "stack overflow")
    }

    /// An overflow Lua raised is named one however it reaches the engine: through a
    /// coroutine.wrap function, which puts its caller's position in front, or where the
    /// limit of nested C calls is reached just as `error` raises the pack's message — Lua
    /// then raises "C stack overflow" in `error`'s own frame, which read as the pack's
    /// words (at one depth of the cliff below, neither the pack's 'x' nor an overflow).
    @Test func anOverflowLuaRaisedIsNamedOneInEveryFrame() throws {
        _ = try reject("pack.wrapOverflow", kind: .stackOverflow, message: "recursion too deep")
        let (store, _) = try world()
        for depth in 150 ... 260 {
            let rejection = try #require(store.dispatch(Action("pack.overflowCliff", ["n": .int(depth)])).rejections.first)
            let error = try #require(rejection.error as? ScriptError)
            #expect(error.kind == .stackOverflow || (error.kind == .runtime && error.message == "x"), "depth \(depth): \(error)")
        }
    }

    /// The same at load: a script's own message keeps its words.
    @Test func aScriptsOwnOverflowMessageKeepsItsWordsAtLoad() throws {
        let source = ScriptSource(pack: "test", file: "scripts/s.lua", displayPath: "s.lua")
        let own = try #require(#expect(throws: ScriptError.self) {
            try ScriptEngine().loadScript(pack: "test", source: source, text: Array("local a = 1\nerror(\"my stack overflow\")\n".utf8))
        })
        #expect(own.kind == .runtime && own.message == "my stack overflow" && own.line == 2, "\(own)")
    }

    @Test func memoryExhaustion() throws {
        _ = try reject("pack.memory", kind: .memoryLimit, message: "memory limit exceeded")
    }

    @Test func memoryExhaustionInsidePcall() throws {
        _ = try reject("pack.pcallMemory", kind: .memoryLimit, message: "memory limit exceeded")
    }

    /// Rules that keep emitting each other are cut off with one line in the file format,
    /// placed at the rule that emitted the last action, naming the action it handled.
    @Test func aCascadeIsPlacedAtTheRuleThatFedItLast() throws {
        let scripts = ["ping.lua": """
            echolot.goal("pinger", { on = {
              ["level.started"] = function(goal, action, ctx) ctx.emit("pack.ping") end,
              ["pack.ping"] = function(goal, action, ctx) ctx.emit("pack.ping") end,
            } })
            """]
        let level = Support.level(entities: [("bell", 0)], goals: #"[{"type": "pinger"}]"#)
        let world = try Support.world(scripts: scripts, level: level)
        let rejection = try #require(world.store.dispatch(.start).rejections.first)
        let error = try #require(rejection.error as? ScriptError)
        #expect(error.source?.file == "scripts/ping.lua" && error.line == 1)
        #expect("\(rejection)".hasSuffix("scripts/ping.lua:1:1: error: more than 10000 follow-up actions in one batch: "
            + "rules keep emitting each other, and this one emitted the last (pack 'test', goal 'pinger', action 'pack.ping')"), "\(rejection)")
    }

    /// A limit is placed at the line where it was hit — inside a `pcall` the script put
    /// around it, a resumed coroutine or one coroutine.wrap made, also for one allocation
    /// past the memory left — not where it was raised again; and a coroutine a limit
    /// stopped is dead afterwards, said as such, not with the limit's inner message.
    @Test func aLimitIsPlacedWhereItWasHit() throws {
        let scripts = ["limits.lua": """
            local function spin()
              local x = 0
              while true do x = x + 1 end
            end
            local function hoard()
              local t, block = {}, string.rep("y", 4096)
              while true do t[#t + 1] = block .. #t end
            end
            local function double()
              local s = ("x"):rep(1 << 20)
              for i = 1, 12 do s = s .. s end
            end
            local wrapped = coroutine.wrap(function()
              while true do end
            end)
            local created = coroutine.create(function()
              while true do end
            end)
            echolot.goal("limits", { on = {
              ["pack.spin"] = function(goal) local ok = pcall(spin) end,
              ["pack.hoard"] = function(goal) local ok = pcall(hoard) end,
              ["pack.double"] = function(goal) local ok = pcall(double) end,
              ["pack.wrapped"] = function(goal) wrapped() end,
              ["pack.created"] = function(goal) coroutine.resume(created) end,
              ["pack.close"] = function(goal) goal.text = select(2, coroutine.close(created)) end,
            } })
            """]
        let level = Support.level(entities: [("bell", 0)], goals: #"[{"type": "limits"}]"#)
        let world = try Support.world(scripts: scripts, level: level)
        world.store.dispatch(.start)
        func failure(_ action: String) throws -> ScriptError {
            try #require(world.store.dispatch(Action(action)).rejections.first?.error as? ScriptError)
        }
        for (action, kind, line) in [("pack.spin", ScriptError.Kind.instructionLimit, 3), ("pack.hoard", .memoryLimit, 7),
                                     ("pack.double", .memoryLimit, 11), ("pack.wrapped", .instructionLimit, 14),
                                     ("pack.created", .instructionLimit, 17)] {
            let error = try failure(action)
            #expect(error.kind == kind && error.line == line, "\(action): \(error)")
            #expect(error.description.contains("scripts/limits.lua:\(line):1: error: "), "\(error)")
        }
        for _ in 0..<2 {
            let dead = try failure("pack.wrapped")
            #expect(dead.kind == .runtime && dead.message == "cannot resume dead coroutine" && dead.line == 23, "\(dead)")
        }
        #expect(world.store.dispatch(Action("pack.close")).rejections.isEmpty)
        #expect(world.store.goal("limits")?["text"] == "cannot close a coroutine a script limit stopped in an earlier call")
    }

    /// Memory that runs out while the engine mirrors the state for a rule, before that
    /// rule's handler has started, is blamed on that rule, not on the one that ran before.
    @Test func memoryRunningOutBeforeAHandlerNamesItsRule() throws {
        let scripts = [
            "hoard.lua": """
                local kept = {}
                echolot.goal("hoard", { on = {
                  ["pack.hoard"] = function(goal) local block = ("h"):rep(1000) while true do kept[#kept + 1] = block .. #kept end end,
                } })
                """,
            "later.lua": """
                echolot.goal("later", { on = { ["pack.later"] = function(goal) goal.state = "met" end } })
                """,
        ]
        let entities = (0..<1500).map { ("e\($0)", Double($0 % 360)) }
        let level = Support.level(entities: entities, goals: #"[{"type": "hoard"}, {"type": "later"}]"#)
        let world = try Support.world(scripts: scripts, level: level)
        world.store.dispatch(.start)
        // The hoard fails at the cap but keeps what it holds; the failed call leaves the
        // mirror to be built again whole, by the next rule that runs.
        let hoarding = try #require(world.store.dispatch(Action("pack.hoard")).rejections.first?.error as? ScriptError)
        #expect(hoarding.kind == .memoryLimit && hoarding.line == 3, "\(hoarding)")
        let transition = world.store.dispatch(Action("pack.later"))
        let error = try #require(transition.rejections.first?.error as? ScriptError)
        #expect(error.kind == .memoryLimit, "\(error)")
        #expect(error.rule == "goal 'later'")
        #expect(error.source?.file == "scripts/later.lua", "\(error)")
        #expect(error.line == 1, "\(error)")
        #expect(error.message.contains("before its handler ran"), "\(error)")
    }

    /// Refused before Lua fills anything, at the line that asked; a number to repeat and a
    /// count written as text are taken as Lua takes them.
    @Test(arguments: ["pack.bigString", "pack.bigStringText"])
    func oneHugeAllocation(action: String) throws {
        _ = try reject(action, kind: .runtime, message: "string.rep")
    }

    /// Under the cap (16 MiB here) but more than is left for string.rep's buffer and its result: the
    /// memory limit, which `pcall` cannot catch (the sandbox raises it before the buffer
    /// is filled, as the allocator would after).
    @Test func aStringThatWouldNotFitInTheMemoryLeft() throws {
        _ = try reject("pack.nearCapString", kind: .memoryLimit, message: "memory limit exceeded")
    }

    /// A script's megabyte-long message is cut, so the report stays one readable line.
    @Test func aHugeErrorMessageIsCut() throws {
        let error = try reject("pack.hugeError", kind: .runtime, message: "… (cut: ")
        #expect(error.message.utf8.count < 1100)
    }

    /// At the `error(…)` or `assert(…)` that raised it, where the line has one: Lua gives
    /// the line alone, and column 1 sent the author to the line's start.
    @Test func errorWithATable() throws {
        let error = try reject("pack.tableError", kind: .runtime, message: "error() was called with a table value")
        #expect(error.column == BadInputTests.column(of: "error({ code", onLine: error.line!), "\(error)")
        let failed = try reject("pack.assertFails", kind: .runtime, message: "n must be 2")
        #expect(failed.column == BadInputTests.column(of: "assert(n == 2", onLine: failed.line!), "\(failed)")
        // Two calls on the line: the text cannot tell which ran.
        let either = try reject("pack.eitherError", kind: .runtime, message: "b")
        #expect(either.column == nil, "\(either)")
    }

    @Test func luaRuntimeError() throws {
        _ = try reject("pack.nilIndex", kind: .runtime, message: "attempt to index a nil value (local 'x')")
    }

    /// At the `return` that gave the value, on the handler's line here.
    @Test func wrongReturnShape() throws {
        let error = try reject("pack.wrongShape", kind: .runtime, message: "goal 'trap' must return its focus (a table) or nil, not number")
        #expect(error.column == BadInputTests.column(of: "return 42", onLine: error.line!), "\(error)")
    }

    /// A refused result is placed at the handler's one `return` that gives a value: not at
    /// `function`, nor at a bare `return` or the `return` of a function nested in it.
    @Test func aRefusedResultIsPlacedAtItsReturn() throws {
        let error = try reject("pack.returnLate", kind: .runtime, message: "goal 'trap' must return its focus (a table) or nil, not number",
                               line: BadInputTests.line(of: "pack.returnLate") + 3)
        #expect(error.column == BadInputTests.column(of: "return helper()", onLine: error.line!), "\(error)")
    }

    /// With two returns giving values the text cannot tell which ran: the handler's
    /// `function`, as modding.md says (it was the line's column 1).
    @Test func aRefusedResultOfOneOfTwoReturnsStaysAtTheFunction() throws {
        let error = try reject("pack.returnEither", kind: .runtime, message: "goal 'trap' must return its focus (a table) or nil, not number")
        #expect(error.column == BadInputTests.column(of: "function", onLine: error.line!), "\(error)")
    }

    @Test func storingAFunction() throws {
        _ = try reject("pack.function", kind: .runtime, message: "field 'callback': a function value cannot be stored")
    }

    /// A library, `ctx` or `echolot` copied would be an empty table: refused by name.
    @Test(arguments: [("pack.library", "field 'tools': string cannot be stored in the state"),
                      ("pack.context", "field 'saved.ctx': ctx cannot be stored in the state"),
                      ("pack.returnedLibrary", "echolot cannot be stored in the state")])
    func storingAReadOnlyViewOfTheEngine(action: String, message: String) throws {
        _ = try reject(action, kind: .runtime, message: message)
    }

    /// The depth limit counts from the state's root, so a table stored deep inside the
    /// state has less room, and whatever was stored can be handed back to Lua.
    @Test func nestingTooDeepForItsPlaceInTheState() throws {
        _ = try reject("pack.tooDeep", kind: .runtime, message: "field 'deep': tables nested more than 100 deep (counted from the state's root)")
    }

    /// A rule failure makes the next call rebuild the mirror from the state: the deepest
    /// table a write allows must survive that, or every later call would fail.
    @Test func theDeepestTableStoredSurvivesARebuild() throws {
        let (store, _) = try world()
        store.dispatch(Action("pack.deepest"))
        let depth = try #require(store.goal("trap")?["depth"].intValue)
        #expect(depth > 90)
        #expect(store.dispatch(Action("pack.nilIndex")).rejections.count == 1)
        let next = store.dispatch(Action("pack.ok"))
        #expect(next.rejections.isEmpty, "\(next.rejections)")
        #expect(store.goal("trap")?["progress"] == .int(1))
    }

    /// A reducer focused on the level may set its score, within a scoring rule's range.
    @Test func aScoreWrittenDirectlyIsHeldToTheRange() throws {
        let script = """
            echolot.reducer({ name = "cheat", focus = "level", on = {
              ["pack.huge"] = function(level) level.score = math.maxinteger end,
              ["pack.fair"] = function(level) level.score = 1200 end,
            } })
            """
        let world = try Support.world(scripts: ["cheat.lua": script], level: Support.level(entities: [("bell", 0)]))
        world.store.dispatch(.start)
        let refused = world.store.dispatch(Action("pack.huge"))
        let error = try #require(refused.rejections.first?.error as? ScriptError)
        #expect(error.message.contains("field 'score': a level's score is an integer from 0 to 1000000000, not 9223372036854775807"),
                "\(error)")
        #expect(error.line == 2)
        world.store.dispatch(Action("pack.fair"))
        #expect(world.store.state[Game.level][LevelKeys.score] == 1200)
    }

    @Test func nonStringKeys() throws {
        _ = try reject("pack.badKey", kind: .runtime, message: "needs string keys (or 1..n for a list), found the number 0")
    }

    @Test func invalidGoalState() throws {
        // At the line of the write, not the function's.
        _ = try reject("pack.badState", kind: .runtime, message: "field 'state': a goal's state is \"pending\", \"met\" or \"failed\", not \"done\"",
                       line: BadInputTests.line(of: "pack.badState") + 1)
    }

    /// A goal's deadline, which players hear counted down, is a number of seconds or nil:
    /// anything else would leave the countdown silent without a word, so it is refused at
    /// the line that writes it, and in a goal returned whole.
    @Test func aGoalsDeadlineIsANumber() throws {
        _ = try reject("pack.badDeadline", kind: .runtime, message: "field 'deadline': a goal's deadline is the level time, "
                       + "in seconds, by which it must be met (nil: none), not \"20\"", line: BadInputTests.line(of: "pack.badDeadline") + 1)
        _ = try reject("pack.returnedBadDeadline", kind: .runtime, message:
            "goal 'trap' returned a focus the state cannot hold: field 'deadline': a goal's deadline is the level time")
    }

    /// A goal keeps its id (its key among the level's goals) and its type (the rule that
    /// runs it), whether written in place or returned whole: a changed type would silently
    /// stop the rule.
    @Test(arguments: [("pack.renameGoal", "field 'id': a goal's id cannot change (it is 'trap')"),
                      ("pack.retypeGoal", "field 'type': a goal's type cannot change (it is 'trap')"),
                      ("pack.returnedUntyped", "goal 'trap' returned a goal without its type 'trap'"),
                      ("pack.returnedRetyped", "goal 'trap' returned a goal of type 'find'; a goal's type cannot change")])
    func aGoalKeepsItsIdAndType(action: String, message: String) throws {
        _ = try reject(action, kind: .runtime, message: message)
    }

    /// A returned focus the state cannot hold is refused with the field that cannot be
    /// held, at the rule's function, with no line of the engine's in the message.
    @Test func aReturnedFocusTheStateCannotHoldNamesTheField() throws {
        let error = try reject("pack.returnedBadState", kind: .runtime, message:
            "goal 'trap' returned a focus the state cannot hold: field 'state': a goal's state is \"pending\", \"met\" or \"failed\", not \"won\"")
        #expect(!error.message.contains("echolot."), "\(error)")
    }

    /// The engine's own fields of an entity and its sound hold what the level format
    /// allows, whoever writes them and however: a behaviour through the C writer's fast
    /// path or the Lua writer, a level reducer, a whole table. An azimuth is normalised, as
    /// the geometry contract says; anything else out of place is refused at its line, a
    /// sound file the pack does not have too.
    @Test func anEntitysEngineFieldsHoldWhatTheFormatAllows() throws {
        let scripts = ["fields.lua": """
            echolot.behaviour("poke", { on = { ["pack.*"] = function(e, action)
              local n = action.name
              if n == "pack.around" then e.azimuth = 400
              elseif n == "pack.back" then e.azimuth = -30.5
              elseif n == "pack.up" then
                e.elevation = 91
              elseif n == "pack.far" then
                e.distance = 0
              elseif n == "pack.maybe" then
                e.found = "maybe"
              elseif n == "pack.rename" then
                e.id = "other"
              elseif n == "pack.loud" then
                e.sound.volume = 10
              elseif n == "pack.quiet" then
                e.sound = { file = "s.wav", volume = -1 }
              elseif n == "pack.drop" then
                e.distance = nil
              elseif n == "pack.silent" then
                e.sound.file = "bel.wav"
              elseif n == "pack.mp3" then
                e.sound.file = "s.mp3"
              end
            end } })
            echolot.reducer({ name = "spin", on = { ["pack.spin"] = function(level)
              level.entities.bell.azimuth = -90
            end } })
            """]
        let level = Support.level(entities: [("bell", 0)], behaviours: #"[{"type": "poke"}]"#)
        let (_, _, store) = try Support.world(scripts: scripts, level: level)
        store.send(.start)
        for (action, azimuth) in [("pack.around", Value.int(40)), ("pack.back", .number(329.5)), ("pack.spin", .int(270))] {
            #expect(store.send(Action(action)).isEmpty)
            #expect(store.entity("bell")?["azimuth"] == azimuth, "\(action)")
        }
        let refused = [
            ("pack.up", 6, "field 'elevation': an entity's elevation is a number of degrees from -90 to 90, not 91"),
            ("pack.far", 8, "field 'distance': an entity's distance is a number of metres above 0, not 0"),
            ("pack.maybe", 10, "field 'found': an entity's found is true or false, not \"maybe\""),
            ("pack.rename", 12, "field 'id': an entity's id cannot change (it is 'bell')"),
            ("pack.loud", 14, "field 'volume': an entity's sound's volume is a number from 0 to 4, not 10"),
            ("pack.quiet", 16, "field 'volume': an entity's sound's volume is a number from 0 to 4, not -1"),
            ("pack.drop", 18, "cannot remove field 'distance': the engine keeps an entity's distance"),
            // A sound the pack lacks is told at the write, not as silence when it plays.
            ("pack.silent", 20, "field 'file': sound file \"sounds/bel.wav\" does not exist; add it to the pack's sounds/ folder, or correct the name"),
            // Held to what a level naming it is: a format the engine does not play too.
            ("pack.mp3", 22, "field 'file': unsupported sound format \"s.mp3\"; use WAV (.wav), FLAC (.flac) or Ogg Vorbis (.ogg)"),
        ]
        for (action, line, message) in refused {
            let before = store.state
            let rejections = store.send(Action(action))
            let error = try #require(rejections.first?.error as? ScriptError, "\(action)")
            #expect(error.message == message)
            #expect(error.line == line, "\(action): \(error)")
            #expect(store.state == before)
        }
    }

    /// A sound, the view, the level's music and its ambient sounds have only the fields a
    /// level file gives them: a misspelt one (`volum`), written alone or inside a whole
    /// table, was stored and never read, so the rule seemed to run and changed nothing. An entity's `position`, as a level file
    /// writes it, is refused with where its numbers are. Custom fields of an entity stay.
    @Test func aSoundOrAViewHasOnlyItsOwnFields() throws {
        let scripts = ["fields.lua": """
            echolot.behaviour("poke", { on = {
              ["pack.volum"] = function(e) e.sound.volum = 0.2 end,
              ["pack.wholeSound"] = function(e) e.sound = { file = "a.wav", lop = true } end,
              ["pack.position"] = function(e) e.position = { azimuth = 90 } end,
              ["pack.custom"] = function(e) e.hops = 3 e.sound.volume = 0.5 end,
            } })
            echolot.reducer({ name = "look", on = {
              ["pack.centr"] = function(level) level.view.centr = 45 end,
              ["pack.music"] = function(level) level.music = { file = "s.wav", volum = 2 } end,
              ["pack.ambience"] = function(level) level.ambience = { { file = "s.wav" } } level.ambience[2] = { file = "s.wav", lop = true } end,
              ["pack.loud"] = function(level) level.ambience = { { file = "s.wav" } } level.ambience[1].volume = 9 end,
              ["pack.wholeEntity"] = function(level) level.entities.bell = { id = "bell", azimuth = 3, sound = { file = "a.wav", Playing = false } } end,
            } })
            """]
        let level = Support.level(entities: [("bell", 0)], behaviours: #"[{"type": "poke"}]"#)
        let (_, _, store) = try Support.world(scripts: scripts, level: level)
        store.send(.start)
        let refused = [
            ("pack.volum", 2, "field 'volum': an entity's sound has no such field (did you mean 'volume'?); its fields are file, loop, pitch, playing, rolloff, volume"),
            ("pack.wholeSound", 3, "field 'sound.lop': an entity's sound has no such field (did you mean 'loop'?); its fields are file, loop, pitch, playing, rolloff, volume"),
            ("pack.position", 4, "field 'position': an entity's azimuth, elevation and distance are fields of their own (entity.azimuth = 90), not a position table as in a level file"),
            ("pack.centr", 8, "field 'centr': a level's view has no such field (did you mean 'center'?); its fields are center, elevation, selectTolerance, visuals, width"),
            ("pack.music", 9, "field 'music.volum': a level's music has no such field (did you mean 'volume'?); its fields are file, loop, volume"),
            ("pack.ambience", 10, "field 'ambience[2].lop': an ambient sound has no such field (did you mean 'loop'?); its fields are file, loop, volume"),
            ("pack.loud", 11, "field 'volume': an ambient sound's volume is a number from 0 to 4, not 9"),
            ("pack.wholeEntity", 12, "field 'bell.sound.Playing': an entity's sound has no such field (did you mean 'playing'?); its fields are file, loop, pitch, playing, rolloff, volume"),
        ]
        for (action, line, message) in refused {
            let before = store.state
            let error = try #require(store.send(Action(action)).first?.error as? ScriptError, "\(action)")
            #expect(error.message == message)
            #expect(error.line == line, "\(action): \(error)")
            #expect(store.state == before)
        }
        #expect(store.send(Action("pack.custom")).isEmpty)
        #expect(store.entity("bell")?["hops"] == .int(3))
    }

    /// Placed at the write, so the author sees which of the line's assignments was refused.
    @Test func writingOutsideTheFocus() throws {
        let error = try reject("pack.otherFocus", kind: .runtime, message: "a reducer may change only its focus")
        #expect(error.column == BadInputTests.column(of: "ctx.level.misses = 99", onLine: error.line!), "\(error)")
    }

    /// Text that is not UTF-8 is refused at the write that stored it, with its path, and
    /// its bytes are written as Lua writes them: Swift's conversion refused it only as the
    /// write log was read, told at the registration's line, and a bad field name made the
    /// message itself unreadable.
    @Test func textThatIsNotUTF8IsToldAtItsWrite() throws {
        let cases = [
            ("pack.badText", "field 'note': a string stored in the state must be valid UTF-8", "goal.note ="),
            ("pack.badTextInside", "field 'notes[2]': a string stored in the state must be valid UTF-8", "goal.notes ="),
            ("pack.badName", #"field 'data["caf\xE9"]': a field name must be valid UTF-8"#, "goal.data ="),
            ("pack.badItem", "list item 2: a string stored in the state must be valid UTF-8", "goal.items[2]"),
        ]
        for (action, message, written) in cases {
            let error = try reject(action, kind: .runtime, message: message)
            #expect(error.message.hasPrefix(message), "\(error)")
            if action != "pack.badItem" {
                #expect(error.column == BadInputTests.column(of: written, onLine: error.line!), "\(error)")
            }
        }
    }

    @Test func aFailedCallLeavesNoTrace() throws {
        _ = try reject("pack.partial", kind: .runtime, message: "after a write")
    }

    /// Two rules on one action: the first moves its entity, the second throws. The whole
    /// action is rejected — the first rule's move too, though it succeeded — and the
    /// mirror follows: the next tick moves the entity from where the state has it.
    @Test func aLaterRuleFailingDropsAnEarlierRulesWrites() throws {
        let scripts = [
            "a.lua": """
                echolot.behaviour("step", { on = { ["pack.go"] = function(e) e.azimuth = e.azimuth + 10 end } })
                """,
            "b.lua": """
                echolot.behaviour("fail", { on = { ["pack.go"] = function(e, action) if action.fail then error("no") end end } })
                """,
        ]
        let level = Support.level(entities: [("bell", 0)], behaviours: #"[{"type": "step"}, {"type": "fail"}]"#)
        let (_, _, store) = try Support.world(scripts: scripts, level: level)
        store.send(.start)
        let before = store.state
        let rejections = store.send(Action("pack.go", ["fail": true]))
        #expect(rejections.map(\.reducer) == ["behaviour 'fail'"])
        #expect(store.state == before)
        #expect(store.send(Action("pack.go")).isEmpty)
        #expect(store.entity("bell")?[EntityKeys.azimuth] == 10)
    }

    /// A score outside 0…1,000,000,000 is refused where the rule returns it, naming the
    /// rule, so a profile never has to add up scores that overflow; the edges are accepted.
    @Test func aScoreOutOfRangeIsAScriptError() throws {
        let scripts = ["huge.lua": """
            echolot.scoring("huge", { on = { ["pack.score"] = function(score, action) return action.score end } })
            """]
        let level = Support.level(entities: [("bell", 0)], scoring: #"{"type": "huge"}"#)
        let (_, _, store) = try Support.world(scripts: scripts, level: level)
        store.send(.start)
        for bad in [Int.max, 1_000_000_001, -1] {
            let before = store.state
            let rejections = store.send(Action("pack.score", ["score": .int(bad)]))
            let error = try #require(rejections.first?.error as? ScriptError)
            #expect(error.rule == "scoring 'huge'")
            #expect(error.message == "scoring 'huge' returned the score \(bad); a score is an integer from 0 to 1000000000", "\(error)")
            #expect(store.state == before)
        }
        for good in [1_000_000_000, 0] {
            #expect(store.send(Action("pack.score", ["score": .int(good)])).isEmpty)
            #expect(store.state[Game.level][LevelKeys.score] == good)
        }
    }

    @Test func syntaxErrorNamesFileAndLine() throws {
        let engine = try ScriptEngine()
        let source = ScriptSource(pack: "test", file: "scripts/broken.lua", displayPath: "levels/x/scripts/broken.lua")
        let error = #expect(throws: ScriptError.self) {
            try engine.loadScript(pack: "test", source: source, text: Array("local x = 1\nlocal y = = 2\n".utf8))
        }
        #expect(error?.kind == .syntax)
        #expect(error?.line == 2)
        #expect(error?.description.hasPrefix("levels/x/scripts/broken.lua:2:11: error: unexpected symbol near '='") == true,
                "\(error?.description ?? "")")
    }

    /// Lua gives a syntax error's line alone: the column is the token it is near, read as
    /// Lua's lexer reads the line (not an `end` in a string or a `z` in a comment; above,
    /// the `=` Lua stopped at, not the one before it); one near the end of the text is just
    /// after its last token; column 1 when the token is not written as the message gives it.
    @Test(arguments: [(#"x = "a end" end"#, "1:13: error: <eof> expected near 'end'"),
                      ("x = 1 --[[ y\n z ]] y z", "2:9: error: syntax error near 'z'"),
                      ("if x then\n  y = 1\n\n", "2:8: error: 'end' expected (to close 'if' at line 1) near <eof>"),
                      ("x = \u{1}", "1:1: error: unexpected symbol near '<\\1>'")])
    func aSyntaxErrorIsPlacedAtTheTokenItIsNear(text: String, message: String) throws {
        let engine = try ScriptEngine()
        let source = ScriptSource(pack: "test", file: "scripts/broken.lua", displayPath: "broken.lua")
        let error = #expect(throws: ScriptError.self) {
            try engine.loadScript(pack: "test", source: source, text: Array(text.utf8))
        }
        #expect(error?.description == "broken.lua:\(message) (pack 'test')", "\(error?.description ?? "")")
    }

    /// A script's own message is the stranger's text: `error("a\nb")` printed two lines,
    /// the second free to pose as another file's diagnostic.
    @Test func aScriptErrorWithALineBreakIsToldOnOneLine() throws {
        let engine = try ScriptEngine()
        let source = ScriptSource(pack: "test", file: "scripts/bad.lua", displayPath: "bad.lua")
        let error = #expect(throws: ScriptError.self) {
            try engine.loadScript(pack: "test", source: source,
                                  text: Array(#"error("boom\nx.json:1:1: error: forged\u{202E}")"#.utf8))
        }
        #expect(error?.description == #"bad.lua:1:1: error: boom\nx.json:1:1: error: forged\u202E (pack 'test')"#)
    }

    @Test func errorWhileLoadingNamesFileAndLine() throws {
        let engine = try ScriptEngine()
        let source = ScriptSource(pack: "test", file: "scripts/bad.lua", displayPath: "bad.lua")
        let error = #expect(throws: ScriptError.self) {
            try engine.loadScript(pack: "test", source: source, text: Array("\n\necholot.goal('x', 5)\n".utf8))
        }
        #expect(error?.line == 3)
        #expect(error?.message.contains("spec must be a table") == true)
        let loop = #expect(throws: ScriptError.self) {
            try engine.loadScript(pack: "test", source: source, text: Array("while true do end".utf8))
        }
        #expect(loop?.kind == .instructionLimit)
        #expect(loop?.line == 1)
    }

    @Test func aPackWithBrokenScriptsReportsEveryFile() throws {
        let folder = try Support.writePack(files: [
            "levels/one.json": Support.level(entities: [("bell", 0)]),
            "scripts/a.lua": "this is not lua",
            "scripts/b.lua": "echolot.goal('find', { on = { tick = function() end } })",
            "scripts/c.lua": "echolot.goal('c', { on = { tick = function() end } })",
        ])
        let pack = try PackLoader.load(at: folder)
        let error = #expect(throws: ScriptLoadError.self) { try PackRules.load(pack, standardRules: Support.standardRules) }
        #expect(error?.errors.count == 1)
        #expect(error?.errors.first?.source?.file == "scripts/a.lua")
    }

    /// A helper's global read by a file that loads before the helper's was told only as "a
    /// nil value", which sends the modder looking for a typo: the file that sets it is named,
    /// with why it is too late and where a helper goes to load first.
    @Test func aGlobalSetByAFileLoadedLaterIsToldSo() throws {
        let folder = try Support.writePack(files: [
            "levels/one.json": Support.level(entities: [("bell", 0)]),
            "scripts/goals/ring.lua": "local clamp = util.clamp\necholot.goal('ring', { on = { tick = function() end } })",
            "scripts/lib/util.lua": "util = {}\nfunction util.clamp(x) return x end",
        ])
        let pack = try PackLoader.load(at: folder)
        let error = #expect(throws: ScriptLoadError.self) { try PackRules.load(pack, standardRules: Support.standardRules) }
        let first = try #require(error?.errors.first)
        #expect(error?.errors.count == 1)
        #expect(first.source?.file == "scripts/goals/ring.lua")
        #expect(first.message == "attempt to index a nil value (global 'util'): 'util' is set by \(pack.layer.display("scripts/lib/util.lua")), "
            + "which loads after this file; scripts load in path order (byte order), so what other files use as they load goes in a file "
            + "whose path sorts before scripts/goals/ring.lua (such as scripts/_lib/ for scripts/lib/)")
        // A helper right in scripts/ is sent to a folder that sorts early, not to one named after itself.
        let topLevel = try Support.writePack(files: [
            "levels/one.json": Support.level(entities: [("bell", 0)]),
            "scripts/goals/ring.lua": "local clamp = util.clamp\necholot.goal('ring', { on = { tick = function() end } })",
            "scripts/util.lua": "util = {}\nfunction util.clamp(x) return x end",
        ])
        let told = #expect(throws: ScriptLoadError.self) {
            try PackRules.load(try PackLoader.load(at: topLevel), standardRules: Support.standardRules)
        }
        #expect(told?.errors.first?.message.hasSuffix("sorts before scripts/goals/ring.lua (such as scripts/_lib/)") == true,
                "\(String(describing: told?.errors.first?.message))")
        // Named so, the helper loads first and the pack loads.
        let helpers = folder.appendingPathComponent("scripts/_lib")
        try FileManager.default.moveItem(at: folder.appendingPathComponent("scripts/lib"), to: helpers)
        _ = try PackRules.load(try PackLoader.load(at: folder), standardRules: Support.standardRules)
    }

    /// A script that is a link leading nowhere, or a pipe, is reported where it is: skipped,
    /// its rules would only show up later as "no script registers it".
    @Test(arguments: ["link", "pipe"])
    func aScriptThatCannotBeReadIsReportedNotSkipped(kind: String) throws {
        let folder = try Support.writePack(files: [
            "levels/one.json": Support.level(entities: [("bell", 0)]),
            "scripts/good.lua": "echolot.goal('good', { on = { tick = function() end } })",
        ])
        let bad = folder.appendingPathComponent("scripts/bad.lua")
        if kind == "link" {
            try FileManager.default.createSymbolicLink(atPath: bad.path, withDestinationPath: "nowhere.lua")
        } else {
            #expect(mkfifo(bad.path, 0o600) == 0)
        }
        let pack = try PackLoader.load(at: folder)
        let error = #expect(throws: ScriptLoadError.self) { try PackRules.load(pack, standardRules: Support.standardRules) }
        #expect(error?.errors.first?.source?.file == "scripts/bad.lua")
        #expect(error?.errors.first?.message == (kind == "link"
            ? "the script is a symbolic link that leads nowhere (its target is missing)"
            : "cannot read the script: not a regular file"))
    }

    /// A script whose name is not UTF-8 was told as a link leading nowhere.
    @Test func aScriptWhoseNameIsNotUTF8IsToldAsSuch() throws {
        let folder = try Support.writePack(files: ["levels/one.json": Support.level(entities: [("bell", 0)]),
                                                   "scripts/good.lua": "-- nothing"])
        try createFile(rawName: [0x61, 0xFF] + Array(".lua".utf8), in: folder.appendingPathComponent("scripts"))
        let pack = try PackLoader.load(at: folder)
        let error = #expect(throws: ScriptLoadError.self) { try PackRules.load(pack, standardRules: Support.standardRules) }
        #expect(error?.errors.map(\.message) == ["the file's name is not valid UTF-8; rename it"])
    }

    /// A script that cannot be read does not hide the others' problems: one load names
    /// every script it cannot use, in load order, whatever is wrong with each.
    @Test func everyUnusableScriptIsReportedInOneLoad() throws {
        let folder = try Support.writePack(files: [
            "levels/one.json": Support.level(entities: [("bell", 0)]),
            "scripts/c.lua": "this is not lua",
            "scripts/e.lua": "echolot.goal('good', { on = { tick = function() end } })",
        ])
        let scripts = folder.appendingPathComponent("scripts")
        try FileManager.default.createSymbolicLink(atPath: scripts.appendingPathComponent("a.lua").path,
                                                   withDestinationPath: "nowhere.lua")
        let outside = folder.appendingPathComponent("outside.lua")
        try Data("echolot.goal('outside', { on = { tick = function() end } })".utf8).write(to: outside)
        try FileManager.default.createSymbolicLink(atPath: scripts.appendingPathComponent("b.lua").path,
                                                   withDestinationPath: outside.path)
        #expect(mkfifo(scripts.appendingPathComponent("d.lua").path, 0o600) == 0)
        let pack = try PackLoader.load(at: folder)
        let error = #expect(throws: ScriptLoadError.self) { try PackRules.load(pack, standardRules: Support.standardRules) }
        #expect(error?.errors.map { $0.source?.file ?? "" } == ["scripts/a.lua", "scripts/b.lua", "scripts/c.lua", "scripts/d.lua"])
        #expect(error?.errors[1].message == "the script is a link to a file outside the pack; scripts must stay inside it")
        #expect(error?.errors[2].kind == .syntax)
    }
}
