import EcholotCore
import Testing

@testable import EcholotModel

@Suite struct LevelReducerTests {
    @Test func turningFollowsTheGeometryContract() {
        let store = startedStore(level(entities: []))
        store.dispatch(.turnBy(-30))
        #expect(store.level[LevelKeys.view][ViewKeys.center] == 330)
        store.dispatch(.turnBy(400))
        #expect(store.level[LevelKeys.view][ViewKeys.center] == 10)
        store.dispatch(.turnTo(-90))
        #expect(store.level[LevelKeys.view][ViewKeys.center] == 270)
        store.dispatch(.tiltTo(120))
        #expect(store.level[LevelKeys.view][ViewKeys.elevation] == 90)
        store.dispatch(Action(ActionName.moveTo, ["azimuth": 45, "elevation": -10]))
        #expect(store.level[LevelKeys.view][ViewKeys.center] == 45)
        #expect(store.level[LevelKeys.view][ViewKeys.elevation] == -10)
    }

    @Test func badPayloadsAreRejectedAndChangeNothing() {
        let store = startedStore(level(entities: []))
        let before = store.state
        let t = store.dispatch(Action(ActionName.turnBy, ["degrees": "left"]))
        #expect(t.rejections.first?.description == "reducer 'level.view' rejected action 'turnBy': 'degrees' must be a finite number, found string")
        #expect(store.dispatch(Action(ActionName.turnTo, ["azimuth": .number(.nan)])).rejections.count == 1)
        #expect(store.dispatch(.selectEntity("nobody")).rejections.count == 1)
        #expect(store.state == before)
    }

    @Test func selectPicksTheNearestWithinTheTolerance() {
        let store = startedStore(level(entities: [20, 8, 350, 180]))
        store.dispatch(.select)
        #expect(store.level[LevelKeys.found] == ["e1"])  // 8° off beats 350 (10° off)
    }

    @Test func selectionsHitOrMissAndCount() {
        let store = startedStore(level(entities: [20, 5, 180]))
        store.dispatch(.select)  // e1 at 5° is nearest
        store.dispatch(.select)  // e0 at 20° is outside 15°: a miss
        store.dispatch(.turnTo(181))
        store.dispatch(.select)  // e2
        store.dispatch(.select)  // e2 already found: a miss
        let level = store.level
        #expect(level[LevelKeys.found] == ["e1", "e2"])
        #expect(level[LevelKeys.misses] == 2)
        #expect(level[LevelKeys.selections] == 4)
        #expect(level[LevelKeys.entities]["e1"]![EntityKeys.found])
        #expect(!level[LevelKeys.entities]["e0"]![EntityKeys.found])
    }

    /// A rule may set the level's counters to anything; counting on from the largest
    /// stays there rather than trap.
    @Test func countersStopAtTheLargestCount() {
        var counted = level(entities: [20])
        counted[LevelKeys.misses] = .max
        counted[LevelKeys.selections] = .max
        let store = startedStore(counted)
        store.dispatch(.turnTo(180))
        store.dispatch(.select)
        #expect(store.level[LevelKeys.misses] == .max)
        #expect(store.level[LevelKeys.selections] == .max)
    }

    @Test func tiesGoToTheSmallerId() {
        let store = startedStore(level(entities: [10, 350]))
        store.dispatch(.select)
        #expect(store.level[LevelKeys.found] == ["e0"])
    }

    @Test func selectEntityAndAttachedActions() {
        var lvl = level(entities: [90])
        lvl.modify(LevelKeys.entities) { entities in
            entities.modify("e0") { $0[EntityKeys.actions] = [["on": "selected", "action": "pack.ring", "times": 2]] }
        }
        let store = startedStore(lvl)
        let t = store.dispatch(.selectEntity("e0"))
        #expect(t.actions.map(\.name) == ["selectEntity", "entity.selected", "pack.ring"])
        #expect(t.actions[2]["times"] == 2)
        #expect(t.actions[2]["entity"] == "e0")
    }

    @Test func timeRunsOnlyWhileTheLevelRuns() {
        let store = Store(state: GameState.incarnation(of: level(entities: [0])), reducers: LevelReducers.all)
        store.dispatch(.tick(0.5))
        #expect(store.level[LevelKeys.time] == 0)
        store.dispatch(.select)
        #expect(store.level[LevelKeys.selections] == 0)
        store.dispatch(.start)
        store.dispatch(.tick(0.5))
        store.dispatch(Action(ActionName.levelWon))
        store.dispatch(Action(ActionName.levelLost))  // the first outcome sticks
        store.dispatch(.tick(0.5))
        #expect(store.level[LevelKeys.time] == 0.5)
        #expect(store.level[LevelKeys.status] == .won)
    }

    /// A rule comparing `ctx.time` with a whole number of seconds fires on the tick it
    /// names: the clock does not drift from the sum of its steps.
    @Test func timeIsTheStepsTakenNotASumThatDrifts() {
        let store = Store(state: GameState.incarnation(of: level(entities: [0])), reducers: LevelReducers.all)
        store.dispatch(.start)
        for _ in 0..<1_200 { store.dispatch(.tick(1.0 / 60)) }
        #expect(store.level[LevelKeys.time] == 20)
        for _ in 0..<60 { store.dispatch(.tick(1.0 / 30)) }
        #expect(store.level[LevelKeys.time] == 22)
        store.dispatch(.tick(0.25))
        #expect(store.level[LevelKeys.time] == 22.25)
    }

    @Test func anIncarnationLeavesTheOriginalUntouched() {
        let original = level(entities: [0, 90])
        let store = startedStore(original)
        store.dispatch(.select)
        store.dispatch(.turnBy(90))
        #expect(original[LevelKeys.status] == .ready)
        #expect(original[LevelKeys.found].isEmpty)
        #expect(original[LevelKeys.view][ViewKeys.center] == 0)
        #expect(store.level[LevelKeys.found] == ["e0"])
    }
}
