import EcholotCore
import EcholotModel
import EcholotTestSupport
import Foundation
import Testing
@testable import EcholotScript

/// Level files configure rules with data; the rules' declarations check it, and problems
/// are placed in the level file.
@Suite struct ValidationTests {
    func diagnostics(goals: String = "[]", behaviours: String = "[]", scoring: String? = nil,
                     scripts: [String: String] = [:]) throws -> [Diagnostic] {
        let level = Support.level(entities: [("bell", 0)], goals: goals, behaviours: behaviours, scoring: scoring)
        let world = try Support.world(scripts: scripts, level: level)
        return world.rules.validate()
    }

    func messages(_ diagnostics: [Diagnostic]) -> [String] { diagnostics.map(\.message) }

    @Test func theTutorialIsValid() throws {
        let pack = try PackLoader.load(at: Support.tutorial)
        let rules = try PackRules.load(pack, standardRules: Support.standardRules)
        #expect(rules.validate() == [])
    }

    /// A rule's `check` runs on a reducer's budget, the engine's own checking of every other
    /// entry on its own: a large valid level is valid, however many entries come after the
    /// check (a small budget stands in for a level of tens of thousands of entities).
    @Test func aLargeLevelIsCheckedOnTheEnginesBudgetNotACheck() throws {
        let scripts = ["rules.lua": """
            echolot.goal("checked", { check = function() return nil end, on = { ["pack.never"] = function() end } })
            echolot.behaviour("still", { params = { rate = { type = "number", default = 1 } },
                                         on = { ["pack.never"] = function() end } })
            """]
        let entities = (0..<2_000).map { ("e\($0)", Double($0 % 360)) }
        let level = Support.level(entities: entities, goals: #"[{"type": "checked"}]"#,
                                  behaviours: #"[{"type": "still", "rate": 2}]"#)
        let world = try Support.world(scripts: scripts, level: level, limits: ScriptLimits(instructions: 100_000, memory: 64 << 20))
        #expect(world.rules.validate() == [])
    }

    /// A goal type of 10,000 characters was printed whole; a rule a script registers
    /// under such a name was named whole where its check fails. Both are cut.
    @Test func aLongRuleTypeIsCut() throws {
        let long = String(repeating: "g", count: 10_000)
        let cut = "'\(String(repeating: "g", count: 60))…'"
        let unknown = try diagnostics(goals: #"[{"type": "\#(long)x"}]"#)
        #expect(messages(unknown) == ["unknown goal type \(cut): no script registers it"])
        let failing = try diagnostics(goals: #"[{"type": "\#(long)"}]"#, scripts: [
            "long.lua": "echolot.goal('\(long)', { check = function() error('no') end, on = { ['pack.never'] = function() end } })",
        ])
        #expect(messages(failing).count == 1)
        #expect(messages(failing).first?.hasPrefix("goal \(cut): its check failed at ") == true, "\(messages(failing))")
        #expect(messages(failing).first?.hasSuffix("scripts/long.lua:1: no") == true, "\(messages(failing))")
    }

    @Test func aParameterOutOfRangeIsPlacedInTheLevelFile() throws {
        let folder = try scratchFolder("validate").appendingPathComponent("pack", isDirectory: true)
        try FileManager.default.copyItem(at: Support.tutorial, to: folder)
        let file = folder.appendingPathComponent("levels/around-you.json")
        let original = try String(contentsOf: file, encoding: .utf8)
        try original.replacingOccurrences(of: #""seconds": 60"#, with: #""seconds": 0"#).write(to: file, atomically: true, encoding: .utf8)
        let lines = original.split(separator: "\n", omittingEmptySubsequences: false)
        let line = try #require(lines.firstIndex { $0.contains(#""seconds": 60"#) }) + 1
        let column = try #require(lines[line - 1].range(of: "60")).lowerBound.utf16Offset(in: lines[line - 1]) + 1

        let pack = try PackLoader.load(at: folder)
        let rules = try PackRules.load(pack, standardRules: Support.standardRules)
        let problems = rules.validate()
        #expect(problems.count == 1)
        let problem = try #require(problems.first)
        #expect(problem.line == line && problem.column == column)
        #expect(problem.path.hasSuffix("levels/around-you.json"))
        #expect(problem.description.hasSuffix(":\(line):\(column): error: goal 'timeLimit': parameter 'seconds' must be ≥ 1"))
    }

    /// A value an extending pack sets with `parameters` is its `pack.json`'s: a problem
    /// with it is reported there, not in the base's level file the author cannot change.
    @Test func aBadParameterOverrideIsPlacedInTheExtendingPacksManifest() throws {
        let folder = try scratchFolder("override")
        defer { try? FileManager.default.removeItem(at: folder) }
        let base = try Support.writePack(id: "base", files: [
            "levels/one.json": Support.levelJSON(id: "one", entities: #"[{"id": "bell", "position": {"azimuth": 0}}]"#,
                                                 goals: #"[{"type": "timeLimit", "seconds": 60}]"#),
        ])
        try FileManager.default.moveItem(at: base, to: folder.appendingPathComponent("base"))
        let ext = folder.appendingPathComponent("ext")
        try FileManager.default.createDirectory(at: ext, withIntermediateDirectories: true)
        try Data("""
            { "id": "ext", "name": "Ext", "version": "1.0.0", "api": 1, "extends": "base",
              "parameters": { "one": { "timeLimit": { "seconds": 0 } } } }
            """.utf8).write(to: ext.appendingPathComponent("pack.json"))
        let library = PackLibrary(folders: [PackLibrary.Folder(url: folder, origin: .other)])
        let pack = try #require(library.load(id: "ext")).get()
        let rules = try PackRules.load(pack, standardRules: Support.standardRules)
        let problems = rules.validate()
        #expect(problems.count == 1)
        #expect(problems.first?.path.hasSuffix("ext/pack.json") == true, "\(problems)")
        #expect(problems.first?.line == 2)
        #expect(problems.first?.message.contains("'seconds' must be ≥ 1") == true)
    }

    @Test func anUnknownRuleIsNamedWithASuggestion() throws {
        let problems = try diagnostics(goals: #"[{"type": "fnd", "entity": "bell"}]"#,
                                       behaviours: #"[{"type": "orbitt"}]"#, scoring: #"{"type": "fancy"}"#)
        #expect(messages(problems).sorted() == [
            "unknown behaviour type 'orbitt': no script registers it (did you mean 'orbit'?)",
            "unknown goal type 'fnd': no script registers it (did you mean 'find'?)",
            "unknown scoring type 'fancy': no script registers it",
        ])
    }

    /// A parameter named with 20,000 characters was printed whole: it is cut, as the
    /// model cuts every name a stranger's file gives.
    @Test func aLongUnknownParameterIsNamedCut() throws {
        let long = String(repeating: "é", count: 20_000)
        let problems = try diagnostics(goals: #"[{"type": "find", "entity": "bell", "\#(long)": 1}]"#)
        #expect(messages(problems) == ["goal 'find': unknown parameter '\(String(repeating: "é", count: 60))…' (parameters: entity, tag)"],
                "\(messages(problems).map { $0.prefix(120) })")
    }

    @Test func wrongTypesAndUnknownOrMissingParameters() throws {
        let problems = try diagnostics(
            goals: #"[{"type": "timeLimit", "seconds": "60"}, {"type": "find", "entity": "bell", "entty": 1}, {"type": "avoid", "tag": "decoy", "penalty": 1}, {"type": "maxMisses"}, {"type": "maxMisses", "misses": 1.5}]"#,
            behaviours: #"[{"type": "orbit", "speed": "fast"}, {"type": "pulse", "min": 2, "max": 1}]"#,
            scoring: #"{"type": "standard", "parTime": 0}"#)
        #expect(Set(messages(problems)) == [
            "goal 'timeLimit': parameter 'seconds' must be a number, found a string",
            "goal 'find': unknown parameter 'entty' (did you mean 'entity'?)",
            "goal 'avoid': unknown parameter 'penalty' (parameters: entity, tag)",
            "goal 'avoid': parameter 'tag' is no tag of this level's entities: 'decoy' (they carry 't')",
            "goal 'maxMisses': missing parameter 'misses' (an integer)",
            "goal 'maxMisses': parameter 'misses' must be an integer, found 1.5",
            "behaviour 'orbit': parameter 'speed' must be a number, found a string",
            "behaviour 'pulse': 'min' must not be above 'max'",
            "scoring 'standard': parameter 'parTime' must be ≥ 1",
        ])
        let speed = try #require(problems.first { $0.message.contains("'speed'") })
        #expect(speed.column > 1)
    }

    /// A check says "fine" with nil or false (`return bad and "why"`), a problem with a
    /// sentence; anything else is the script's mistake, told as such.
    @Test func aCheckReturnsNilFalseOrASentence() throws {
        let problems = try diagnostics(goals: #"[{"type": "a", "x": 1}, {"type": "a", "x": 2}, {"type": "a", "x": 3}, {"type": "a", "x": 4}]"#,
                                       scripts: ["a.lua": """
            echolot.goal("a", { params = { x = "integer" }, on = { ["pack.never"] = function() end },
              check = function(params)
                if params.x == 1 then return nil elseif params.x == 2 then return params.x > 5 and "too big" end
                if params.x == 3 then return "x is 3" end
                return params.x > 3
              end })
            """])
        #expect(messages(problems).first == "goal 'a': x is 3")
        // The check's place as the modder finds the file: its path, not the pack's id.
        let script = try #require(problems.last?.message.firstMatch(of: /its check \((.+):2\)/)?.1)
        #expect(script.hasSuffix("/scripts/a.lua") && script.hasPrefix("/"), "\(script)")
        #expect(problems.count == 2)
        #expect(problems.last?.message.hasSuffix(
            ":2) returned true; a check returns nil or false when the parameters are fine, or a sentence saying what is wrong") == true)
    }

    /// An empty sentence says nothing: a check that builds its message and returns "" when
    /// nothing was added is told so, not as "goal 'a': " with nothing after it.
    @Test func aCheckReturningAnEmptyStringIsTheScriptsMistake() throws {
        let problems = try diagnostics(goals: #"[{"type": "a", "x": 1}, {"type": "a", "x": 2}]"#, scripts: ["a.lua": """
            echolot.goal("a", { params = { x = "integer" }, on = { ["pack.never"] = function() end },
              check = function(params) return params.x == 1 and "" or "  " end })
            """])
        #expect(problems.count == 2)
        #expect(problems.first?.message.hasSuffix(
            ":2) returned an empty string; a check returns nil or false when the parameters are fine, or a sentence saying what is wrong") == true,
            "\(problems)")
        #expect(problems.last?.message.contains(":2) returned a blank string; ") == true, "\(problems)")
    }

    /// A check's sentence placed at a parameter the rule does not declare, or at an item
    /// that is no index, is still told at the entry, and so is the script's mistake: before,
    /// a misspelt `"entites"` moved the sentence to the entry with no word of why.
    @Test func aCheckPlacingItsSentenceNowhereIsTheScriptsMistake() throws {
        let goals = #"[{"type": "a", "x": 1}, {"type": "a", "x": 2}, {"type": "a", "x": 3}, {"type": "a", "x": 4}]"#
        let level = Support.level(entities: [("bell", 0)], goals: goals)
        let problems = try Support.world(scripts: ["a.lua": """
            echolot.goal("a", { params = { x = "integer", y = { type = "integer", default = 0 } }, on = { ["pack.never"] = function() end },
              check = function(params)
                if params.x == 1 then return "misspelt", "xx" elseif params.x == 2 then return "item only", 2 end
                if params.x == 3 then return "not an index", "x", "first" end
                return "at a default", "y"
              end })
            """], level: level).rules.validate()
        let column = { (text: String) in level.range(of: text)!.lowerBound.utf16Offset(in: level) + 1 }
        let check = "its check (scripts/a.lua:2)"
        #expect(problems.map { "\($0.column): " + $0.message.replacing(/its check \(.+scripts\/a\.lua:2\)/, with: check) } == [
            "\(column(#"{"type": "a", "x": 1}"#)): goal 'a': misspelt",
            "\(column(#"{"type": "a", "x": 1}"#)): goal 'a': \(check) placed its sentence at 'xx', which is not a parameter it declares (parameters: x, y)",
            "\(column(#"{"type": "a", "x": 2}"#)): goal 'a': item only",
            "\(column(#"{"type": "a", "x": 2}"#)): goal 'a': \(check) placed its sentence at 2, which is not a parameter it declares (parameters: x, y)",
            "\(column(#"{"type": "a", "x": 3}"#)): goal 'a': \(check) placed its sentence at item 'first' of 'x'; an item is an integer index from 1",
            "\(column(#"3}"#)): goal 'a': not an index",
            "\(column(#"{"type": "a", "x": 4}"#)): goal 'a': at a default",
        ])
    }

    /// An item past the end of the list a check names, or of a parameter that is no list,
    /// is no place in the file: the sentence is told at the parameter, and the script's
    /// mistake with it (it fell back to the parameter without a word).
    @Test func aCheckPlacingItsSentenceAtAnItemThatIsNotThereIsTheScriptsMistake() throws {
        let problems = try diagnostics(goals: #"[{"type": "a", "xs": [1, 2], "n": 1}, {"type": "a", "xs": [1], "n": 2}]"#,
                                       scripts: ["a.lua": """
            echolot.goal("a", { params = { xs = { type = "list", of = "integer" }, n = "integer" }, on = { ["pack.never"] = function() end },
              check = function(params) if params.n == 1 then return "past the end", "xs", 3 end return "not a list", "n", 1 end })
            """])
        #expect(problems.map { $0.message.replacing(/its check \(.+scripts\/a\.lua:2\)/, with: "its check (a.lua:2)") } == [
            "goal 'a': its check (a.lua:2) placed its sentence at item 3 of 'xs', which has 2 items",
            "goal 'a': past the end",
            "goal 'a': its check (a.lua:2) placed its sentence at item 1 of 'n', which is not a list",
            "goal 'a': not a list",
        ], "\(problems)")
    }

    /// A level file's `2.0` for an integer parameter is the integer 2 when the rule reads
    /// it (JSON has one kind of number); a whole number too large for an integer is refused.
    @Test func anIntegerParameterReachesTheRuleAsAnInteger() throws {
        let scripts = ["count.lua": """
            echolot.goal("count", { params = { n = "integer" }, on = { ["level.started"] = function(goal, action, ctx)
              goal.seen = math.type(ctx.params.n) .. " " .. tostring(ctx.params.n)
            end } })
            """]
        let level = Support.level(entities: [("bell", 0)], goals: #"[{"type": "count", "n": 2.0}]"#)
        let world = try Support.world(scripts: scripts, level: level)
        #expect(world.rules.validate() == [])
        world.store.dispatch(.start)
        #expect(world.store.goal("count")?["seen"] == "integer 2")
        let huge = try diagnostics(goals: #"[{"type": "count", "n": 1e300}]"#, scripts: scripts)
        #expect(messages(huge) == ["goal 'count': parameter 'n' must be an integer, found 1e+300, which is out of the integer range (-2^63 to 2^63 - 1)"])
        let fraction = try diagnostics(goals: #"[{"type": "count", "n": 1.5}]"#, scripts: scripts)
        #expect(messages(fraction) == ["goal 'count': parameter 'n' must be an integer, found 1.5"])
    }

    /// A check that raises an error is reported at the level's entry it was checking,
    /// naming the rule and where in the script it failed.
    @Test func aCheckThatFailsIsPlacedAtItsEntry() throws {
        let problems = try diagnostics(goals: #"[{"type": "find", "entity": "bell"}, {"type": "shaky"}]"#, scripts: ["shaky.lua": """
            echolot.goal("shaky", { on = { ["pack.never"] = function() end },
              check = function(params)
                error("oops")
              end })
            """])
        let problem = try #require(problems.first)
        #expect(problems.count == 1)
        #expect(problem.path.hasSuffix("levels/one.json"), "\(problem)")
        #expect(problem.line > 1 || problem.column > 1, "the second goal's entry, not the file's start: \(problem)")
        #expect(problem.message.hasPrefix("goal 'shaky': its check failed at "), "\(problem)")
        #expect(problem.message.hasSuffix("scripts/shaky.lua:3: oops"), "\(problem)")
    }

    /// A check that raises, or runs out of its budget, hides no other problem of the level:
    /// the entries after it are checked still. Before, its one line replaced every other.
    @Test func aFailingCheckHidesNoOtherProblem() throws {
        let goals = #"[{"type": "a", "x": 1}, {"type": "shaky"}, {"type": "a", "x": 2}, {"type": "endless"}, {"type": "a", "x": 3}, {"type": "a", "x": -1}]"#
        let problems = try diagnostics(goals: goals, scripts: ["shaky.lua": """
            echolot.goal("shaky", { on = { ["pack.never"] = function() end }, check = function() local x = nil; return x.y end })
            echolot.goal("endless", { on = { ["pack.never"] = function() end }, check = function() while true do end end })
            echolot.goal("a", { params = { x = { type = "integer", min = 0 } }, on = { ["pack.never"] = function() end },
              check = function(params) return "x is " .. params.x end })
            """])
        #expect(problems.map { $0.message.replacing(/\ at .+scripts\/shaky\.lua:(\d)/) { " at shaky.lua:\($0.1)" } } == [
            "goal 'a': x is 1",
            "goal 'shaky': its check failed at shaky.lua:1: attempt to index a nil value (local 'x')",
            "goal 'a': x is 2",
            "goal 'endless': its check failed at shaky.lua:2: instruction budget exhausted: more than 2000000 Lua instructions in one call (an endless loop, or endless recursion?)",
            "goal 'a': x is 3",
            "goal 'a': parameter 'x' must be ≥ 0",
        ], "\(problems)")
    }

    /// The entries after a failing check are judged against the level as it is: the pass
    /// that goes on sees its entities (it saw none, the level having been frozen in place by
    /// the first pass, and told an entity and a tag that are there as missing).
    @Test func theChecksAfterAFailingOneSeeTheLevelsEntities() throws {
        let goals = #"[{"type": "shaky"}, {"type": "find", "entity": "bell"}, {"type": "find", "tag": "t"}, {"type": "findAll", "tag": "t"}]"#
        let level = Support.level(entities: [("bell", 0)], goals: goals)  // bell carries the tag "t"
        let problems = try Support.world(scripts: ["shaky.lua": """
            echolot.goal("shaky", { on = { ["pack.never"] = function() end }, check = function() error("oops") end })
            """], level: level).rules.validate()
        #expect(problems.count == 1, "\(problems)")
        #expect(problems.first?.message.hasPrefix("goal 'shaky': its check failed at ") == true, "\(problems)")
        #expect(problems.first?.message.hasSuffix("scripts/shaky.lua:1: oops") == true, "\(problems)")
    }

    @Test func aRuleCheckRunsOnTheParameters() throws {
        let problems = try diagnostics(goals: #"[{"type": "find"}, {"type": "findAll", "tag": "nothing"}]"#)
        #expect(Set(messages(problems)) == [
            "goal 'find': give exactly one of 'entity' and 'tag'",
            "goal 'findAll': parameter 'tag' is no tag of this level's entities: 'nothing' (they carry 't')",
        ])
    }

    /// A tag no entity carries would leave `find` pending for good and `avoid` met whatever
    /// is selected, as it left `findAll`: each is told at the tag, not the goal.
    @Test func aTagNoEntityCarriesIsRefusedAtTheTag() throws {
        let goals = #"[{"type": "find", "tag": "tt"}, {"type": "avoid", "tag": "decoy"}, {"type": "findAll", "tag": "x"}, "#
            + #"{"type": "avoid", "id": "fine", "tag": "t"}]"#
        let level = Support.level(entities: [("bell", 0), ("gong", 90)], goals: goals)
        let problems = try Support.world(level: level).rules.validate()
        let column = { (text: String) in level.range(of: text)!.lowerBound.utf16Offset(in: level) + 1 }
        #expect(problems.map { "\($0.line):\($0.column): \($0.message)" } == [
            "1:\(column(#""tt""#)): goal 'find': parameter 'tag' is no tag of this level's entities: 'tt' (they carry 't')",
            "1:\(column(#""decoy""#)): goal 'avoid': parameter 'tag' is no tag of this level's entities: 'decoy' (they carry 't')",
            "1:\(column(#""x""#)): goal 'findAll': parameter 'tag' is no tag of this level's entities: 'x' (they carry 't')",
        ])
    }

    /// A check's write into its parameters was told as a reducer's (`ctx.params`, "keep a
    /// value of your own in the goal"), though a check has neither ctx nor a goal.
    @Test func aChecksWriteIntoItsParametersIsToldAsTheChecks() throws {
        let problems = try diagnostics(goals: #"[{"type": "a", "x": 1}]"#, scripts: ["a.lua": """
            echolot.goal("a", { params = { x = "integer" }, on = { ["pack.never"] = function() end },
              check = function(params) params.x = 2 end })
            """])
        #expect(problems.count == 1)
        #expect(problems.first?.message.hasSuffix(
            "a.lua:2: cannot change field 'x': params is read-only (the parameters of goal 'a', as the level gives them: "
                + "a check only reads them, and returns a sentence when they are wrong)") == true, "\(problems)")
    }

    /// A decoy another goal asks the player to select makes a level nobody can win (it was
    /// accepted, and the level could only be lost): told at the decoy, naming the goal.
    @Test func aDecoyAnotherGoalAsksForIsRefusedAtTheDecoy() throws {
        func told(_ goals: String) throws -> [String] {
            let level = #"{"id": "one", "name": "One", "seed": 1, "entities": ["#
                + #"{"id": "bell", "tags": ["ring"], "position": {"azimuth": 0}, "sound": {"file": "s.wav"}}, "#
                + #"{"id": "gong", "tags": ["ring"], "position": {"azimuth": 90}, "sound": {"file": "s.wav"}}, "#
                + #"{"id": "bee", "tags": ["buzz"], "position": {"azimuth": 180}, "sound": {"file": "s.wav"}}], "goals": \#(goals)}"#
            let problems = try Support.world(level: level).rules.validate()
            // Where each is placed: the entry's text up to the column, from its opening brace.
            return problems.map { "\(level.prefix($0.column - 1).split(separator: "{").last ?? "")| \($0.message)" }
        }
        #expect(try told(#"[{"type": "find", "entity": "bell"}, {"type": "avoid", "entity": "bell"}]"#) == [
            #""type": "avoid", "entity": | goal 'avoid': 'bell' is a decoy here, but goal 'find' asks the player to select it: the level could never be won"#,
        ])
        #expect(try told(#"[{"type": "findAll", "tag": "ring"}, {"type": "avoid", "tag": "ring"}]"#) == [
            #""type": "avoid", "tag": | goal 'avoid': 'bell' is a decoy here, but goal 'findAll' asks the player to select it: the level could never be won"#,
        ])
        #expect(try told(#"[{"type": "findInOrder", "id": "order", "entities": ["bee", "gong"]}, {"type": "avoid", "entity": "gong"}]"#) == [
            #""type": "avoid", "entity": | goal 'avoid': 'gong' is a decoy here, but goal 'findInOrder' with id 'order' asks the player to select it: the level could never be won"#,
        ])
        #expect(try told(#"[{"type": "find", "tag": "ring"}, {"type": "avoid", "tag": "ring"}]"#) == [
            #""type": "avoid", "tag": | goal 'avoid': every entity with tag 'ring' is a decoy here, but goal 'find' asks the player to select one of them: the level could never be won"#,
        ])
        // Any one bell or gong wins `find`, so a decoy among them leaves a way to win; a
        // decoy no goal asks for is what avoid is for.
        #expect(try told(#"[{"type": "find", "tag": "ring"}, {"type": "avoid", "entity": "gong"}]"#) == [])
        // Two avoid goals that between them make every bell and gong a decoy: told once, by
        // the first of them.
        #expect(try told(#"[{"type": "find", "tag": "ring"}, {"type": "avoid", "id": "a", "entity": "gong"}, {"type": "avoid", "id": "b", "entity": "bell"}]"#) == [
            #""type": "avoid", "id": "a", "entity": | goal 'avoid': every entity with tag 'ring' is a decoy of this goal or another avoid goal, but goal 'find' asks the player to select one of them: the level could never be won"#,
        ])
        #expect(try told(#"[{"type": "findAll", "tag": "ring"}, {"type": "avoid", "tag": "buzz"}]"#) == [])
    }

    /// A `tag` parameter, a pack's own or a standard goal's, is checked against the tags the
    /// level's entities carry, a slip told with the one meant (it was told with none).
    @Test func aTagParameterGetsTheTagMeant() throws {
        let goals = #"[{"type": "findAll", "tag": "frogs"}, {"type": "count", "of": "owl"}]"#
        let level = #"{"id": "one", "name": "One", "seed": 1, "entities": ["#
            + #"{"id": "a", "tags": ["frog"], "position": {"azimuth": 0}, "sound": {"file": "s.wav"}}, "#
            + #"{"id": "b", "tags": ["bird"], "position": {"azimuth": 90}, "sound": {"file": "s.wav"}}], "goals": \#(goals)}"#
        let problems = try Support.world(scripts: ["count.lua": """
            echolot.goal("count", { params = { of = "tag", also = { type = "tag", default = "birds" } }, on = { tick = print } })
            """], level: level).rules.validate()
        #expect(problems.map(\.message) == [
            "goal 'findAll': parameter 'tag' is no tag of this level's entities: 'frogs' (did you mean 'frog'?)",
            "goal 'count': parameter 'also' is left out, and its default is no tag of this level's entities: 'birds' (did you mean 'bird'?); give 'also' in the level",
            "goal 'count': parameter 'of' is no tag of this level's entities: 'owl' (they carry 'bird', 'frog')",
        ], "\(problems)")
    }

    /// An id `findInOrder` lists twice could never come in turn (the first selection finds
    /// it, and a found entity cannot be selected again): told at the repeated item.
    @Test func findInOrderRefusesARepeatedIdAtTheRepeat() throws {
        let goals = #"[{"type": "findInOrder", "entities": ["bell", "gong", "bell"]}, "#
            + #"{"type": "findInOrder", "id": "fine", "entities": ["gong", "bell"]}]"#
        let level = Support.level(entities: [("bell", 0), ("gong", 90)], goals: goals)
        let problems = try Support.world(level: level).rules.validate()
        let column = level.range(of: #""gong", "bell"]}, {"#)!.lowerBound.utf16Offset(in: level) + 1 + 8
        #expect(problems.map { "\($0.line):\($0.column): \($0.message)" } == [
            "1:\(column): goal 'findInOrder': 'bell' is listed twice (items 1 and 3), "
                + "but an entity is found once: it cannot be selected again",
        ])
    }

    @Test func packRulesAreValidatedToo() throws {
        let problems = try diagnostics(goals: #"[{"type": "reach", "target": "nobody", "within": -1}]"#, scripts: [
            "reach.lua": """
                echolot.goal("reach", {
                  params = { target = "entity", within = { type = "number", min = 0, default = 5 } },
                  on = { tick = function() end },
                })
                """,
        ])
        #expect(Set(messages(problems)) == [
            "goal 'reach': parameter 'target' names no entity of this level: 'nobody'",
            "goal 'reach': parameter 'within' must be ≥ 0",
        ])
    }
}
