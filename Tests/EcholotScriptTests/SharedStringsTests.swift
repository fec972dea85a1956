import EcholotCore
@testable import EcholotScript
import Testing

/// The set of long strings the engine shares: one copy per content, and trimmed to what
/// the state still holds once it has grown past its mark, so a string the state let go
/// of is not kept for ever.
@Suite struct SharedStringsTests {
    @Test func aContentIsKeptOnceAndTrimmedToTheState() {
        var shared = SharedStrings(trimmingAt: 1000)
        let a = String(repeating: "a", count: 600), b = String(repeating: "b", count: 600)
        let first = shared.shared(a)
        _ = shared.shared(String(repeating: "a", count: 600))
        #expect(shared.bytes == 600, "the same content counts once")
        _ = shared.shared(b)
        #expect(shared.bytes == 1200)
        // The state holds only `a`, inside a list in a map: after the trim, only it is kept.
        let state = PersistentMap<Value>([("level", .map(PersistentMap([("names", .list([.string(first), .int(1)]))])))])
        shared.trim(to: state)
        #expect(shared.bytes == 600)
        // Below the mark (twice what was kept, at least the first), no walk is made.
        _ = shared.shared(b)
        shared.trim(to: PersistentMap())
        #expect(shared.bytes == 1200)
    }
}
