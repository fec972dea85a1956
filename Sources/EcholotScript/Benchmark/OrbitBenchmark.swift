import CLua
import CLuaBridge
import EcholotCore
import EcholotModel

/// The benchmark of the rules layer's hot path: every entity of a level carries an
/// `orbit` behaviour, and each tick moves them all. It gives one tick three ways — through
/// the engine (store, Swift level reducers, the Lua `orbit` rule and its marshalling), as
/// a plain Lua loop over mutable tables doing the same arithmetic, and as a Swift reducer —
/// so the cost of the marshalling can be read off directly.
public struct OrbitBenchmark {
    /// How many orbiting entities the level has.
    public let entities: Int
    /// Degrees per second of every orbit.
    public let speed = 6.0
    /// The tick length.
    public let dt = 1.0 / 60.0

    /// A benchmark over `entities` entities.
    public init(entities: Int = 1000) {
        self.entities = entities
    }

    /// A running-ready level whose every entity orbits, shaped as the pack loader shapes it.
    public func level() -> Level {
        var level = Level()
        level[LevelKeys.id] = "orbit-benchmark"
        level[LevelKeys.name] = "Orbit benchmark"
        level[LevelKeys.seed] = 1
        var entityNodes = NodeMap<EntityKind>()
        for i in 0..<entities {
            var entity = Entity()
            let id = "e\(i)"
            entity[EntityKeys.id] = id
            entity[EntityKeys.name] = "Entity \(i)"
            entity[EntityKeys.glyph] = "*"
            entity[EntityKeys.tags] = ["bench"]
            entity[EntityKeys.azimuth] = Double(i % 360)
            entity[EntityKeys.elevation] = 0
            entity[EntityKeys.distance] = 1.5
            var sound = Sound()
            sound[SoundKeys.file] = "bell.wav"
            sound[SoundKeys.volume] = 1
            entity[EntityKeys.sound] = sound
            entity[EntityKeys.selectable] = true
            entity[EntityKeys.found] = false
            entity[EntityKeys.behaviours] = [["type": "orbit", "speed": .number(speed)]]
            entity[EntityKeys.actions] = []
            entityNodes[id] = entity
        }
        level[LevelKeys.entities] = entityNodes
        level[LevelKeys.goals] = NodeMap()
        level[LevelKeys.status] = .ready
        level[LevelKeys.time] = 0
        level[LevelKeys.misses] = 0
        level[LevelKeys.found] = []
        level.shareKeyLists()
        return level
    }

    /// A started store with the engine's level reducers and `extra`.
    private func startedStore(_ extra: [Reducer<GameState>]) -> Store<GameState> {
        let store = Store(state: GameState.incarnation(of: level(), packID: "bench"),
                          reducers: LevelReducers.all + extra)
        store.dispatch(.start)
        return store
    }

    /// One tick through the engine: a store whose rules are `engine`'s (which must have
    /// the standard rules loaded). The closure returns the rejections of the tick (none
    /// when all is well).
    public func engineTick(_ engine: ScriptEngine) throws(ScriptError) -> () -> Int {
        let store = startedStore(try engine.reducers(for: level(), pack: "bench"))
        let tick = Action.tick(dt)
        return { store.send(tick).count }
    }

    /// ``engineTick(_:)`` with an observer on the store, as in play (the sound and the
    /// screen follow the state): the state from before each batch is kept for the
    /// observer's diff, so every entity a tick moves is copied rather than changed in place.
    public func observedEngineTick(_ engine: ScriptEngine) throws(ScriptError) -> () -> Int {
        let store = startedStore(try engine.reducers(for: level(), pack: "bench"))
        store.observe { _ in }  // the store now keeps the old state and diffs it for the observer
        let tick = Action.tick(dt)
        return { store.send(tick).count }
    }

    /// One tick through a store whose only rule is a Swift reducer doing the same
    /// arithmetic on every entity. It is staged, as a rule that cannot fail once it has
    /// read its action is best written: its change is made after the store has let go of
    /// the state from before the action, so the entities are changed in place.
    public func swiftTick() -> () -> Int {
        let speed = self.speed
        let orbit = Reducer<GameState>.staged("swift orbit", handles: .only(ActionName.tick)) { state, action, _ in
            guard state[Game.level][LevelKeys.status] == .running, let dt = action["dt"].doubleValue else { return { _ in } }
            return { state in
                state.modify(Game.level) { level in
                    level.modify(LevelKeys.entities) { entities in
                        for id in entities.ids {
                            entities.modify(id) { entity in
                                var azimuth = (entity[EntityKeys.azimuth] + speed * dt).truncatingRemainder(dividingBy: 360)
                                if azimuth < 0 { azimuth += 360 }
                                entity[EntityKeys.azimuth] = azimuth
                            }
                        }
                    }
                }
            }
        }
        let store = startedStore([orbit])
        let tick = Action.tick(dt)
        return { store.send(tick).count }
    }

    /// One tick of a plain Lua loop over mutable tables with the same fields, in a Lua
    /// state with the same allocator and hook as the engine's.
    public func plainLuaTick() throws(ScriptError) -> () -> Int {
        try luaLoopTick(named: "plain orbit", loop: """
            for i = 1, n do
              local e = entities[i]
              local azimuth = (e.azimuth + e.speed * dt) % 360
              if azimuth >= 360 then azimuth = 0.0 end
              e.azimuth = azimuth
            end
            """)
    }

    /// One tick of the plain loop calling a function with the `orbit` rule's body once per
    /// entity, as the API has every engine do (a reducer gets one entity, its parameters
    /// through `ctx`) — with no engine around it: no view, no write log, no state. What a
    /// call per entity costs by itself, the floor under any bridge that keeps the contract.
    public func callingLuaTick() throws(ScriptError) -> () -> Int {
        try luaLoopTick(named: "calling orbit", loop: """
            ctx.dt = dt
            for i = 1, n do
              orbit(entities[i], action, ctx)
            end
            """)
    }

    /// A tick of `loop` (Lua, run with `dt`, `n`, `entities`, `orbit`, `action` and `ctx`
    /// in scope) over 1,000 mutable entity tables, in a Lua state with the same allocator
    /// and hook as the engine's.
    private func luaLoopTick(named name: String, loop: String) throws(ScriptError) -> () -> Int {
        let vm = try LuaVM(limits: ScriptLimits(instructions: 1 << 40))
        let source = """
            local n, speed = ...
            local entities = {}
            for i = 1, n do
              entities[i] = { id = "e" .. i, name = "Entity " .. i, glyph = "*", tags = { "bench" },
                azimuth = (i - 1) % 360 + 0.0, elevation = 0.0, distance = 1.5,
                sound = { file = "bell.wav", volume = 1.0 }, selectable = true, found = false,
                behaviours = { { type = "orbit", speed = speed } }, actions = {}, speed = speed }
            end
            local action, ctx = { name = "tick" }, { params = { speed = speed }, dt = 0 }
            local function orbit(entity, action, ctx)  -- scripts/behaviours/orbit.lua's body
              local azimuth = (entity.azimuth + ctx.params.speed * ctx.dt) % 360
              if azimuth >= 360 then azimuth = 0.0 end
              entity.azimuth = azimuth
            end
            return function(dt)
            \(loop)
            end
            """
        let L = vm.L
        let status = Array(source.utf8).withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { clua_loadtext(L, $0.baseAddress, $0.count, "=" + name) }
        }
        guard status == LUA_OK else { throw ScriptError(kind: .syntax, message: vm.describeError(at: -1)) }
        lua_pushinteger(L, lua_Integer(entities))
        lua_pushnumber(L, speed)
        if let failure = vm.protectedCall(arguments: 2, results: 1) { throw ScriptError(failure) }
        let function = clua_ref(L)
        let dt = self.dt
        return {
            clua_getref(L, function)
            lua_pushnumber(L, dt)
            return vm.protectedCall(arguments: 1, results: 0) == nil ? 0 : 1
        }
    }
}
