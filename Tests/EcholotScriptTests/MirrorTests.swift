import EcholotCore
import EcholotModel
import Testing
@testable import EcholotScript

/// The Lua mirror of the state stays in step with the Swift state: changes on either side
/// arrive on the other, failed calls leave nothing behind, stores sharing an engine do not
/// see each other's states.
@Suite struct MirrorTests {
    static let scripts = [
        "edit.lua": """
            echolot.behaviour("edit", {
              on = {
                ["pack.nested"] = function(e) e.sound.volume = 0.25 end,
                ["pack.push"] = function(e) table.insert(e.tags, "new") end,
                ["pack.pop"] = function(e) table.remove(e.tags) end,
                ["pack.hole"] = function(e) e.tags[5] = "far" end,
                ["pack.replace"] = function(e) return { id = e.id, azimuth = 123, tags = echolot.list("fresh") } end,
                ["pack.dropId"] = function(e) return { azimuth = 1 } end,
                ["pack.inheritId"] = function(e) return setmetatable({ azimuth = 1 }, { __index = { id = e.id } }) end,
                ["pack.stale"] = function(e) local s = e.sound e.sound = { file = "s.wav" } s.volume = 2 end,
                ["pack.keep"] = function(e) local s = e.sound e.sound = e.sound or {} s.volume = 0.5 e.tags = e.tags
                  e.lists = e.lists or echolot.list({ n = 0 }) local l = e.lists[1] e.lists[1] = e.lists[1] l.n = l.n + 1 end,
                ["pack.attribute"] = function(e) e.custom = { count = (e.custom and e.custom.count or 0) + 1, when = "now" } end,
                ["pack.read"] = function(e, action, ctx) e.seenTime = ctx.level.time e.seenCenter = ctx.level.view.center end,
              },
            })
            echolot.reducer({ name = "spawner", on = { ["pack.spawn"] = function(level)
              level.entities.extra = { id = "extra", azimuth = 0, tags = echolot.list(), selectable = true, found = false,
                                       behaviours = echolot.list({ type = "orbit", speed = 60 }) }
            end } })
            """,
    ]

    func world() throws -> Store<GameState> {
        // `orbit` at speed 0 only makes the level use orbit, so spawned entities can orbit.
        let level = Support.level(entities: [("e", 10)], behaviours: #"[{"type": "edit"}, {"type": "orbit", "speed": 0}]"#)
        let world = try Support.world(scripts: MirrorTests.scripts, level: level)
        world.store.dispatch(.start)
        return world.store
    }

    func entity(_ store: Store<GameState>, _ id: String = "e") -> Entity { store.entity(id)! }

    @Test func nestedWritesReachTheState() throws {
        let store = try world()
        store.dispatch(Action("pack.nested"))
        #expect(entity(store)[EntityKeys.sound]?[SoundKeys.volume] == 0.25)
        #expect(entity(store)[EntityKeys.sound]?[SoundKeys.file] == "s.wav")
    }

    @Test func listsGrowAndShrinkButHaveNoHoles() throws {
        let store = try world()
        store.dispatch(Action("pack.push"))
        #expect(entity(store)[EntityKeys.tags] == ["t", "new"])
        store.dispatch(Action("pack.pop"))
        store.dispatch(Action("pack.pop"))
        #expect(entity(store)["tags"] == .list([]), "an emptied list stays a list")
        let transition = store.dispatch(Action("pack.hole"))
        #expect(Support.rejection(transition).contains("lists cannot have holes"))
    }

    @Test func aReturnedFocusReplacesTheEntity() throws {
        let store = try world()
        store.dispatch(Action("pack.replace"))
        let replaced = entity(store)
        #expect(replaced[EntityKeys.azimuth] == 123)
        #expect(replaced[EntityKeys.tags] == ["fresh"])
        #expect(replaced["sound"] == .null, "a returned focus is the whole new focus")
        let transition = try world().dispatch(Action("pack.dropId"))
        #expect(Support.rejection(transition).contains("without its id 'e'"))
        let inherited = try world()
        let inheriting = inherited.dispatch(Action("pack.inheritId"))
        #expect(Support.rejection(inheriting).contains("without its id 'e'"), "an id only seen through __index is not the table's own")
        #expect(entity(inherited)[EntityKeys.azimuth] == 10)
    }

    @Test func staleReferencesCannotWrite() throws {
        let store = try world()
        let transition = store.dispatch(Action("pack.stale"))
        let error = try #require(transition.rejections.first?.error as? ScriptError)
        #expect(error.message.contains("no longer part of the state"))
        #expect(entity(store)[EntityKeys.sound]?[SoundKeys.volume] == 1)
    }

    @Test func storingAFieldOverItselfKeepsIt() throws {
        // `t.f = t.f or {}` is how Lua code makes sure a table exists: it must not replace
        // the table with a copy, which would leave `s` above writing into a dead table.
        let store = try world()
        let transition = store.dispatch(Action("pack.keep"))
        #expect(transition.rejections.isEmpty)
        #expect(entity(store)[EntityKeys.sound]?[SoundKeys.volume] == 0.5)
        #expect(entity(store)[EntityKeys.tags] == ["t"])
        // The same for an item of a list, the second time, when the list exists.
        #expect(store.dispatch(Action("pack.keep")).rejections.isEmpty)
        #expect(entity(store)["lists"] == .list([["n": 2]]))
    }

    @Test func scriptsCanAddAttributes() throws {
        let store = try world()
        store.dispatch(Action("pack.attribute"))
        store.dispatch(Action("pack.attribute"))
        #expect(entity(store)["custom"] == ["count": 2, "when": "now"])
    }

    @Test func swiftChangesArriveInLua() throws {
        let store = try world()
        Support.tick(store, 30)
        store.dispatch(.turnTo(33))
        store.dispatch(Action("pack.read"))
        #expect(entity(store)["seenTime"] == store.level["time"])
        #expect(entity(store)["seenCenter"] == .number(33))
    }

    @Test func aNewEntityStartsBehaving() throws {
        let store = try world()
        store.dispatch(Action("pack.spawn"))
        Support.tick(store, 30)
        #expect(abs(entity(store, "extra")[EntityKeys.azimuth] - 30) < 1e-9)
    }

    @Test func mirroringALargeLevelIsNotChargedToTheReducers() throws {
        // 2,000 entities: mirroring them takes far more instructions than one reducer
        // call may run, yet every reducer call stays within its small budget.
        let entities = (0..<2000).map { ("e\($0)", Double($0 % 360)) }
        let level = Support.level(entities: entities, behaviours: #"[{"type": "orbit", "speed": 60}]"#)
        let world = try Support.world(level: level, limits: ScriptLimits(instructions: 20_000, memory: 64 << 20))
        world.store.dispatch(.start)
        let transition = world.store.dispatch(.tick(1.0 / 60))
        #expect(transition.rejections.isEmpty, "\(Support.rejection(transition))")
        #expect(abs(entity(world.store, "e7")[EntityKeys.azimuth] - 8) < 1e-9)
        #expect(world.rules.validate().isEmpty)
    }

    @Test func storesSharingAnEngineStayApart() throws {
        let level = Support.level(entities: [("e", 10)], behaviours: #"[{"type": "orbit", "speed": 60}]"#)
        let world = try Support.world(level: level)
        // Two stores on one engine, as ``ScriptEngine/reducers(for:pack:)`` allows (pack
        // rules give every level an engine of its own): each switch rebuilds the mirror.
        let state = GameState.incarnation(of: world.level.level, packID: world.rules.pack.id,
                                          packVersion: world.rules.pack.manifest.version)
        let other = Store(state: state, reducers: LevelReducers.all
                              + (try world.rules.engine.reducers(for: world.level.level, pack: world.rules.pack.id)))
        world.store.dispatch(.start)
        other.dispatch(.start)
        for _ in 0..<30 {
            Support.tick(world.store, 2)
            Support.tick(other, 1)
        }
        #expect(abs(entity(world.store)[EntityKeys.azimuth] - 70) < 1e-9)
        #expect(abs(entity(other)[EntityKeys.azimuth] - 40) < 1e-9)
    }

    @Test func aStateRestoredByTheStoreIsWhatLuaSees() throws {
        // A later reducer fails: the store restores the state, the mirror must follow.
        let level = Support.level(entities: [("e", 10)], behaviours: #"[{"type": "orbit", "speed": 60}, {"type": "boom"}]"#)
        let world = try Support.world(scripts: [
            "boom.lua": #"echolot.behaviour("boom", { on = { tick = function(e) if e.azimuth > 15 then error("boom") end end } })"#,
        ], level: level)
        world.store.dispatch(.start)
        // Ticks 1–5 move it to 15°; from tick 6 on, orbit moves it past 15° and boom
        // rejects the tick, so the store keeps 15° — and so must Lua, or it would drift on.
        var rejected = 0
        for _ in 0..<10 { rejected += world.store.dispatch(.tick(1.0 / 60)).rejections.count }
        #expect(rejected == 5)
        #expect(abs(entity(world.store)[EntityKeys.azimuth] - 15) < 1e-9)
    }

    @Test func writesOfARejectedActionLeaveTheMirror() throws {
        // A staged reducer after the rules rejects one tick: orbit's writes were made in
        // the mirror but never committed, and the next tick must start from the state.
        let level = Support.level(entities: [("e", 10)], behaviours: #"[{"type": "orbit", "speed": 60}]"#)
        let world = try Support.world(level: level)
        var refusals = 1
        let refuseOnce = Reducer<GameState>.staged("refuse once", handles: .only(ActionName.tick)) { _, _, _ in
            if refusals > 0 {
                refusals -= 1
                throw ConversionError("refused")
            }
            return { _ in }
        }
        let state = GameState.incarnation(of: world.level.level, packID: world.rules.pack.id)
        let store = Store(state: state, reducers: LevelReducers.all + (try world.rules.reducers(for: world.level)) + [refuseOnce])
        store.dispatch(.start)
        #expect(store.dispatch(.tick(1.0 / 60)).rejections.count == 1)
        #expect(abs(entity(store)[EntityKeys.azimuth] - 10) < 1e-9)
        #expect(store.dispatch(.tick(1.0 / 60)).rejections.isEmpty)
        #expect(abs(entity(store)[EntityKeys.azimuth] - 11) < 1e-9, "one step, not two")
    }

    @Test func aBehaviourAfterAReplacementReachesTheNewEntity() throws {
        // The entity carries one behaviour twice: the first instance replaces it, the
        // second changes it. The change lands on the new entity, in the state and in Lua.
        let level = Support.level(entities: [("e", 10)],
                                  behaviours: #"[{"type": "twice", "mode": "replace"}, {"type": "twice"}, {"type": "look"}]"#)
        let world = try Support.world(scripts: ["twice.lua": """
            echolot.behaviour("twice", {
              params = { mode = { type = "string", default = "bump" } },
              on = { ["pack.go"] = function(e, action, ctx)
                if ctx.params.mode == "replace" then
                  return { id = e.id, azimuth = 50, tags = echolot.list(), behaviours = e.behaviours }
                end
                e.azimuth = e.azimuth + 1
              end },
            })
            echolot.behaviour("look", { on = { ["pack.look"] = function(e) e.name = "mirror " .. e.azimuth end } })
            """], level: level)
        world.store.dispatch(.start)
        #expect(world.store.dispatch(Action("pack.go")).rejections.isEmpty)
        #expect(entity(world.store)[EntityKeys.azimuth] == 51)
        world.store.dispatch(Action("pack.look"))
        #expect(entity(world.store)[EntityKeys.name] == "mirror 51")
    }
}
