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
        #expect(decoder.feed(Array("\u{1B}[[Bx".utf8)) == [.function(2), .character("x")], "another console function key is F2")
    }

    @Test func loneEscapeIsResolvedByFlush() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.hasPending)
        #expect(decoder.flushPending() == [.escape])
    }

    @Test func utf8AndControlKeys() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array("ä".utf8) + [0x03, 0x7F, 0x01, 0x1C, 0x00]) == [.character("ä"), .interrupt, .backspace, .control("A"), .control("\\"), .control("@")])
    }

    @Test func unknownSequencesAreSkippedWhole() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array("\u{1B}[99~x\u{1B}[5~\u{1B}[5;5~".utf8)) == [.character("x"), .pageUp, .pageUp])
    }

    /// Every key of a PC keyboard decodes to a key with a name, so the game can answer it.
    @Test func everyKeyHasAName() {
        let keys: [(String, String)] = [
            ("\u{1B}OQ", "F2"), ("\u{1B}[13~", "F3"), ("\u{1B}OS", "F4"), ("\u{1B}[15~", "F5"), ("\u{1B}[21~", "F10"),
            ("\u{1B}[24~", "F12"), ("\u{1B}[15;2~", "F5"), ("\u{1B}[1;5Q", "F2"), ("\u{1B}[[E", "F5"),
            ("\u{1B}[3~", "Delete"), ("\u{1B}[2~", "Insert"), ("\u{1B}[Z", "Shift-Tab"),
            ("\u{01}", "Ctrl-A"), ("\u{0C}", "Ctrl-L"), ("\u{1C}", "Ctrl-\\"), ("\u{00}", "Ctrl-Space"),
        ]
        for (bytes, name) in keys {
            var decoder = KeyDecoder()
            let decoded = decoder.feed(Array(bytes.utf8))
            #expect(decoded.count == 1 && decoded.first.map(Words.english.keyName) == name, "\(bytes.debugDescription): \(decoded)")
        }
    }

    /// A pasted block is one key, its text never keys, however it is split across reads
    /// (its end marker too); what follows it is read again.
    @Test func aPasteIsOneKey() {
        let bytes = Array("\u{1B}[200~hello r world \u{1B}[A\u{1B}\u{1B}[201~x".utf8)
        for cut in 0 ... bytes.count {
            var decoder = KeyDecoder()
            var keys = decoder.feed(Array(bytes[..<cut]))
            keys += decoder.feed(Array(bytes[cut...]))
            #expect(keys == [.paste, .character("x")], "cut at \(cut): \(keys)")
            #expect(!decoder.hasPending)
        }
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array("\u{1B}[200~".utf8) + Array(repeating: UInt8(ascii: "a"), count: 100_000)) == [.paste])
        #expect(!decoder.hasPending, "a long paste is not held")
        #expect(decoder.flushPending() == [])
        #expect(decoder.feed(Array("\u{1B}[201~ ".utf8)) == [.space])
    }
}
