import EcholotCore
import EcholotModel

/// A level with `count` entities spread around the listener, built in code.
func benchLevel(entities count: Int) -> Level {
    var level = Level()
    level[LevelKeys.id] = "bench-\(count)"
    level[LevelKeys.name] = "Benchmark"
    var entities = NodeMap<EntityKind>()
    for i in 0..<count {
        var entity = Entity()
        entity[EntityKeys.id] = "e\(i)"
        entity[EntityKeys.name] = "Entity \(i)"
        entity[EntityKeys.azimuth] = Double(i * 37 % 360)
        entity[EntityKeys.tags] = ["bench"]
        var sound = Sound()
        sound[SoundKeys.file] = "tone.wav"
        entity[EntityKeys.sound] = sound
        entity[EntityKeys.behaviours] = [["type": "orbit", "speed": 10]]
        entities["e\(i)"] = entity
    }
    level[LevelKeys.entities] = entities
    return level
}

/// A copy of the value with no storage shared: what keeping states costs without
/// structural sharing.
func deepCopy(_ value: Value) -> Value {
    switch value {
    case let .map(map):
        var copy = PersistentMap<Value>()
        for (key, child) in map { copy[key] = deepCopy(child) }
        return .map(copy)
    case let .list(items):
        return .list(items.map(deepCopy))
    default:
        return value
    }
}

/// A reducer that moves one entity a little per action, as a behaviour would.
private func nudge() -> Reducer<GameState> { Reducer<GameState>.scoped(
    "bench.nudge", handles: .only("bench.nudge"), lens: LevelReducers.level
) { level, action, _ in
    let id = "e\(action["index"].intValue ?? 0)"
    level.modify(LevelKeys.entities) { entities in
        entities.modify(id) { $0[EntityKeys.azimuth] = Geometry.normalize(azimuth: $0[EntityKeys.azimuth] + 1) }
    }
} }

/// Issue 2's figures: `turnBy` dispatch and diff per level size, and the memory of 10,000
/// retained successive states against deep copies.
func runCoreBenchmarks() {
    var timing: [[String]] = []
    var memory: [[String]] = []
    for count in [10, 100, 1_000] {
        let level = benchLevel(entities: count)
        let store = Store(state: GameState.incarnation(of: level), reducers: LevelReducers.all + [nudge()])
        store.dispatch(.start)
        let dispatch = sampleNanoseconds(count: 20_000) { store.dispatch(.turnBy(3)) }

        var diffs: [Double] = []
        for i in 0..<5_000 {
            let old = store.state
            store.dispatch(i % 2 == 0 ? .turnBy(3) : Action("bench.nudge", ["index": .int(i % count)]))
            let new = store.state
            diffs += sampleNanoseconds(count: 1, warmup: 0) { _ = Diff(from: old.tree, to: new.tree) }
        }
        timing.append([
            "\(count)", fixed(percentile(dispatch, 50), 0), fixed(percentile(dispatch, 99), 0),
            fixed(percentile(diffs, 50), 0), fixed(percentile(diffs, 99), 0),
        ])

        // Memory: one state built from scratch, then 10,000 successive states kept alive —
        // once with turns only (the benchmark's action), once alternating turns with an
        // entity moving (what a behaviour adds).
        let base = heapInUse()
        var fresh = deepCopy(level.value).mapValue.map { Level($0) }!
        fresh.shareKeyLists()  // as the level reader leaves a loaded level
        var one: [GameState] = [GameState.incarnation(of: fresh)]
        let oneBytes = heapInUse() - base
        func retain(_ makeAction: (Int) -> Action) -> (states: [GameState], bytes: Int) {
            let store = Store(state: one[0], reducers: LevelReducers.all + [nudge()])
            store.dispatch(.start)
            let before = heapInUse()
            var states: [GameState] = []
            states.reserveCapacity(10_000)
            for i in 0..<10_000 {
                store.dispatch(makeAction(i))
                states.append(store.state)
            }
            return (states, heapInUse() - before)
        }
        let turns = retain { _ in .turnBy(1) }
        let mixed = retain { i in i % 2 == 0 ? .turnBy(1) : Action("bench.nudge", ["index": .int(i % count)]) }
        let retained = mixed.states
        // The naive baseline: every state a deep copy, its same-keyed maps sharing key
        // lists within the copy as one state's do (never across copies). Capped so 1,000
        // entities fit in memory; the per-state cost is scaled to 10,000.
        let naiveCount = min(10_000, max(50, 20_000_000 / max(oneBytes, 1)))
        let beforeNaive = heapInUse()
        var naive: [Value] = []
        naive.reserveCapacity(naiveCount)
        for i in 0..<naiveCount {
            var copy = deepCopy(retained[i].tree)
            var lists = SharedKeyLists()
            copy.shareKeyLists(&lists)
            naive.append(copy)
        }
        let naiveBytes = Double(heapInUse() - beforeNaive) / Double(naiveCount) * 10_000
        func times(_ bytes: Int) -> String { fixed(Double(bytes) / Double(max(oneBytes, 1)), 1) + "×" }
        memory.append([
            "\(count)", fixed(Double(oneBytes) / 1024),
            fixed(Double(turns.bytes) / 1024) + " (" + times(turns.bytes) + ")",
            fixed(Double(mixed.bytes) / 1024) + " (" + times(mixed.bytes) + ")",
            fixed(naiveBytes / 1024) + " (" + fixed(naiveBytes / Double(max(oneBytes, 1)), 0) + "×"
                + (naiveCount < 10_000 ? ", from \(naiveCount)" : "") + ")",
        ])
        withExtendedLifetime(turns.states) {}
        withExtendedLifetime((one, retained, naive)) {}
        one.removeAll()
    }
    printTable(
        "Store: `turnBy` dispatch and diff (ns)",
        ["entities", "dispatch p50", "dispatch p99", "diff p50", "diff p99"], timing)
    printTable(
        "Memory of 10,000 retained successive states",
        ["entities", "one state KiB", "10,000 turns KiB (× one)", "10,000 turns+moves KiB (× one)", "10,000 deep copies KiB (× one)"],
        memory)
}
