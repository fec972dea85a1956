import EcholotCore
import Foundation
import Testing
@testable import EcholotScript

/// Runs the orbit benchmark when ECHOLOT_LUA_BENCH is set (timings belong to the
/// benchmark executable, not to the test suite; this is for quick local looks).
@Suite struct OrbitBenchmarkRun {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["ECHOLOT_LUA_BENCH"] != nil))
    func orbitTicks() throws {
        let bench = OrbitBenchmark(entities: 1000)
        let engine = try ScriptEngine()
        try engine.loadStandardRules(from: Support.standardRules)
        let ticks: [(String, () -> Int)] = [
            ("engine", try bench.engineTick(engine)),
            ("plain Lua", try bench.plainLuaTick()),
            ("Swift reducer", bench.swiftTick()),
        ]
        let only = ProcessInfo.processInfo.environment["ECHOLOT_LUA_BENCH"] ?? ""
        for (name, tick) in ticks where only == "1" || only == name {
            for _ in 0..<200 { #expect(tick() == 0) }
            var samples: [Double] = []
            for _ in 0..<1000 {
                let start = DispatchTime.now().uptimeNanoseconds
                _ = tick()
                samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1000)
            }
            samples.sort()
            print(name, "median µs/tick:", samples[samples.count / 2], "p10:", samples[samples.count / 10])
        }
    }
}
