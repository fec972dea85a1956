import EcholotTestSupport
import Foundation
import Testing

/// `validate` warns of a string the game would look up by a level's, an entity's, a
/// scenario's or a goal type's id but never does: the id is most likely misspelt, and
/// players would get the file's name instead of the text. One a script writes out (it may
/// hand it to the game as a story line) is left alone.
@Suite struct UnusedStringTests {
    /// A new pack (`echolot new pack`, with `--story` or not) with `extra` added to its
    /// strings/en.json and `change` made to its folder, validated: the output.
    func validate(story: Bool = false, adding extra: [String: String] = [:], in folder: URL,
                  changing change: (URL) throws -> Void = { _ in }) throws -> ProcessOutput {
        #expect(try echolot(["new", "pack", "demo"] + (story ? ["--story"] : []), in: folder).status == 0)
        try change(folder.appendingPathComponent("demo"))
        let strings = folder.appendingPathComponent("demo/strings/en.json")
        var text = try String(contentsOf: strings, encoding: .utf8)
        let close = try #require(text.range(of: "}", options: .backwards))
        let added = extra.sorted { $0.key < $1.key }.map { ",\n  \"\($0.key)\": \"\($0.value)\"" }.joined()
        text.replaceSubrange(close, with: added + "\n}")
        try Data(text.utf8).write(to: strings)
        return try echolot(["validate", "demo"], in: folder)
    }

    @Test func aStringThatNamesNothingIsWarnedOfWithTheIdMeant() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try validate(adding: [
            "level.frist-steps.name": "First Steps",
            "entity.first-steps.chmie.name": "Chime",
            "goal.quickFnd.line": "Find it",
            "level.first-steps.title": "First Steps",
            "scenario.main.name": "Main",
            "voice.hello": "a string of the pack's own, not looked up by an id of this kind",
            "entity.first-steps.name": "no entity named",
            "goal.find.line": "Find it",
            "level.first-steps.comfort": "a line a script hands the game",
        ], in: folder) { pack in
            let script = pack.appendingPathComponent("scripts/goals/quickFind.lua")
            let text = try String(contentsOf: script, encoding: .utf8)
            try Data((text + #"local comfort = "level.first-steps.comfort""# + "\n").utf8).write(to: script)
        }
        #expect(result.status == 0, "warnings do not fail the pack")
        #expect(result.stdout == "ok: demo (1 level)\n")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines == [
            #"demo/strings/en.json:5:3: warning: string "entity.first-steps.chmie.name" is never shown: level "first-steps" has no entity "chmie" (did you mean "entity.first-steps.chime.name"?)"#,
            #"demo/strings/en.json:6:3: warning: string "entity.first-steps.name" is never shown: an entity's string is entity.<level>.<entity>.name"#,
            #"demo/strings/en.json:7:3: warning: string "goal.find.line" is never shown: "find" is one of the engine's goal types, told in the engine's own words"#,
            #"demo/strings/en.json:8:3: warning: string "goal.quickFnd.line" is never shown: no script registers a goal type "quickFnd" (did you mean "goal.quickFind.line"?)"#,
            #"demo/strings/en.json:10:3: warning: string "level.first-steps.title" is never shown: a level's strings are level.<id>.name and level.<id>.description"#,
            #"demo/strings/en.json:11:3: warning: string "level.frist-steps.name" is never shown: the pack has no level "frist-steps" (did you mean "level.first-steps.name"?)"#,
            #"demo/strings/en.json:12:3: warning: string "scenario.main.name" is never shown: the pack has no scenario "main""#,
        ], "\(result.stderr)")
    }

    /// A tag's string names a tag some entity carries; one no entity carries is told, with
    /// the tag meant.
    @Test func aTagsStringNamesATagAnEntityCarries() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try validate(adding: ["tag.bell.name": "Bell", "tag.bells.name": "Bells", "tag.name": "Tags"], in: folder) { pack in
            let level = pack.appendingPathComponent("levels/first-steps.json")
            let text = try String(contentsOf: level, encoding: .utf8)
            try Data(text.replacingOccurrences(of: #""id": "chime","#, with: #""id": "chime", "tags": ["bells"],"#).utf8).write(to: level)
        }
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.contains("is never shown") }.map { $0.replacing(#/^.*warning: /#, with: "") } == [
            #"string "tag.bell.name" is never shown: no entity of the pack's levels carries the tag "bell" (did you mean "tag.bells.name"?)"#,
            #"string "tag.name" is never shown: a tag's string is tag.<tag>.name"#,
        ], "\(result.stderr)")
    }

    /// A string never shown is not also asked for in a translation: the two warnings at one
    /// string told the author to add to strings/de.json what no player ever reads.
    @Test func aStringNeverShownIsNotAskedToBeTranslated() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try validate(adding: ["level.frist-steps.name": "First Steps"], in: folder) { pack in
            let german = #"{"pack.name": "Mein Paket", "pack.description": "Finde das Glöckchen.", "level.first-steps.name": "Erste Schritte"}"#
            try Data(german.utf8).write(to: pack.appendingPathComponent("strings/de.json"))
        }
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.contains(#"string "level.frist-steps.name" is never shown"#) }, "\(result.stderr)")
        #expect(!lines.contains { $0.contains(#""level.frist-steps.name" has no text in"#) }, "\(result.stderr)")
        // A text that is shown still is.
        #expect(lines.contains { $0.contains(#"this text has no string "level.first-steps.description" in demo/strings/de.json"#) },
                "\(result.stderr)")
    }

    /// The packs `echolot new pack` writes have no such string.
    @Test(arguments: [false, true]) func aNewPackHasNoUnusedString(story: Bool) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try validate(story: story, in: folder)
        #expect(result.status == 0)
        #expect(result.stderr == "", "\(result.stderr)")
    }

    /// A pack's own scoring type is told by its string `scoring.<type>.briefing`: one of a
    /// type no script registers, of the engine's `standard` type or of another shape is
    /// never shown; a near miss of a parameter in it is read out as written; and a
    /// translation that lacks it leaves its players the default language's words.
    @Test func scoringStringsAreCheckedAsGoalStringsAre() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try validate(adding: [
            "scoring.stars.briefing": "Three stars within {parTim} seconds, for the {star} ({id}, {type}).",
            "scoring.strs.briefing": "Three stars",
            "scoring.standard.briefing": "Points",
            "scoring.stars.line": "Stars",
        ], in: folder) { pack in
            let script = """
                echolot.scoring("stars", {
                  params = { parTime = { type = "number", default = 30, min = 1 } },
                  on = { ["level.won"] = function(score, action, ctx) return 3 end },
                })

                """
            try Data(script.utf8).write(to: pack.appendingPathComponent("scripts/stars.lua"))
            let german = #"{"pack.name": "Mein Paket", "pack.description": "Finde das Glöckchen.", "goal.quickFind.briefing": "Finde {entity}.", "goal.quickFind.line": "Finde {entity}", "level.first-steps.name": "Erste Schritte", "level.first-steps.description": "Hör zu.", "entity.first-steps.chime.name": "Glöckchen"}"#
            try Data(german.utf8).write(to: pack.appendingPathComponent("strings/de.json"))
        }
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n").map(String.init).filter { $0.contains("scoring.") }
        #expect(lines == [
            #"demo/strings/en.json:5:3: warning: string "scoring.standard.briefing" is never shown: "standard" is the engine's scoring type, told in the engine's own words"#,
            #"demo/strings/en.json:6:3: warning: string "scoring.stars.briefing" has no text in demo/strings/de.json: players of that language read it in en; add it there"#,
            #"demo/strings/en.json:6:29: warning: string "scoring.stars.briefing": {parTim} is no parameter of scoring type "stars" and would be read out as written (did you mean {parTime}?)"#,
            #"demo/strings/en.json:6:29: warning: string "scoring.stars.briefing": {star} is no parameter of scoring type "stars" and would be read out as written"#,
            #"demo/strings/en.json:6:29: warning: string "scoring.stars.briefing": {id} is no parameter of scoring type "stars" and would be read out as written"#,
            #"demo/strings/en.json:7:3: warning: string "scoring.stars.line" is never shown: a scoring type's string is scoring.<type>.briefing"#,
            #"demo/strings/en.json:8:3: warning: string "scoring.strs.briefing" is never shown: no script registers a scoring type "strs" (did you mean "scoring.stars.briefing"?)"#,
        ], "\(result.stderr)")
    }

    /// With scripts that do not load, which goal types there are is not known: `goal.`
    /// strings are not warned of; the scripts' error is what is told.
    @Test func goalStringsWaitForTheScripts() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try validate(adding: ["goal.quickFnd.line": "Find it"], in: folder) { pack in
            try Data("echolot.goal(".utf8).write(to: pack.appendingPathComponent("scripts/goals/broken.lua"))
        }
        #expect(result.status == 1)
        #expect(result.stderr.contains("broken.lua"), "\(result.stderr)")
        #expect(!result.stderr.contains("quickFnd"), "\(result.stderr)")
    }
}
