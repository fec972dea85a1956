import EcholotCore
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

    /// An input log's `selectEntity` of a 10,000-character id is refused at its line with
    /// the id cut.
    @Test func aLongEntityIDSelectedIsCut() {
        let store = startedStore(level(entities: [0]))
        let refused = store.send(.selectEntity(String(repeating: "e", count: 10_000))).first?.payloadProblem
        #expect(refused == "there is no entity '\(String(repeating: "e", count: 60))…' in level 'test'")
    }

    /// A manifest naming a level of 10,000 characters that has no file says so once, cut.
    @Test func aLongLevelIDTheManifestNamesIsCut() {
        let id = String(repeating: "l", count: 10_000)
        let pack = TempPack(["pack.json": #"{"id": "t", "name": "T", "version": "1.0.0", "api": 1, "levels": ["\#(id)"]}"#,
                             "levels/one.json": TempPack.level])
        #expect(pack.problems == [
            "p/pack.json:1:67: error: levels[0]: unknown level \"\(String(repeating: "l", count: 60))…\" "
                + "(no file levels/\(String(repeating: "l", count: 40))…llllllllll.json)",
        ])
    }

    /// A name with a quote in it is still read as one name.
    @Test func aQuoteInANameIsWrittenOut() {
        #expect(named("it's") == #"'it\'s'"#)
    }
}
