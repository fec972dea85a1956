import EcholotCore
import EcholotModel
import EcholotStore
import Foundation

/// The profile database (issue 6): the cost of recording one ended level, and of `stats`
/// over histories of 1,000 to 100,000 runs. Targets: recording under 1 ms, stats over
/// 100,000 runs under 200 ms. Every figure comes from a real SQLite file in a temporary
/// folder, in WAL mode, as a player's profile is.
func runStoreBenchmarks() {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("echolot-bench-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    do {
        try benchRecording(folder)
        try benchStatistics(folder)
    } catch {
        print("store benchmark failed: \(error)")
    }
}

/// A scored pack of 10 levels in two scenarios, the second unlocked by total score: every
/// recording also settles unlocks, as a game's does.
private let benchManifest = PackManifest(
    id: "bench", name: "Bench", version: "1.0.0", api: 1, kind: .scored,
    scenarios: [
        Scenario(id: "one", name: "One", levels: (0..<5).map { "level-\($0)" }),
        Scenario(id: "two", name: "Two", levels: (5..<10).map { "level-\($0)" }, unlock: .totalScore(1_000_000_000)),
    ],
    levelOrder: (0..<10).map { "level-\($0)" })

/// Run `index` of a history, `secondsBack` before now: one of ten levels, three in four won,
/// two tags, and every 50th earning an achievement that may already be earned.
private func benchRun(_ index: Int, secondsBack: Double, now: Date) -> FinishedRun {
    FinishedRun(
        run: Run(recordedAt: now.addingTimeInterval(-secondsBack), packID: "bench", packVersion: "1.0.0",
                 levelID: "level-\(index % 10)", outcome: index % 4 == 0 ? .lost : .won, score: (index * 37) % 1000,
                 seconds: Double(index % 90), misses: index % 5, seed: index,
                 parameters: #"{"goals":{"find":{"id":"find","tag":"bird","type":"findAll"}},"scoring":{"type":"standard"}}"#),
        tags: [TagCount(tag: "bird", found: index % 4, present: 3), TagCount(tag: "bell", found: 1, present: 1)],
        achievements: index % 50 == 0 ? ["bench-\(index % 7)": ["name": "Bench"]] : [:])
}

private func benchRecording(_ folder: URL) throws {
    let profile = try Profile.open(at: folder.appendingPathComponent("record.sqlite"))
    let now = Date()
    var index = 0
    let bare = sampleNanoseconds(count: 2_000, warmup: 200) {
        var finished = benchRun(index, secondsBack: 0, now: now)
        finished.tags = []
        finished.achievements = [:]
        _ = try? profile.record(finished)
        index += 1
    }
    let full = sampleNanoseconds(count: 2_000, warmup: 200) {
        _ = try? profile.record(benchRun(index, secondsBack: 0, now: now), in: benchManifest)
        index += 1
    }
    let rows = [("bare run (baseline)", bare), ("run + 2 tags + unlocks (+ achievement every 50th)", full)].map { name, samples in
        [name, "\(fixed(percentile(samples, 50) / 1_000, 0)) µs", "\(fixed(percentile(samples, 99) / 1_000, 0)) µs",
         "\(fixed(samples.reduce(0, +) / Double(samples.count) / 1_000, 0)) µs"]
    }
    printTable("Store: recording one run (target < 1 ms)", ["what is recorded", "p50", "p99", "mean"], rows)
}

private func benchStatistics(_ folder: URL) throws {
    var rows: [[String]] = []
    for total in [1_000, 10_000, 100_000] {
        let profile = try Profile.open(at: folder.appendingPathComponent("stats-\(total).sqlite"))
        let now = Date()
        // Spread evenly over the last 30 days, so a month's window holds every run.
        let spacing = 29.0 * 86_400 / Double(total)
        let fill = ContinuousClock.now
        for chunk in stride(from: 0, to: total, by: 10_000) {
            let runs = (chunk..<min(total, chunk + 10_000)).map { benchRun($0, secondsBack: Double($0) * spacing, now: now) }
            try profile.record(contentsOf: runs)
        }
        let filled = (ContinuousClock.now - fill) / .milliseconds(1)
        for window in [StatsWindow.week, .month] {
            var runs = 0
            let samples = sampleNanoseconds(count: total >= 100_000 ? 10 : 30, warmup: 2) {
                runs = (try? profile.statistics(window: window, now: now).runs) ?? -1
            }
            rows.append(["\(total)", window.rawValue, "\(runs)", "\(fixed(percentile(samples, 50) / 1e6, 1)) ms",
                         "\(fixed(percentile(samples, 100) / 1e6, 1)) ms", "\(fixed(filled / Double(total) * 1_000, 1)) µs"])
        }
    }
    printTable("Store: `stats` over a history (target < 200 ms at 100,000 runs)",
               ["runs in profile", "window", "runs in window", "p50", "max", "import per run"], rows)
}
