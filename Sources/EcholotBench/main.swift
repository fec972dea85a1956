import Foundation

// The benchmark: `make bench` (release build). Timing targets live here, never in tests;
// every figure is compared with a baseline measured in the same run.
// `EcholotBench [core] …` runs only the named sections.
let benchmarks: [(name: String, run: () -> Void)] = [
    ("core", runCoreBenchmarks), ("lua", runLuaBenchmarks), ("sandbox", runSandboxBenchmarks),
    ("audio", runAudioBenchmarks), ("terminal", runTerminalBenchmarks), ("store", runStoreBenchmarks),
]
let sections = Set(CommandLine.arguments.dropFirst())
// A misspelt section would otherwise run nothing and exit 0, looking like a quiet success.
let unknown = sections.filter { name in !benchmarks.contains { $0.name == name } }.sorted()
if !unknown.isEmpty {
    let names = unknown.map { "'\($0)'" }.joined(separator: ", ")
    let message = "error: unknown section\(unknown.count == 1 ? "" : "s") \(names); the sections are "
        + benchmarks.map(\.name).joined(separator: ", ") + "\n"
    FileHandle.standardError.write(Data(message.utf8))
    exit(2)
}

print("# Echolot benchmark")
for benchmark in benchmarks where sections.isEmpty || sections.contains(benchmark.name) { benchmark.run() }
