import EcholotCore
import Testing

@testable import EcholotModel

@Suite struct LevelRunnerTests {
    private let log = InputLog([
        InputEvent(t: 0.5, action: .turnTo(90)),
        InputEvent(t: 1.0, action: .select),
        InputEvent(t: 1.5, action: .turnBy(-100)),
        InputEvent(t: 2.0, action: .select),
        InputEvent(t: 3.0, action: Action(ActionName.end)),
    ])

    @Test func ticksUpToEachEventAndStopsAtEnd() {
        let store = Store(state: GameState.incarnation(of: level(entities: [90, 200])), reducers: LevelReducers.all)
        let result = LevelRunner().run(store, log: log)
        #expect(result.outcome == .running)
        #expect(abs(result.time - 3.0) < 1e-9)
        #expect(result.found == ["e0"])
        #expect(result.misses == 1)
    }

    @Test func sameLevelAndLogGiveTheSameHash() {
        func run() -> RunResult {
            let store = Store(state: GameState.incarnation(of: level(entities: [90, 200, 33])), reducers: LevelReducers.all)
            return LevelRunner().run(store, log: log)
        }
        let a = run(), b = run()
        #expect(a.stateHash == b.stateHash)
        // A different input gives a different hash.
        let store = Store(state: GameState.incarnation(of: level(entities: [90, 200, 33])), reducers: LevelReducers.all)
        let c = LevelRunner().run(store, log: InputLog(Array(log.events.dropFirst())))
        #expect(c.stateHash != a.stateHash)
    }

    /// An input the level refuses is reported at its line in the log, as `path:line:col`,
    /// naming the action once; the run goes on past it.
    @Test func aRejectedInputNamesItsLine() throws {
        let log = try InputLog.parse(Array("""
            {"t": 0.5, "action": "turnTo", "azimuth": 90}
            {"t": 1, "action": "selectEntity", "id": "nobody"}

            """.utf8), displayPath: "in.jsonl")
        let store = Store(state: GameState.incarnation(of: level(entities: [90])), reducers: LevelReducers.all)
        let result = LevelRunner(maxSeconds: 2).run(store, log: log)
        #expect(result.errors.count == 1)
        #expect(result.errors.first?.hasPrefix("in.jsonl:2:1: error: there is no entity 'nobody' in level '") == true, "\(result.errors)")
        #expect(abs(result.time - 2) < 1e-9)
    }

    /// A rule whose message changes on every tick of a long run is reported as the first
    /// few messages and a count, not as one line per tick.
    @Test func aRuleFailingDifferentlyOnEveryTickIsSummedUp() {
        struct Failure: Error, CustomStringConvertible {
            let tick: Int
            var description: String { "failed on tick \(tick)" }
        }
        var ticks = 0
        let failing = Reducer<GameState>("failing", handles: .only(ActionName.tick)) { _, _, _ in
            ticks += 1
            throw Failure(tick: ticks)
        }
        let store = Store(state: GameState.incarnation(of: level(entities: [])), reducers: LevelReducers.all + [failing])
        let result = LevelRunner(maxSeconds: 60).run(store, log: InputLog())
        #expect(ticks == 3_600)
        #expect(result.errors.count == FailureTally.reportLimit + 1)
        #expect(result.errors.first?.hasSuffix("failed on tick 1") == true, "\(result.errors)")
        #expect(result.errors.last == "… and \(3_600 - FailureTally.reportLimit) more failures, not shown")
    }

    @Test func runsStopAtTheTimeCap() {
        let store = Store(state: GameState.incarnation(of: level(entities: [])), reducers: LevelReducers.all)
        let result = LevelRunner(maxSeconds: 2).run(store, log: InputLog())
        #expect(abs(result.time - 2) < 1e-9)
        #expect(result.outcome == .running)
    }

    @Test func theLogRoundTripsAsJSONLines() {
        #expect(log.events[0].jsonLine == #"{"action":"turnTo","azimuth":90,"t":0.5}"#)
        #expect(log.jsonLines.split(separator: "\n").count == 5)
    }
}
