import Testing

@testable import EcholotCore

@Suite struct HashTests {
    @Test func stableHashIsPinnedAndOrderIndependent() {
        let a: Value = ["x": 1, "y": [1.5, "two", nil, true]]
        var b = Value.emptyMap
        b["y"] = [1.5, "two", nil, true]
        b["x"] = 1
        #expect(a.stableHash == b.stableHash)
        #expect(Value.int(1).stableHash != Value.number(1).stableHash)
        #expect(Value.number(-0.0).stableHash == Value.number(0).stableHash)
    }

    /// Pinned against literals computed once: the same strings and the same tree hash to
    /// these numbers on every machine and in every run. A key's hash orders the state tree
    /// and a tree's hash is a run's `stateHash`, which every recording keeps (`--expect`,
    /// `.meta.json`). These literals may change only on purpose, with the hash or the
    /// encoding of values; every recording made before then no longer replays.
    @Test func stableHashesArePinned() {
        #expect(StableHasher.hash("") == 0xc563_ab7c_690d_9a3b)
        #expect(StableHasher.hash("echolot") == 0x702f_e70e_43fa_b551)
        #expect(StableHasher.hash("level") == 0x544d_bdfc_45cc_42af)
        #expect(StableHasher.hash("Glocke ünd 🔔") == 0x20f1_0b01_ebd8_a089)
        let tree: Value = [
            "level": ["id": "first-sound", "misses": 0, "time": 0.5, "won": true, "found": ["bell"], "note": nil],
            "view": ["center": 60, "tilt": -0.0],
            "achievements": ["firstWin": ["earned": true]],
        ]
        #expect(tree.stableHashHex == "683c50ed886e4b11")
        #expect(Value.emptyMap.stableHashHex == "3d9f7fcdec7c98b6")
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
