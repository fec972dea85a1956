import EcholotTestSupport
import Foundation
import Testing

@testable import EcholotModel

@Suite("Loading: bad input gets a clear error")
struct LoadingErrorTests {
    @Test func jsonSyntaxErrorHasRealLineAndColumn() {
        let pack = TempPack(["levels/one.json": """
            {
              "id": "one",
              "name": "One",
              "entities": [],
            }
            """])
        #expect(pack.problems == ["p/levels/one.json:4:17: error: trailing comma before '}'"])
    }

    /// A `//` or `#` comment between members of a level file or pack.json is told as a
    /// comment at its first character: it was `expected a key in double quotes, found '/'`.
    @Test func aCommentInAPackFileIsToldAsOne() {
        let pack = TempPack([
            "pack.json": """
                { "id": "t", "name": "Test", "version": "1.0.0", # the first release
                  "api": 1 }
                """,
            "levels/one.json": """
                {
                  "id": "one",
                  "name": "One",
                  // the seed
                  "seed": 7,
                  "entities": []
                }
                """,
        ])
        #expect(pack.problems == [
            "p/levels/one.json:4:3: error: comments are not allowed in JSON",
            "p/pack.json:1:50: error: comments are not allowed in JSON",
        ])
    }

    @Test func invalidUTF8InALevelFile() {
        let pack = TempPack()
        pack.writeBytes("levels/one.json", Array("{\n  \"id\": \"o".utf8) + [0xFF] + Array("ne\"}".utf8))
        #expect(pack.problems == ["p/levels/one.json:2:11: error: invalid UTF-8 (byte 0xFF)"])
    }

    /// A level or strings file whose name is not UTF-8 (a pack zipped on an old system)
    /// was told "file does not exist", or "not a language code", of a file plainly there.
    @Test func aFileNameThatIsNotUTF8IsToldAsSuch() throws {
        let pack = TempPack()
        pack.write("levels/.keep", "")
        pack.write("strings/.keep", "")
        try createFile(rawName: [0x61, 0xFF] + Array(".json".utf8), in: pack.root.appendingPathComponent("levels"))
        try createFile(rawName: [0x65, 0xFF] + Array(".json".utf8), in: pack.root.appendingPathComponent("strings"))
        #expect(pack.problems == [
            "p/levels/a\u{FFFD}.json:1:1: error: the file's name is not valid UTF-8; rename it",
            "p/strings/e\u{FFFD}.json:1:1: error: the file's name is not valid UTF-8; rename it",
        ])
    }

    /// A key written 500 times (499 duplicates, and a field no level has) is told in 100
    /// lines and one that counts the rest: it printed 500.
    @Test func aFileOfManyMistakesIsToldInAHundredLinesAndOneMore() {
        let keys = (0..<500).map { _ in #""a": 1"# }.joined(separator: ", ")
        let pack = TempPack(["levels/one.json": #"{"id": "one", "name": "One", "entities": [], \#(keys)}"#])
        let problems = pack.problems
        #expect(problems.count == FileReport.maxProblems + 1)
        #expect(problems.last?.hasSuffix("error: 400 more problems in this file are not told; fix these first") == true,
                "\(problems.suffix(2))")
    }

    @Test func wrongTypeNamesTheJSONPath() {
        let pack = TempPack(["levels/one.json": """
            {
              "id": "one",
              "name": "One",
              "entities": [
                { "id": "a", "position": { "azimuth": 10 } },
                { "id": "b", "position": { "azimuth": 20 } },
                { "id": "c", "position": { "azimuth": "east" } }
              ]
            }
            """])
        #expect(pack.problems == [
            "p/levels/one.json:7:43: error: entities[2].position.azimuth: expected a number, found a string",
        ])
    }

    @Test func missingRequiredFields() {
        let pack = TempPack(["levels/one.json": """
            {
              "id": "one",
              "entities": [
                { "id": "a" },
                { "id": "b", "position": {}, "sound": { "volume": 1 } }
              ],
              "goals": [ { "entity": "a" } ]
            }
            """])
        #expect(pack.problems == [
            "p/levels/one.json:1:1: error: missing required field \"name\"",
            "p/levels/one.json:4:5: error: entities[0]: missing required field \"position\"",
            "p/levels/one.json:5:30: error: entities[1].position: missing required field \"azimuth\"",
            "p/levels/one.json:5:43: error: entities[1].sound: missing required field \"file\"",
            "p/levels/one.json:7:14: error: goals[0]: missing required field \"type\"",
        ])
    }

    @Test func unknownFieldsAreReportedAtTheirKey() {
        let pack = TempPack(["levels/one.json": """
            {
              "id": "one",
              "name": "One",
              "entites": [],
              "entities": [
                { "id": "a", "position": { "azimuth": 1, "distanse": 2 }, "sound": { "file": "a.wav", "volum": 2 } }
              ],
              "view": { "zoom": 2 }
            }
            """])
        #expect(pack.problems == [
            "p/levels/one.json:4:3: error: entites: unknown field \"entites\" (did you mean \"entities\"?)",
            "p/levels/one.json:6:46: error: entities[0].position.distanse: unknown field \"distanse\" (did you mean \"distance\"?)",
            "p/levels/one.json:6:91: error: entities[0].sound.volum: unknown field \"volum\" (did you mean \"volume\"?)",
            "p/levels/one.json:8:13: error: view.zoom: unknown field \"zoom\"",
        ])
    }

    /// A required field written misspelt is one slip: it was told twice, as missing and as
    /// an unknown field. It is told once, at the misspelt key, with the name meant — in the
    /// manifest, a level, its entities and their parts, a goal and an entity's action alike.
    @Test func aMisspeltRequiredFieldIsToldOnceAtItsKey() {
        let pack = TempPack([
            "pack.json": #"{ "id": "t", "Name": "Test", "version": "1.0.0", "api": 1 }"#,
            "levels/one.json": """
                {
                  "il": "one",
                  "name": "One",
                  "entities": [
                    { "id": "a", "positon": { "azimuth": 1 } },
                    { "id": "b", "position": { "azimuht": 2 }, "sound": { "fiel": "a.wav" },
                      "actions": [ { "on": "selected", "actoin": "goal.met" } ] }
                  ],
                  "goals": [ { "tpye": "find", "entity": "a" } ]
                }
                """,
        ])
        #expect(pack.problems == [
            "p/levels/one.json:2:3: error: il: unknown field \"il\" (did you mean \"id\"?)",
            "p/levels/one.json:5:18: error: entities[0].positon: unknown field \"positon\" (did you mean \"position\"?)",
            "p/levels/one.json:6:32: error: entities[1].position.azimuht: unknown field \"azimuht\" (did you mean \"azimuth\"?)",
            "p/levels/one.json:6:59: error: entities[1].sound.fiel: unknown field \"fiel\" (did you mean \"file\"?)",
            "p/levels/one.json:7:40: error: entities[1].actions[0].actoin: unknown field \"actoin\" (did you mean \"action\"?)",
            "p/levels/one.json:9:16: error: goals[0].tpye: unknown field \"tpye\" (did you mean \"type\"?)",
            "p/pack.json:1:14: error: Name: unknown field \"Name\" (did you mean \"name\"?)",
        ])
    }

    /// A recording's description shares the reader: its misspelt `format` (read before the
    /// other fields, which another format would mean otherwise) and `stateHash` are told once
    /// each, at their keys.
    @Test func aMisspeltFieldOfARecordingDescriptionIsToldOnceAtItsKey() throws {
        let folder = TempPack()
        let log = folder.base.appendingPathComponent("log.jsonl").path
        let fields = #""pack": "/p", "packID": "t", "packVersion": "1.0.0", "level": "one", "step": 0.01, "ticks": 3, "outcome": "won""#
        func problems(_ text: String) throws -> [String] {
            try Data(text.utf8).write(to: URL(fileURLWithPath: RecordingDescription.metaPath(forLog: log)))
            do throws(PackLoadError) {
                _ = try RecordingDescription.read(forLog: log)
                return []
            } catch {
                return error.diagnostics.map { $0.description.replacingOccurrences(of: folder.base.path + "/", with: "") }
            }
        }
        #expect(try problems(#"{ "fromat": "echolot-recording/1", \#(fields), "stateHash": "ab" }"#) == [
            "log.jsonl.meta.json:1:3: error: fromat: unknown field \"fromat\" (did you mean \"format\"?)",
        ])
        #expect(try problems(#"{ "format": "echolot-recording/1", \#(fields), "stateHsah": "ab" }"#) == [
            "log.jsonl.meta.json:1:149: error: stateHsah: unknown field \"stateHsah\" (did you mean \"stateHash\"?)",
        ])
    }

    /// A field that is missing, with an unknown one beside it that is not its misspelling,
    /// is still told missing: the unknown field is told on its own.
    @Test func aMissingFieldBesideAnUnrelatedUnknownOneIsStillMissing() {
        let pack = TempPack(["levels/one.json": #"{ "id": "one", "title": "One", "entities": [] }"#])
        #expect(pack.problems == [
            "p/levels/one.json:1:1: error: missing required field \"name\"",
            "p/levels/one.json:1:16: error: title: unknown field \"title\"; fields of your own go under \"attributes\"",
        ])
    }

    /// A level's or an entity's field that is no near miss of a known one is most likely
    /// meant as the author's own, which format.md says goes under `attributes`: the message
    /// says where, and a near miss keeps its likely name.
    @Test func aFieldOfOnesOwnIsSentToAttributes() {
        let pack = TempPack(["levels/one.json": """
            {
              "id": "one", "name": "One", "theme": "dark",
              "entities": [ { "id": "a", "position": { "azimuth": 1 }, "colour": "red", "tgas": [] } ]
            }
            """])
        #expect(pack.problems == [
            "p/levels/one.json:2:31: error: theme: unknown field \"theme\"; fields of your own go under \"attributes\"",
            "p/levels/one.json:3:60: error: entities[0].colour: unknown field \"colour\"; fields of your own go under \"attributes\"",
            "p/levels/one.json:3:77: error: entities[0].tgas: unknown field \"tgas\" (did you mean \"tags\"?)",
        ])
    }

    /// An entity's action is sent as a rule's would be: a name no rule could handle is
    /// refused at its place, with the likely name (a swap of two letters is one slip).
    @Test func anEntityActionMustBeOneARuleCouldHandle() {
        let pack = TempPack(["levels/one.json": """
            {
              "id": "one",
              "name": "One",
              "entities": [
                { "id": "a", "position": { "azimuth": 1 }, "actions": [ { "on": "selected", "action": "pakc.bell" },
                  { "on": "selected", "action": "goal.mte" }, { "on": "selected", "action": "turnTo" } ] }
              ]
            }
            """])
        #expect(pack.problems == [
            "p/levels/one.json:5:91: error: entities[0].actions[0].action: rules may emit goal.met, goal.failed, level.won, level.lost, pack.* and story.* actions, not 'pakc.bell' (did you mean 'pack.bell'?)",
            "p/levels/one.json:6:37: error: entities[0].actions[1].action: rules may emit goal.met, goal.failed, level.won, level.lost, pack.* and story.* actions, not 'goal.mte' (did you mean 'goal.met'?)",
            "p/levels/one.json:6:81: error: entities[0].actions[2].action: rules may emit goal.met, goal.failed, level.won, level.lost, pack.* and story.* actions, not 'turnTo'",
        ])
    }

    /// An entity's `goal.met`/`goal.failed` announces one of the level's goals, as a rule's
    /// `ctx.emit` of one must: one of no goal, or without an id, would announce nothing.
    @Test func anEntityAnnouncementMustNameAGoalOfTheLevel() {
        let pack = TempPack(["levels/one.json": """
            {
              "id": "one",
              "name": "One",
              "entities": [
                { "id": "a", "position": { "azimuth": 1 }, "actions": [ { "on": "selected", "action": "goal.met", "id": "fnd" },
                  { "on": "selected", "action": "goal.failed" }, { "on": "selected", "action": "goal.met", "id": 3 },
                  { "on": "selected", "action": "goal.failed", "id": "nogoal" }, { "on": "selected", "action": "goal.met", "id": "find" } ] }
              ],
              "goals": [ { "type": "find", "entity": "a" }, { "type": "timeLimit", "seconds": 9 } ]
            }
            """])
        #expect(pack.problems == [
            "p/levels/one.json:5:109: error: entities[0].actions[0].id: goal.met: there is no goal \"fnd\" in this level (did you mean \"find\"?)",
            "p/levels/one.json:6:7: error: entities[0].actions[1]: goal.failed needs the id of one of the level's goals: \"id\": …",
            "p/levels/one.json:6:102: error: entities[0].actions[2].id: expected the id of one of the level's goals (a string), found a number",
            "p/levels/one.json:7:58: error: entities[0].actions[3].id: goal.failed: there is no goal \"nogoal\" in this level (goals: \"find\", \"timeLimit\")",
        ])
    }

    /// Goals that were not all read (told already) leave an entity's announcements unjudged:
    /// "there is no goal" would be a second, wrong message about the same mistake.
    @Test func announcementsAreNotJudgedAgainstGoalsThatDidNotRead() {
        for goals in [#"{ "type": "find", "id": "late" }"#, #"[ { "type": "find", "entity": "a" }, { "id": "late", "entity": "a" } ]"#] {
            let pack = TempPack(["levels/one.json": """
                {
                  "id": "one",
                  "name": "One",
                  "entities": [ { "id": "a", "position": { "azimuth": 1 }, "actions": [ { "on": "selected", "action": "goal.met", "id": "late" } ] } ],
                  "goals": \(goals)
                }
                """])
            #expect(pack.problems.count == 1, "\(pack.problems)")
            #expect(!pack.problems.contains { $0.contains("there is no goal") }, "\(pack.problems)")
        }
    }

    @Test func valueRanges() {
        let pack = TempPack([
            "pack.json": #"{ "id": "t", "name": "T", "version": "1.0", "api": 2, "kind": "arcade" }"#,
            "levels/one.json": """
                {
                  "id": "one",
                  "name": "One",
                  "seed": -1,
                  "view": { "width": 400, "selectTolerance": 181, "elevation": -91, "visuals": "dim" },
                  "ambience": [ { "file": "a.wav", "volume": 4.5 } ],
                  "entities": [
                    { "id": "a", "glyph": "ab", "position": { "azimuth": 1, "elevation": 91, "distance": 0 },
                      "sound": { "file": "a.wav", "pitch": 0.1, "rolloff": -1, "loop": "yes" } }
                  ]
                }
                """,
        ])
        #expect(pack.problems == [
            "p/levels/one.json:4:11: error: seed: expected an integer of at least 0, found -1",
            "p/levels/one.json:5:22: error: view.width: expected a number from 1 to 360, found 400",
            "p/levels/one.json:5:46: error: view.selectTolerance: expected a number from 0 to 180, found 181",
            "p/levels/one.json:5:64: error: view.elevation: expected a number from -90 to 90, found -91",
            "p/levels/one.json:5:80: error: view.visuals: expected one of \"shown\", \"faded\", \"hidden\", found \"dim\"",
            "p/levels/one.json:6:46: error: ambience[0].volume: expected a number from 0 to 4, found 4.5",
            "p/levels/one.json:8:27: error: entities[0].glyph: expected one visible character, found \"ab\"",
            "p/levels/one.json:8:74: error: entities[0].position.elevation: expected a number from -90 to 90, found 91",
            "p/levels/one.json:8:90: error: entities[0].position.distance: expected a number greater than 0, found 0",
            "p/levels/one.json:9:44: error: entities[0].sound.pitch: expected a number from 0.25 to 4, found 0.1",
            "p/levels/one.json:9:60: error: entities[0].sound.rolloff: expected a number of at least 0, found -1",
            "p/levels/one.json:9:72: error: entities[0].sound.loop: expected a boolean (true or false), found a string",
            "p/pack.json:1:38: error: version: \"1.0\" is not a semantic version such as \"1.2.3\"",
            "p/pack.json:1:52: error: api: API version 2 is not supported; this engine runs API version 1",
            "p/pack.json:1:63: error: kind: expected one of \"scored\", \"story\", \"free\", found \"arcade\"",
        ])
    }

    /// A glyph that takes no column (a zero-width space, a bidirectional override, a lone
    /// accent) would shift the view strip; one written as several scalars still counts as one.
    @Test func glyphsMustDrawOneCharacter() {
        let glyphs = ["\u{200B}", "\u{202E}", "\u{301}", "\u{FEFF}", "e\u{301}", "👩\u{200D}🚀", "x\u{200B}"]
        let entities = glyphs.enumerated().map { index, glyph in
            #"{ "id": "e\#(index)", "glyph": "\#(glyph)", "position": { "azimuth": 0 } }"#
        }
        let pack = TempPack(["levels/one.json": TempPack.levelJSON(entities: "[\n" + entities.joined(separator: ",\n") + "\n]")])
        #expect(pack.problems == [
            #"p/levels/one.json:5:24: error: entities[0].glyph: expected one visible character, found "\u200B""#,
            #"p/levels/one.json:6:24: error: entities[1].glyph: expected one visible character, found "\u202E""#,
            "p/levels/one.json:7:24: error: entities[2].glyph: expected one visible character, found \"\\u0301\"",
            #"p/levels/one.json:8:24: error: entities[3].glyph: expected one visible character, found "\uFEFF""#,
            #"p/levels/one.json:11:24: error: entities[6].glyph: expected one visible character, found "x\u200B""#,
        ])
        // The background's glyph fills every empty column: it is held to the same.
        let backgrounds = TempPack([
            "levels/one.json": TempPack.levelJSON(extra: #""background": { "glyph": "ab" }"#),
            "levels/two.json": TempPack.levelJSON(id: "two", extra: #""background": { "glyph": "" }"#),
            "levels/three.json": TempPack.levelJSON(id: "three", extra: #""background": { "glyph": "·" }"#),
        ])
        #expect(backgrounds.problems == [
            #"p/levels/one.json:5:28: error: background.glyph: expected one visible character, found "ab""#,
            #"p/levels/two.json:5:28: error: background.glyph: expected one visible character, found """#,
        ])
    }

    @Test func idsMustMatchThePattern() {
        let pack = TempPack([
            "pack.json": #"{ "id": "My Pack", "name": "T", "version": "1.0.0", "api": 1 }"#,
            "levels/one.json": TempPack.levelJSON(entities: #"[ { "id": "big bell", "position": { "azimuth": 0 } } ]"#),
        ])
        #expect(pack.problems == [
            "p/levels/one.json:4:25: error: entities[0].id: \"big bell\" is not a valid entity id: use letters, digits, '.', '_' and '-', starting with a letter, digit or '_'",
            "p/pack.json:1:9: error: id: \"My Pack\" is not a valid pack id: use lower-case letters, digits, '.', '_' and '-', starting with a letter or digit",
        ])
    }

    @Test func duplicateEntityIDs() {
        let pack = TempPack(["levels/one.json": """
            {
              "id": "one",
              "name": "One",
              "entities": [
                { "id": "bell", "position": { "azimuth": 10 } },
                { "id": "bell", "position": { "azimuth": 20 } }
              ]
            }
            """])
        #expect(pack.problems == [
            "p/levels/one.json:6:13: error: entities[1].id: duplicate entity id \"bell\" (first at line 5, column 13)",
        ])
    }

    @Test func goalIDsDefaultToTheTypeAndMustBeUnique() throws {
        let goals = #""goals": [ { "type": "find", "entity": "a" }, { "type": "find", "entity": "a" }, { "type": "timeLimit", "id": "find.2", "seconds": 5 } ]"#
        let entities = #"[ { "id": "a", "position": { "azimuth": 0 } } ]"#
        let bad = TempPack(["levels/one.json": TempPack.levelJSON(entities: entities, extra: goals)])
        #expect(bad.problems == [
            "p/levels/one.json:5:113: error: goals[2].id: duplicate goal id \"find.2\" (already used by goals[1])",
        ])
        let good = TempPack(["levels/one.json": TempPack.levelJSON(entities: entities, extra: #""goals": [ { "type": "find", "entity": "a" }, { "type": "find", "entity": "a" }, { "type": "find", "entity": "a" } ]"#)])
        let level = try #require(try good.load().level(id: "one")).level
        #expect(level[LevelKeys.goals].ids.sorted() == ["find", "find.2", "find.3"])
        #expect(level[LevelKeys.goals]["find.3"]?[GoalKeys.type] == "find")
        let clash = TempPack(["levels/one.json": TempPack.levelJSON(entities: entities, extra: #""goals": [ { "type": "avoid", "id": "find", "entity": "a" }, { "type": "find", "entity": "a" } ]"#)])
        #expect(clash.problems == [
            "p/levels/one.json:5:64: error: goals[1]: goal id \"find\" (from its type) is already used by goals[0]; give this goal an \"id\"",
        ])
    }

    @Test func duplicateScenariosAndLevelsInTheManifest() {
        let pack = Self.scenarioPack("""
            { "id": "s", "name": "S", "levels": ["one", "one"] },
            { "id": "s", "name": "S2", "levels": ["one"] }
            """, levels: ["one"])
        #expect(pack.problems == [
            "p/pack.json:3:49: error: scenarios[0].levels[1]: level \"one\" is listed twice",
            "p/pack.json:4:13: error: scenarios[1].id: duplicate scenario id \"s\" (first at line 3, column 13)",
            "p/pack.json:4:43: error: scenarios[1].levels[0]: level \"one\" is already in scenario \"s\"",
        ])
    }

    @Test func levelIDMustEqualTheFileName() {
        let pack = TempPack(["levels/one.json": TempPack.levelJSON(id: "two")])
        #expect(pack.problems == [
            "p/levels/one.json:2:9: error: id: level id \"two\" must equal the file name \"one.json\"",
        ])
    }

    @Test func unknownEntitiesInRuleParameters() {
        let pack = TempPack(["levels/one.json": """
            {
              "id": "one",
              "name": "One",
              "entities": [
                { "id": "bell", "position": { "azimuth": 10 },
                  "behaviours": [ { "type": "follow", "entity": "drum" } ] }
              ],
              "goals": [
                { "type": "find", "entity": "bel" },
                { "type": "findInOrder", "entities": ["bell", "drum", 3] },
                { "type": "avoid", "entity": ["bell"] }
              ],
              "scoring": { "type": "standard", "entities": "bell" }
            }
            """])
        #expect(pack.problems == [
            "p/levels/one.json:6:53: error: entities[0].behaviours[0].entity: unknown entity \"drum\"",
            "p/levels/one.json:9:33: error: goals[0].entity: unknown entity \"bel\" (did you mean \"bell\"?)",
            "p/levels/one.json:10:51: error: goals[1].entities[1]: unknown entity \"drum\"",
            "p/levels/one.json:10:59: error: goals[1].entities[2]: expected an entity id (a string), found a number",
            "p/levels/one.json:11:34: error: goals[2].entity: expected an entity id (a string), found an array",
            "p/levels/one.json:13:48: error: scoring.entities: expected an array of entity ids, found a string",
        ])
    }

    /// An entity whose id does not read (not a string, no object, no list of entities)
    /// may be the one a rule's `entity` names: told once, at the id, not again as every
    /// reference to it being unknown.
    @Test func anEntityWhoseIDDoesNotReadLeavesItsReferencesUntold() {
        let goals = #""goals": [ { "type": "find", "entity": "bell" }, { "type": "findInOrder", "entities": ["bell", 3] } ]"#
        let badID = TempPack(["levels/one.json": TempPack.levelJSON(
            entities: #"[ { "id": [], "position": { "azimuth": 1 } }, { "id": "drum", "position": { "azimuth": 2 } } ]"#,
            extra: goals)])
        #expect(badID.problems == [
            "p/levels/one.json:4:25: error: entities[0].id: expected a string, found an array",
            "p/levels/one.json:5:98: error: goals[1].entities[1]: expected an entity id (a string), found a number",
        ])
        let notAnObject = TempPack(["levels/one.json": TempPack.levelJSON(entities: #"[ "NaN" ]"#, extra: goals)])
        #expect(notAnObject.problems == [
            "p/levels/one.json:4:17: error: entities[0]: expected an object, found a string",
            "p/levels/one.json:5:98: error: goals[1].entities[1]: expected an entity id (a string), found a number",
        ])
        let notAList = TempPack(["levels/one.json": TempPack.levelJSON(entities: #""x""#, extra: goals)])
        #expect(notAList.problems == [
            "p/levels/one.json:4:15: error: entities: expected an array, found a string",
            "p/levels/one.json:5:98: error: goals[1].entities[1]: expected an entity id (a string), found a number",
        ])
    }

    /// A listed level whose file differs only in case is told as that slip: "did you mean
    /// 'One'" sent the author to change the list, leaving the file's id at odds with its name.
    @Test func aLevelFileNamedInAnotherCaseIsToldAsTheSlip() {
        let pack = TempPack([
            "pack.json": #"{ "id": "t", "name": "T", "version": "1.0.0", "api": 1, "levels": ["one"] }"#,
            "levels/One.json": TempPack.levelJSON(id: "one"),
        ])
        #expect(pack.problems.contains("p/pack.json:1:68: error: levels[0]: unknown level \"one\" (no file levels/one.json; "
            + "levels/One.json differs only in case: a level's file is named as its id, in the same case)"), "\(pack.problems)")
    }

    @Test func unknownLevelsAndScenariosInTheManifest() {
        let pack = Self.scenarioPack("""
            { "id": "a", "name": "A", "levels": ["one", "onw"] },
            { "id": "b", "name": "B", "levels": [], "unlock": { "after": "c" } },
            { "id": "c", "name": "C", "levels": [], "unlock": { "after": "b" } },
            { "id": "d", "name": "D", "levels": [], "unlock": { "after": "x" } },
            { "id": "e", "name": "E", "levels": [], "unlock": { "after": "a", "totalScore": 3 } }
            """, levels: ["one"])
        #expect(pack.problems == [
            "p/pack.json:3:49: error: scenarios[0].levels[1]: unknown level \"onw\" (no file levels/onw.json) (did you mean \"one\"?)",
            "p/pack.json:4:66: error: scenarios[1].unlock.after: unlock rules form a cycle: \"b\" unlocks after \"c\", \"c\" after \"b\"; "
                + "none of them can be unlocked",
            "p/pack.json:6:66: error: scenarios[3].unlock.after: unknown scenario \"x\"",
            "p/pack.json:7:55: error: scenarios[4].unlock: give either \"totalScore\" or \"after\", not both",
        ])
    }

    /// A cycle of unlock rules is one mistake, told once as the whole chain at the `after`
    /// of its first scenario in pack.json: it was told at every member's `after`, each
    /// naming one other member, so a cycle of three read as three problems, none the whole.
    /// A scenario that waits on the cycle from outside (`d`) is right but for the cycle.
    @Test func anUnlockCycleIsToldOnceAsTheChain() {
        let pack = Self.scenarioPack("""
            { "id": "s", "name": "S", "levels": ["one"] },
            { "id": "c", "name": "C", "levels": ["two"], "unlock": { "after": "a" } },
            { "id": "a", "name": "A", "levels": ["three"], "unlock": { "after": "b" } },
            { "id": "d", "name": "D", "levels": ["four"], "unlock": { "after": "a" } },
            { "id": "b", "name": "B", "levels": ["five"], "unlock": { "after": "c" } }
            """, levels: ["one", "two", "three", "four", "five"])
        #expect(pack.problems == [
            "p/pack.json:4:71: error: scenarios[1].unlock.after: unlock rules form a cycle: "
                + "\"c\" unlocks after \"a\", \"a\" after \"b\", \"b\" after \"c\"; none of them can be unlocked",
        ])
    }

    /// A pack whose pack.json has the scenarios `scenarios` (one a line, from its line 3
    /// on, indented by 4), with a level file for each of `levels`.
    static func scenarioPack(_ scenarios: String, levels: [String]) -> TempPack {
        var files = ["pack.json": """
            { "id": "t", "name": "T", "version": "1.0.0", "api": 1,
              "scenarios": [
            \(scenarios.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))
              ]
            }
            """]
        for id in levels { files["levels/\(id).json"] = TempPack.levelJSON(id: id) }
        return TempPack(files)
    }

    /// A scenario with no levels is never finished, so one unlocked after it never opens:
    /// refused at its `after`. Before, validate passed it and `run` asked the player to
    /// finish the empty scenario first.
    @Test func aScenarioCannotUnlockAfterAnEmptyOne() {
        let pack = Self.scenarioPack("""
            { "id": "a", "name": "A", "levels": ["one"] },
            { "id": "d", "name": "D", "levels": [] },
            { "id": "e", "name": "E", "levels": ["two"], "unlock": { "after": "d" } },
            { "id": "f", "name": "F", "levels": [], "unlock": { "after": "a" } }
            """, levels: ["one", "two"])
        #expect(pack.problems == [
            "p/pack.json:5:71: error: scenarios[2].unlock.after: scenario \"d\" has no levels, so it is never finished and \"e\" would never unlock",
        ])
    }

    /// A scenario whose `levels` did not read (missing, not a list, or every level refused
    /// as another scenario's) is told there alone, not again at the `after` of a scenario
    /// that waits on it as one with no levels: only `"levels": []` is a list with none.
    @Test func aScenarioWhoseLevelsDidNotReadIsNotToldAgainAsEmpty() {
        for (night, problem) in [
            (#"{ "id": "night", "name": "Night" },"#,
             #"p/pack.json:4:5: error: scenarios[1]: missing required field "levels""#),
            (#"{ "id": "night", "name": "Night", "levels": "one" },"#,
             #"p/pack.json:4:49: error: scenarios[1].levels: expected an array, found a string"#),
            (#"{ "id": "night", "name": "Night", "levels": ["one"] },"#,
             #"p/pack.json:4:50: error: scenarios[1].levels[0]: level "one" is already in scenario "a""#),
        ] {
            let pack = Self.scenarioPack("""
                { "id": "a", "name": "A", "levels": ["one"] },
                \(night)
                { "id": "deep", "name": "Deep", "levels": ["two"], "unlock": { "after": "night" } }
                """, levels: ["one", "two"])
            #expect(pack.problems == [problem], "\(night)")
        }
    }

    /// A total score no integer holds (`1e300`), a fraction or a negative one is refused at
    /// its place; a whole number written as `1500.0` is the integer 1500, as everywhere.
    @Test func totalScoreMustBeAnIntegerInRange() throws {
        let scenarios = ["1e300", "2.5", "-1", "1000000000001", "\"x\"", "1500.0", "1000000000000"].enumerated().map { index, score in
            #"{ "id": "s\#(index)", "name": "S", "levels": [], "unlock": { "totalScore": \#(score) } }"#
        }
        let pack = TempPack([
            "pack.json": """
                { "id": "t", "name": "T", "version": "1.0.0", "api": 1, "scenarios": [
                \(scenarios.joined(separator: ",\n"))
                ] }
                """,
            "levels/one.json": TempPack.levelJSON(),
        ])
        #expect(pack.problems == [
            "p/pack.json:2:68: error: scenarios[0].unlock.totalScore: expected an integer from 0 to 1000000000000, found 1e+300",
            "p/pack.json:3:68: error: scenarios[1].unlock.totalScore: expected an integer, found 2.5",
            "p/pack.json:4:68: error: scenarios[2].unlock.totalScore: expected an integer from 0 to 1000000000000, found -1",
            "p/pack.json:5:68: error: scenarios[3].unlock.totalScore: expected an integer from 0 to 1000000000000, found 1000000000001",
            "p/pack.json:6:68: error: scenarios[4].unlock.totalScore: expected an integer, found a string",
        ])
    }

    @Test func missingSoundFiles() {
        let pack = TempPack(["levels/one.json": TempPack.levelJSON(
            entities: #"[ { "id": "a", "position": { "azimuth": 0 }, "sound": { "file": "b.wav" } } ]"#,
            extra: #""ambience": [ { "file": "wind.wav" } ], "music": { "file": "song.mp3" }"#)])
        #expect(pack.problems == [
            "p/levels/one.json:4:79: error: entities[0].sound.file: sound file \"sounds/b.wav\" does not exist (did you mean \"a.wav\"?)",
            "p/levels/one.json:5:27: error: ambience[0].file: sound file \"sounds/wind.wav\" does not exist; add it to the pack's sounds/ folder, or correct the name",
            "p/levels/one.json:5:62: error: music.file: unsupported sound format \"song.mp3\"; use WAV (.wav), FLAC (.flac) or Ogg Vorbis (.ogg)",
        ])
    }

    /// A sound named with its folder, as the pack's files are listed, is told to leave the
    /// folder out, with the name to write when that file is there; as a story's voice is.
    @Test func aSoundWrittenWithItsFolderIsToldToLeaveItOut() {
        let pack = TempPack(["levels/one.json": TempPack.levelJSON(
            entities: #"[ { "id": "a", "position": { "azimuth": 0 }, "sound": { "file": "sounds/a.wav" } } ]"#,
            extra: #""ambience": [ { "file": "sounds/wind.wav" } ]"#)])
        #expect(pack.problems == [
            "p/levels/one.json:4:79: error: entities[0].sound.file: sound file \"sounds/sounds/a.wav\" does not exist; "
                + "sound files are named from inside sounds/, so write \"a.wav\"",
            "p/levels/one.json:5:27: error: ambience[0].file: sound file \"sounds/sounds/wind.wav\" does not exist; "
                + "sound files are named from inside sounds/",
        ])
    }

    @Test func assetPathsMustStayInsideThePack() {
        let pack = TempPack(["levels/one.json": TempPack.levelJSON(extra: """
            "ambience": [
                { "file": "../a.wav" },
                { "file": "/etc/a.wav" },
                { "file": "sub\\\\a.wav" },
                { "file": "C:/a.wav" },
                { "file": "x/../../a.wav" }
              ],
              "background": { "image": "../../etc/passwd" }
            """)])
        #expect(pack.problems == [
            "p/levels/one.json:6:15: error: ambience[0].file: '..' is not allowed: file paths must stay inside the pack (\"../a.wav\")",
            "p/levels/one.json:7:15: error: ambience[1].file: absolute paths are not allowed; give a path inside the pack's sounds/ folder (\"/etc/a.wav\")",
            "p/levels/one.json:8:15: error: ambience[2].file: file paths use '/', not '\\' (\"sub\\\\a.wav\")",
            "p/levels/one.json:9:15: error: ambience[3].file: absolute paths are not allowed; give a path inside the pack's sounds/ folder (\"C:/a.wav\")",
            "p/levels/one.json:10:15: error: ambience[4].file: '..' is not allowed: file paths must stay inside the pack (\"x/../../a.wav\")",
            "p/levels/one.json:12:28: error: background.image: '..' is not allowed: file paths must stay inside the pack (\"../../etc/passwd\")",
        ])
    }

    /// An accent right after a '/' or '\\' joins it into one Swift Character; the file
    /// system still sees the separator, so the rules read the path by Unicode scalar.
    @Test func anAccentAfterASeparatorHidesNothing() {
        #expect(AssetChecker.pathProblem("../\u{301}x.wav", folder: "sounds")?.hasPrefix("'..' is not allowed") == true)
        #expect(AssetChecker.pathProblem("/\u{301}etc/a.wav", folder: "sounds")?.hasPrefix("absolute paths are not allowed") == true)
        #expect(AssetChecker.pathProblem("sub\\\u{301}a.wav", folder: "sounds")?.hasPrefix("file paths use '/'") == true)
        #expect(AssetChecker.pathProblem("caf\u{301}/x.wav", folder: "sounds") == nil)
    }

    @Test func symbolicLinksOutOfThePackAreRefused() throws {
        let pack = TempPack([
            "levels/one.json": TempPack.levelJSON(extra: #""ambience": [ { "file": "out.wav" }, { "file": "inside.wav" }, { "file": "dir/x.wav" } ]"#),
        ])
        let outside = pack.writeOutside("secret.wav", "RIFF")
        pack.link("sounds/out.wav", to: outside)
        pack.link("sounds/inside.wav", to: "a.wav")
        pack.link("sounds/dir", to: pack.base.path)
        pack.writeOutside("x.wav", "RIFF")
        pack.writeOutside("two.json", TempPack.levelJSON(id: "two"))
        pack.link("levels/two.json", to: pack.base.appendingPathComponent("two.json").path)
        #expect(pack.problems == [
            "p/levels/one.json:5:27: error: ambience[0].file: sound file \"sounds/out.wav\" is a symbolic link to a file outside the pack",
            "p/levels/one.json:5:76: error: ambience[2].file: sound file \"sounds/dir/x.wav\" is a symbolic link to a file outside the pack",
            "p/levels/two.json:1:1: error: a symbolic link to a file outside the pack is not allowed",
        ])
    }

    /// A link that loops or whose target is gone is named as such, not as a missing file.
    @Test func symbolicLinksThatLeadNowhereAreNamed() throws {
        let pack = TempPack([
            "levels/one.json": TempPack.levelJSON(extra: #""ambience": [ { "file": "loop.wav" }, { "file": "gone.wav" } ]"#),
        ])
        pack.link("sounds/loop.wav", to: "loop.wav")
        pack.link("sounds/gone.wav", to: "nothing-here.wav")
        pack.link("levels/two.json", to: "two.json")
        #expect(pack.problems == [
            "p/levels/one.json:5:27: error: ambience[0].file: sound file \"sounds/loop.wav\" is a symbolic link that leads nowhere (its target is missing, or it links to itself)",
            "p/levels/one.json:5:51: error: ambience[1].file: sound file \"sounds/gone.wav\" is a symbolic link that leads nowhere (its target is missing, or it links to itself)",
            "p/levels/two.json:1:1: error: a symbolic link that leads nowhere (its target is missing, or it links to itself)",
        ])
    }

    @Test func filesOverTheSizeLimit() {
        let pack = TempPack([
            "levels/one.json": TempPack.levelJSON(extra: #""music": { "file": "big.wav" }"#),
        ])
        pack.sparse("levels/big.json", size: 5 * 1024 * 1024)
        pack.sparse("sounds/big.wav", size: 17 * 1024 * 1024)
        pack.sparse("strings/en.json", size: 4 * 1024 * 1024 + 1)
        #expect(pack.problems == [
            "p/levels/big.json:1:1: error: file is 5.0 MiB, over the 4 MiB limit",
            "p/levels/one.json:5:22: error: music.file: sound file \"sounds/big.wav\" is 17.0 MiB, over the 16 MiB limit; shorten it, or save it as FLAC or Ogg Vorbis, which take less room",
            "p/strings/en.json:1:1: error: file is 4.0 MiB, over the 4 MiB limit",
        ])
    }

    /// A file's problem is the file's: one line at its first use in the level, with how
    /// many more places name it, however many entities share it (and the same name in
    /// another Unicode form is the same file).
    @Test func aBadSoundSharedByManyEntitiesIsToldOnce() {
        let entities = (0..<12).map { index in
            let file = [2, 10, 11].contains(index) ? "big.wav" : index == 5 ? "caf\u{E9}.wav" : index == 7 ? "cafe\u{301}.wav" : "a.wav"
            return #"{ "id": "e\#(index)", "position": { "azimuth": \#(index) }, "sound": { "file": "\#(file)" } }"#
        }
        let pack = TempPack([
            "levels/one.json": TempPack.levelJSON(entities: "[\n" + entities.joined(separator: ",\n") + "\n]"),
            "levels/two.json": TempPack.levelJSON(id: "two", extra: #""ambience": [ { "file": "big.wav" }, { "file": "big.wav" } ], "music": { "file": "big.wav" }"#),
        ])
        pack.sparse("sounds/big.wav", size: 17 * 1024 * 1024)
        #expect(pack.problems == [
            "p/levels/one.json:7:64: error: entities[2].sound.file: sound file \"sounds/big.wav\" is 17.0 MiB, over the 16 MiB limit; shorten it, or save it as FLAC or Ogg Vorbis, which take less room (also used by 2 more entities)",
            "p/levels/one.json:10:64: error: entities[5].sound.file: sound file \"sounds/caf\u{E9}.wav\" does not exist; add it to the pack's sounds/ folder, or correct the name (also used by 1 more entity)",
            "p/levels/two.json:5:27: error: ambience[0].file: sound file \"sounds/big.wav\" is 17.0 MiB, over the 16 MiB limit; shorten it, or save it as FLAC or Ogg Vorbis, which take less room (also used in 2 more places)",
        ])
    }

    /// A sound name that differs from the file's only in Unicode normalisation (composed
    /// é in the level, decomposed e + ◌́ on disk, or the reverse; a folder's name too) is
    /// the file; a link out of the pack so found is still refused, and case still counts.
    @Test func aSoundNameInAnotherUnicodeNormalisationIsTheFile() throws {
        let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
        let entities = [
            ("a", "\(composed).wav"), ("b", "th\u{E9}.wav"), ("c", "\(composed)/x.wav"),
            ("d", "out-\(composed).wav"), ("e", "Caf\u{E9}.wav"),
        ].map { id, file in #"{ "id": "\#(id)", "position": { "azimuth": 0 }, "sound": { "file": "\#(file)" } }"# }
        let pack = TempPack(["levels/one.json": TempPack.levelJSON(entities: "[\n" + entities.joined(separator: ",\n") + "\n]")])
        pack.write("sounds/\(decomposed).wav", "RIFF")
        pack.write("sounds/the\u{301}.wav", "RIFF")
        pack.write("sounds/\(decomposed)/x.wav", "RIFF")
        pack.link("sounds/out-\(decomposed).wav", to: pack.writeOutside("secret.wav", "RIFF"))
        let names = try FileManager.default.contentsOfDirectory(atPath: pack.root.appendingPathComponent("sounds").path)
        try #require(names.contains { $0.unicodeScalars.elementsEqual("\(decomposed).wav".unicodeScalars) }, "\(names)")
        #expect(pack.problems == [
            "p/levels/one.json:8:63: error: entities[3].sound.file: sound file \"sounds/out-\(composed).wav\" is a symbolic link to a file outside the pack",
            "p/levels/one.json:9:63: error: entities[4].sound.file: sound file \"sounds/Caf\u{E9}.wav\" does not exist (did you mean \"\(decomposed).wav\"?)",
        ])

        // The other way round: composed on disk, decomposed in the level.
        let reverse = TempPack(["levels/one.json": TempPack.levelJSON(
            entities: #"[ { "id": "a", "position": { "azimuth": 0 }, "sound": { "file": "\#(decomposed).wav" } } ]"#)])
        reverse.write("sounds/\(composed).wav", "RIFF")
        #expect(reverse.problems == [])
    }

    @Test func emptyOrMissingLevelsFolderWhenLevelsAreListed() {
        let manifest = """
            { "id": "t", "name": "T", "version": "1.0.0", "api": 1,
              "levels": ["one", "two"] }
            """
        let missing = TempPack(["pack.json": manifest])
        #expect(missing.problems == [
            "p/pack.json:2:13: error: levels: the manifest lists levels but the folder \"levels/\" is missing",
        ])
        let empty = TempPack(["pack.json": manifest])
        empty.mkdir("levels")
        empty.write("levels/notes.txt", "not a level")
        #expect(empty.problems == [
            "p/pack.json:2:13: error: levels: the manifest lists levels but the folder \"levels/\" has no level files",
        ])
        let unlisted = TempPack()
        #expect(unlisted.problems == [])
    }

    /// A `levels/` or `strings/` that is not a folder — a link leading nowhere, a pipe —
    /// is told once, at it: `strings/` was passed over in silence, so every translated name
    /// fell back, and `levels/` was told a second time as missing.
    @Test func levelsAndStringsThatAreNoFolderAreToldOnce() throws {
        let manifest = #"{ "id": "t", "name": "T", "version": "1.0.0", "api": 1, "levels": ["one"] }"#
        let dangling = TempPack(["pack.json": manifest])
        dangling.link("levels", to: "nowhere")
        dangling.link("strings", to: "nowhere")
        #expect(dangling.problems == [
            "p/levels:1:1: error: \"levels\" must be a folder",
            "p/strings:1:1: error: \"strings\" must be a folder",
        ])
        let pipes = TempPack(["pack.json": manifest])
        #expect(mkfifo(pipes.root.appendingPathComponent("levels").path, 0o600) == 0)
        #expect(mkfifo(pipes.root.appendingPathComponent("strings").path, 0o600) == 0)
        #expect(pipes.problems == [
            "p/levels:1:1: error: \"levels\" must be a folder",
            "p/strings:1:1: error: \"strings\" must be a folder",
        ])
    }

    @Test func missingManifestAndMissingPack() {
        let pack = TempPack(["levels/one.json": TempPack.levelJSON()], defaults: false)
        #expect(pack.problems == ["p/pack.json:1:1: error: this folder has no pack.json, so it is not a pack"])
        let nowhere = PackLoader.validate(path: "p/nothing", relativeTo: pack.base)
        #expect(nowhere.diagnostics.map(\.description) == ["p/nothing:1:1: error: no such file or directory"])
        pack.write("pack.zip", "PK")
        let zip = PackLoader.validate(path: "p/pack.zip", relativeTo: pack.base)
        #expect(zip.diagnostics.map(\.description)
            == ["p/pack.zip:1:1: error: not a readable ZIP archive (it may be damaged or not a .zip at all)"])
    }

    @Test func attributesMustNotShadowBuiltIns() throws {
        let bad = TempPack(["levels/one.json": TempPack.levelJSON(
            entities: #"[ { "id": "a", "position": { "azimuth": 0 }, "attributes": { "azimuth": 5, "weight": 2 } } ]"#,
            extra: #""attributes": { "status": "won", "weather": "rain" }"#)])
        #expect(bad.problems == [
            "p/levels/one.json:4:76: error: entities[0].attributes.azimuth: \"azimuth\" is a built-in entity attribute; choose another name",
            "p/levels/one.json:5:19: error: attributes.status: \"status\" is a built-in level attribute; choose another name",
        ])
        let good = TempPack(["levels/one.json": TempPack.levelJSON(
            entities: #"[ { "id": "a", "position": { "azimuth": 0 }, "attributes": { "weight": 2, "tags2": [1.5] } } ]"#,
            extra: #""attributes": { "weather": "rain", "wind": { "speed": 3 } }"#)])
        let level = try #require(try good.load().level(id: "one")).level
        #expect(level["weather"] == "rain")
        #expect(level["wind"] == ["speed": 3])
        #expect(level[LevelKeys.entities]["a"]?["weight"] == .int(2))
        #expect(level[LevelKeys.entities]["a"]?["tags2"] == .list([.number(1.5)]))
    }

    @Test func stringsFilesAreChecked() throws {
        let pack = TempPack([
            "levels/one.json": TempPack.levelJSON(),
            "strings/en.json": "{ \"pack.name\": \"Test\",\n  \"level.one.name\": 1 }",
            "strings/english.json": "{}",
        ])
        #expect(pack.problems == [
            "p/strings/en.json:2:21: error: string \"level.one.name\": expected a string, found a number",
            "p/strings/english.json:1:1: error: \"english\" is not a language code; name string files like \"en.json\" or \"pt-BR.json\"",
        ])
        let good = TempPack(["levels/one.json": TempPack.levelJSON(), "strings/de.json": #"{ "pack.name": "Prüfung" }"#])
        #expect(try good.load().strings == ["de": ["pack.name": "Prüfung"]])
    }

    @Test func everyProblemInAFileIsReported() {
        let pack = TempPack(["levels/one.json": """
            {
              "id": "one",
              "name": 5,
              "entities": [ { "id": "a", "position": { "azimuth": true } } ]
            }
            """])
        #expect(pack.problems == [
            "p/levels/one.json:3:11: error: name: expected a string, found a number",
            "p/levels/one.json:4:55: error: entities[0].position.azimuth: expected a number, found a boolean",
        ])
    }

    @Test func problemsAcrossFilesAreCollectedAndSorted() {
        let pack = TempPack([
            "pack.json": #"{ "id": "t", "name": "T", "version": "1.0.0", "api": "1" }"#,
            "levels/b.json": TempPack.levelJSON(id: "b", extra: #""seed": 1.5"#),
            "levels/a.json": "{",
            "levels/c.json": TempPack.levelJSON(id: "c", extra: #""seed": 2.0"#),  // an integer, as 2
            "levels/d.json": TempPack.levelJSON(id: "d", extra: #""seed": 1e30"#),
            // Written out, a seed past 15 digits is as much too large as `1e15` is.
            "levels/e.json": TempPack.levelJSON(id: "e", extra: #""seed": 1000000000000000"#),
            "levels/f.json": TempPack.levelJSON(id: "f", extra: #""seed": 999999999999999"#),
        ])
        #expect(pack.problems == [
            "p/levels/a.json:1:2: error: unexpected end of file, expected a key",
            "p/levels/b.json:5:11: error: seed: expected an integer, found 1.5",
            "p/levels/d.json:5:11: error: seed: expected an integer, found 1e+30, which is too large (at most 15 digits)",
            "p/levels/e.json:5:11: error: seed: expected an integer of at most 15 digits (999999999999999), found 1000000000000000",
            "p/pack.json:1:54: error: api: expected an integer, found a string",
        ])
        #expect(throws: PackLoadError.self) { try pack.load() }
    }

    @Test func singleLevelFileValidationReportsThatFileOnly() {
        let pack = TempPack([
            "levels/one.json": TempPack.levelJSON(extra: #""seed": "x""#),
            "levels/two.json": TempPack.levelJSON(id: "two"),
            "levels/three.json": "[",
        ])
        let one = PackLoader.validate(path: "p/levels/one.json", relativeTo: pack.base)
        #expect(one.diagnostics.map(\.description) == [
            "p/levels/one.json:5:11: error: seed: expected an integer, found a string",
        ])
        let two = PackLoader.validate(path: "p/levels/two.json", relativeTo: pack.base)
        #expect(two.isOK)
        #expect(two.summary == "ok: p/levels/two.json (a level of t)")
        let notInLevels = PackLoader.validate(path: "p/pack.json", relativeTo: pack.base)
        #expect(notInLevels.diagnostics.map(\.description)
            == ["p/pack.json:1:1: error: pack.json is checked with its pack, not alone (only a level file is): run 'echolot validate p'"])
    }

    @Test func loadedLevelsGetDefaultsAndNormalisedAzimuths() throws {
        let pack = TempPack(["levels/one.json": TempPack.levelJSON(
            entities: """
                [ { "id": "a", "position": { "azimuth": -90 }, "sound": { "file": "a.wav" } },
                    { "id": "b", "name": "Bee", "position": { "azimuth": 720.5, "elevation": 10, "distance": 3 },
                      "tags": ["x"], "selectable": false,
                      "actions": [ { "on": "selected", "action": "pack.open", "door": 1 } ] } ]
                """,
            extra: #""view": { "center": -30 }, "music": { "file": "a.wav", "loop": false }"#)])
        let definition = try #require(try pack.load().level(id: "one"))
        let level = definition.level
        #expect(level[LevelKeys.view][ViewKeys.center] == 330)
        #expect(level[LevelKeys.view][ViewKeys.width] == 90)
        #expect(level[LevelKeys.view]["selectTolerance"] == .number(15))
        #expect(level[LevelKeys.view]["visuals"] == "shown")
        #expect(level[LevelKeys.seed] == 1)
        #expect(level[LevelKeys.music] == ["file": "a.wav", "volume": 1.0, "loop": false])
        #expect(level[LevelKeys.goals].count == 0)
        let a = try #require(level[LevelKeys.entities]["a"])
        #expect(a[EntityKeys.azimuth] == 270)
        #expect(a[EntityKeys.name] == "a")
        #expect(a[EntityKeys.glyph] == "*")
        #expect(a["tags"] == .list([]))
        #expect(a["behaviours"] == .list([]))
        let b = try #require(level[LevelKeys.entities]["b"])
        #expect(b[EntityKeys.azimuth] == 0.5)
        #expect(b[EntityKeys.elevation] == 10)
        #expect(b[EntityKeys.distance] == 3)
        #expect(b[EntityKeys.selectable] == false)
        #expect(b[EntityKeys.sound] == nil)
        #expect(b[EntityKeys.actions] == [["on": "selected", "action": "pack.open", "door": 1]])
        #expect(definition.source.displayPath == "p/levels/one.json")
    }

    @Test func truncatedLevelFilesNeverCrash() throws {
        let text = try String(contentsOf: LoadingPaths.tutorial.appendingPathComponent("levels/around-you.json"), encoding: .utf8)
        let bytes = Array(text.utf8)
        let pack = TempPack()
        for sound in ["wind.wav", "bird-robin.wav", "bird-lark.wav", "bird-finch.wav", "bee.wav"] {
            pack.write("sounds/" + sound, "RIFF")
        }
        var loaded = 0
        for length in stride(from: 0, through: bytes.count, by: 7) {
            pack.writeBytes("levels/around-you.json", Array(bytes[0..<length]))
            let problems = PackLoader.validate(at: pack.url)
            if problems.isEmpty { loaded += 1 }
            // A truncated file either loads or gets at least one diagnostic — never a crash.
            #expect(problems.isEmpty || problems.allSatisfy { $0.path == "p/levels/around-you.json" })
        }
        pack.writeBytes("levels/around-you.json", bytes)
        #expect(PackLoader.validate(at: pack.url).isEmpty)
        #expect(loaded <= 2)
    }

    @Test func messagesQuoteAndShortenWhatTheyEcho() {
        let long = String(repeating: "x", count: 500)
        let pack = TempPack(["levels/one.json": TempPack.levelJSON(extra: #""view": { "visuals": "a\tb", "\#(long)": 1 }"#)])
        let problems = pack.problems
        #expect(problems.count == 2)
        #expect(problems.first { $0.contains("visuals") }
            == #"p/levels/one.json:5:24: error: view.visuals: expected one of "shown", "faded", "hidden", found "a\tb""#)
        #expect(problems.allSatisfy { $0.count < 400 })
    }

    @Test func mutatedLevelFilesNeverCrash() throws {
        let seed = Array(TempPack.level.utf8)
        let assets = AssetChecker()
        var state: UInt64 = 42
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        let alphabet = Array("{}[]\",:0123456789.-etrufalsn x".utf8)
        for _ in 0..<400 {
            var bytes = seed
            for _ in 0..<(1 + next() % 3) {
                let i = next() % bytes.count
                if next() % 2 == 0 { bytes[i] = alphabet[next() % alphabet.count] } else { bytes.remove(at: i) }
            }
            let report = FileReport(displayPath: "one.json")
            let parsed = JSONParser.parse(bytes)
            report.record(parsed.errors)
            if let root = parsed.root {
                let reader = LevelReader(report: report, assets: assets, fileID: "one")
                _ = reader.read(Field(node: root, path: "", report: report))
            }
            #expect(parsed.root != nil || report.hasErrors)
        }
    }

    @Test func anExtendingPackMayUseItsBasePacksFiles() throws {
        let pack = TempPack([
            "pack.json": #"{ "id": "t2", "name": "T2", "version": "1.0.0", "api": 1, "extends": "t", "levels": ["base-level", "one"] }"#,
            "levels/one.json": TempPack.levelJSON(extra: #""music": { "file": "from-base.ogg" }"#),
        ])
        #expect(pack.problems == [])
        #expect(try pack.load().manifest.extends == "t")
        let selfish = TempPack(["pack.json": #"{ "id": "t", "name": "T", "version": "1.0.0", "api": 1, "extends": "t" }"#])
        #expect(selfish.problems == ["p/pack.json:1:68: error: extends: a pack cannot extend itself"])
    }
}
