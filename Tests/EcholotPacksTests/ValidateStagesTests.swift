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
        #expect(lines == [#"th/pack.json:1:108: error: parameters.no-such-level: unknown level "no-such-level""#], "\(lines)")
    }

    /// An empty entry for a level the base has changes nothing and is no problem.
    @Test func anEmptyEntryForAKnownLevelIsFine() throws {
        let (status, lines) = try Self.validate(manifest: Self.extendingTutorial(parameters: #"{ "two-voices": {} }"#))
        #expect(status == 0)
        #expect(lines.isEmpty, "\(lines)")
    }

    /// A `"type"` inside `parameters` was the one line told: the manifest counted as broken,
    /// so the merge and the rules never saw the other entries, and their three problems came
    /// one fix later. Now they are told with it, at their lines in pack.json.
    @Test func aRenamedRuleInParametersHidesNoOtherProblem() throws {
        let (status, lines) = try Self.validate(manifest: Self.extendingTutorial(parameters: """
            { "two-voices": { "maxMisses": { "misses": -1 }, "avoid": { "type": "find" } },
              "around-you": { "timeLimit": { "seconds": 0, "bogus": 1 } } }
            """))
        #expect(status == 1)
        #expect(lines == [
            "th/pack.json:1:149: error: goal 'maxMisses': parameter 'misses' must be ≥ 0",
            #"th/pack.json:1:166: error: parameters.two-voices.avoid.type: "type" names the rule and cannot be overridden"#,
            "th/pack.json:2:45: error: goal 'timeLimit': parameter 'seconds' must be ≥ 1",
            "th/pack.json:2:57: error: goal 'timeLimit': unknown parameter 'bogus' (parameters: seconds)",
        ], "\(lines)")
    }

    /// What only merging shows (an unknown level) is told beside a problem inside
    /// `parameters`, when every other file read.
    @Test func anUnknownLevelIsToldBesideAProblemInParameters() throws {
        let (status, lines) = try Self.validate(manifest: Self.extendingTutorial(parameters: """
            { "two-voices": { "avoid": { "id": "x" } }, "no-such-level": { "timeLimit": { "seconds": 5 } } }
            """))
        #expect(status == 1)
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.first?.hasSuffix(#"parameters.two-voices.avoid.id: "id" names the rule and cannot be overridden"#) == true, "\(lines)")
        #expect(lines.last?.hasSuffix(#"parameters.no-such-level: unknown level "no-such-level""#) == true, "\(lines)")
    }

    /// A rule id that one level of the base lacks was the one line told: merging failed, so
    /// no entry was checked by the rules, and another level's value out of range came one
    /// fix later. Now each command that takes the pack tells both and refuses it, changing
    /// nothing.
    @Test func anUnknownRuleHidesNoOtherLevelsValueProblem() throws {
        let manifest = """
            {
              "id": "tutorial-hard", "name": "T", "version": "1.0.0", "api": 1, "extends": "tutorial",
              "parameters": {
                "two-voices": { "maxMisses": { "misses": -1 } },
                "around-you": { "nosuch": { "a": 1 } }
              }
            }
            """
        let told = [
            "pack.json:4:46: error: goal 'maxMisses': parameter 'misses' must be ≥ 0",
            #"pack.json:5:31: error: parameters.around-you.nosuch: level "around-you" has no goal "nosuch" (nor is it "scoring")"#,
        ]
        let scratch = Scratch()
        scratch.write(["pack.json": manifest], in: "th")
        try ZipBuilder.write(scratch.at("th.zip")) { try $0.pack(["pack.json": manifest], prefix: "th/") }
        let before = scratch.listing()
        for (arguments, shown) in [(["validate", "th"], "th/"), (["pack", "th"], "th/"), (["install", "th.zip"], "th.zip/"),
                                   (["run", "th", "--level", "two-voices"], "th/"), (["test", "th"], "th/")] {
            let result = try echolot(arguments, in: scratch.url, data: scratch.at("data"))
            let lines = result.stderr.split(separator: "\n").map(String.init)
            #expect(result.status == 1, "\(arguments)")
            #expect(Array(lines.prefix(2)) == told.map { shown + $0 }, "\(arguments): \(lines)")
            // install adds its one line for the player.
            #expect(lines.count == (arguments[0] == "install" ? 3 : 2), "\(arguments): \(lines)")
            #expect(scratch.listing() == before, "\(arguments)")
        }
    }

    /// The same beside a mistake the manifest's reader finds (a `type` to set): the three
    /// are told in one pass.
    @Test func anUnknownRuleAndARenamedRuleHideNoValueProblem() throws {
        let (status, lines) = try Self.validate(manifest: Self.extendingTutorial(parameters: """
            { "two-voices": { "maxMisses": { "misses": -1 }, "avoid": { "type": "find" } },
              "around-you": { "nosuch": { "a": 1 } } }
            """))
        #expect(status == 1)
        #expect(lines == [
            "th/pack.json:1:149: error: goal 'maxMisses': parameter 'misses' must be ≥ 0",
            #"th/pack.json:1:166: error: parameters.two-voices.avoid.type: "type" names the rule and cannot be overridden"#,
            #"th/pack.json:2:29: error: parameters.around-you.nosuch: level "around-you" has no goal "nosuch" (nor is it "scoring")"#,
        ], "\(lines)")
    }

    /// A base whose own `parameters` name a rule its base lacks fails a pack built on it
    /// with that base's problem alone: what the base's other entries make is the base,
    /// not this pack, and is not checked in its place.
    @Test func aBasesUnknownRuleIsToldAloneForAPackOnIt() throws {
        let scratch = Scratch()
        scratch.write(["pack.json": Self.extendingTutorial(parameters: """
            { "two-voices": { "maxMisses": { "misses": -1 } }, "around-you": { "nosuch": { "a": 1 } } }
            """)], in: "data/packs/tutorial-hard")
        scratch.write(["pack.json": #"{ "id": "c", "name": "C", "version": "1.0.0", "api": 1, "extends": "tutorial-hard" }"#], in: "c")
        let result = try echolot(["validate", "c"], in: scratch.url, data: scratch.at("data"))
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(result.status == 1)
        #expect(lines.count == 1 && lines[0].hasSuffix(
            #"tutorial-hard/pack.json:1:183: error: parameters.around-you.nosuch: level "around-you" has no goal "nosuch" (nor is it "scoring")"#),
            "\(lines)")
    }

    /// Runs `validate p` on a pack of one level file `level` (levels/one.json): stderr lines.
    static func validate(level: String) throws -> [String] {
        let scratch = Scratch()
        scratch.write(["pack.json": Packs.manifest(id: "p"), "levels/one.json": level], in: "p")
        let before = scratch.listing()
        let result = try echolot(["validate", "p"], in: scratch.url, data: scratch.at("data"))
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(scratch.listing() == before)
        return result.stderr.split(separator: "\n").map(String.init)
    }

    /// A format error in a level (a negative seed) hid its goals' rule problems until it was
    /// fixed. Now the goals that read are checked by the rules in the same pass.
    @Test func aFormatErrorHidesNoRuleProblemOfTheGoalsThatRead() throws {
        let lines = try Self.validate(level: """
            { "id": "one", "name": "F", "seed": -1,
              "entities": [ { "id": "chime", "position": { "azimuth": 90 } } ],
              "goals": [ { "type": "timeLimit", "seconds": 0 }, { "type": "fnd", "entity": "chime" } ] }
            """)
        #expect(lines == [
            "p/levels/one.json:1:37: error: seed: expected an integer of at least 0, found -1",
            "p/levels/one.json:3:48: error: goal 'timeLimit': parameter 'seconds' must be ≥ 1",
            "p/levels/one.json:3:63: error: unknown goal type 'fnd': no script registers it (did you mean 'find'?)",
        ], "\(lines)")
    }

    /// A missing required field of the level is its own problem: the goals still read, and
    /// are checked.
    @Test func aMissingNameHidesNoRuleProblem() throws {
        let lines = try Self.validate(level: """
            { "id": "one", "entities": [],
              "goals": [ { "type": "timeLimit", "seconds": 0 } ] }
            """)
        #expect(lines == [
            "p/levels/one.json:1:1: error: missing required field \"name\"",
            "p/levels/one.json:2:48: error: goal 'timeLimit': parameter 'seconds' must be ≥ 1",
        ], "\(lines)")
    }

    /// A goal the level reader finds wrong (an entity the level lacks) is told once, by the
    /// reader: the rules check only the entries that read without a problem.
    @Test func aGoalWithAFormatProblemIsToldOnce() throws {
        let lines = try Self.validate(level: """
            { "id": "one", "name": "F", "seed": -1,
              "entities": [ { "id": "chime", "position": { "azimuth": 90 } } ],
              "goals": [ { "type": "find", "entity": "ghost" }, { "type": "timeLimit", "seconds": 0 } ] }
            """)
        #expect(lines == [
            "p/levels/one.json:1:37: error: seed: expected an integer of at least 0, found -1",
            #"p/levels/one.json:3:42: error: goals[0].entity: unknown entity "ghost""#,
            "p/levels/one.json:3:87: error: goal 'timeLimit': parameter 'seconds' must be ≥ 1",
        ], "\(lines)")
    }

    /// An entity with a problem leaves the level's rule checks until it is fixed: a check
    /// looks at the entities, and would judge a level the file does not describe.
    @Test func anEntityProblemLeavesTheRuleChecksForLater() throws {
        let lines = try Self.validate(level: """
            { "id": "one", "name": "F",
              "entities": [ { "id": "chime", "position": { "azimuth": "east" }, "tags": ["bel"] } ],
              "goals": [ { "type": "find", "tag": "bell" }, { "type": "fnd" } ] }
            """)
        #expect(lines.count == 1, "\(lines)")
        #expect(lines.first?.hasPrefix("p/levels/one.json:2:59: error: entities[0].position.azimuth: expected a number") == true, "\(lines)")
    }
}
