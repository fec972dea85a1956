import EcholotAudio
import Testing

/// The feedback cues' sounds: short, audible, distinct, and free of clicks.
@Suite struct CueTests {
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
}
