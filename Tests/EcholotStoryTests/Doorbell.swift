import EcholotModel
import EcholotScript
import EcholotTestSupport
import Foundation

/// story.md's "A complete short example" with a story, a story rule and a transcript test
/// of a test's own: what a story author writes, played through real files and real Lua.
enum Doorbell {
    /// The one level: the bell at 45°, found by turning there and selecting.
    static let level = """
        { "id": "door", "name": "The Door", "entities": [
            { "id": "bell", "position": { "azimuth": 45 }, "sound": { "file": "bell.wav" } } ],
          "goals": [ { "type": "find", "entity": "bell" }, { "type": "maxMisses", "misses": 0 } ] }
        """

    /// A play that wins the door level.
    static let winDoor = """
        { "level": "door", "input": [ { "t": 0.5, "action": "turnTo", "azimuth": 45 }, { "t": 1, "action": "select" } ] }
        """

    /// The pack in a scratch folder: `story` as its story.json, `rule` as scripts/story.lua,
    /// `test` as tests/bell.story.json.
    static func folder(story: String, rule: String, test: String) throws -> URL {
        let folder = try scratchFolder("doorbell").appendingPathComponent("doorbell")
        try writePackFiles([
            "pack.json": #"{ "id": "doorbell", "name": "Doorbell", "version": "1.0.0", "api": 1, "kind": "story" }"#,
            "levels/door.json": level,
            "story.json": story,
            "strings/en.json": #"{ "me": "Me", "arrive.1": "Where is that bell?" }"#,
            "scripts/story.lua": rule,
            "tests/bell.story.json": test,
        ], in: folder)
        return folder
    }

    /// The results of the pack's story tests, run as `echolot test` runs them.
    static func results(story: String, rule: String, test: String) throws -> [StoryTesting.Result] {
        let pack = try PackLoader.load(at: folder(story: story, rule: rule, test: test))
        return StoryTesting.run(pack, standardRules: repositoryRoot.appendingPathComponent("scripts"))
    }

    /// The problems of the one story test, as `echolot test` tells them.
    static func problems(story: String, rule: String, test: String) throws -> [String] {
        try results(story: story, rule: rule, test: test).flatMap(\.diagnostics).map(\.description)
    }
}
