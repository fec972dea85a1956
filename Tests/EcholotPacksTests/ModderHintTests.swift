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
