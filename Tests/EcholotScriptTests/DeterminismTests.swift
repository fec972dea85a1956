import EcholotCore
import EcholotModel
import Testing
@testable import EcholotScript

/// Same pack + same input log ⇒ same state, bit for bit, with Lua in the loop.
@Suite struct DeterminismTests {
    static let level = """
        {"id": "one", "name": "One", "seed": 42,
         "entities": [
           {"id": "a", "tags": ["x"], "position": {"azimuth": 10}, "sound": {"file": "s.wav"}, "behaviours": [{"type": "drift", "speed": 40, "change": 300}]},
           {"id": "b", "tags": ["x"], "position": {"azimuth": 200}, "sound": {"file": "s.wav"}, "behaviours": [{"type": "orbit", "speed": 7}, {"type": "pulse"}]},
           {"id": "c", "position": {"azimuth": 300, "distance": 3}, "sound": {"file": "s.wav"}, "behaviours": [{"type": "approach"}, {"type": "blink"}]}],
         "goals": [{"type": "findAll", "tag": "x"}, {"type": "timeLimit", "seconds": 30}],
         "scoring": {"type": "standard"}}
        """

    static let log: [(Double, Action)] = [
        (1, .turnTo(200)), (1.5, .select), (2, .turnBy(-30)), (3, .select), (4, .turnTo(10)), (4.2, .select),
        (6, .turnTo(100)), (7, .select), (9, Action(ActionName.end)),
    ]

    func run(_ rules: PackRules) throws -> RunResult {
        try Support.play(rules, level: "one", DeterminismTests.log).0
    }

    @Test func sameInputSameHash() throws {
        let first = try Support.world(level: DeterminismTests.level).rules
        let second = try Support.world(level: DeterminismTests.level).rules
        let a = try run(first), b = try run(second), c = try run(first)
        #expect(a.errors == [])
        #expect(a.stateHash == b.stateHash)
        #expect(a.stateHash == c.stateHash)
        #expect(a == b)
    }

    @Test func luaDrawsTheStateGeneratorsNumbers() throws {
        let script = """
            echolot.reducer({ name = "draw", on = { ["pack.draw"] = function(level, action, ctx)
              local draws = echolot.list()
              for i = 1, 5 do draws[i] = ctx.random() end
              draws[6] = ctx.random(6)
              draws[7] = ctx.random(10, 12)
              level.draws = draws
            end } })
            """
        let world = try Support.world(scripts: ["draw.lua": script], level: Support.level(entities: [("e", 0)], seed: 9))
        world.store.dispatch(Action("pack.draw"))
        var random = SeededRandom(seed: 9)
        var expected: [Value] = (0..<5).map { _ in .number(random.nextUnit()) }
        expected.append(.int(1 + Int(random.nextUnit() * 6)))
        expected.append(.int(10 + Int(random.nextUnit() * 3)))
        #expect(world.store.level["draws"] == .list(expected))
        #expect(world.store.state.random == random, "the state's generator moved on by as many draws")
    }

    /// `ctx.random(m, n)` stays within m..n when n − m + 1 does not fit a signed integer:
    /// before, that span wrapped, so `(0, math.maxinteger)` drew negative numbers and
    /// `(math.mininteger, math.maxinteger)` drew nothing but math.mininteger.
    @Test func ctxRandomStaysWithinAnyInterval() throws {
        let script = """
            echolot.reducer({ name = "draw", on = { ["pack.draw"] = function(level, action, ctx)
              local spans = { { 0, math.maxinteger }, { math.mininteger, math.maxinteger }, { -(1 << 62), 1 << 62 },
                              { math.mininteger, -1 }, { math.mininteger, 0 }, { -1, math.maxinteger } }
              local draws = echolot.list()
              for _, span in ipairs(spans) do
                for _ = 1, 64 do draws[#draws + 1] = ctx.random(span[1], span[2]) end
              end
              level.draws = draws
            end } })
            """
        let world = try Support.world(scripts: ["draw.lua": script], level: Support.level(entities: [("e", 0)], seed: 9))
        #expect(world.store.dispatch(Action("pack.draw")).rejections.isEmpty)
        let draws = try #require(world.store.level["draws"].listValue).compactMap(\.intValue)
        let spans: [ClosedRange<Int>] = [0...Int.max, Int.min...Int.max, -(1 << 62)...(1 << 62),
                                         Int.min...(-1), Int.min...0, -1...Int.max]
        #expect(draws.count == spans.count * 64)
        for (index, span) in spans.enumerated() {
            let drawn = draws[(index * 64)..<(index * 64 + 64)]
            #expect(drawn.allSatisfy(span.contains), "\(span): \(drawn.filter { !span.contains($0) })")
            #expect(Set(drawn).count > 60, "\(span) draws spread over the interval")
        }
        let whole = draws[64..<128]
        #expect(whole.contains { $0 < 0 } && whole.contains { $0 > 0 }, "the whole range draws from both halves")
    }

    /// Lua 5.4's `table.sort` picks pivots from the clock once a partition comes out badly
    /// unbalanced, and then leaves ties in an order that depends on when it ran. Here the
    /// first partition of 1,000 elements is unbalanced on purpose (the smallest key first,
    /// the second smallest in the middle), and the rest tie: three sorts of the same list,
    /// moments apart, must agree.
    @Test func sortingTiesGivesOneOrder() throws {
        let script = """
            local function list(n, key)
              local t = {}
              for i = 1, n do t[i] = { key = key(i), id = i } end
              t[1].key, t[(1 + n) // 2].key = -2, -1
              return t
            end
            local function sorted(t, name)
              table.sort(t, function(a, b) return a.key < b.key end)
              local ids = {}
              for i = 1, #t do
                if i > 1 and t[i - 1].key > t[i].key then error(name .. ": out of order at " .. i) end
                ids[i] = t[i].id
              end
              return table.concat(ids, ",")
            end
            echolot.reducer({ name = "sorts", on = { ["pack.sort"] = function(level, action, ctx)
              local orders = echolot.list()
              for i = 1, 3 do orders[i] = sorted(list(1000, function() return 5 end), "ties") end
              level.orders = orders
              level.distinct = sorted(list(1000, function(i) return (i * 7919) % 1000 end), "distinct")
              local numbers = {}
              for i = 1, 1000 do numbers[i] = (i * 7919) % 1000 end
              numbers[1], numbers[500] = -2, -1
              table.sort(numbers)
              level.numbers = numbers[1] .. "," .. numbers[2] .. "," .. numbers[3] .. "," .. numbers[1000]
            end } })
            """
        let world = try Support.world(scripts: ["sort.lua": script], level: Support.level(entities: [("e", 0)]))
        let transition = world.store.dispatch(Action("pack.sort"))
        #expect(transition.rejections.isEmpty, "\(Support.rejection(transition))")
        guard case .list(let orders) = world.store.level["orders"] else {
            Issue.record("no orders")
            return
        }
        #expect(orders.count == 3)
        #expect(orders[0] == orders[1] && orders[1] == orders[2], "the same list sorted alike each time")
        #expect(orders[0].stringValue?.hasPrefix("1,500,") == true)
        #expect(world.store.level["distinct"].stringValue?.hasPrefix("1,500,") == true)
        #expect(world.store.level["numbers"] == "-2,-1,0,999")
    }

    /// What a walk costs the budget depends on the keys alone. Each Lua state hashes
    /// strings with a seed of its own, so the keys reach the walk's sort in another order
    /// in each: charged comparison by comparison, the same walk cost more or less from one
    /// run to the next, and a rule close to its budget could pass in play and fail in the
    /// replay of it.
    /// Keys of several types (here tables, whose places in the hash follow their
    /// addresses, and strings) sort with a comparison written in Lua: its instructions
    /// are not counted one by one either.
    @Test(arguments: [("t['entity-' .. i] = i", 1500), ("t[{}] = i; t['entity-' .. i] = i", 3000)])
    func aWalkCostsTheSameInEveryLuaState(fill: String, keys: Int) throws {
        let walk = Array("""
            local t = {}
            for i = 1, 1500 do \(fill) end
            local n = 0
            for k in pairs(t) do n = n + 1 end
            return n
            """.utf8)
        var charged: Set<Int> = []
        // Kept alive: a state made where the last one was freed may hash as it did.
        var engines: [ScriptEngine] = []
        for _ in 0..<6 {
            let engine = try ScriptEngine()
            engines.append(engine)
            #expect(try engine.evaluateData(source: ScriptSource(pack: "test", file: "walk.lua", displayPath: "walk.lua"), text: walk) == .int(keys))
            let limits = engine.vm.limits.pointee
            charged.insert(Int(limits.budget - limits.remaining))
        }
        #expect(charged.count == 1, "instructions charged in six states: \(charged.sorted())")
    }

    /// Tables, functions and coroutines as keys (`seen[entity] = true`) are walked by
    /// `pairs` and `next` in the order they were made, the same in every Lua state: Lua's
    /// own order follows their addresses, and twelve states alive at once put them at
    /// twelve places, so a set of tables was walked twelve ways and a replay could take
    /// another path. Tables stored into the state and read back, and the level's entities,
    /// sort where what they were made from does, also after the collector reused addresses.
    @Test func tablesAsKeysAreWalkedInTheOrderTheyWereMade() throws {
        let script = """
            echolot.reducer({ name = "order", on = { ["pack.order"] = function(level, action, ctx)
              for i = 1, 3000 do local junk = { i } end
              local keys = {}
              for i = 1, 8 do keys[{}] = "t" .. i end
              for i = 1, 3 do keys[function() return i end] = "f" .. i end
              keys[coroutine.create(function() end)] = "c1"
              level.made = { a = {}, b = {}, c = {} }
              keys[level.made.c], keys[level.made.a], keys[level.made.b] = "made.c", "made.a", "made.b"
              for id, e in pairs(level.entities) do keys[e] = id end
              keys.s, keys[2], keys[true] = "s", "2", "true"
              local order = {}
              for _, name in pairs(keys) do order[#order + 1] = name end
              local k, walked = next(keys), {}
              while k ~= nil do walked[#walked + 1] = keys[k]; k = next(keys, k) end
              level.order, level.walked = table.concat(order, " "), table.concat(walked, " ")
            end } })
            """
        let entities = (0..<6).map { ("e\($0)", Double($0) * 50) }
        let world = try Support.world(scripts: ["order.lua": script], level: Support.level(entities: entities))
        let stores = try (0..<12).map { _ in try world.rules.store(for: world.level) }
        var orders: [String] = []
        for store in stores {
            let transition = store.dispatch(Action("pack.order"))
            #expect(transition.rejections.isEmpty, "\(Support.rejection(transition))")
            #expect(store.level["walked"] == store.level["order"], "next walks as pairs does")
            orders.append(store.level["order"].stringValue ?? "")
        }
        let first = try #require(orders.first).split(separator: " ").map(String.init)
        #expect(first.prefix(6) == ["2", "s", "true", "f1", "f2", "f3"])
        #expect(Set(first[6..<12]) == Set(entities.map(\.0)), "the entities, made when the state was handed to Lua")
        #expect(first.suffix(12) == ["t1", "t2", "t3", "t4", "t5", "t6", "t7", "t8", "made.a", "made.b", "made.c", "c1"])
        #expect(Set(orders).count == 1, "\(orders)")
    }

    /// Of several values the state cannot hold, the one told is the same in every Lua state:
    /// the first in `pairs` order, not in Lua's own order of string keys, which follows a
    /// hash seed that changes from state to state. A script can keep the message (`pcall`),
    /// so a replay must see the same one. Twelve states alive at once (so none reuses
    /// another's seed): before, each told whichever bad field its seed put first, and the
    /// chance that all twelve told the first of five was about 5⁻¹².
    @Test func ofSeveralBadValuesTheSameIsToldInEveryState() throws {
        let script = """
            echolot.reducer({ name = "keep", on = { ["pack.keep"] = function(level, action, ctx)
              local told = echolot.list()
              local function keep(f) local ok, err = pcall(f) told[#told + 1] = tostring(err) end
              keep(function() level.bad = { eps = 0/0, alpha = function() end, gamma = coroutine.create(print), delta = { [0] = 1 }, beta = print } end)
              keep(function() level.entities.e = { id = "e", found = "maybe", selectable = 3, elevation = 900, azimuth = "x", distance = -5 } end)
              keep(function() ctx.emit("pack.more", { gamma = { [0] = 1 }, beta = coroutine.create(print), alpha = print }) end)
              level.told = told
            end } })
            """
        let world = try Support.world(scripts: ["keep.lua": script], level: Support.level(entities: [("e", 0)]))
        let stores = try (0..<12).map { _ in try world.rules.store(for: world.level) }
        var told: [[String]] = []
        for store in stores {
            let transition = store.dispatch(Action("pack.keep"))
            #expect(transition.rejections.isEmpty, "\(Support.rejection(transition))")
            told.append(store.level["told"].listValue?.compactMap(\.stringValue) ?? [])
        }
        #expect(told.first == [
            "test/scripts/keep.lua:4: field 'bad.alpha': a function value cannot be stored in the state",
            "test/scripts/keep.lua:5: field 'azimuth': an entity's azimuth is a number of degrees, not \"x\"",
            "test/scripts/keep.lua:6: ctx.emit: payload.alpha: a function value cannot be stored in the state",
        ])
        #expect(Set(told).count == 1, "\(told)")
    }

    /// A level plays as its replay does, whatever played before it with the same rules: a
    /// replay loads the pack afresh, so a script's own locals, its globals and the serials
    /// `tostring` gives tables must start over at every level.
    @Test func aLevelStartsFromTheScriptsAsLoaded() throws {
        let script = """
            local started = 0
            seen = seen or {}
            echolot.reducer({ name = "memory", on = { ["level.started"] = function(level)
              started = started + 1
              seen[#seen + 1] = tostring({})
              level.memory = started .. " " .. #seen .. " " .. seen[#seen]
            end } })
            """
        let world = try Support.world(scripts: ["memory.lua": script], level: DeterminismTests.level)
        let first = try run(world.rules), second = try run(world.rules)
        let fresh = try run(try Support.world(scripts: ["memory.lua": script], level: DeterminismTests.level).rules)
        #expect(first.stateHash == second.stateHash)
        #expect(second.stateHash == fresh.stateHash)
        let (_, store) = try Support.play(world.rules, level: "one", DeterminismTests.log)
        #expect(store.level["memory"] == "1 1 table: #1")
    }
}
