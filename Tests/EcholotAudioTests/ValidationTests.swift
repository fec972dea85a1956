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
}
