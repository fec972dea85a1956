import EcholotTerminal
import EcholotTestSupport
import Foundation
import GRDB
import Testing

/// `echolot play` of a story pack (the shipped night walk) in real pseudo-terminals:
/// cut-scenes said line by line, a choice by ear picked by number, levels won, the end;
/// German strings with `--lang de`; quitting and coming back resumes where the player was.
@Suite(.serialized) struct StoryPlayTests {
    static let nightWalk = repositoryRoot.appendingPathComponent("levels/night-walk").path

    /// A fresh profile in a fresh folder.
    func profile() throws -> URL {
        try temporaryFolder().appendingPathComponent("profile.sqlite")
    }

    /// A copy of Night Walk beside `profile`, to change.
    func nightWalkCopy(beside profile: URL) throws -> URL {
        let pack = profile.deletingLastPathComponent().appendingPathComponent("night-walk")
        try FileManager.default.copyItem(atPath: Self.nightWalk, toPath: pack.path)
        return pack
    }

    /// A copy of Night Walk beside `profile` with `old` replaced by `new` in its file `path`.
    func nightWalkCopy(beside profile: URL, editing path: String, _ old: String, _ new: String) throws -> URL {
        let pack = try nightWalkCopy(beside: profile)
        try edit(pack, path, old, new)
        return pack
    }

    /// Replaces `old` by `new` in the file `path` of `pack`.
    func edit(_ pack: URL, _ path: String, _ old: String, _ new: String) throws {
        let file = pack.appendingPathComponent(path)
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains(old), "\(path) has no \(old)")
        try text.replacingOccurrences(of: old, with: new).write(to: file, atomically: true, encoding: .utf8)
    }

    /// Wins the first level, then picks the river by turning to it: the option is `river`
    /// in the list, in view and as chosen.
    func pickTheRiver(in game: PseudoTerminal, named river: String) throws {
        try game.winByFacing("90° east", turning: PseudoTerminal.right, times: 6)
        try game.expect("1. Guide (behind): \(river).\r\n2. Owl (ahead): The forest path. Long, but dry.")
        game.press(PseudoTerminal.left, times: 12)
        try game.expect("Facing 270° west. In view: \(river) ahead.")
        game.send(" ")
        try game.expect("Chosen: \(river).")
    }

    /// The whole story in the line mode, recorded: the recording is a transcript test that
    /// `echolot test` replays exactly, and the story's levels are in the profile's history.
    @Test func plainModePlaysTheStoryToItsEndAndItsRecordingReplays() throws {
        let profile = try profile()
        let folder = profile.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: folder) }
        let recorded = folder.appendingPathComponent("walk.story.json")
        let game = try PseudoTerminal(["play", Self.nightWalk, "--plain", "--no-audio", "--time", "21:40",
                                       "--profile", profile.path, "--record", recorded.path])
        try game.expect("== Night Walk — a story ==")
        try game.expect("Begin the story")
        game.send("n")
        try game.expect("A cut-scene. Enter skips it.")
        // A placed voice says where it is, from where the player faces; the narrator, heard
        // without a direction, says none.
        try game.expect("Narrator: The gate creaks shut behind you. It is dark, and home is far.")
        try game.expect("Owl (90° left): Hoo. Lost already? Listen for the lantern.")
        game.send("i")
        try game.expect("A cut-scene. Enter skips it.")
        #expect(!game.text.contains("Found 0, misses 0"), "a cut-scene has no finds or misses to tell")
        // i says again the line being spoken: the Owl's, or the Guide's if it began meanwhile.
        let untilI = try #require(game.text.components(separatedBy: "A cut-scene. Enter skips it.").dropLast().last)
        let said = untilI.split(whereSeparator: \.isNewline)
        let repeated = try #require(said.last)
        #expect(repeated.hasPrefix("Owl (90° left): Hoo.") || repeated.hasPrefix("Guide (ahead): I am here"), "\(untilI)")
        #expect(said.filter { $0 == repeated }.count == 2, "\(untilI)")
        game.skipTheCutScene()
        try game.expect("Level The Lantern begins.")
        // A story's level has no briefing page: its goals come with its first words.
        try game.expect("Goal: Find the Lantern and select it.")
        try game.startTheLevel()
        try game.expect("Guide (ahead): The lantern hums somewhere to your right. Turn until it is ahead.")
        try game.winByFacing("90° east", turning: PseudoTerminal.right, times: 6)
        try game.expect("A choice.")
        // Each option says who speaks it and where, as the lines do.
        // An option a line.
        let choose = "Choose: turn toward a voice and press space, or press its number.\r\n"
            + "1. Guide (behind): The river path. Short, but wet.\r\n2. Owl (ahead): The forest path. Long, but dry."
        try game.expect(choose)
        // The question and the options come first: no heading, and no "In view" that would
        // read an option before the question, then again in the list.
        let opening = try #require(game.text.components(separatedBy: "A choice.").last?.components(separatedBy: "Choose:").first)
        #expect(opening.split(whereSeparator: \.isNewline) == ["Guide: Two ways lead home. Turn to the one you want and select it."],
                "\(opening)")
        // i says the question and the options again, not a level's figures, which a choice
        // has none of, nor the heading; ? says how numbers pick them.
        game.send("i")
        try game.expect(choose)
        let choiceSaid = try #require(game.text.components(separatedBy: "A choice.").last)
        #expect(!choiceSaid.contains("Found 0") && !choiceSaid.contains("misses"), "\(choiceSaid)")
        let again = try #require(choiceSaid.components(separatedBy: choose).dropFirst().first)
        #expect(again.split(whereSeparator: \.isNewline) == ["Guide: Two ways lead home. Turn to the one you want and select it."],
                "\(choiceSaid)")
        game.send("?")
        try game.expect("In a choice, an option's number picks it at once.")
        // A number with no option says how many there are, and picks nothing.
        game.send("3")
        try game.expect("There is no option 3; the choice has 2 options.")
        game.send("0")
        try game.expect("There is no option 0; the choice has 2 options.")
        game.send("1")
        try game.expect("Chosen: The river path. Short, but wet.")
        #expect(!game.text.contains("Hit: river"), "an option picked is told as the choice, not as a found entity")
        try game.expect("Guide (150° left): Step on the stone that clicks. Only that one.")
        game.skipTheCutScene()
        try game.expect("Level The Crossing begins.")
        // The level keeps the heading of the choice and the cut-scene: 90°, 150° right of the stone.
        try game.expect("Facing 90° east.")
        try game.startTheLevel()
        try game.winByFacing("300° west-north-west", turning: PseudoTerminal.left, times: 10)
        try game.expect("Narrator: At last, the door of your house.")
        game.skipTheCutScene()
        try game.expect("Recorded the story to \(recorded.path)")
        try game.expect("== Night Walk — the end ==")
        try game.expect("The story ends: Home, safe and dry.")
        try game.type("b", onASettlingPageUntil: "You have played this story to its end.")
        game.send("q")
        #expect(try game.waitForExit() == 0)
        #expect(!game.output.contains(0x1B), "line mode must not move the cursor or colour anything")
        #expect(game.isCooked)
        // The story's two levels are in the history, won.
        let stats = try runEcholot(["stats", "--json", "--profile", profile.path])
        let json = try #require(JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any], "\(stats.stderr)")
        #expect(json["runs"] as? Int == 2)
        #expect(json["won"] as? Int == 2, "\(stats.stdout)")

        // The recording, as the only test of a copy of the pack, passes.
        let text = try String(contentsOf: recorded, encoding: .utf8)
        #expect(text.contains(#""cutscene": "gate.intro""#) && text.contains(#""picks": ["path=river"]"#), "\(text)")
        let pack = folder.appendingPathComponent("night-walk")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: Self.nightWalk), to: pack)
        let tests = pack.appendingPathComponent("tests")
        try FileManager.default.removeItem(at: tests)
        try FileManager.default.createDirectory(at: tests, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: recorded, to: tests.appendingPathComponent("walk.story.json"))
        let replay = try runEcholot(["test", pack.path])
        #expect(replay.status == 0 && replay.stdout.contains("1 passed, 0 failed"), "\(replay.stdout)\(replay.stderr)\n\(text)")
    }

    /// `--record walk.jsonl` on a story writes the transcript where `echolot test` finds
    /// it, `walk.story.json`, says so, and writes nothing at the name as given.
    @Test func aStoryRecordedToAJSONLNameIsWrittenAsStoryJSON() throws {
        let profile = try profile()
        let folder = profile.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: folder) }
        let given = folder.appendingPathComponent("walk.jsonl")
        let game = try PseudoTerminal(["play", Self.nightWalk, "--plain", "--no-audio", "--time", "21:40",
                                       "--profile", profile.path, "--record", given.path])
        try game.beginTheNightWalk()
        game.send("q")
        try game.expect("Recorded the story to \(folder.appendingPathComponent("walk.story.json").path): put it in the pack's tests/")
        try game.expect("Continue the story")
        game.send("q")
        #expect(try game.waitForExit() == 0)
        let written = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("walk") }
        #expect(written == ["walk.story.json"])
    }

    /// A line's `{time}` says the story's time of day in words, in the player's language:
    /// the English player hears English words, the German player German ones.
    @Test func aLineSaysTheTimeInWordsInThePlayersLanguage() throws {
        let profile = try profile()
        defer { try? FileManager.default.removeItem(at: profile.deletingLastPathComponent()) }
        let pack = try nightWalkCopy(beside: profile, editing: "strings/en.json", "It is dark,", "It is {time},")
        let de = pack.appendingPathComponent("strings/de.json")
        let german = try String(contentsOf: de, encoding: .utf8)
        #expect(german.contains("Es ist dunkel,"))
        try german.replacingOccurrences(of: "Es ist dunkel,", with: "Es ist {time},").write(to: de, atomically: true, encoding: .utf8)
        for (language, said) in [("en", "Narrator: The gate creaks shut behind you. It is twenty to ten, and home is far."),
                                 ("de", "Es ist zwanzig vor zehn, und der Weg nach Hause ist weit.")] {
            let own = profile.deletingLastPathComponent().appendingPathComponent("\(language).sqlite")
            let game = try PseudoTerminal(["play", pack.path, "--plain", "--no-audio", "--lang", language, "--time", "21:38",
                                           "--profile", own.path])
            try game.expect(language == "en" ? "Begin the story" : "Geschichte beginnen")
            game.send("n")
            try game.expect(said)
            #expect(!game.text.contains("{time}"), "\(game.text)")
            game.send("q")
            try game.expect(language == "en" ? "Continue the story" : "Geschichte fortsetzen")
            game.send("q")
            #expect(try game.waitForExit() == 0)
        }
    }

    /// A rule's jump to no chapter id is told at the rule's line, in one sentence that names
    /// the action once (the story's reducer rejected it after the call: "reducer 'story'
    /// rejected action 'story.jump': 'chapter' must be …", naming no line).
    @Test func aJumpToNoChapterIdIsToldAtTheRulesLine() throws {
        let profile = try profile()
        defer { try? FileManager.default.removeItem(at: profile.deletingLastPathComponent()) }
        let pack = try nightWalkCopy(beside: profile)
        try #"echolot.story({ on = { ["level.started"] = function(story, action, ctx) ctx.emit("story.jump", { chapter = 5 }) end } })"#
            .write(to: pack.appendingPathComponent("scripts/story.lua"), atomically: true, encoding: .utf8)
        let game = try PseudoTerminal(["play", pack.path, "--plain", "--no-audio", "--profile", profile.path])
        try game.expect("Begin the story")
        game.send("n")
        try game.expect("scripts/story.lua:1:")
        try game.expect("error: ctx.emit: story.jump: 'chapter' must be a chapter id, found integer")
        #expect(try game.leaveTheStoryAndQuit() == 0)
        #expect(!game.text.contains("rejected action 'story.jump'"), "\(game.text)")
    }

    /// A rule's jump on the select that wins a level keeps the win: it is said, the story
    /// notes it (its epilogue branches on it) and the run is in the history won, before the
    /// story goes where the jump says (the jump cut the level off at once: the story went on
    /// as if the level had not been won).
    @Test func aJumpOnTheWinningSelectKeepsTheWinInTheHistory() throws {
        let profile = try profile()
        defer { try? FileManager.default.removeItem(at: profile.deletingLastPathComponent()) }
        let pack = try nightWalkCopy(beside: profile)
        try #"echolot.story({ on = { ["entity.selected"] = function(story, action, ctx) ctx.emit("story.jump", { chapter = "epilogue" }) end } })"#
            .write(to: pack.appendingPathComponent("scripts/story.lua"), atomically: true, encoding: .utf8)
        // A second goal: the win is then decided further down the select's batch than the jump.
        let lantern = pack.appendingPathComponent("levels/lantern.json")
        let level = try String(contentsOf: lantern, encoding: .utf8)
        let goals = #""goals": [{ "type": "find", "entity": "lantern" }]"#
        try #require(level.contains(goals))
        try level.replacingOccurrences(of: goals, with: #""goals": [{ "type": "find", "entity": "lantern" }, { "type": "maxMisses", "misses": 3 }]"#)
            .write(to: lantern, atomically: true, encoding: .utf8)
        // The epilogue tells the outcome the story noted: without the win, the other ending.
        let storyFile = pack.appendingPathComponent("story.json")
        let story = try String(contentsOf: storyFile, encoding: .utf8)
        let branch = #"{ "if": { "variable": "dry", "equals": false }, "goto": "soaked" }"#
        try #require(story.contains(branch))
        try story.replacingOccurrences(of: branch, with: #"{ "if": { "not": { "outcome": "won" } }, "goto": "soaked" }"#)
            .write(to: storyFile, atomically: true, encoding: .utf8)
        let game = try PseudoTerminal(["play", pack.path, "--plain", "--no-audio", "--profile", profile.path])
        try game.reachTheLantern()
        try game.startTheLevel()
        try game.winByFacing("90° east", turning: PseudoTerminal.right, times: 6)
        try game.expect("The story ends: Home, safe and dry.")
        #expect(try game.quitFromAPage() == 0)
        let stats = try runEcholot(["stats", "--json", "--profile", profile.path])
        let json = try #require(JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any], "\(stats.stderr)")
        #expect(json["runs"] as? Int == 1, "\(stats.stdout)")
        #expect(json["won"] as? Int == 1, "\(stats.stdout)")
    }

    /// A rule that jumps back to the first cut-scene on every tick is stopped as a story
    /// test stops it, with one message naming the rule's line and what to do, and the game
    /// goes back to the story's page (the cut-scene began again at every tick, its first
    /// line said about 16 times a second, for ever).
    /// A story level lost again and again, each try started by the player's key, is the
    /// player's doing, not a loop: the start key counts as their input (the story stopped at
    /// the eleventh try as if a rule jumped back to the level).
    @Test func aLevelThePlayerStartsAgainAndAgainIsNoLoop() throws {
        let profile = try profile()
        defer { try? FileManager.default.removeItem(at: profile.deletingLastPathComponent()) }
        let pack = try nightWalkCopy(beside: profile, editing: "levels/lantern.json",
                                     #""goals": [{ "type": "find", "entity": "lantern" }]"#,
                                     #""goals": [{ "type": "find", "entity": "lantern" }, { "type": "timeLimit", "seconds": 1 }]"#)
        let game = try PseudoTerminal(["play", pack.path, "--plain", "--no-audio", "--profile", profile.path])
        try game.expect("Begin the story")
        game.send("n")
        try game.expect("A cut-scene. Enter skips it.")
        game.skipTheCutScene()
        for _ in 0 ..< 12 { try game.startTheLevel() }
        #expect(!game.text.contains("The story stopped"), "\(game.text.suffix(2000))")
        #expect(try game.leaveTheStoryAndQuit() == 0)
    }

    @Test func aRuleJumpingBackOnEveryTickIsStoppedNamingIt() throws {
        let profile = try profile()
        defer { try? FileManager.default.removeItem(at: profile.deletingLastPathComponent()) }
        let pack = try nightWalkCopy(beside: profile)
        try #"echolot.story({ on = { tick = function(story, action, ctx) ctx.emit("story.jump", { chapter = "gate" }) end } })"#
            .write(to: pack.appendingPathComponent("scripts/story.lua"), atomically: true, encoding: .utf8)
        let game = try PseudoTerminal(["play", pack.path, "--plain", "--no-audio", "--profile", profile.path])
        try game.expect("Begin the story")
        game.send("n")
        try game.expect("The story stopped: scripts/story.lua:1: error: the story entered cutscene 'gate.intro' 11 times with no "
            + "inputs played between them: it loops, and the last jump back came from this line, a story rule of pack 'night-walk'")
        try game.expect("Back to the story")
        #expect(game.text.components(separatedBy: "The story stopped").count == 2, "\(game.text)")
        #expect(game.text.components(separatedBy: "Narrator: ").count <= 12, "\(game.text)")
        #expect(try game.quitFromAPage() == 0)
    }

    /// A story rule that fails on `cutscene.done` keeps the cut-scene from ending: its error
    /// is told once, and Enter then said nothing at all. It says why, once per press, and `i`
    /// says so too.
    @Test func aCutSceneARuleKeepsFromEndingSaysSo() throws {
        let profile = try profile()
        defer { try? FileManager.default.removeItem(at: profile.deletingLastPathComponent()) }
        let pack = try nightWalkCopy(beside: profile)
        try #"echolot.story({ on = { ["cutscene.done"] = function(story) story.x = nil + 1 end } })"#
            .write(to: pack.appendingPathComponent("scripts/story.lua"), atomically: true, encoding: .utf8)
        let game = try PseudoTerminal(["play", pack.path, "--plain", "--no-audio", "--profile", profile.path])
        try game.expect("Begin the story")
        game.send("n")
        try game.expect("A cut-scene. Enter skips it.")
        game.skipTheCutScene()
        try game.expect("This cut-scene cannot end: a story rule fails on it. q leaves; the story keeps its place.")
        game.wait(1)
        game.send("\r")
        game.wait(0.5)
        #expect(game.text.components(separatedBy: "This cut-scene cannot end").count == 3, "\(game.text)")
        // i says so too, rather than that Enter skips it.
        game.send("i")
        game.wait(0.5)
        #expect(game.text.components(separatedBy: "This cut-scene cannot end").count == 4, "\(game.text)")
        #expect(game.text.components(separatedBy: "A cut-scene. Enter skips it.").count == 2, "\(game.text)")
        #expect(try game.leaveTheStoryAndQuit() == 0)
    }

    @Test func fullScreenPlaysTheStoryToItsEndInGerman() throws {
        let profile = try profile()
        defer { try? FileManager.default.removeItem(at: profile.deletingLastPathComponent()) }
        let game = try PseudoTerminal(["play", Self.nightWalk, "--no-audio", "--lang", "de", "--time", "21:40", "--profile", profile.path])
        try game.expect("Geschichte beginnen")
        game.send("n")
        try game.expect("Erzähler")
        game.skipTheCutScene()
        try game.expect("Die Laterne")
        try game.startTheLevel(Words(.german))
        game.press(PseudoTerminal.right, times: 6)
        try game.expect("90° O")
        game.send(" ")
        try game.expect("Zwei Wege führen nach Hause.")
        game.send("2")
        try game.expect("Folge meinem Ruf durch die Bäume.")
        game.skipTheCutScene()
        try game.expect("Die Lichtung")
        try game.startTheLevel(Words(.german))
        // The clearing begins where the choice left the player, at 90°.
        game.press(PseudoTerminal.left, times: 4)
        try game.expect("30° NNO")
        game.send(" ")
        try game.expect("Endlich, die Tür deines Hauses.")
        game.skipTheCutScene()
        try game.expect("Nachtspaziergang — das Ende")
        try game.expect("Die Geschichte endet: Sicher und trocken zu Hause.")
        #expect(try game.quitFromAPage() == 0)
        #expect(game.isCooked)
        #expect(!game.text.contains("The gate creaks"), "a German run says no English line")
        #expect(!game.text.contains("Lantern"), "the entities have German names too")
    }

    /// A story's level left at its start prompt was never played, as a level whose briefing
    /// is left: it records no run. It was recorded as abandoned at 0.0 s, and stats counted
    /// it. Started and then left, it is a run, abandoned.
    @Test func aLevelLeftAtItsStartPromptRecordsNoRun() throws {
        let profile = try profile()
        defer { try? FileManager.default.removeItem(at: profile.deletingLastPathComponent()) }
        let first = try PseudoTerminal(["play", Self.nightWalk, "--plain", "--no-audio", "--profile", profile.path])
        try first.reachTheLantern()
        try first.expect(Words.english.startPrompt)
        #expect(try first.leaveTheStoryAndQuit() == 0)
        // The figures of the whole window: each day has its own "runs" too.
        func totals() throws -> (runs: Int?, abandoned: Int?) {
            let stats = try runEcholot(["stats", "--json", "--profile", profile.path])
            let json = try #require(JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any], "\(stats.stderr)")
            return (json["runs"] as? Int, json["abandoned"] as? Int)
        }
        #expect(try totals() == (0, 0))

        let second = try PseudoTerminal(["play", Self.nightWalk, "--plain", "--no-audio", "--profile", profile.path])
        try second.expect("Continue the story (c)")
        second.send("c")
        try second.expect("Level The Lantern begins.")
        try second.startTheLevel()
        #expect(try second.leaveTheStoryAndQuit() == 0)
        #expect(try totals() == (1, 1))
    }

    @Test func quittingAndComingBackResumesAtTheSceneLeft() throws {
        let profile = try profile()
        defer { try? FileManager.default.removeItem(at: profile.deletingLastPathComponent()) }
        let first = try PseudoTerminal(["play", Self.nightWalk, "--plain", "--no-audio", "--time", "21:40", "--profile", profile.path])
        try first.beginTheNightWalk()
        try first.winByFacing("90° east", turning: PseudoTerminal.right, times: 6)
        try first.expect("A choice.")
        first.send("q")
        // Said before the story's page, so the player knows the place is not lost.
        try first.expect("You left the story; your place is saved: Continue plays the scene you left from its start.")
        try first.expect("Continue the story")
        first.send("q")
        #expect(try first.waitForExit() == 0)

        let second = try PseudoTerminal(["play", Self.nightWalk, "--plain", "--no-audio", "--time", "21:40", "--profile", profile.path])
        try second.expect("Continue the story (c), chapter “At the Gate”")
        second.send("c")
        try second.expect("A choice.")
        // A resumed choice's first words say where the player faces: its options' directions are from there.
        try second.expect("Facing 0° north.")
        try second.expect("1. Guide (90° left): The river path.")
        #expect(!second.text.contains("Level The Lantern begins."), "the level won before quitting is not played again")
        #expect(!second.text.contains("You left the story"), "only said right after leaving")
        second.send("2")
        try second.expect("Owl (90° right): Follow my call through the trees.")
        second.send("q")
        second.send("q")
        #expect(try second.waitForExit() == 0)
    }

    /// An option with an `option.<value>` string is named by it in the list, in view and
    /// as chosen alike, not by its line in one place and by the string in another.
    @Test func anOptionIsNamedByItsOptionStringWhereverItIsSaid() throws {
        let profile = try profile()
        defer { try? FileManager.default.removeItem(at: profile.deletingLastPathComponent()) }
        let pack = try nightWalkCopy(beside: profile, editing: "strings/en.json",
                                     #""ending.home""#, #""option.river": "The river", "ending.home""#)
        let game = try PseudoTerminal(["play", pack.path, "--plain", "--no-audio", "--profile", profile.path])
        try game.beginTheNightWalk()
        try pickTheRiver(in: game, named: "The river")
        #expect(!game.text.contains("Short, but wet."), "the line's words name the option nowhere")
        #expect(try game.leaveTheStoryAndQuit() == 0)
    }

    /// A voiced line heard without words (an empty text, which validate allows for a line
    /// with a voice) says who is heard and where, and an option whose line has none is
    /// named by its value: the player never reads a line's raw id.
    @Test func aVoicedLineWithoutWordsSaysWhoSpeaksNotItsId() throws {
        let profile = try profile()
        defer { try? FileManager.default.removeItem(at: profile.deletingLastPathComponent()) }
        let pack = try nightWalkCopy(beside: profile, editing: "strings/en.json",
                                     #""gate.2": "Hoo. Lost already? Listen for the lantern.""#, #""gate.2": """#)
        try edit(pack, "strings/en.json", #""path.river": "The river path. Short, but wet.""#, #""path.river": """#)
        let game = try PseudoTerminal(["play", pack.path, "--plain", "--no-audio", "--profile", profile.path])
        try game.expect("Begin the story")
        game.send("n")
        try game.expect("Owl (90° left).\r\n")
        game.send("i")
        try game.expect("A cut-scene. Enter skips it.\r\n")
        // i says the wordless line again the same way (or the Guide's, if it began meanwhile).
        let untilI = try #require(game.text.components(separatedBy: "A cut-scene. Enter skips it.").dropLast().last)
        let repeated = try #require(untilI.split(whereSeparator: \.isNewline).last)
        #expect(repeated == "Owl (90° left)." || repeated.hasPrefix("Guide (ahead): I am here"), "\(untilI)")
        game.skipTheCutScene()
        try game.expect("Level The Lantern begins.")
        try game.startTheLevel()
        try pickTheRiver(in: game, named: "river")
        #expect(!game.text.contains("gate.2") && !game.text.contains("path.river"), "\(game.text)")
        #expect(try game.leaveTheStoryAndQuit() == 0)
    }

    /// A select that hits no option in a choice says how to pick one, not a count of
    /// misses: a choice keeps none.
    @Test func aMissInAChoiceSaysHowToPick() throws {
        let profile = try profile()
        defer { try? FileManager.default.removeItem(at: profile.deletingLastPathComponent()) }
        let game = try PseudoTerminal(["play", Self.nightWalk, "--plain", "--no-audio", "--profile", profile.path])
        try game.beginTheNightWalk()
        try game.winByFacing("90° east", turning: PseudoTerminal.right, times: 6)
        try game.expect("Choose:")
        // North: the options are 90° to either side.
        game.press(PseudoTerminal.left, times: 6)
        try game.expect("Facing 0° north.")
        game.send(" ")
        try game.expect("Miss: no option there. Turn toward a voice and press space, or press an option's number (1 or 2); "
            + "i says them again.")
        let choice = try #require(game.text.components(separatedBy: "A choice.").last)
        #expect(!choice.contains("so far"), "\(choice)")
        #expect(try game.leaveTheStoryAndQuit() == 0)
    }

    /// In a story, q goes back to the story's page: the keys (`?`) and the pause message
    /// say so on both displays, not that q leaves the level.
    @Test func theKeysAndThePauseSayWhatQDoesInAStory() throws {
        let profile = try profile()
        defer { try? FileManager.default.removeItem(at: profile.deletingLastPathComponent()) }
        let leaving = "q goes back to the story's page (your place is saved at the start of this scene)"
        let plain = try PseudoTerminal(["play", Self.nightWalk, "--plain", "--no-audio", "--profile", profile.path])
        try plain.beginTheNightWalk()
        plain.send("?")
        try plain.expect("p pauses and goes on; \(leaving).")
        plain.send("p")
        try plain.expect("Paused: p goes on, \(leaving).")
        #expect(try plain.leaveTheStoryAndQuit() == 0)

        // Wide enough that the pause message is one line of the full screen.
        let screen = try PseudoTerminal(["play", Self.nightWalk, "--no-audio", "--profile", profile.path], columns: 140)
        try screen.expect("Begin the story again")
        screen.send("n")
        try screen.expect("Begin again?")
        screen.send("y")
        try screen.expect("Narrator")
        screen.send("p")
        try screen.expect("Paused: p goes on, \(leaving).")
        #expect(!screen.text.contains("q leaves the level"))
        screen.send("\u{03}")
        #expect(try screen.waitForExit() == 130)
    }

    /// Beginning again when a place is saved asks first, on both displays' pages: n (or
    /// Enter, or Esc) keeps the place, y begins anew.
    @Test func beginningAgainAsksBeforeReplacingTheSavedPlace() throws {
        let profile = try profile()
        defer { try? FileManager.default.removeItem(at: profile.deletingLastPathComponent()) }
        let game = try PseudoTerminal(["play", Self.nightWalk, "--plain", "--no-audio", "--profile", profile.path])
        try game.beginTheNightWalk()
        game.send("q")
        try game.expect("Begin the story again (n)")
        game.send("n")
        try game.expect("== Begin again? ==")
        try game.expect("Your saved place will be replaced: the story begins from its start.")
        try game.expect("Selected: No, keep my place (n)")
        game.send("\r")
        try game.expect("Continue the story (c)")
        #expect(game.text.components(separatedBy: "A cut-scene. Enter skips it.").count == 2, "keeping the place began nothing")
        game.send("n")
        try game.expect("== Begin again? ==")
        game.send("y")
        try game.expect("A cut-scene. Enter skips it.")
        game.send("\u{03}")
        #expect(try game.waitForExit() == 130)
    }

    /// A saved place that cannot be continued is told once, and the story can only begin
    /// again — no Continue that would fail: one that does not read back (a hand-edited
    /// profile), and one in a chapter the story no longer has (the pack was updated since).
    @Test(arguments: [
        ("UPDATE story SET checkpoint = '{\"chapter\": '",
         "the saved place in the story of pack 'night-walk' cannot be read", "Begin the story (n)"),
        ("UPDATE story SET checkpoint = json_set(checkpoint, '$.chapter', 'cellar')",
         "The saved place in this story cannot be continued: the saved story is in chapter 'cellar'", "Begin the story again (n)"),
    ])
    func aSavedPlaceThatCannotBeContinuedIsToldAndTheStoryBeginsAgain(edit: String, told: String, begin: String) throws {
        let profile = try profile()
        defer { try? FileManager.default.removeItem(at: profile.deletingLastPathComponent()) }
        let first = try PseudoTerminal(["play", Self.nightWalk, "--plain", "--no-audio", "--profile", profile.path])
        try first.beginTheNightWalk()
        #expect(try first.leaveTheStoryAndQuit() == 0)
        let queue = try DatabaseQueue(path: profile.path)
        try queue.write { try $0.execute(sql: edit) }
        try queue.close()

        let second = try PseudoTerminal(["play", Self.nightWalk, "--plain", "--no-audio", "--profile", profile.path])
        try second.expect(told)
        try second.expect("Play single levels")
        #expect(second.text.contains(begin))
        #expect(!second.text.contains("Continue the story"))
        second.send("q")
        second.send("q")
        #expect(try second.waitForExit() == 0)
    }

    /// A saved place whose step now plays another scene — the pack's story lost a step
    /// before it since — is told as one the chapter no longer has is: Continue played the
    /// step now there, skipping the saved level without a word.
    @Test func aSavedPlaceWhoseStepNowPlaysAnotherSceneIsToldAndTheStoryBeginsAgain() throws {
        let profile = try profile()
        defer { try? FileManager.default.removeItem(at: profile.deletingLastPathComponent()) }
        let pack = try nightWalkCopy(beside: profile)
        let first = try PseudoTerminal(["play", pack.path, "--plain", "--no-audio", "--profile", profile.path])
        try first.beginTheNightWalk()
        #expect(try first.leaveTheStoryAndQuit() == 0)
        // The gate's cut-scene goes: the lantern, saved as step 2, is step 1 now, and the
        // choice after it step 2.
        let story = pack.appendingPathComponent("story.json")
        let text = try String(contentsOf: story, encoding: .utf8)
        let intro = try #require(text.range(of: #"\{\s*"cutscene": "gate.intro"[\s\S]*?\]\s*\},\s*"#, options: .regularExpression))
        try text.replacingCharacters(in: intro, with: "").write(to: story, atomically: true, encoding: .utf8)

        let second = try PseudoTerminal(["play", pack.path, "--plain", "--no-audio", "--profile", profile.path])
        try second.expect("The saved place in this story cannot be continued: the saved story is in level 'lantern' at step 2 "
            + "of chapter 'gate', where story.json now has choice 'path'. Begin the story to save a new place.")
        try second.expect("Play single levels")
        #expect(second.text.contains("Begin the story again (n)"))
        #expect(!second.text.contains("Continue the story"))
        second.send("q")
        second.send("q")
        #expect(try second.waitForExit() == 0)
    }

    /// A story's level waits for Enter or space before its clock runs, and so does its
    /// retry: a time limit does not run out while its goals are read. Meanwhile `i` works
    /// and other keys say the level has not started. The retry is announced before the
    /// level's first words, so a player hears "Try again" and then where they are.
    @Test func aStoryLevelWaitsForItsStartAndARetryIsToldFirst() throws {
        let profile = try profile()
        defer { try? FileManager.default.removeItem(at: profile.deletingLastPathComponent()) }
        let pack = try nightWalkCopy(beside: profile, editing: "levels/clearing.json", #""seconds": 30"#, #""seconds": 1"#)
        let game = try PseudoTerminal(["play", pack.path, "--plain", "--no-audio", "--profile", profile.path])
        try game.takeThePathAtTheGate("2")
        try game.expect("Level The Clearing begins.")
        try game.expect("Goal: Do it within 1 second; when the time is up, the level is lost.")
        try game.expect(Words.english.startPrompt)
        game.wait(2)
        #expect(!game.text.contains("The level is lost."), "the clock ran before the start")
        game.send("i")
        try game.expect("Goal, holding: Time left: 1 s.")
        try game.expect(Words.english.startPrompt)
        game.send(PseudoTerminal.left)
        try game.expect("Not started yet: Enter or space starts the level.")
        game.send(" ")
        try game.expect("Started.")
        // A story goes on to its next scene, with no end page to say why the level was lost.
        try game.expect("Goal failed: Time is up.")
        try game.expect("The level is lost.")
        try game.expect("Try again: attempt 2.")
        try game.expect("Level The Clearing begins.")
        try game.expect(Words.english.startPrompt)
        let text = game.text
        let retry = try #require(text.range(of: "Try again: attempt 2."))
        let again = try #require(text.range(of: "Level The Clearing begins.", options: .backwards))
        #expect(retry.lowerBound < again.lowerBound)
        game.wait(1.5)
        #expect(game.text.components(separatedBy: "The level is lost.").count == 2, "the retry's clock waits too")
        #expect(try game.leaveTheStoryAndQuit() == 0)
    }

    /// A story's level keeps the heading the player turned to before it; one whose file
    /// sets its heading turns the player there and says so after the heading.
    @Test func aStoryLevelThatSetsItsHeadingSaysItTurnedThePlayer() throws {
        let profile = try profile()
        defer { try? FileManager.default.removeItem(at: profile.deletingLastPathComponent()) }
        let pack = try nightWalkCopy(beside: profile, editing: "levels/crossing.json", #""view": { "selectTolerance": 15 }"#,
                                     #""view": { "center": 0, "selectTolerance": 15 }"#)
        let game = try PseudoTerminal(["play", pack.path, "--plain", "--no-audio", "--profile", profile.path])
        try game.takeThePathAtTheGate("1")
        try game.expect("Level The Crossing begins.")
        try game.expect("Facing 0° north.")
        try game.expect("This level turns you to face 0° north.")
        try game.expect(Words.english.startPrompt)
        let walk = game.text
        #expect(walk.contains("Guide (150° left): Step on the stone"), "the cut-scene kept the choice's heading, 90°: \(walk)")
        #expect(walk.components(separatedBy: "This level turns you").count == 2, "the lantern kept the heading and said nothing of it")
        #expect(try game.leaveTheStoryAndQuit() == 0)
    }

    /// Enter pressed twice to skip a cut-scene (or held) must not start or select in the
    /// level that follows at once: the level's first Enter or space, before any other key
    /// and within its first moment, is not taken; after a turn, space selects as always.
    @Test func theEnterThatSkippedACutSceneIsNotASelectionInTheNextLevel() throws {
        let profile = try profile()
        defer { try? FileManager.default.removeItem(at: profile.deletingLastPathComponent()) }
        let game = try PseudoTerminal(["play", Self.nightWalk, "--plain", "--no-audio", "--profile", profile.path])
        try game.expect("Begin the story")
        game.send("n")
        try game.expect("A cut-scene. Enter skips it.")
        game.skipTheCutScene()
        game.send("\r")
        game.send(" ")
        try game.expect("Level The Lantern begins.")
        try game.startTheLevel()
        game.wait(PseudoTerminal.endPageSettle)
        try game.winByFacing("90° east", turning: PseudoTerminal.right, times: 6)
        #expect(!game.text.contains("Miss: nothing there."), "the keys meant for the cut-scene selected nothing")
        #expect(game.text.components(separatedBy: "Started.").count == 2, "nor started the level: \(game.text)")
        #expect(!game.text.contains("Not started yet"), "nor were they answered as keys for a level not started")
        try game.expect("A choice.")
        #expect(try game.leaveTheStoryAndQuit() == 0)
    }

    /// On the narrowest level screen (40 columns) a line of dialogue longer than the width
    /// is wrapped onto the next row, not cut: its end is on the screen too.
    @Test func aLongLineOfDialogueIsWrappedOnANarrowScreen() throws {
        let profile = try profile()
        defer { try? FileManager.default.removeItem(at: profile.deletingLastPathComponent()) }
        let game = try PseudoTerminal(["play", Self.nightWalk, "--no-audio", "--profile", profile.path], columns: 40, rows: 20)
        try game.expect("Begin the story")
        game.send("n")
        try game.expect("Narrator: The gate creaks shut behind")
        try game.expect("home is far.", within: 10)
        game.send("\u{03}")
        #expect(try game.waitForExit() == 130)
    }

    /// Escape on a story pack's single levels goes back to the story's page, where they
    /// were chosen, not to the list of packs.
    @Test func escapeFromAStorysLevelsGoesBackToTheStory() throws {
        let profile = try profile()
        defer { try? FileManager.default.removeItem(at: profile.deletingLastPathComponent()) }
        let game = try PseudoTerminal(["play", Self.nightWalk, "--plain", "--no-audio", "--profile", profile.path])
        try game.expect("Play single levels")
        game.send("l")
        try game.expect("choose a level")
        game.send("\u{1B}")
        try game.expect("== Night Walk — a story ==")
        game.send("q")
        #expect(try game.waitForExit() == 0)
    }

    /// With `--lang de` the list of packs names the story as its own page does.
    @Test func theListOfPacksNamesThePackInTheChosenLanguage() throws {
        let profile = try profile()
        defer { try? FileManager.default.removeItem(at: profile.deletingLastPathComponent()) }
        let game = try PseudoTerminal(["play", Self.nightWalk, "--plain", "--no-audio", "--lang", "de", "--profile", profile.path])
        try game.expect("== Nachtspaziergang — eine Geschichte ==")
        game.send("\u{1B}")
        try game.expect("== Echolot — wähle ein Paket ==")
        try game.expect("Nachtspaziergang, 3 Level")
        #expect(!game.text.contains("Night Walk"))
        game.send("q")
        #expect(try game.waitForExit() == 0)
    }

    /// A story pack whose `story.json` is missing offers its levels, not a story page whose
    /// only choices would fail (`validate` reports the missing file).
    @Test func aStoryPackWithoutItsStoryOffersItsLevels() throws {
        let profile = try profile()
        defer { try? FileManager.default.removeItem(at: profile.deletingLastPathComponent()) }
        let pack = try nightWalkCopy(beside: profile)
        try FileManager.default.removeItem(at: pack.appendingPathComponent("story.json"))
        let game = try PseudoTerminal(["play", pack.path, "--plain", "--no-audio", "--profile", profile.path])
        try game.expect("The Lantern")
        #expect(!game.text.contains("Begin the story"))
        game.send("q")
        game.send("q")
        #expect(try game.waitForExit() == 0)
    }

    /// A story that cannot be started says why with each problem on a line of its own, as
    /// `validate` prints them, and the player stays on the story's page at the entry chosen
    /// (not the list of packs), in the line mode and on the full screen alike.
    @Test func aStoryThatCannotStartTellsEachProblemOnItsLineAndStaysOnItsPage() throws {
        let profile = try profile()
        defer { try? FileManager.default.removeItem(at: profile.deletingLastPathComponent()) }
        let pack = try nightWalkCopy(beside: profile, editing: "story.json", #"{ "id": "gate.2", "#, #"{ "id": "gate.two", "#)
        let story = pack.appendingPathComponent("story.json")
        let text = try String(contentsOf: story, encoding: .utf8)
        try text.replacingOccurrences(of: #"{ "id": "gate.3", "#, with: #"{ "id": "gate.three", "#)
            .write(to: story, atomically: true, encoding: .utf8)
        let first = "\(pack.path)/story.json:13:13: error: line 'gate.two' is missing from"
        let second = "\(pack.path)/story.json:14:13: error: line 'gate.three' is missing from"
        let game = try PseudoTerminal(["play", pack.path, "--plain", "--no-audio", "--profile", profile.path])
        try game.expect("Begin the story")
        game.send("n")
        try game.expect("The story cannot be started:\r\n\(first)")
        try game.expect("add its text to each\r\n\(second)")
        try game.expect("== Night Walk — a story ==")
        try game.expect("Selected: Begin the story (n)")
        #expect(!game.text.contains("choose a pack"), "\(game.text)")
        #expect(!game.text.contains("A cut-scene."), "\(game.text)")
        game.send("q")
        #expect(try game.waitForExit() == 0)

        let screen = try PseudoTerminal(["play", pack.path, "--no-audio", "--profile", profile.path], columns: 200)
        try screen.expect("Begin the story")
        screen.send("n")
        try screen.expect("The story cannot be started:")
        try screen.expect("story.json:13:13: error: line 'gate.two'")
        try screen.expect("story.json:14:13: error: line 'gate.three'")
        #expect(!screen.text.contains("choose a pack"), "\(screen.text)")
        screen.send("q")
        #expect(try screen.waitForExit() == 0)
    }
}
