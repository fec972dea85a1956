import EcholotAudio
import EcholotModel
import EcholotTestSupport
import Foundation
import Testing

/// `validate` decodes every sound a pack uses and reports problems at the level line.
@Suite struct AudioValidationTests {
    @Test func theTutorialsSoundsAreAllPlayable() throws {
        let pack = try PackLoader.load(at: Tutorial.root)
        #expect(AudioValidation.diagnostics(for: pack).isEmpty)
    }

    /// A pack extending the tutorial with a broken `bell.wav` of its own: told once, at
    /// that file, which is the author's to mend, not at the base's three levels that use
    /// the sound (files the author cannot change).
    @Test func aBrokenStandInForABasesSoundIsToldAtItsFile() throws {
        let folder = try scratchFolder("stand-in")
        let pack = folder.appendingPathComponent("louder")
        try FileManager.default.createDirectory(at: pack.appendingPathComponent("sounds"), withIntermediateDirectories: true)
        try Data(#"{ "id": "louder", "name": "Louder", "version": "1.0.0", "api": 1, "extends": "tutorial" }"#.utf8)
            .write(to: pack.appendingPathComponent("pack.json"))
        try Data(repeating: 7, count: 2000).write(to: pack.appendingPathComponent("sounds/bell.wav"))
        let result = try runEcholot(["validate", "louder"], in: folder)
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(lines.first?.hasPrefix("louder/sounds/bell.wav:1:1: error: not a readable WAV, FLAC or Ogg Vorbis file") == true, "\(result.stderr)")
        #expect(lines.first?.hasSuffix("it stands in for the sound of the same name in a base, "
            + "which its levels 'first-sound', 'in-order', 'two-voices' play") == true, "\(result.stderr)")
    }

    @Test func brokenSoundsAreReportedWhereTheLevelNamesThem() throws {
        let root = try Tutorial.copy()
        defer { try? FileManager.default.removeItem(at: root) }
        let sounds = root.appendingPathComponent("sounds")
        // bell.wav becomes stereo (refused for an entity), wind.wav loses its second half.
        try Self.writeStereo(sounds.appendingPathComponent("bell.wav"))
        try Self.writeTruncated(sounds.appendingPathComponent("wind.wav"), to: sounds.appendingPathComponent("wind.wav"))

        let pack = try PackLoader.load(at: root)
        let found = AudioValidation.diagnostics(for: pack)
        let bell = found.filter { $0.message.contains("sounds/bell.wav") && $0.message.contains("mono") }
        let windProblems = found.filter { $0.message.contains("sounds/wind.wav") && $0.message.contains("truncated") }
        #expect(bell.count == 3, "first-sound, two-voices, in-order: \(found)")
        #expect(windProblems.count == 2, "around-you, in-order: \(found)")
        #expect(found.count == 5)
        let firstSound = try #require(bell.first { $0.path.hasSuffix("first-sound.json") })
        #expect(firstSound.description.contains("first-sound.json:\(firstSound.line):"))
        #expect(firstSound.line > 1)
        #expect(firstSound.message.hasPrefix("entities[0].sound.file: "))
    }

    /// A sound that cannot be played is told once per level, at its first use in the file
    /// (entities[2] comes before entities[10] there), with how many more uses share it; a
    /// stereo file is a problem for its entities, not for the ambience that uses it too.
    @Test func aBrokenSoundSharedByManyEntitiesIsToldOnce() throws {
        let root = try Tutorial.copy()
        defer { try? FileManager.default.removeItem(at: root) }
        let sounds = root.appendingPathComponent("sounds")
        try Self.writeStereo(sounds.appendingPathComponent("duet.wav"))
        try Self.writeTruncated(sounds.appendingPathComponent("wind.wav"), to: sounds.appendingPathComponent("gust.wav"))
        let entities = (0..<12).map { index in
            let file = [2, 10, 11].contains(index) ? "gust.wav" : index < 2 ? "duet.wav" : "bell.wav"
            return #"{"id": "e\#(index)", "position": {"azimuth": \#(index * 20)}, "sound": {"file": "\#(file)"}}"#
        }
        try Data("""
            {"id": "first-sound", "name": "Many", "entities": [
            \(entities.joined(separator: ",\n"))
            ], "ambience": [{"file": "duet.wav"}, {"file": "gust.wav"}]}
            """.utf8).write(to: root.appendingPathComponent("levels/first-sound.json"))
        let pack = try PackLoader.load(at: root)
        let found = AudioValidation.diagnostics(for: pack).filter { $0.path.hasSuffix("first-sound.json") }
        #expect(found.map { "\($0.line):\($0.column) \($0.message.prefix { $0 != ":" })" } == [
            "2:60 entities[0].sound.file", "4:61 entities[2].sound.file",
        ], "\(found)")
        #expect(found.first?.message.contains("must be mono") == true, "\(found)")
        #expect(found.first?.message.hasSuffix(" (also used by 1 more entity)") == true, "\(found)")
        #expect(found.last?.message.hasSuffix(" (also used in 3 more places)") == true, "\(found)")
        #expect(found.last?.message.contains("truncated") == true, "\(found)")
    }

    /// A story's voices and ambience are checked as a level's sounds are: a voice that
    /// becomes a speaking entity (an option, a line over a level) must be mono, a missing
    /// file is missing even when the line gives its `duration`, and each problem is placed
    /// at the file's name in story.json.
    @Test func aStorysVoicesAndAmbienceAreChecked() throws {
        let root = try Tutorial.copy()
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.writeStereo(root.appendingPathComponent("sounds/duet.wav"))
        let pack = try PackLoader.load(at: root)
        func line(_ id: String, voice: String, azimuth: Double? = nil) -> StoryLine {
            StoryLine(id: id, voice: voice, azimuth: azimuth, seconds: 1, position: SourcePosition(line: 3, column: 5))
        }
        let steps: [StoryStep] = [
            StoryStep(.cutscene(Cutscene(id: "intro", lines: [line("a", voice: "duet.wav"), line("b", voice: "gone.wav")],
                                         ambience: [AmbienceTrack("wind.wav"),
                                                    AmbienceTrack(["file": "rain.wav"], filePosition: SourcePosition(line: 2, column: 40))])),
                      at: SourcePosition(line: 2, column: 3)),
            StoryStep(.choice(Choice(id: "c", variable: "c", options: [
                ChoiceOption(value: "x", azimuth: 90, line: line("c.x", voice: "duet.wav")),
            ])), at: SourcePosition(line: 9, column: 3)),
        ]
        let book = StoryBook(chapters: [Chapter(id: "one", steps: steps, position: .start)], start: "one",
                             displayPath: "story.json")
        let found = AudioValidation.diagnostics(for: book, in: pack).map(\.description)
        #expect(found.count == 3, "\(found)")
        #expect(found.contains { $0.hasPrefix("story.json:3:5: error: voice of line 'b' \"sounds/gone.wav\"") })
        #expect(found.contains { $0.hasPrefix("story.json:2:40: error: ambience \"sounds/rain.wav\"") })
        #expect(found.contains { $0.contains("voice of line 'c.x' \"sounds/duet.wav\"") && $0.contains("mono") },
                "a stereo voice plays in a cut-scene without a direction, but not as an option")
    }

    /// A line's id and its voice's name go into the message written out and cut: a story
    /// is a stranger's text, and a 5,000-character id with a line break in it must not
    /// flood a screen reader or forge a second diagnostic.
    @Test func aStrangersNamesAreCutInTheMessage() throws {
        let root = try Tutorial.copy()
        defer { try? FileManager.default.removeItem(at: root) }
        let pack = try PackLoader.load(at: root)
        let id = String(repeating: "l", count: 5_000) + "\nstory.json:1:1: error: forged"
        let voice = String(repeating: "v", count: 5_000) + ".wav"
        let line = StoryLine(id: id, voice: voice, azimuth: nil, seconds: 1, position: SourcePosition(line: 3, column: 5))
        let steps = [StoryStep(.cutscene(Cutscene(id: "intro", lines: [line], ambience: [])), at: SourcePosition(line: 2, column: 3))]
        let book = StoryBook(chapters: [Chapter(id: "one", steps: steps, position: .start)], start: "one",
                             displayPath: "story.json")
        let found = AudioValidation.diagnostics(for: book, in: pack).map(\.description)
        #expect(found.count == 1, "\(found)")
        let message = try #require(found.first)
        #expect(!message.contains("\n") && message.count < 400, "\(message)")
        #expect(message.hasPrefix("story.json:3:5: error: voice of line 'lll"), "\(message)")
    }

    /// A story read from its file places a sound that cannot be played at the name of the
    /// file — the line's `voice`, the ambience sound's `file` — not at the line or the step
    /// around it, which may hold several sounds.
    @Test func aStorysBadSoundIsReportedAtItsFileName() throws {
        let root = try Tutorial.storyCopy()
        defer { try? FileManager.default.removeItem(at: root) }
        let sounds = root.appendingPathComponent("sounds")
        try Self.writeStereo(sounds.appendingPathComponent("duet.wav"))
        try Self.writeTruncated(sounds.appendingPathComponent("wind.wav"), to: sounds.appendingPathComponent("gust.wav"))
        try Data("""
            {"chapters": [{"id": "a", "steps": [
              {"cutscene": "s", "ambience": [{"volume": 0.5, "file": "gust.wav"}], "lines": [{"id": "pack.name", "duration": 1}]},
              {"level": "first-sound", "lines": [{"id": "pack.name", "duration": 1, "voice": "duet.wav"}]}
            ]}]}
            """.utf8).write(to: root.appendingPathComponent("story.json"))
        let pack = try PackLoader.load(at: root)
        let book = try #require(StoryReader.load(for: pack)).get()
        let found = AudioValidation.diagnostics(for: book, in: pack).map(\.description)
        let story = pack.display("story.json")
        #expect(found.count == 2, "\(found)")
        #expect(found.first?.hasPrefix("\(story):2:58: error: ambience \"sounds/gust.wav\": ") == true, "\(found)")
        #expect(found.last?.hasPrefix("\(story):3:82: error: voice of line 'pack.name' \"sounds/duet.wav\": ") == true, "\(found)")
        #expect(found.last?.contains("mono") == true, "\(found)")
    }

    /// A story's broken sound named in several scenes is told once, at its first name.
    @Test func aStorysBrokenSoundUsedTwiceIsToldOnce() throws {
        let root = try Tutorial.storyCopy()
        defer { try? FileManager.default.removeItem(at: root) }
        let sounds = root.appendingPathComponent("sounds")
        try Self.writeTruncated(sounds.appendingPathComponent("wind.wav"), to: sounds.appendingPathComponent("gust.wav"))
        try Data("""
            {"chapters": [{"id": "a", "steps": [
              {"cutscene": "s", "ambience": [{"file": "gust.wav"}], "lines": [{"id": "pack.name", "duration": 1}]},
              {"cutscene": "t", "ambience": [{"file": "gust.wav"}], "lines": [{"id": "pack.name", "voice": "gust.wav"}]}
            ]}]}
            """.utf8).write(to: root.appendingPathComponent("story.json"))
        let pack = try PackLoader.load(at: root)
        let book = try #require(StoryReader.load(for: pack)).get()
        let found = AudioValidation.diagnostics(for: book, in: pack).map(\.description)
        #expect(found.count == 1, "\(found)")
        #expect(found.first?.hasPrefix("\(pack.display("story.json")):2:43: error: ambience \"sounds/gust.wav\": ") == true, "\(found)")
        #expect(found.first?.hasSuffix(" (also used in 2 more places)") == true, "\(found)")
    }

    /// A second of stereo noise at `url`: playable as ambience, refused where a sound is
    /// placed in space.
    static func writeStereo(_ url: URL) throws {
        let stereo = try WAVWriter(url: url, channels: 2, sampleRate: 22_050)
        try stereo.write(TestSounds.whiteNoise(frames: 22_050, seed: 1))
        try stereo.close()
    }

    /// The first half of `source` at `target`: a file whose data stops short of its header.
    static func writeTruncated(_ source: URL, to target: URL) throws {
        let data = try Data(contentsOf: source)
        try data.prefix(data.count / 2).write(to: target)
    }
}
