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

    /// A level's rule parameters are told all in one run: an unknown entity of a goal hid
    /// the goal's other problems, a list told its first bad item only, and a misspelt value
    /// or entity id of a rule's parameter had no likely name beside it, as a goal's
    /// `entity` has.
    @Test func everyParameterProblemIsToldInOneRunWithTheLikelyName() throws {
        let scratch = Scratch()
        let data = try Self.freshPack(in: scratch)
        scratch.write(["my-pack/scripts/b.lua": """
            echolot.behaviour("b", {
              params = { shape = { type = "string", values = { "sine", "square" }, default = "sine" },
                         targets = { type = "entities", optional = true },
                         steps = { type = "list", of = "integer", optional = true } },
              on = { tick = function() end },
            })
            """])
        try scratch.edit("my-pack/levels/first-steps.json", replacing: #""sound": { "file": "chime.wav" }"#,
                         with: #""sound": { "file": "chime.wav" }, "behaviours": [ { "type": "b", "shape": "sin", "targets": ["chme"], "steps": [1, 2.5, "x"] } ]"#)
        try scratch.edit("my-pack/levels/first-steps.json", replacing: #""entity": "chime", "seconds": 20"#,
                         with: #""entity": "chme", "seconds": 0"#)

        let (status, lines) = try Self.validate(in: scratch, data: data)
        #expect(status == 1)
        #expect(lines == [
            "my-pack/levels/first-steps.json:14:81: error: behaviour 'b': parameter 'shape' must be one of 'sine', 'square' (did you mean 'sine'?)",
            "my-pack/levels/first-steps.json:14:100: error: behaviour 'b': parameter 'targets' item 1 names no entity of this level: 'chme' (did you mean 'chime'?)",
            "my-pack/levels/first-steps.json:14:122: error: behaviour 'b': parameter 'steps' item 2 must be an integer, found 2.5",
            "my-pack/levels/first-steps.json:14:127: error: behaviour 'b': parameter 'steps' item 3 must be an integer, found a string",
            #"my-pack/levels/first-steps.json:18:38: error: goals[0].entity: unknown entity "chme" (did you mean "chime"?)"#,
            "my-pack/levels/first-steps.json:18:57: error: goal 'quickFind': parameter 'seconds' must be ≥ 1",
        ], "\(lines)")
    }

    /// A default naming an entity is checked against each level that leaves the parameter
    /// out: a slip in it passed validate, and the goal could never be met.
    @Test func aDefaultNamingNoEntityOfTheLevelIsToldAtTheEntry() throws {
        let scratch = Scratch()
        let data = try Self.freshPack(in: scratch)
        scratch.write(["my-pack/scripts/pick.lua": """
            echolot.goal("pick", {
              params = { target = { type = "entity", default = "chme" }, others = { type = "entities", default = { "chime", "x" } } },
              on = { ["entity.selected"] = function() end },
            })
            """])
        try scratch.edit("my-pack/levels/first-steps.json", replacing: #"{ "type": "quickFind", "entity": "chime", "seconds": 20 }"#,
                         with: #"{ "type": "pick" }, { "type": "pick", "id": "given", "target": "chime", "others": [] }"#)

        let (status, lines) = try Self.validate(in: scratch, data: data)
        #expect(status == 1)
        #expect(lines == [
            "my-pack/levels/first-steps.json:18:5: error: goal 'pick': parameter 'others' is left out, and its default item 2 names no entity of this level: 'x'; give 'others' in the level",
            "my-pack/levels/first-steps.json:18:5: error: goal 'pick': parameter 'target' is left out, and its default names no entity of this level: 'chme' (did you mean 'chime'?); give 'target' in the level",
        ], "\(lines)")
    }

    /// Every problem of a list is told, each at its item, in one run: an item of the wrong
    /// type hid the unknown entities of the others, and a list too long hid its items'
    /// wrong types, each told only once the other was fixed.
    @Test func oneBadItemHidesNoOtherProblemOfItsList() throws {
        let scratch = Scratch()
        let data = try Self.freshPack(in: scratch)
        scratch.write(["my-pack/scripts/seq.lua": """
            echolot.goal("seq", {
              params = { order = { type = "entities" }, weights = { type = "list", of = "number", max = 3 } },
              on = { ["entity.selected"] = function() end },
            })
            """])
        try scratch.edit("my-pack/levels/first-steps.json", replacing: #"{ "type": "quickFind", "entity": "chime", "seconds": 20 }"#,
                         with: #"{ "type": "seq", "order": ["chime", "chme", 3], "weights": [1, "x", 3, 4] }"#)

        let (status, lines) = try Self.validate(in: scratch, data: data)
        #expect(status == 1)
        #expect(lines == [
            "my-pack/levels/first-steps.json:18:41: error: goal 'seq': parameter 'order' item 2 names no entity of this level: 'chme' (did you mean 'chime'?)",
            "my-pack/levels/first-steps.json:18:49: error: goal 'seq': parameter 'order' item 3 must be a string, found an integer",
            "my-pack/levels/first-steps.json:18:64: error: goal 'seq': parameter 'weights' must have at most 3 items",
            "my-pack/levels/first-steps.json:18:68: error: goal 'seq': parameter 'weights' item 2 must be a number, found a string",
        ], "\(lines)")
    }

    /// A list of thousands of wrong items is told item by item up to a cap, then counted.
    @Test func aListOfManyWrongItemsIsCappedAndCounted() throws {
        let scratch = Scratch()
        let data = try Self.freshPack(in: scratch)
        scratch.write(["my-pack/scripts/b.lua": """
            echolot.behaviour("b", { params = { steps = { type = "list", of = "integer" } }, on = { tick = function() end } })
            """])
        let items = Array(repeating: #""x""#, count: 150).joined(separator: ", ")
        try scratch.edit("my-pack/levels/first-steps.json", replacing: #""sound": { "file": "chime.wav" }"#,
                         with: #""sound": { "file": "chime.wav" }, "behaviours": [ { "type": "b", "steps": [\#(items)] } ]"#)

        let (status, lines) = try Self.validate(in: scratch, data: data)
        #expect(status == 1)
        // The count is told at the list, so first; the file's own cap of 100 lines then
        // leaves the last item untold and counted.
        #expect(lines.first == "my-pack/levels/first-steps.json:14:81: error: behaviour 'b': parameter 'steps' has 50 more wrong items", "\(lines.prefix(2))")
        #expect(lines.dropFirst().first == "my-pack/levels/first-steps.json:14:82: error: behaviour 'b': parameter 'steps' item 1 must be an integer, found a string")
        #expect(lines.filter { $0.contains("must be an integer") }.count == 99, "\(lines.count)")
        #expect(lines.last == "my-pack/levels/first-steps.json:14:577: error: 1 more problem in this file is not told; fix these first", "\(lines.suffix(2))")
    }

    /// An extending pack's `parameters` naming a behaviour of the level was told as "no
    /// goal" only: behaviours cannot be set there, and the message says so and what to do.
    @Test func aBehaviourInParametersIsToldToBeSetInTheLevel() throws {
        let scratch = Scratch()
        scratch.write(["pack.json": ValidateStagesTests.extendingTutorial(parameters: #"{ "around-you": { "orbit": { "speed": 40 } } }"#)],
                      in: "th")
        let before = scratch.listing()
        let result = try echolot(["validate", "th"], in: scratch.url, data: scratch.at("data"))
        #expect(scratch.listing() == before)
        #expect(result.status == 1)
        #expect(result.stderr == """
            th/pack.json:1:133: error: parameters.around-you.orbit: level "around-you" has no goal "orbit": it is a behaviour \
            of entity "lark", and behaviours are set in the level file; copy the level into this pack to change them

            """)
    }

    /// A pack rule with the kind and name of a standard one replaces it for the pack's
    /// levels, as documented, but did so without a word: validate notes each at the name
    /// in its registration, and the pack still passes. A named reducer too: one called
    /// `outcome` silently took the place of the rule that wins and loses levels.
    @Test func aReplacedStandardRuleIsNotedAtItsName() throws {
        let scratch = Scratch()
        let data = try Self.freshPack(in: scratch)
        scratch.write([
            "my-pack/scripts/mine.lua": #"echolot.achievement("firstWin", { on = { ["level.won"] = function(p) end } })"#,
            "my-pack/scripts/out.lua": #"echolot.reducer({ name = "outcome", on = { ["pack.x"] = function() end } })"#,
            "my-pack/scripts/find.lua": """
                echolot.goal(
                  "find", { params = { entity = "entity" }, on = { tick = function() end } })
                """,
        ])

        let result = try echolot(["validate", "my-pack"], in: scratch.url, data: data)
        #expect(result.status == 0)
        #expect(result.stderr == """
            my-pack/scripts/find.lua:2:3: note: goal 'find' replaces the standard rule of that name for this pack's levels
            my-pack/scripts/mine.lua:1:21: note: achievement 'firstWin' replaces the standard rule of that name for this pack's levels
            my-pack/scripts/out.lua:1:26: note: reducer 'outcome' replaces the standard rule of that name for this pack's levels

            """)
        #expect(result.stdout == "ok: my-pack (1 level)\n")
    }

    /// A goal string's `{name}` that is a near miss of a declared parameter is read to
    /// players as written, braces and all: warned of at the string, with the parameter
    /// meant. A name that may be a field the rule sets (`{rung}`) and a declared one are not.
    @Test func aMisspeltPlaceholderOfAGoalStringIsWarnedOf() throws {
        let scratch = Scratch()
        let data = try Self.freshPack(in: scratch)
        try scratch.edit("my-pack/strings/en.json", replacing: "Find the {entity} and select",
                         with: "Find the {entitty} ({rung}, {state}) and select")

        let result = try echolot(["validate", "my-pack"], in: scratch.url, data: data)
        #expect(result.status == 0)
        #expect(result.stderr == """
            my-pack/strings/en.json:2:30: warning: string "goal.quickFind.briefing": {entitty} is no parameter of goal type \
            "quickFind" and would be read out as written (did you mean {entity}?)

            """)
    }
}
