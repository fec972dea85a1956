import EcholotTestSupport
import Foundation
import Testing

/// `echolot test` shows what story rules print under the story transcript test it ran in,
/// as it does for level tests (it showed nothing, passed or failed).
@Suite struct StoryTestPrintTests {
    /// A one-level story pack whose story rule prints as each level is entered, with two
    /// transcript tests: `a` passes, `b` expects an ending the story does not reach.
    private func pack() throws -> URL {
        let play = """
            { "level": "door", "input": [ { "t": 0.5, "action": "turnTo", "azimuth": 45 }, { "t": 1, "action": "select" } ] }
            """
        return try Self.storyPack("printing", script: """
            print("loaded")
            echolot.story({ on = { ["story.level"] = function(story, action) print("entering", action.id) end } })
            """, tests: [
            "a": #"{ "plays": [ \#(play) ], "expect": { "ending": "inside" } }"#,
            "b": #"{ "plays": [ \#(play) ], "expect": { "ending": "outside" } }"#,
        ])
    }

    /// A story pack `id` (in a folder of that name) of one level, `door`, then the ending
    /// `inside`, with `script` as its story rules and `tests` as its transcript tests by name.
    static func storyPack(_ id: String, script: String, tests: [String: String]) throws -> URL {
        let folder = try scratchFolder(id).appendingPathComponent(id)
        var files = [
            "pack.json": #"{ "id": "\#(id)", "name": "\#(id)", "version": "1.0.0", "api": 1, "kind": "story" }"#,
            "levels/door.json": """
                { "id": "door", "name": "The Door", "entities": [
                    { "id": "bell", "position": { "azimuth": 45 }, "sound": { "file": "bell.wav" } } ],
                  "goals": [ { "type": "find", "entity": "bell" } ] }
                """,
            "story.json": #"{ "chapters": [ { "id": "outside", "steps": [ { "level": "door" }, { "end": "inside" } ] } ] }"#,
            "strings/en.json": "{}",
            "scripts/story.lua": script,
        ]
        for (name, test) in tests { files["tests/\(name).story.json"] = test }
        try writePackFiles(files, in: folder)
        return folder
    }

    /// A story rule that does not load is one failure, told once: the level tests and the
    /// story's tests load the same scripts, and each told it, with a count of two.
    @Test func aStoryScriptThatDoesNotLoadIsOneFailureToldOnce() throws {
        let play = #"{ "level": "door", "input": [ { "t": 1, "action": "select" } ] }"#
        let pack = try Self.storyPack("luabad", script: """
            echolot.story({
              on = {
                ["level.lost"] = function(story) end
                ["choice.made"] = function(story) end
              },
            })
            """, tests: ["a": #"{ "plays": [ \#(play) ], "expect": { "ending": "inside" } }"#])
        for named in [[], ["tests/a.story.json"]] {
            let result = try echolot(["test", pack.path] + named)
            #expect(result.status == 1, "\(result.stderr)")
            #expect(result.stdout == "FAILED: \(pack.path)/scripts/story.lua: loading the scripts\n0 passed, 1 failed\n",
                    "\(result.stdout)")
            #expect(result.stderr == "\(pack.path)/scripts/story.lua:4:5: error: '}' expected (to close '{' at line 2) "
                + "near '[' (pack 'luabad')\n", "\(result.stderr)")
        }
    }

    @Test func whatStoryRulesPrintIsShownUnderTheirTest() throws {
        let result = try echolot(["test", pack().path])
        #expect(result.status == 1, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        // Loading printed once, before the tests; each test's own lines under it, pass or fail.
        #expect(lines.count == 6, "\(result.stdout)")
        #expect(lines.first == "print: loaded", "\(result.stdout)")
        #expect(lines.dropFirst().first?.hasPrefix("ok: ") == true && lines.dropFirst().first?.hasSuffix("a.story.json") == true,
                "\(result.stdout)")
        #expect(lines.dropFirst(2).first == "  print: entering\tdoor", "\(result.stdout)")
        #expect(lines.dropFirst(3).first?.hasPrefix("FAILED: ") == true && lines.dropFirst(3).first?.hasSuffix("b.story.json") == true,
                "\(result.stdout)")
        #expect(lines.dropFirst(4).first == "  print: entering\tdoor", "\(result.stdout)")
        #expect(lines.last == "1 passed, 1 failed", "\(result.stdout)")
        #expect(result.stderr.contains("ending: expected \"outside\", got \"inside\""), "\(result.stderr)")
    }
}
