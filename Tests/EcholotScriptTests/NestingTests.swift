import EcholotCore
import EcholotModel
import Foundation
import Testing
@testable import EcholotScript

/// How deep a pack's values may nest: a file is held to less than the scripts take, so a
/// level that validates also plays.
@Suite struct NestingTests {
    /// A level whose bell carries an attribute of `lists` arrays one inside another: the
    /// file nests four levels more (level, entities, entity, attributes).
    static func level(lists: Int) -> String {
        let deep = String(repeating: "[", count: lists) + String(repeating: "]", count: lists)
        return #"{"id": "one", "name": "One", "entities": [{"id": "bell", "position": {"azimuth": 0}, "#
            + #""sound": {"file": "s.wav"}, "attributes": {"deep": \#(deep)}}], "goals": [{"type": "find", "entity": "bell"}]}"#
    }

    /// An attribute nested 97 deep passed `validate`; then the state could not be handed to
    /// the standard achievements, and every action of the level was refused, blamed on
    /// `fullCircle.lua`. Now the file is refused where it nests too deep.
    @Test func aValueNestedDeeperThanAFileMayHoldIsRefusedWhereItIs() throws {
        let text = Self.level(lists: 61)
        let folder = try Support.writePack(files: ["levels/one.json": text])
        // At the 61st array: the 65th level of the file.
        let column = try #require(text.range(of: #""deep": "#)).upperBound.utf16Offset(in: text) + 1 + 60
        #expect(PackLoader.validate(at: folder).map(\.message) == ["nesting deeper than 64 levels"])
        #expect(PackLoader.validate(at: folder).map(\.column) == [column])
    }

    /// The deepest value a file may hold plays: the standard rules, which get the whole
    /// state, take it on every action.
    @Test func theDeepestValueAFileMayHoldPlays() throws {
        let folder = try Support.writePack(files: ["levels/one.json": Self.level(lists: 60)])
        let rules = try Support.rules(at: folder)
        #expect(rules.validate().isEmpty)
        let (result, store) = try Support.play(rules, level: "one", [(0.5, .face(0)), (1, .select)])
        #expect(result.errors.isEmpty, "\(result.errors)")
        #expect(store.level[LevelKeys.status] == .won)
    }
}
