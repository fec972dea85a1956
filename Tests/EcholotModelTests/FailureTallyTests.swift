import EcholotModel
import Testing

/// A failure that repeats is told once, and only a few different ones are told at all.
struct FailureTallyTests {
    @Test func aRepeatedFailureIsToldOnceAndCountedInTheSummary() {
        var tally = FailureTally(limit: 3)
        #expect(tally.count("a") == .tell)
        #expect(tally.count("a") == .keepQuiet)
        #expect(tally.count("b") == .tell)
        #expect(tally.count("a") == .keepQuiet)
        #expect(tally.summary == ["a (3 times)", "b"])
    }

    @Test func pastTheLimitTheRestAreAnnouncedOnceAndSummedUp() {
        var tally = FailureTally(limit: 2)
        let verdicts = ["a", "b", "c", "d", "c", "e"].map { tally.count($0) }
        #expect(verdicts == [.tell, .tell, .tellTheRestAreNotTold, .keepQuiet, .keepQuiet, .keepQuiet])
        #expect(tally.summary == ["a", "b", "… and 4 more failures, not shown"])
        var one = FailureTally(limit: 2)
        for message in ["x", "y", "z"] { _ = one.count(message) }
        #expect(one.summary == ["x", "y", "… and 1 more failure, not shown"])
    }
}
