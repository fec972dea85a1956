import EcholotTestSupport
import Foundation
import Testing

/// `echolot validate` tells a file's problems in one pass, whichever check finds them: a
/// problem one stage finds does not hide those the next would find in the parts that read.
@Suite("Packs: validate's stages do not hide one another's problems")
struct ValidateStagesTests {
    /// A pack.json extending the shipped tutorial with `parameters` (JSON text of the object).
    static func extendingTutorial(parameters: String) -> String {
        #"{ "id": "tutorial-hard", "name": "T", "version": "1.0.0", "api": 1, "extends": "tutorial", "parameters": "#
            + parameters + " }"
    }

    /// Runs `validate th` on a pack whose pack.json is `manifest`: exit status and stderr lines.
    static func validate(manifest: String) throws -> (status: Int32, lines: [String]) {
        let scratch = Scratch()
        scratch.write(["pack.json": manifest], in: "th")
        let before = scratch.listing()
        let result = try echolot(["validate", "th"], in: scratch.url, data: scratch.at("data"))
        #expect(scratch.listing() == before)
        return (result.status, result.stderr.split(separator: "\n").map(String.init))
    }

    /// A `parameters` entry for a level the base does not have, written as an empty
    /// object: it passed ("ok", exit 0), since only the rules inside an entry were checked.
    @Test func anEmptyEntryForAnUnknownLevelIsTold() throws {
        let (status, lines) = try Self.validate(manifest: Self.extendingTutorial(parameters: #"{ "no-such-level": {} }"#))
        #expect(status == 1)
        #expect(lines == [#"th/pack.json:1:125: error: parameters.no-such-level: unknown level "no-such-level""#], "\(lines)")
    }

    /// An empty entry for a level the base has changes nothing and is no problem.
    @Test func anEmptyEntryForAKnownLevelIsFine() throws {
        let (status, lines) = try Self.validate(manifest: Self.extendingTutorial(parameters: #"{ "two-voices": {} }"#))
        #expect(status == 0)
        #expect(lines.isEmpty, "\(lines)")
    }
}
