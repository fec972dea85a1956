@testable import EcholotTerminal
import Testing

/// The sound side of feedback, without a device (the audio tests own OpenAL's one device
/// slot in the test process).
@Suite struct FeedbackTests {
    @Test func cuesAreShortAudibleAndDistinct() {
        var seen: Set<[Int16]> = []
        for cue in CuePlayer.Cue.allCases {
            let samples = CuePlayer.samples(cue)
            let seconds = Double(samples.count) / Double(CuePlayer.rate)
            #expect(seconds > 0.1 && seconds < 0.8, "\(cue) lasts \(seconds) s")
            let peak = samples.map { abs(Int($0)) }.max() ?? 0
            #expect(peak > 8_000 && peak <= 32_767, "\(cue) peaks at \(peak)")
            #expect(abs(Int(samples.first ?? 0)) < 200, "\(cue) starts without a click")
            #expect(seen.insert(samples).inserted)
        }
    }

    @Test func withoutADeviceAMissRingsTheBell() {
        var rings = 0
        let feedback = SoundFeedback(cues: nil, hasDevice: false) { rings += 1 }
        feedback.respond(to: .hit(id: "bell", found: 1))
        #expect(rings == 0)
        feedback.respond(to: .miss(misses: 1))
        feedback.respond(to: .lost)
        #expect(rings == 2)
        feedback.paused(true)
    }
}
