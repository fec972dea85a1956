import EcholotAudio
import EcholotModel
import Foundation
import Testing

/// `validate` decodes every sound a pack uses and reports problems at the level line.
@Suite struct AudioValidationTests {
    @Test func theTutorialsSoundsAreAllPlayable() throws {
        let pack = try PackLoader.load(at: Tutorial.root)
        #expect(AudioValidation.diagnostics(for: pack).isEmpty)
    }

    @Test func brokenSoundsAreReportedWhereTheLevelNamesThem() throws {
        let root = try Tutorial.copy()
        defer { try? FileManager.default.removeItem(at: root) }
        let sounds = root.appendingPathComponent("sounds")
        // bell.wav becomes stereo (refused for an entity), wind.wav loses its second half.
        let stereo = try WAVWriter(url: sounds.appendingPathComponent("bell.wav"), channels: 2, sampleRate: 22_050)
        try stereo.write(TestSounds.whiteNoise(frames: 22_050, seed: 1))
        try stereo.close()
        let wind = sounds.appendingPathComponent("wind.wav")
        let data = try Data(contentsOf: wind)
        try data.prefix(data.count / 2).write(to: wind)

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

    /// A story's voices and ambience are checked as a level's sounds are: a voice that
    /// becomes a speaking entity (an option, a line over a level) must be mono, a missing
    /// file is missing even when the line gives its `duration`, and each problem is placed
    /// at its line or step in story.json.
    @Test func aStorysVoicesAndAmbienceAreChecked() throws {
        let root = try Tutorial.copy()
        defer { try? FileManager.default.removeItem(at: root) }
        let stereo = try WAVWriter(url: root.appendingPathComponent("sounds/duet.wav"), channels: 2, sampleRate: 22_050)
        try stereo.write(TestSounds.whiteNoise(frames: 22_050, seed: 1))
        try stereo.close()
        let pack = try PackLoader.load(at: root)
        func line(_ id: String, voice: String, azimuth: Double? = nil) -> StoryLine {
            StoryLine(id: id, voice: voice, azimuth: azimuth, seconds: 1, position: SourcePosition(line: 3, column: 5))
        }
        let steps: [StoryStep] = [
            StoryStep(.cutscene(Cutscene(id: "intro", lines: [line("a", voice: "duet.wav"), line("b", voice: "gone.wav")],
                                         ambience: ["wind.wav", ["file": "rain.wav"]])), at: SourcePosition(line: 2, column: 3)),
            StoryStep(.choice(Choice(id: "c", variable: "c", options: [
                ChoiceOption(value: "x", azimuth: 90, line: line("c.x", voice: "duet.wav")),
            ])), at: SourcePosition(line: 9, column: 3)),
        ]
        let book = StoryBook(chapters: [Chapter(id: "one", steps: steps, position: .start)], start: "one",
                             displayPath: "story.json")
        let found = AudioValidation.diagnostics(for: book, in: pack).map(\.description)
        #expect(found.count == 3, "\(found)")
        #expect(found.contains { $0.hasPrefix("story.json:3:5: error: voice of line 'b' \"sounds/gone.wav\"") })
        #expect(found.contains { $0.hasPrefix("story.json:2:3: error: ambience \"sounds/rain.wav\"") })
        #expect(found.contains { $0.contains("voice of line 'c.x' \"sounds/duet.wav\"") && $0.contains("mono") },
                "a stereo voice plays in a cut-scene without a direction, but not as an option")
    }
}
