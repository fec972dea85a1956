import EcholotCore
import EcholotModel
import Foundation
import Testing
@testable import EcholotScript

/// What a modder reads when a rule goes wrong: messages that name the exact value, name
/// and place, run through real Lua and a real pack.
@Suite struct RuleMessageTests {
    /// A pack whose goal `g` (type `probe`) runs `body` on `pack.go`, with `params` declared;
    /// the level's goal entry adds `entry`. Returns the store, started.
    func world(_ body: String, params: String = "{}", entry: String = "") throws -> Store<GameState> {
        let script = """
            echolot.goal("probe", {
              params = \(params),
              on = { ["pack.go"] = function(goal, action, ctx)
            \(body)
              end },
            })
            """
        let level = Support.level(entities: [("bell", 0)], goals: #"[{"type": "probe", "id": "g"\#(entry)}]"#)
        let world = try Support.world(scripts: ["probe.lua": script], level: level)
        world.store.dispatch(.start)
        return world.store
    }

    /// The first rejection's message when `pack.go` is dispatched.
    func go(_ store: Store<GameState>) -> String {
        Support.rejection(store.dispatch(Action("pack.go")))
    }

    /// A value that cannot be stored, deep inside a table, is named by its whole path.
    @Test func aBadValueDeepInAFieldIsNamedByItsPath() throws {
        let stored = try world("goal.extra = { list = { 1, 2, { fn = print } } }")
        #expect(go(stored).contains("field 'extra.list[3].fn': a function value cannot be stored in the state"), "\(go(stored))")
        let item = try world("goal.items = { 1 } goal.items[1] = { deep = { print } }")
        #expect(go(item).contains("list item [1].deep[1]: a function value cannot be stored in the state"), "\(go(item))")
        let emitted = try world(#"ctx.emit("pack.x", { deep = { ["odd key"] = { f = print } } })"#)
        #expect(go(emitted).contains(#"ctx.emit: payload.deep["odd key"].f: a function value cannot be stored in the state"#),
                "\(go(emitted))")
        let top = try world(#"ctx.emit("pack.x", { f = print })"#)
        #expect(go(top).contains("ctx.emit: payload.f: a function value"), "\(go(top))")
    }

    /// A misspelt parameter read raises at once with the nearest name; a declared optional
    /// one without a value is nil.
    @Test func readingAnUndeclaredParameterNamesTheNearestOne() throws {
        let params = #"{ approach = { type = "number", default = 1 }, spare = { type = "number", optional = true } }"#
        let misspelt = try world("goal.x = ctx.params.aproach * 2", params: params)
        #expect(go(misspelt).contains("probe.lua:4:10: error: no parameter 'aproach' (did you mean 'approach'?)"), "\(go(misspelt))")
        let optional = try world("goal.x = ctx.params.spare == nil and ctx.params.approach", params: params)
        #expect(go(optional) == "")
        #expect(optional.goal("g")?["x"] == .int(1))
        let none = try world("goal.x = ctx.params.speed")
        #expect(go(none).contains("no parameter 'speed' (it takes no parameters)"), "\(go(none))")
    }

    /// A left-out library still reads as nil (`if os then` works), but using one says
    /// what packs use instead.
    @Test(arguments: [("goal.x = os.time()", "attempt to index a nil value (global 'os'): 'os' is not available to packs: there is no clock: use ctx.time; randomness comes from ctx.random(), seeded by the level"),
                      ("goal.x = math.random(6)", "attempt to call a nil value (field 'random'): 'math.random' is not available to packs: randomness comes from ctx.random(), seeded by the level"),
                      ("goal.x = ('f'):dump()", "attempt to call a nil value (method 'dump'): 'string.dump' is not available to packs: packs load only source text"),
                      ("require('x')", "attempt to call a nil value (global 'require'): 'require' is not available to packs: every file"),
                      ("goal.x = io.read()", "(global 'io'): 'io' is not available to packs"),
                      ("goal.x = os and 1 or 2", "")])
    func aLeftOutLibrarySaysWhatToUseInstead(body: String, message: String) throws {
        let store = try world(body)
        let got = go(store)
        #expect(message.isEmpty ? got.isEmpty : got.contains(message), "\(got)")
    }

    /// A name of an older Lua (as examples on the web still use) says what Lua 5.4 has.
    @Test(arguments: [("goal.x = unpack({1})", "attempt to call a nil value (global 'unpack'): 'unpack' is from an older Lua; Lua 5.4 has table.unpack (pack"),
                      ("goal.x = math.mod(7, 3)", "attempt to call a nil value (field 'mod'): 'math.mod' is from an older Lua; Lua 5.4 has x % y (or math.fmod) (pack"),
                      ("goal.x = loadstring('return 1')", "(global 'loadstring'): 'loadstring' is from an older Lua; Lua 5.4 has load(text) (pack"),
                      ("goal.x = table.getn({})", "(field 'getn'): 'table.getn' is from an older Lua; Lua 5.4 has #t (pack"),
                      // Debian's Lua keeps these (LUA_COMPAT_MATHLIB): a pack using them would
                      // fail on a Lua 5.4 built without, so the sandbox leaves them out.
                      ("goal.x = math.pow(2, 3)", "(field 'pow'): 'math.pow' is from an older Lua; Lua 5.4 has x ^ y (pack"),
                      ("goal.x = math.atan2(1, 1)", "(field 'atan2'): 'math.atan2' is from an older Lua; Lua 5.4 has math.atan(y, x) (pack")])
    func anOlderLuasNameSaysWhatLua54Has(body: String, message: String) throws {
        let got = go(try world(body))
        #expect(got.contains(message), "\(got)")
    }

    /// A misspelt name of `echolot`, `ctx`, a library, a string method or a global gets the
    /// name the table read has, after Lua's message, which keeps its place and context.
    @Test(arguments: [("goal.x = ctx.parms.speed", "probe.lua:4:10: error: attempt to index a nil value (field 'parms') (did you mean 'ctx.params'?) (pack 'test', goal 'probe' with id 'g', action 'pack.go')"),
                      ("goal.x = ctx.rnadom(6)", "attempt to call a nil value (field 'rnadom') (did you mean 'ctx.random'?) (pack"),
                      ("goal.x = echolot.lsit()", "attempt to call a nil value (field 'lsit') (did you mean 'echolot.list'?) (pack"),
                      ("goal.x = math.flor(1.5)", "attempt to call a nil value (field 'flor') (did you mean 'math.floor'?) (pack"),
                      ("goal.x = string.uppper('a')", "(field 'uppper') (did you mean 'string.upper'?) (pack"),
                      // A method is placed as a field is, where its read starts: its chain, or the
                      // name after a value that is no chain; column 1 where the line calls it twice.
                      ("goal.x = ('a'):uppper()", "probe.lua:4:16: error: attempt to call a nil value (method 'uppper') (did you mean 'upper'?) (pack"),
                      ("local s = 'a' goal.x = s:uppper()", "probe.lua:4:24: error: attempt to call a nil value (method 'uppper')"),
                      ("local s = 'a'\ngoal.x = s:uppper()", "probe.lua:5:10: error: attempt to call a nil value (method 'uppper')"),
                      ("goal.x = ('a'):uppper() .. ('b'):uppper()", "probe.lua:4:1: error: attempt to call a nil value (method 'uppper')"),
                      ("goal.x = tonumbr('1')", "attempt to call a nil value (global 'tonumbr') (did you mean 'tonumber'?) (pack"),
                      ("goal.x = ctx.time + ctx.tiem", "attempt to perform arithmetic on a nil value (field 'tiem') (did you mean 'ctx.time'?) (pack")])
    func aMisspeltNameGetsTheOneMeant(body: String, message: String) throws {
        let got = go(try world(body))
        #expect(got.contains(message), "\(got)")
    }

    /// The hint is for the table that was read: a table of the script's own is told by
    /// what it has, and an engine table whose names are nothing like the name adds nothing
    /// to Lua's message.
    @Test(arguments: [("local t = {} goal.x = t.gaol()", "(field 'gaol') (t has no field 'gaol'; it has no named fields) (pack"),
                      ("goal.x = echolot.registerGoal()", "(field 'registerGoal') (pack")])
    func aNameOfAnotherTableGetsItsOwnHint(body: String, message: String) throws {
        let got = go(try world(body))
        #expect(got.hasSuffix("nil value \(message) 'test', goal 'probe' with id 'g', action 'pack.go')"), "\(got)")
    }

    /// A nil field of the rule's own data — its focus, the action, the level, a table of
    /// the script — is told with the field meant, or with what the table has, at the
    /// column where the read starts.
    @Test(arguments: [
        ("goal.x = goal.stat .. ''", "4:10: error: attempt to concatenate a nil value (field 'stat') (did you mean 'goal.state'?)"),
        ("goal.x = action.nmae .. ''", "4:10: error: attempt to concatenate a nil value (field 'nmae') (did you mean 'action.name'?)"),
        ("local t = { count = 1 } goal.x = t.cuont + 1", "4:34: error: attempt to perform arithmetic on a nil value (field 'cuont') (did you mean 't.count'?)"),
        ("goal.x = ctx.level.entities.bell.azimth + 1",
         "4:10: error: attempt to perform arithmetic on a nil value (field 'azimth') (did you mean 'ctx.level.entities.bell.azimuth'?)"),
        ("goal.x = goal.deadline - ctx.time",
         "4:10: error: attempt to perform arithmetic on a nil value (field 'deadline') (goal has no field 'deadline'; its fields are id, state, type)"),
        ("goal.x = goal.speed * 2",
         "4:10: error: attempt to perform arithmetic on a nil value (field 'speed') (goal has no field 'speed'; did you mean 'ctx.params.speed'?)"),
        ("goal.count = goal.cuont + 1", "4:14: error: attempt to perform arithmetic on a nil value (field 'cuont') (goal has no field"),
        ("local bell = ctx.level.entities.bell goal.x = bell.position.azimuth",
         "4:47: error: attempt to index a nil value (field 'position') (bell has no field 'position': azimuth, elevation and distance are fields of their own, as in bell.azimuth)"),
    ])
    func aMisspeltFieldOfTheRulesDataGetsTheOneMeant(body: String, message: String) throws {
        let got = go(try world(body, params: #"{ speed = { type = "number", default = 3 } }"#))
        #expect(got.contains("probe.lua:" + message), "\(got)")
    }

    /// No hint where the engine cannot be sure of it: a table behind an `__index`
    /// function (an optional parameter not given, a proxy of the script's own) may have the
    /// name; a nil compared or passed on may be a variable's, or a read in another
    /// statement; an error a coroutine passed on is about variables that are gone; a chain
    /// begun on the line before may start elsewhere. A table of more than a thousand names
    /// is no list to weigh (its read is still placed).
    @Test(arguments: [
        ("goal.x = ctx.params.rage + 1", "(field 'rage') (pack"),
        ("local a = { b = setmetatable({}, { __index = function() return nil end }) } goal.x = a.b.c + 1", "(field 'c') (pack"),
        ("local x if goal.flag == nil then goal.x = math.floor(x) end", "(number expected, got nil) (pack"),
        ("goal.x = (goal.flag or {}) < 3", "attempt to compare table with number (pack"),
        ("local co = coroutine.wrap(function() local t = { count = 1 } return t.cuont + 1 end)\nlocal v = { coint = 0 } goal.x = co() + (v.cuont or 0)",
         "(field 'cuont') (pack"),
        ("local level = { entities = { bell = { azimth = 1 } } }\ngoal.x = ctx.\nlevel.entities.bell.azimth + 1", "(field 'azimth') (pack"),
        ("local t = {} for i = 1, 1500 do t['k' .. i] = i end goal.x = t.k0 + 1", "4:62: error: attempt to perform arithmetic on a nil value (field 'k0') (pack"),
    ])
    func aHintIsGivenOnlyWhereItIsSure(body: String, message: String) throws {
        let params = #"{ range = { type = "number", default = 1 }, rage = { type = "number", optional = true } }"#
        let got = go(try world(body, params: params))
        #expect(got.contains(message), "\(got)")
    }

    /// An error a coroutine passed on still gets the hints that need no variables of the
    /// function it came from: a misspelt global, an engine table's name.
    @Test func anErrorPassedOnKeepsTheHintsOfNames() throws {
        let got = go(try world("local co = coroutine.wrap(function() return tonumbr('1') end)\ngoal.x = co()"))
        #expect(got.contains("(global 'tonumbr') (did you mean 'tonumber'?) (pack"), "\(got)")
        let engine = go(try world("local co = coroutine.wrap(function() return ctx.tiem + 1 end)\ngoal.x = co()"))
        #expect(engine.contains("(field 'tiem') (did you mean 'ctx.time'?) (pack"), "\(engine)")
    }

    /// A script's file name is no part of the message the hint is looked for in.
    @Test func aFileNameIsNoMessage() throws {
        let script = """
            echolot.goal("probe", { on = { ["pack.go"] = function(goal, action, ctx) goal.x = (goal.flag or {}) < 3 end } })
            """
        let level = Support.level(entities: [("bell", 0)], goals: #"[{"type": "probe", "id": "g"}]"#)
        let store = try Support.world(scripts: ["vanilla.lua": script], level: level).store
        store.dispatch(.start)
        let got = go(store)
        #expect(got.contains("vanilla.lua:1:1: error: attempt to compare table with number (pack"), "\(got)")
    }

    /// A read through brackets that gives nil, indexed further ("(field '?')"), is told
    /// by its key: a misspelt field that made the key nil, or a key the table has no entry
    /// for, with the one meant.
    @Test(arguments: [
        ("goal.x = ctx.level.entities[goal.targt].azimuth",
         "4:10: error: attempt to index a nil value (field '?') (ctx.level.entities[goal.targt] is nil: goal.targt is nil; did you mean 'goal.target'?)"),
        ("local id = 'bel' goal.x = ctx.level.entities[id].azimuth",
         "4:27: error: attempt to index a nil value (field '?') (ctx.level.entities[id] is nil: id is 'bel'; did you mean 'bell'?)"),
        ("local t, i = { 5 }, 3 goal.x = t[i].n",
         "4:32: error: attempt to index a nil value (field '?') (t[i] is nil: i is 3, which t has no entry for)"),
        ("local t, i, j = {}, 1, 2 goal.x = t[i].n + t[j].n", "4:1: error: attempt to index a nil value (field '?') (pack"),
    ])
    func aNilReadThroughBracketsIsToldByItsKey(body: String, message: String) throws {
        let got = go(try world(body, entry: #", "target": "bell""#))
        #expect(got.contains("probe.lua:" + message), "\(got)")
    }

    /// A nil local is told by where it got its nil, when its function sets it once, in its
    /// declaration, to a read that gives nil; anything else that could have set it (a
    /// second assignment, an operator, a loop's variable of the name, a value since
    /// changed) tells nothing.
    @Test(arguments: [
        ("local e = ctx.level.entities[goal.target]\ngoal.x = e.azimuth",
         "5:10: error: attempt to index a nil value (local 'e') (set on line 4 from ctx.level.entities[goal.target], which is nil: goal.target is 'bel'; did you mean 'bell'?)"),
        ("local s = goal.speed\ngoal.x = s * 2",
         "5:10: error: attempt to perform arithmetic on a nil value (local 's') (set on line 4 from goal.speed, which is nil: goal has no field 'speed'; did you mean 'ctx.params.speed'?)"),
        ("local e = goal.targt goal.x = e.azimuth",
         "4:31: error: attempt to index a nil value (local 'e') (set on line 4 from goal.targt, which is nil; did you mean 'goal.target'?)"),
        ("local e = ctx.level.entities[goal.target]\ne = nil\ngoal.x = e.azimuth", "6:10: error: attempt to index a nil value (local 'e') (pack"),
        ("local e = ctx.level.entities[goal.target] or nil\ngoal.x = e.azimuth", "5:10: error: attempt to index a nil value (local 'e') (pack"),
        ("local e = ctx.level.entities[goal.target]\nfor _, e in pairs({}) do end\ngoal.x = e.azimuth", "6:10: error: attempt to index a nil value (local 'e') (pack"),
        ("local e = goal.gone\ngoal.gone = 1\ngoal.x = e.y", "6:10: error: attempt to index a nil value (local 'e') (pack"),
    ])
    func aNilLocalIsToldByWhereItWasSet(body: String, message: String) throws {
        let got = go(try world(body, params: #"{ speed = { type = "number", default = 3 } }"#, entry: #", "target": "bel""#))
        #expect(got.contains("probe.lua:" + message), "\(got)")
    }

    /// An error that an engine function or Lua's library raises is placed at the call it
    /// names, when the line makes that call once; a write the engine refuses at the write,
    /// a parameter ctx lacks at its read.
    @Test(arguments: [
        ("goal.x = 1 ctx.emit('goal.met')", "4:12: error: ctx.emit: goal.met needs the id"),
        ("goal.x = math.floor('a')", "4:10: error: bad argument #1 to 'floor' (number expected, got string)"),
        ("local floor = math.floor\ngoal.x = floor('a')", "5:10: error: bad argument #1 to 'floor' (number expected, got string)"),
        ("goal.x = table.concat(1)", "4:10: error: bad argument #1 to 'concat' (table expected, got number)"),
        ("goal.x = next(1)", "4:10: error: bad argument #1 to 'next' (table expected, got number)"),
        ("goal.x = math.floor('a') + math.floor('b')", "4:1: error: bad argument #1 to 'floor' (number expected, got string)"),
        ("goal.x = 1 ctx.emit('pack.x', 5)", "4:12: error: ctx.emit(name, payload): the payload must be a table"),
        ("local s = 'done' goal.state = s", #"4:18: error: field 'state': a goal's state is "pending", "met" or "failed", not "done""#),
        ("goal.x = ctx.params.secnds", "4:10: error: no parameter 'secnds'"),
        // A write into a read-only table of the engine's: at the write, with what to do instead.
        ("goal.x = 1 ctx.params.speed = 9",
         "4:12: error: cannot change field 'speed': ctx.params is read-only (the parameters of goal 'probe', as the level gives them: keep a value of your own in the goal instead)"),
        ("goal.x = 1 action.id = 'x'",
         "4:12: error: cannot change field 'id': the action is read-only (it is what happened: send another with ctx.emit(name, payload))"),
        ("goal.x = 1 ctx.time = 2", "4:12: error: cannot change field 'time': ctx is read-only (pack"),
        // A key that is no string is never shown by its address, which differs from run to run.
        ("goal.x = 1 ctx.params[{}] = 2", "4:1: error: cannot change field (a table): ctx.params is read-only"),
        ("goal.x = 1 ctx[0/0] = 2", "4:1: error: cannot change field (a number that is not finite): ctx is read-only"),
        // The state's own refusals name a key the same way (they said "field NaN (not a number)").
        ("goal.x = 1 ctx.level[0/0] = 2", "4:1: error: cannot change field (a number that is not finite): a reducer may change only its focus"),
        ("goal.x = 1 ctx.level[{}] = 2", "4:1: error: cannot change field (a table): a reducer may change only its focus"),
    ])
    func anErrorOfACallIsPlacedAtTheCall(body: String, message: String) throws {
        let got = go(try world(body))
        #expect(got.contains("probe.lua:" + message), "\(got)")
    }

    /// Two reads on the line that could both have given the nil tell nothing of either:
    /// the message stays Lua's, at the line alone.
    @Test func twoReadsThatCouldHaveFailedGetNoHint() throws {
        let got = go(try world("local a, b = { x = 1 }, { y = 1 } goal.x = a.z + b.z"))
        #expect(got.contains("probe.lua:4:1: error: attempt to perform arithmetic on a nil value (field 'z') (pack"), "\(got)")
        let one = go(try world("local a, b = { x = 1 }, { z = 1 } goal.x = a.z + b.z"))
        #expect(one.contains("probe.lua:4:44: error: attempt to perform arithmetic on a nil value (field 'z') (a has no field 'z'; its fields are x) (pack"), "\(one)")
    }

    /// A nil Lua cannot name — compared, or handed to a library function — is told when
    /// exactly one field read on the line is of a field its table lacks. (Lua compiles
    /// `a > b` as `b < a`, so its message names the operands the other way round.)
    @Test(arguments: [
        ("goal.x = ctx.tme > 1", "4:10: error: attempt to compare number with nil (ctx.tme is nil; did you mean 'ctx.time'?)"),
        ("goal.x = ctx.time > goal.speed", "4:21: error: attempt to compare nil with number (goal.speed is nil: goal has no field 'speed'; did you mean 'ctx.params.speed'?)"),
        ("goal.x = math.floor(goal.limit)",
         "4:21: error: bad argument #1 to 'floor' (number expected, got nil) (goal.limit is nil: goal has no field 'limit')"),
        ("local limit goal.x = ctx.time > limit", "4:1: error: attempt to compare nil with number (pack"),
    ])
    func aNilThatLuaCannotNameIsToldByTheLine(body: String, message: String) throws {
        let got = go(try world(body, params: #"{ speed = { type = "number", default = 3 } }"#))
        #expect(got.contains("probe.lua:" + message), "\(got)")
    }

    /// An engine table's miss of a name in one call is no hint for another call's error
    /// about the same name in a table of the script's own.
    @Test func aMissInAnEarlierCallGivesNoHint() throws {
        let store = try world("n = (n or 0) + 1 if n == 1 then goal.x = echolot.gaol else local t = {} t.gaol() end")
        #expect(go(store) == "")
        let got = go(store)
        #expect(got.hasSuffix("attempt to call a nil value (field 'gaol') (pack 'test', goal 'probe' with id 'g', action 'pack.go')"), "\(got)")
    }

    /// Reading a name an engine table lacks gives nil, as documented (`if math.random then`).
    @Test func aMissingNameStillReadsAsNil() throws {
        let store = try world("""
            goal.x = math.random == nil and string.dump == nil and ctx.parms == nil and echolot.gaol == nil
            local ok, e = pcall(function() return echolot.gaol() end)
            goal.y = e
            """)
        #expect(go(store) == "")
        #expect(store.goal("g")?["x"] == .bool(true))
        #expect(store.goal("g")?["y"] == .string("test/scripts/probe.lua:5: attempt to call a nil value (field 'gaol')"),
                "\(String(describing: store.goal("g")?["y"]))")
    }

    /// In a behaviour, whose ctx answers `ctx.id` for each entity in turn, a misspelt field
    /// is told as in other rules; `ctx.id` and `ctx.dt` read as before.
    @Test func aBehavioursMisspeltCtxFieldGetsTheOneMeant() throws {
        let script = """
            echolot.behaviour("probe", { on = {
              tick = function(entity, action, ctx) entity.seen = ctx.id .. ":" .. tostring(ctx.dt > 0) end,
              ["pack.go"] = function(entity, action, ctx)
                entity.dt = ctx.dt == nil
                entity.y = ctx.ids .. ""
              end,
            } })
            """
        let level = Support.level(entities: [("bell", 0), ("horn", 90)], behaviours: #"[{"type": "probe"}]"#)
        let store = try Support.world(scripts: ["probe.lua": script], level: level).store
        store.dispatch(.start)
        let got = go(store)
        #expect(got.contains("probe.lua:5:16: error: attempt to concatenate a nil value (field 'ids') (did you mean 'ctx.id'?) (pack 'test', behaviour 'probe' of entity 'bell', action 'pack.go')"), "\(got)")
        Support.tick(store)
        #expect(store.entity("horn")?["seen"] == .string("horn:true"))
    }

    /// An emitted goal.met or goal.failed must name a goal of the level.
    @Test func emittingAGoalOutcomeChecksTheID() throws {
        let wrong = try world(#"ctx.emit("goal.met", { id = "h" })"#)
        #expect(go(wrong).contains("probe.lua:4:1: error: ctx.emit: goal.met: there is no goal 'h' in this level (goals: g)"),
                "\(go(wrong))")
        let missing = try world(#"ctx.emit("goal.failed")"#)
        #expect(go(missing).contains("ctx.emit: goal.failed needs the id of one of the level's goals"), "\(go(missing))")
        let right = try world(#"ctx.emit("goal.met", { id = "g" })"#)
        #expect(go(right) == "")
    }
}
