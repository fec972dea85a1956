// The benchmark: `make bench` (release build). Timing targets live here, never in tests;
// every figure is compared with a baseline measured in the same run.
// `EcholotBench [core] …` runs only the named sections.
let sections = Set(CommandLine.arguments.dropFirst())
func wants(_ name: String) -> Bool { sections.isEmpty || sections.contains(name) }

print("# Echolot benchmark")
if wants("core") { runCoreBenchmarks() }
if wants("lua") { runLuaBenchmarks() }
if wants("sandbox") { runSandboxBenchmarks() }
if wants("audio") { runAudioBenchmarks() }
if wants("terminal") { runTerminalBenchmarks() }
if wants("store") { runStoreBenchmarks() }
