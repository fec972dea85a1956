import EcholotTestSupport
import Foundation
import Testing

/// `echolot validate` tells a modder's likely slip as what it is, with where the right
/// thing goes, rather than as an unknown name: what a modder's review found was told too
/// bluntly to act on.
@Suite("Packs: validate says where a misplaced thing belongs")
struct ModderHintTests {
    /// A fresh pack `my-pack` from `echolot new pack`, and the data folder it was made with.
    static func freshPack(in scratch: Scratch) throws -> URL {
        let data = scratch.at("data")
        _ = try echolot(["new", "pack", "my-pack", "--author", "Ann"], in: scratch.url, data: data)
        return data
    }

    /// Runs `validate my-pack`: exit status and stderr lines; no file changes.
    static func validate(in scratch: Scratch, data: URL) throws -> (status: Int32, lines: [String]) {
        let before = scratch.listing()
        let result = try echolot(["validate", "my-pack"], in: scratch.url, data: data)
        #expect(scratch.listing() == before)
        return (result.status, result.stderr.split(separator: "\n").map(String.init))
    }

    /// A rule type written in the list of another kind (a goal type among an entity's
    /// behaviours, a behaviour among the goals, an achievement as the scoring) was called
    /// unknown, "no script registers it", though a script does: each is told as what it is
    /// and where it belongs, every kind against every other.
    @Test func aRuleTypeInTheWrongListIsToldWhereItBelongs() throws {
        let scratch = Scratch()
        let data = try Self.freshPack(in: scratch)
        try scratch.edit("my-pack/levels/first-steps.json", replacing: #""sound": { "file": "chime.wav" }"#,
                         with: #""sound": { "file": "chime.wav" }, "behaviours": [ { "type": "quickFind" }, { "type": "standard" }, { "type": "orbt" } ]"#)
        try scratch.edit("my-pack/levels/first-steps.json", replacing: #"{ "type": "quickFind", "entity": "chime", "seconds": 20 }"#,
                         with: #"{ "type": "quickFind", "entity": "chime", "seconds": 20 }, { "type": "orbit" }, { "type": "firstWin" }"#)
        try scratch.edit("my-pack/levels/first-steps.json", replacing: #""type": "standard", "parTime": 20"#,
                         with: #""type": "timeLimit""#)

        let (status, lines) = try Self.validate(in: scratch, data: data)
        #expect(status == 1)
        #expect(lines == [
            #"my-pack/levels/first-steps.json:14:67: error: 'quickFind' is a goal type, not a behaviour; it belongs in the level's "goals""#,
            #"my-pack/levels/first-steps.json:14:92: error: 'standard' is a scoring type, not a behaviour; it belongs in the level's "scoring""#,
            "my-pack/levels/first-steps.json:14:116: error: unknown behaviour type 'orbt': no script registers it (did you mean 'orbit'?)",
            #"my-pack/levels/first-steps.json:18:74: error: 'orbit' is a behaviour type, not a goal; it belongs in an entity's "behaviours""#,
            "my-pack/levels/first-steps.json:18:95: error: 'firstWin' is an achievement, not a goal; achievements are not named in a level: each runs in every level by itself",
            #"my-pack/levels/first-steps.json:20:24: error: 'timeLimit' is a goal type, not a scoring rule; it belongs in the level's "goals""#,
        ], "\(lines)")
    }

    /// A field of a level or an entity that is no near miss of a known one is the modder's
    /// own, which format.md sends to `attributes`: the message says so.
    @Test func aFieldOfOnesOwnIsSentToAttributes() throws {
        let scratch = Scratch()
        let data = try Self.freshPack(in: scratch)
        try scratch.edit("my-pack/levels/first-steps.json", replacing: #""glyph": "C","#, with: #""glyph": "C", "colour": "red","#)

        let (status, lines) = try Self.validate(in: scratch, data: data)
        #expect(status == 1)
        #expect(lines == [
            #"my-pack/levels/first-steps.json:12:21: error: entities[0].colour: unknown field "colour"; fields of your own go under "attributes""#,
        ], "\(lines)")
    }
}
