import Testing

@testable import EcholotModel

/// A message quotes a few dozen characters of what it is about, however long that is: a
/// 10,000-character action name or a number of 1,000 digits was printed whole, a line a
/// screen reader read for minutes.
@Suite struct LongTextMessageTests {
    @Test func aLongActionNameIsCut() {
        let name = String(repeating: "x", count: 10_000)
        do {
            _ = try InputLog.parse(Array(#"{"t": 1, "action": "\#(name)"}"#.utf8), displayPath: "log.jsonl")
            Issue.record("a bad action was read")
        } catch {
            #expect(error.diagnostics.map(\.description) == [
                "log.jsonl:1:20: error: unknown action '\(String(repeating: "x", count: 60))…'; "
                    + "an input may be clock, end, moveTo, select, selectEntity, start, tiltTo, turnBy, turnTo",
            ])
        }
    }

    @Test func aNumberOfAThousandDigitsIsCut() {
        let digits = "1" + String(repeating: "0", count: 999)
        let errors = JSONParser.parse("[\(digits).5]").errors.map(\.message)
        #expect(errors == ["number 10000000000000000000…00000000.5 is out of range"])
    }

    /// A name with a quote in it is still read as one name.
    @Test func aQuoteInANameIsWrittenOut() {
        #expect(named("it's") == #"'it\'s'"#)
    }
}
