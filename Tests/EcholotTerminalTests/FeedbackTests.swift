@testable import EcholotTerminal
import Testing

/// Feedback without a device (the audio tests own OpenAL's one device slot in the test
/// process): the terminal bell stands in for the cues.
@Suite struct FeedbackTests {
    @Test func withoutADeviceAMissRingsTheBell() {
        var rings = 0
        let feedback = SoundFeedback(cues: nil, hasDevice: false) { rings += 1 }
        feedback.respond(to: .hit(id: "bell", found: 1))
        #expect(rings == 0)
        feedback.respond(to: .miss(misses: 1))
        feedback.respond(to: .lost)
        #expect(rings == 2)
        feedback.respond(to: .wrong(id: "bee"))
        #expect(rings == 3, "a wrong pick sounds like a miss, not a hit")
        feedback.paused(true)
    }
}
