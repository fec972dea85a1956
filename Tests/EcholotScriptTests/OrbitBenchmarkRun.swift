import EcholotCore
import Foundation
import Testing
import EcholotScript

/// Runs the orbit benchmark when ECHOLOT_LUA_BENCH is set (timings belong to the
/// benchmark executable, not to the test suite; this is for quick local looks, and under
/// callgrind for instruction counts): `1` runs all three ways, or name one
/// (`engine`, `plain Lua`, `Swift reducer`); ECHOLOT_LUA_TICKS sets the ticks measured.
@Suite struct OrbitBenchmarkRun {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["ECHOLOT_LUA_BENCH"] != nil))
    func orbitTicks() throws {
        let environment = ProcessInfo.processInfo.environment
        let only = environment["ECHOLOT_LUA_BENCH"] ?? ""
        let count = Int(environment["ECHOLOT_LUA_TICKS"] ?? "") ?? 1000
        let bench = OrbitBenchmark(entities: 1000)
        let engine = try ScriptEngine()
        try engine.loadStandardRules(from: Support.standardRules)
        let ticks: [(String, () -> Int)] = [
            ("engine", try bench.engineTick(engine)),
            ("plain Lua", try bench.plainLuaTick()),
            ("Swift reducer", bench.swiftTick()),
        ]
        for (name, tick) in ticks where only == "1" || only == name {
            for _ in 0..<min(count, 200) { #expect(tick() == 0) }
            var samples: [Double] = []
            for _ in 0..<count {
                let start = DispatchTime.now().uptimeNanoseconds
                _ = tick()
                samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1000)
            }
            samples.sort()
            if !samples.isEmpty {
                print(name, "median µs/tick:", samples[samples.count / 2], "p10:", samples[samples.count / 10])
            }
        }
    }
}
