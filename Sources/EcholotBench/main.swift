import Foundation

// The benchmark: `make bench` (release build). Timing targets live here, never in tests;
// every figure is compared with a baseline measured in the same run.
// `EcholotBench [core] …` runs only the named sections.
let benchmarks: [(name: String, run: () -> Void)] = [
    ("core", runCoreBenchmarks), ("lua", runLuaBenchmarks), ("sandbox", runSandboxBenchmarks),
    ("audio", runAudioBenchmarks), ("terminal", runTerminalBenchmarks), ("store", runStoreBenchmarks),
    ("start", runStartBenchmarks),
]
let arguments = CommandLine.arguments.dropFirst()
// Whoever reproduces docs/PERFORMANCE.md's figures asks the binary first; "--help" was
// refused as an unknown section.
if arguments.contains(where: { $0 == "--help" || $0 == "-h" }) {
    print("""
        USAGE: EcholotBench [SECTION …]   (make bench BENCH_ARGS="SECTION …"; release build)

        Runs the named sections, else all: \(benchmarks.map(\.name).joined(separator: ", ")).
        Every figure is set against a baseline measured in the same run; docs/PERFORMANCE.md
        says what each section measures and how its figures were taken.

        lua only, for profilers and instruction counts:
          ECHOLOT_LUA_WAY=engine|observed|lua|luacall|swift  run that one way's ticks, nothing else
          ECHOLOT_LUA_TICKS=N                                 how many ticks of it (default 50)
          ECHOLOT_LUA_ENTITIES=N                              levels of N entities (default 1,000)
        """)
    exit(0)
}
let sections = Set(arguments)
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
