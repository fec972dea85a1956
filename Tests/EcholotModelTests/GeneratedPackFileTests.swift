import EcholotCore
import EcholotTestSupport
import Foundation
import Testing

@testable import EcholotModel

/// Hostile and broken variants of the shipped packs' files, generated from fixed seeds,
/// through the real readers: each is taken, or refused with problems of the one form, one
/// line each, placed inside the file. A trap (an index out of range, an overflow) ends the
/// test process and shows as a failure here.
@Suite struct GeneratedPackFileTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// A copy of the shipped pack `name` in a scratch folder, to change files in.
    static func copy(of name: String) throws -> URL {
        let folder = try scratchFolder("generated").appendingPathComponent(name)
        try FileManager.default.copyItem(at: root.appendingPathComponent("levels/\(name)"), to: folder)
        return folder
    }

    /// A variant of `bytes`: at the byte level for even draws, else as JSON.
    static func variant(of bytes: [UInt8], _ mutator: inout HostileMutator) -> [UInt8] {
        mutator.below(2) == 0 ? mutator.mutateBytes(bytes) : mutator.mutateJSON(bytes)
    }

    /// The tutorial's level files, manifest and strings, each changed: the loader's
    /// diagnostics keep the form, and a pack it passes loads.
    @Test func mutatedTutorialFilesAreTakenOrToldInTheOneForm() throws {
        let pack = try Self.copy(of: "tutorial")
        let files = ["levels/first-sound.json", "levels/two-voices.json", "levels/around-you.json",
                     "levels/in-order.json", "pack.json", "strings/en.json", "strings/de.json"]
        var refused = 0
        for seed in UInt64(0)..<300 {
            var mutator = HostileMutator(seed: seed)
            let file = mutator.pick(files)
            let url = pack.appendingPathComponent(file)
            let original = try [UInt8](Data(contentsOf: url))
            let bytes = Self.variant(of: original, &mutator)
            try Data(bytes).write(to: url)
            defer { try? Data(original).write(to: url) }
            let diagnostics = PackLoader.validate(at: pack)
            let problems = DiagnosticForm.problems(in: diagnostics, of: bytes, shownAs: url.path)
            #expect(problems.isEmpty, "seed \(seed), \(file): \(problems)")
            if diagnostics.isEmpty { #expect(throws: Never.self, "seed \(seed), \(file)") { try PackLoader.load(at: pack) } }
            if !diagnostics.isEmpty { refused += 1 }
        }
        // Both ways are taken: the variants are neither all harmless nor all broken.
        #expect((50...280).contains(refused), "\(refused) of 300 refused")
    }

    /// Night Walk's story and its transcript tests, each changed, through the story's and
    /// the tests' readers.
    @Test func mutatedStoriesAndTranscriptsAreTakenOrToldInTheOneForm() throws {
        let folder = Self.root.appendingPathComponent("levels/night-walk")
        let pack = try PackLoader.load(at: folder)
        let story = try [UInt8](Data(contentsOf: folder.appendingPathComponent(StoryReader.fileName)))
        let transcripts = try StoryTest.files(in: pack).map { try [UInt8](Data(contentsOf: $0)) }
        for seed in UInt64(0)..<300 {
            var mutator = HostileMutator(seed: seed)
            let diagnostics: [Diagnostic]
            let bytes: [UInt8]
            if seed % 3 == 0 {
                bytes = Self.variant(of: mutator.pick(transcripts), &mutator)
                if case let .failure(error) = StoryTest.read(bytes, displayPath: "t.story.json") { diagnostics = error.diagnostics } else { diagnostics = [] }
            } else {
                bytes = Self.variant(of: story, &mutator)
                if case let .failure(error) = StoryReader.read(bytes, pack: pack, displayPath: "story.json") { diagnostics = error.diagnostics } else { diagnostics = [] }
            }
            let shown = seed % 3 == 0 ? "t.story.json" : "story.json"
            let problems = DiagnosticForm.problems(in: diagnostics, of: bytes, shownAs: shown)
            #expect(problems.isEmpty, "seed \(seed): \(problems)")
        }
    }

    /// Input logs, changed, read and then played by the engine's level reducers: a log
    /// that reads plays to its end without a trap, and every input the level refuses is
    /// told at its line.
    @Test func mutatedInputLogsAreReadAndPlayedOrToldInTheOneForm() throws {
        let recorded = try [UInt8](Data(contentsOf: Self.root.appendingPathComponent("levels/tutorial/tests/logs/full-circle.jsonl")))
        let every = Array(InputLog([
            InputEvent(t: 0.25, action: .turnTo(60)), InputEvent(t: 0.5, action: .turnBy(-15.5)),
            InputEvent(t: 0.75, action: Action(ActionName.tiltTo, ["elevation": 10])),
            InputEvent(t: 1, action: Action(ActionName.moveTo, ["azimuth": 3, "elevation": 2])),
            InputEvent(t: 1.25, action: .select), InputEvent(t: 1.5, action: .selectEntity("e1")),
            InputEvent(t: 2, action: Action(ActionName.clock, ["hour": 21, "minute": 55])),
            InputEvent(t: 3, action: Action(ActionName.end)),
        ]).jsonLines.utf8)
        for seed in UInt64(0)..<400 {
            var mutator = HostileMutator(seed: seed)
            let source = seed % 2 == 0 ? recorded : every
            var bytes = mutator.mutateBytes(source)
            if mutator.below(2) == 0 {
                // One line changed as JSON, so its values are hostile but it still parses.
                var lines = source.split(separator: 0x0A).map(Array.init)
                let i = mutator.below(lines.count)
                lines[i] = mutator.mutateJSON(lines[i])
                bytes = Array(lines.joined(separator: [UInt8(0x0A)]))
            }
            do throws(PackLoadError) {
                let log = try InputLog.parse(bytes, displayPath: "log.jsonl")
                let result = LevelRunner(maxSeconds: 5).run(startedStore(level(entities: [0, 90, 200])), log: log)
                let problems = DiagnosticForm.problems(in: result.errors)
                #expect(problems.isEmpty, "seed \(seed): \(problems)")
            } catch {
                let problems = DiagnosticForm.problems(in: error.diagnostics, of: bytes, shownAs: "log.jsonl")
                #expect(problems.isEmpty, "seed \(seed): \(problems)")
            }
        }
    }

    /// A recording's description, changed, as `echolot replay` reads it beside its log.
    @Test func mutatedRecordingDescriptionsAreTakenOrToldInTheOneForm() throws {
        let folder = try scratchFolder("generated")
        let log = folder.appendingPathComponent("log.jsonl").path
        let description = RecordingDescription(pack: "/p", packID: "tutorial", packVersion: "1.0.0", level: "first-sound",
                                               step: 1.0 / 60, ticks: 180, outcome: "won", stateHash: "7c317de6babf2d7c")
        try description.write(forLog: log)
        let original = try [UInt8](Data(contentsOf: URL(fileURLWithPath: RecordingDescription.metaPath(forLog: log))))
        for seed in UInt64(0)..<150 {
            var mutator = HostileMutator(seed: seed)
            let bytes = Self.variant(of: original, &mutator)
            try Data(bytes).write(to: URL(fileURLWithPath: RecordingDescription.metaPath(forLog: log)))
            do throws(PackLoadError) {
                _ = try RecordingDescription.read(forLog: log)
            } catch {
                let problems = DiagnosticForm.problems(in: error.diagnostics, of: bytes, shownAs: RecordingDescription.metaPath(forLog: log))
                #expect(problems.isEmpty, "seed \(seed): \(problems)")
            }
        }
    }
}
