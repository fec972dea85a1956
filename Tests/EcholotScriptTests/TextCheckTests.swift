import EcholotCore
import EcholotModel
import PropertyBased
import Testing
@testable import EcholotScript

/// A string a rule stores is checked to be UTF-8 at its write (CLuaBridge/textcheck.c),
/// where its line is known: the check must refuse exactly what Swift's conversion of the
/// state refuses, or text would pass the write and fail, unplaced, later — or good text be
/// refused.
@Suite struct TextCheckTests {
    /// A started pack whose reducer stores the bytes an action lists as one string.
    func world() throws -> Store<GameState> {
        let script = """
            echolot.reducer({ name = "r", focus = "level", on = {
              ["pack.store"] = function(level, action)
                level.note = string.char(table.unpack(action.bytes)) end,
            } })
            """
        let world = try Support.world(scripts: ["r.lua": script], level: Support.level(entities: [("bell", 0)]))
        world.store.dispatch(.start)
        return world.store
    }

    /// Pieces that meet at every boundary of UTF-8: each length of sequence at its lowest
    /// and highest, overlong forms, surrogates, above U+10FFFF, lone continuation bytes,
    /// and runs of ASCII long enough for the check's eight-byte steps.
    static let pieces: [[UInt8]] = [
        Array("a".utf8), Array("abcdefghij".utf8), [0x7F], [0xC2, 0x80], [0xDF, 0xBF], [0xE0, 0xA0, 0x80],
        [0xEF, 0xBF, 0xBF], [0xED, 0x9F, 0xBF], [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF],
        [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xF0, 0x8F, 0xBF, 0xBF],
        [0xF4, 0x90, 0x80, 0x80], [0xF5], [0xFF], [0x80], [0xBF], [0xC2], [0xE2, 0x82], [0xF0, 0x90, 0x80],
    ]

    @Test func theWriteRefusesExactlyWhatTheStateCannotHold() async throws {
        let store = try world()
        await propertyCheck(input: Gen.int(in: 0 ..< TextCheckTests.pieces.count).array(of: 0 ... 12)) { picks in
            let bytes = picks.flatMap { TextCheckTests.pieces[$0] }
            let before = store.state
            let rejections = store.send(Action("pack.store", ["bytes": .list(bytes.map { .int(Int($0)) })]))
            let text = String(validating: bytes, as: UTF8.self)
            if let text {
                #expect(rejections.isEmpty, "\(bytes): \(rejections)")
                #expect(store.level["note"] == .string(text), "\(bytes)")
            } else {
                let error = rejections.first?.error as? ScriptError
                #expect(error?.message == "field 'note': a string stored in the state must be valid UTF-8", "\(bytes)")
                #expect(error?.line == 3 && error?.column == 5, "told at the write, not later at the rule: \(bytes)")
                #expect(store.state == before, "\(bytes)")
            }
        }
    }
}
