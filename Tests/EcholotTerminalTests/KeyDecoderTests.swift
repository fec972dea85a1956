import Testing
@testable import EcholotTerminal

/// The key decoder: bytes from a terminal in raw mode become keys.
@Suite struct KeyDecoderTests {
    @Test func arrowsAndPlainKeys() {
        var decoder = KeyDecoder()
        let keys = decoder.feed(Array("\u{1B}[C\u{1B}[D\u{1B}OA q\r".utf8))
        #expect(keys == [.right, .left, .up, .space, .character("q"), .enter])
    }

    @Test func modifiedArrowsAreFineSteps() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array("\u{1B}[1;2C\u{1B}[1;5D".utf8)) == [.fineRight, .fineLeft])
    }

    @Test func sequenceSplitAcrossReads() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.feed([UInt8(ascii: "[")]) == [])
        #expect(decoder.feed([UInt8(ascii: "C")]) == [.right])
    }

    /// F1 as xterm, rxvt and the Linux console send it, whole or split across reads, is one
    /// key: help, as `?` is.
    @Test func functionKeyOneIsHelp() {
        for sequence in ["\u{1B}OP", "\u{1B}[11~", "\u{1B}[[A", "\u{1B}[1;2P"] {
            var decoder = KeyDecoder()
            #expect(decoder.feed(Array(sequence.utf8)) == [.f1], "\(sequence.debugDescription)")
            var split = KeyDecoder()
            let bytes = Array(sequence.utf8)
            #expect(split.feed(Array(bytes.prefix(3))) + split.feed(Array(bytes.dropFirst(3))) == [.f1], "\(sequence.debugDescription)")
        }
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array("\u{1B}[[Bx".utf8)) == [.character("x")], "another console function key is skipped whole")
    }

    @Test func loneEscapeIsResolvedByFlush() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.hasPending)
        #expect(decoder.flushPending() == [.escape])
    }

    @Test func utf8AndControlKeys() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array("ä".utf8) + [0x03, 0x7F, 0x01]) == [.character("ä"), .interrupt, .backspace])
    }

    @Test func unknownSequencesAreSkippedWhole() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array("\u{1B}[200~x\u{1B}[5~".utf8)) == [.character("x"), .pageUp])
    }
}
