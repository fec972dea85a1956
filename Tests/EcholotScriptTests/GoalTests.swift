import EcholotCore
import Foundation
import EcholotModel
import Testing
@testable import EcholotScript

/// The standard goal types, through real Lua.
@Suite struct GoalTests {
    static let entities = """
        [{"id": "bell", "tags": ["metal"], "position": {"azimuth": 0}},
         {"id": "gong", "tags": ["metal"], "position": {"azimuth": 90}},
         {"id": "bee", "tags": ["animal"], "position": {"azimuth": 180}}]
        """

    func play(goals: String) throws -> Store<GameState> {
        let world = try Support.world(level: #"{"id": "one", "name": "One", "entities": \#(GoalTests.entities), "goals": \#(goals)}"#)
        world.store.dispatch(.start)
        return world.store
    }

    func state(_ store: Store<GameState>, _ goal: String) -> String? { store.goal(goal)?[GoalKeys.state].rawValue }
    func status(_ store: Store<GameState>) -> LevelStatus { store.level[LevelKeys.status] }

    @Test func findByEntity() throws {
        let store = try play(goals: #"[{"type": "find", "entity": "gong"}]"#)
        store.dispatch(.selectEntity("bell"))
        #expect(state(store, "find") == "pending")
        #expect(status(store) == .running)
        store.dispatch(.selectEntity("gong"))
        #expect(state(store, "find") == "met")
        #expect(status(store) == .won)
    }

    @Test func findByTag() throws {
        let store = try play(goals: #"[{"type": "find", "tag": "animal"}]"#)
        store.dispatch(.selectEntity("gong"))
        #expect(state(store, "find") == "pending")
        store.dispatch(.selectEntity("bee"))
        #expect(status(store) == .won)
    }

    @Test func findAllNeedsEveryTaggedEntity() throws {
        let store = try play(goals: #"[{"type": "findAll", "tag": "metal"}]"#)
        store.dispatch(.selectEntity("bell"))
        store.dispatch(.selectEntity("bee"))
        #expect(state(store, "findAll") == "pending")
        store.dispatch(.selectEntity("gong"))
        #expect(state(store, "findAll") == "met")
        #expect(status(store) == .won)
    }

    /// `findAll` walks the level's entities, in its `check` and on every selection. The walk
    /// sorted the ids with a comparison written in Lua, fifteen instructions each: a level
    /// of 20,000 entities failed validation with the check's instruction budget spent
    /// before its first entity. Ids are sorted by `<` in C now, in the same order.
    @Test func findAllWalksALargeLevelWithinItsBudget() throws {
        let ids = (0..<20_000).map { String(format: "e%05d", $0) }
        let world = try Support.world(level: Support.level(entities: ids.map { ($0, 0) }, goals: #"[{"type": "findAll", "tag": "t"}]"#),
                                      limits: ScriptLimits())
        #expect(world.rules.validate(world.level).map(\.description) == [])
        let store = world.store
        store.dispatch(.start)
        for id in ["e19999", "e00000"] {
            #expect(store.send(.selectEntity(id)).isEmpty)
            #expect(state(store, "findAll") == "pending")
        }
        #expect(store.level[LevelKeys.found] == ["e19999", "e00000"])
    }

    @Test func findInOrder() throws {
        let store = try play(goals: #"[{"type": "findInOrder", "entities": ["gong", "bell"]}]"#)
        store.dispatch(.selectEntity("bee"))  // not listed: does not matter
        store.dispatch(.selectEntity("gong"))
        #expect(store.goal("findInOrder")?["progress"] == .int(1))
        #expect(status(store) == .running)
        store.dispatch(.selectEntity("bell"))
        #expect(status(store) == .won)
    }

    @Test func findInOrderFailsOutOfTurn() throws {
        let store = try play(goals: #"[{"type": "findInOrder", "entities": ["gong", "bell"]}]"#)
        store.dispatch(.selectEntity("bell"))
        #expect(state(store, "findInOrder") == "failed")
        #expect(status(store) == .lost)
    }

    @Test func timeLimitHoldsThenFails() throws {
        let store = try play(goals: #"[{"type": "find", "entity": "bee"}, {"type": "timeLimit", "seconds": 1}]"#)
        #expect(state(store, "timeLimit") == "met")
        Support.tick(store, 59)
        #expect(state(store, "timeLimit") == "met")
        #expect(status(store) == .running)
        Support.tick(store, 2)
        #expect(state(store, "timeLimit") == "failed")
        #expect(status(store) == .lost)
    }

    @Test func timeLimitMetWhenTheRestIsDoneInTime() throws {
        let store = try play(goals: #"[{"type": "find", "entity": "bee"}, {"type": "timeLimit", "seconds": 5}]"#)
        Support.tick(store, 30)
        store.dispatch(.selectEntity("bee"))
        #expect(status(store) == .won)
    }

    @Test func maxMisses() throws {
        let store = try play(goals: #"[{"type": "find", "entity": "bee"}, {"type": "maxMisses", "misses": 1}]"#)
        store.dispatch(.turnTo(45))
        store.dispatch(.select)
        #expect(state(store, "maxMisses") == "met")
        store.dispatch(.select)
        #expect(state(store, "maxMisses") == "failed")
        #expect(status(store) == .lost)
        #expect(store.level[LevelKeys.misses] == 2)
    }

    @Test func avoid() throws {
        let store = try play(goals: #"[{"type": "find", "entity": "bell"}, {"type": "avoid", "tag": "animal"}]"#)
        #expect(state(store, "avoid") == "met")
        store.dispatch(.selectEntity("bee"))
        #expect(state(store, "avoid") == "failed")
        #expect(status(store) == .lost)
    }

    @Test func wonOnlyWhenAllGoalsAreMet() throws {
        let store = try play(goals: #"[{"type": "find", "entity": "bell"}, {"type": "find", "entity": "gong"}, {"type": "avoid", "entity": "bee"}]"#)
        store.dispatch(.selectEntity("bell"))
        #expect(state(store, "find") == "met")
        #expect(status(store) == .running)
        store.dispatch(.selectEntity("gong"))
        #expect(state(store, "find.2") == "met")
        #expect(status(store) == .won)
    }

    @Test func goalChangesAreAnnounced() throws {
        let store = try play(goals: #"[{"type": "find", "entity": "bell"}]"#)
        let transition = store.dispatch(.selectEntity("bell"))
        let names = transition.actions.map(\.name)
        #expect(names == ["selectEntity", "entity.selected", "goal.met", "level.won", "achievement.earned",
                          "achievement.earned", "achievement.earned"])
        #expect(transition.actions[2]["id"] == .string("find"))
    }
}
