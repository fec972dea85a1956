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

    /// A version a stranger might write: numbers up to and past what an `Int` holds, a
    /// leading zero, a pre-release and a build.
    static func version(_ mutator: inout HostileMutator) -> String {
        let numbers = ["0", "1", "2", "10", "999999999999999", "1000000000000000", "9223372036854775807",
                       "18446744073709551616", "01", ""]
        let core = (0..<3).map { _ in mutator.pick(numbers) }.joined(separator: ".")
        return core + mutator.pick(["", "", "-beta.1", "-0", "-99999999999999999999", "+build.5", "-", "+"])
    }

    /// A version range a stranger might write: each operator on such versions, two bounds,
    /// or something that is no range.
    static func range(_ mutator: inout HostileMutator) -> String {
        func bound(_ mutator: inout HostileMutator) -> String {
            mutator.pick(["^", "~", ">=", "<=", ">", "<", "=", ""]) + version(&mutator)
        }
        switch mutator.below(4) {
        case 0: return bound(&mutator) + " " + bound(&mutator)
        case 1: return mutator.pick(["*", "", " ", "||", "^", "1.2", "x", ">=1.0.0 || <2.0.0"])
        default: return bound(&mutator)
        }
    }

    /// Generated manifests of three packs that extend and depend on one another and on a
    /// small base, with hostile versions, ranges and parameters, resolved as the library
    /// resolves them: each resolves or is told in the one form.
    @Test func generatedManifestsResolveOrAreToldInTheOneForm() throws {
        let folder = try scratchFolder("generated-library")
        let base = folder.appendingPathComponent("base")
        try FileManager.default.createDirectory(at: base.appendingPathComponent("levels"), withIntermediateDirectories: true)
        try Data(#"{"id": "base", "name": "Base", "version": "1.2.3", "api": 1}"#.utf8).write(to: base.appendingPathComponent("pack.json"))
        try Data(#"{"id": "one", "name": "One", "entities": [{"id": "e", "position": {"azimuth": 0}}], "goals": [{"type": "find", "entity": "e"}]}"#.utf8)
            .write(to: base.appendingPathComponent("levels/one.json"))
        let ids = ["a", "b", "c"]
        for seed in UInt64(0)..<80 {
            var mutator = HostileMutator(seed: seed)
            for id in ids {
                var fields = [#""id": "\#(id)""#, #""name": "N""#, #""version": \#(Value.string(Self.version(&mutator)).jsonText)"#, #""api": 1"#]
                if mutator.below(2) == 0 { fields.append(#""extends": "\#(mutator.pick(ids + ["base", "nowhere"]))""#) }
                if mutator.below(2) == 0 {
                    let needs = (0...mutator.below(2)).map { _ in
                        #""\#(mutator.pick(ids + ["base", "nowhere"]))": \#(Value.string(Self.range(&mutator)).jsonText)"#
                    }
                    fields.append(#""dependencies": {\#(Set(needs).joined(separator: ", "))}"#)
                }
                if mutator.below(3) == 0 {
                    fields.append(#""parameters": {"one": {"find": {"entity": \#(mutator.pick(HostileMutator.hostileValues))}}}"#)
                }
                let pack = folder.appendingPathComponent(id)
                try FileManager.default.createDirectory(at: pack, withIntermediateDirectories: true)
                try Data(("{" + fields.joined(separator: ", ") + "}").utf8).write(to: pack.appendingPathComponent("pack.json"))
            }
            let library = PackLibrary(folders: [PackLibrary.Folder(url: folder, origin: .other)])
            for id in ids {
                guard case let .failure(error) = library.load(at: folder.appendingPathComponent(id)) else { continue }
                let problems = DiagnosticForm.problems(in: error.diagnostics.map(\.description))
                #expect(problems.isEmpty, "seed \(seed), pack \(id): \(problems)")
            }
        }
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
