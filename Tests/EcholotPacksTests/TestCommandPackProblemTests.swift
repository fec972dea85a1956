import EcholotTestSupport
import Foundation
import Testing

/// `echolot test` of a pack with a file that does not read: a problem in one level stopped
/// every test, with nothing on stdout, so CI reading the count saw no run at all.
@Suite struct TestCommandPackProblemTests {
    /// A level no test plays, with a field levels do not have.
    static let otherLevel = #"{ "id": "other", "name": "Other", "entities": [ { "id": "a", "position": { "azimuth": 0 }, "colour": "red" } ], "goals": [ { "type": "find", "entity": "a" } ] }"#

    /// The tests of the levels that load still run; the file is told at its place and
    /// counted, and a test of the level that did not load fails, pointing at it.
    @Test func aLevelThatDoesNotReadStopsOnlyItsTests() throws {
        let scratch = Scratch()
        let data = scratch.at("data")
        _ = try echolot(["new", "pack", "my-pack"], in: scratch.url, data: data)
        scratch.write(["my-pack/levels/other.json": Self.otherLevel,
                       "my-pack/tests/other.lua": #"return { level = "other", input = {}, expect = { outcome = "won" } }"#])
        let result = try echolot(["test", "my-pack"], in: scratch.url, data: data)
        #expect(result.status == 1)
        #expect(result.stdout == """
            FAILED: my-pack/levels/other.json: loading the pack
            ok: my-pack/tests/first-steps.lua: the chime is found in time
            ok: my-pack/tests/first-steps.lua: waiting too long loses
            FAILED: my-pack/tests/other.lua
            2 passed, 2 failed

            """, "\(result.stdout)")
        #expect(result.stderr == """
            my-pack/levels/other.json:1:92: error: entities[0].colour: unknown field "colour"; fields of your own go under "attributes"
            my-pack/tests/other.lua:1:10: error: level 'other' did not load: levels/other.json has problems (told above)

            """, "\(result.stderr)")
    }

    /// A pack whose pack.json does not read has no test to run, but the run still ends
    /// with its count, the manifest counted as failed.
    @Test func aPackThatDoesNotLoadIsCountedAsFailed() throws {
        let scratch = Scratch()
        let data = scratch.at("data")
        _ = try echolot(["new", "pack", "my-pack"], in: scratch.url, data: data)
        scratch.write(["my-pack/pack.json": "{ \"id\": 3 }"])
        let result = try echolot(["test", "my-pack"], in: scratch.url, data: data)
        #expect(result.status == 1)
        #expect(result.stdout == "FAILED: my-pack/pack.json: loading the pack\n0 passed, 1 failed\n", "\(result.stdout)")
        #expect(result.stderr.hasPrefix("my-pack/pack.json:1:"), "\(result.stderr)")
    }
}
