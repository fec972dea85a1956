import EcholotScript
import Foundation

/// Issue 3's figure: the cost per tick of 1,000 entities that each carry an `orbit`
/// behaviour, through the engine (store, level reducers, the Lua rule and its
/// marshalling; once as `echolot run` and pack tests drive it, once with an observer as
/// in play), as a plain Lua loop over mutable tables doing the same arithmetic, and as a
/// Swift reducer — all measured in this run, so the ratios are what counts.
///
/// A fifth row, the plain loop calling the rule's function once per entity with no engine
/// around it, shows what the API's one call per entity costs by itself.
///
/// For profilers and instruction counts, `ECHOLOT_LUA_WAY=engine|observed|lua|luacall|swift
/// ECHOLOT_LUA_TICKS=50 EcholotBench lua` runs just that many ticks of one way; the
/// difference between runs of 50 and 0 ticks, divided by 50, is the cost of one tick.
/// `ECHOLOT_LUA_ENTITIES=N` measures levels of N entities instead of 1,000 (the target's
/// figure), to see how each way grows with the level.
func runLuaBenchmarks() {
    let environment = ProcessInfo.processInfo.environment
    let asked = environment["ECHOLOT_LUA_ENTITIES"]
    let count = Int(asked ?? "").flatMap { $0 > 0 ? $0 : nil } ?? 1000
    if let asked, count == 1000, asked != "1000" {
        print("\n(lua: ECHOLOT_LUA_ENTITIES must be a whole number above 0, not '\(asked)'; measuring 1,000 entities)")
    }
    let bench = OrbitBenchmark(entities: count)
    let ticks: [(name: String, way: String, tick: () -> Int)]
    do {
        let engine = try ScriptEngine()
        guard let folder = StandardRules.folder() else {
            print("\n(lua: cannot find the standard rules; run from the repository root)")
            return
        }
        try engine.loadStandardRules(from: folder)
        ticks = [
            ("plain Lua loop (baseline)", "lua", try bench.plainLuaTick()),
            ("plain Lua loop, a call per entity", "luacall", try bench.callingLuaTick()),
            ("engine (Lua rule)", "engine", try bench.engineTick(engine)),
            ("engine, observed as in play", "observed", try bench.observedEngineTick(engine)),
            ("Swift reducer", "swift", bench.swiftTick()),
        ]
    } catch {
        print("\n(lua: \(error))")
        return
    }
    if let way = environment["ECHOLOT_LUA_WAY"], let tick = ticks.first(where: { $0.way == way })?.tick {
        let count = Int(environment["ECHOLOT_LUA_TICKS"] ?? "") ?? 50
        var rejected = 0
        for _ in 0..<count { rejected += tick() }
        print("\n(lua: \(count) ticks of '\(way)', \(rejected) rejected)")
        return
    }
    var rows: [[String]] = []
    var medians: [String: Double] = [:]
    for (name, way, tick) in ticks {
        var rejected = 0
        let samples = sampleNanoseconds(count: 2_000, warmup: 200) { rejected += tick() }
        medians[way] = percentile(samples, 50)
        rows.append([name, fixed(percentile(samples, 50) / 1000), fixed(percentile(samples, 99) / 1000),
                     "\(rejected)"])
    }
    for (i, way) in ticks.map(\.way).enumerated() {
        let p50 = medians[way] ?? .nan
        rows[i].insert(fixed(p50 / (medians["lua"] ?? .nan), 2) + "×", at: 3)
        rows[i].insert(fixed(p50 / (medians["swift"] ?? .nan), 2) + "×", at: 4)
    }
    printTable(
        "Rules: one tick of \(grouped(count)) orbiting entities (µs; target, at 1,000: engine ≤ 4× plain Lua p50, aim 2×)",
        ["way", "p50", "p99", "÷ plain Lua p50", "÷ Swift reducer p50", "rejections"], rows)
}

/// What one instruction of a reducer's budget costs in time, spent on plain Lua and on
/// the library work the sandbox charges by size: the budget bounds a call's time only as
/// far as these agree, and the charge rates are set from them.
func runSandboxBenchmarks() {
    let rows: [[String]]
    do {
        let bench = try SandboxBenchmark()
        var baseline = Double.nan
        rows = try SandboxBenchmark.workloads.map { workload in
            // The median of five runs after one to warm up; each is long (a million
            // instructions or more).
            let runs = try (0..<6).map { _ in try bench.measure(workload, clock: { DispatchTime.now().uptimeNanoseconds }) }
                .dropFirst()
            let median = runs.sorted { $0.perInstruction < $1.perInstruction }[2]
            if baseline.isNaN { baseline = median.perInstruction }
            return [workload.name, "\(median.instructions)", fixed(median.nanoseconds / 1e6, 2),
                    fixed(median.perInstruction, 1), fixed(median.perInstruction / baseline, 2) + "×"]
        }
    } catch {
        print("\n(sandbox: \(error))")
        return
    }
    printTable("Sandbox: time per budget instruction (ns; charged library work should cost about what plain Lua does)",
               ["workload", "instructions charged", "ms", "ns per instruction", "÷ plain Lua"], rows)
}
