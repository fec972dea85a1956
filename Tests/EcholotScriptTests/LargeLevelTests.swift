import CLuaBridge
import EcholotCore
import EcholotModel
import Testing
@testable import EcholotScript

/// Large levels in the Lua memory cap: what the mirror of the state costs per entity, and a
/// level of tens of thousands of entities played under the real cap (128 MiB).
@Suite struct LargeLevelTests {
    /// `count` entities as small as a level file writes them (the 4 MiB a level file may
    /// have holds 36,000), each with `behaviours`, and a goal to find the last one.
    static func level(count: Int, behaviours: String = "[]") -> String {
        let entities = (0..<count).map {
            #"{"id":"e\#($0)","position":{"azimuth":\#($0 % 360)},"sound":{"file":"s.wav"},"behaviours":\#(behaviours)}"#
        }
        return Support.levelJSON(id: "one", entities: "[" + entities.joined(separator: ",") + "]",
                                 goals: count > 0 ? #"[{"type": "find", "entity": "e\#(count - 1)"}]"# : "[]")
    }

    /// A reducer that fails on `pack.fail`, after a write, and counts `pack.good`; it keeps
    /// the first entity it sees, as a script may (`seen[e] = true`).
    static let probe = [
        "probe.lua": """
            local held
            echolot.reducer({ name = "probe", on = {
              ["pack.fail"] = function(level) level.partial = true error("refused") end,
              ["pack.good"] = function(level)
                level.good = (level.good or 0) + 1
                if held == nil then held = select(2, next(level.entities)) or false end
              end,
            } })
            """,
    ]

    /// Bytes of Lua memory (after a full collection) a level of `count` entities holds more
    /// than one of none, over `count`: as it plays (the mirror built, a behaviour's
    /// instances listed), and after a failed call made the next one mirror the state anew.
    func bytesPerEntity(count: Int, behaviours: String) throws -> (playing: Int, rebuilt: Int) {
        func measure(_ count: Int) throws -> (playing: Int, rebuilt: Int) {
            let world = try Support.world(scripts: Self.probe, level: Self.level(count: count, behaviours: behaviours),
                                          limits: ScriptLimits())
            // The engine of a level, kept here to read its memory.
            let engine = try world.rules.engine.reloaded()
            let state = GameState.incarnation(of: world.level.level, packID: "test")
            let store = Store(state: state, reducers: LevelReducers.all + (try engine.reducers(for: world.level.level, pack: "test")))
            store.dispatch(.start)
            Support.tick(store, 2)
            #expect(store.dispatch(Action("pack.good")).rejections.isEmpty)
            clua_collect(engine.vm.L)
            let playing = engine.memoryInUse
            #expect(store.dispatch(Action("pack.fail")).rejections.count == 1)
            #expect(store.dispatch(Action("pack.good")).rejections.isEmpty)
            clua_collect(engine.vm.L)
            return (playing, engine.memoryInUse)
        }
        let none = try measure(0), some = try measure(count)
        return ((some.playing - none.playing) / count, (some.rebuilt - none.rebuilt) / count)
    }

    /// An entity's mirror — its data, proxies and metatables, its sound and its three lists
    /// — cost 4.1 KB, and 5.6 KB with a behaviour (its parameters a table of their own);
    /// after a failed call, the instances listed from the old mirror, or one old entity a
    /// script kept, kept all of it alive beside the new one (up to 10 KB an entity). Now
    /// 2.6 KB and 3.3 KB, after a failed call too. The
    /// figures go to `mirror-memory.txt` among the attachments (`swift test --filter
    /// LargeLevelTests --attachments-path DIR`; docs/PERFORMANCE.md).
    @Test func whatAnEntityCostsInTheMirror() throws {
        let plain = try bytesPerEntity(count: 5_000, behaviours: "[]")
        let orbiting = try bytesPerEntity(count: 5_000, behaviours: #"[{"type":"orbit","speed":6}]"#)
        Attachment.record("""
            bytes of Lua memory per entity (5,000 entities), as the level plays / after a failed call
            plain entity: \(plain.playing) / \(plain.rebuilt)
            with an orbit behaviour: \(orbiting.playing) / \(orbiting.rebuilt)

            """, named: "mirror-memory.txt")
        #expect(plain.playing < 2_800 && plain.rebuilt < 2_900, "\(plain)")
        #expect(orbiting.playing < 3_400 && orbiting.rebuilt < 3_400, "\(orbiting)")
    }

    /// 36,000 entities that orbit, under the real cap: at 5.6 KB an entity the mirror did
    /// not fit, and every rule failed on its first action; and the call after a failed one,
    /// which mirrors the state anew, needed room for the old mirror and the new one at once.
    @Test func thirtySixThousandEntitiesPlayAndSurviveAFailedCall() throws {
        let count = 36_000
        let world = try Support.world(scripts: Self.probe, level: Self.level(count: count, behaviours: #"[{"type":"orbit","speed":6}]"#),
                                      limits: ScriptLimits())
        let store = world.store
        func expectTaken(_ action: Action) {
            let transition = store.dispatch(action)
            #expect(transition.rejections.isEmpty, "\(action.name): \(Support.rejection(transition))")
        }
        expectTaken(.start)
        for _ in 0..<10 { expectTaken(.tick(1.0 / 60)) }
        expectTaken(Action("pack.good"))
        #expect(store.level["good"] == .int(1))
        #expect(abs((store.entity("e7")?[EntityKeys.azimuth] ?? 0) - 8) < 1e-9, "ten ticks of 0.1°")

        let failed = store.dispatch(Action("pack.fail"))
        let error = try #require(failed.rejections.first?.error as? ScriptError)
        #expect(error.kind == .runtime && error.message.contains("refused"), "\(error)")
        #expect(store.level["partial"] == .null, "the failed call left the state alone")

        // The next call mirrors the state anew, and the level plays on.
        expectTaken(Action("pack.good"))
        #expect(store.level["good"] == .int(2))
        #expect(store.level["partial"] == .null)
        for _ in 0..<10 { expectTaken(.tick(1.0 / 60)) }
        #expect(abs((store.entity("e7")?[EntityKeys.azimuth] ?? 0) - 9) < 1e-9)
        expectTaken(.selectEntity("e\(count - 1)"))
        #expect(store.goal("find")?["state"] == "met", "the last entity is found")
    }
}
