import EcholotCore
import EcholotModel
import EcholotStore
import Foundation
import GRDB
import Testing

/// `echolot run --profile` records the run; `echolot stats` shows it; a profile that cannot
/// be used stops the command with a message naming the file and status 1.
@Suite struct CommandTests {
    let scratch: Scratch
    init() throws { scratch = try Scratch() }

    /// Turns to the bell of `first-sound` and selects it.
    func inputLog() throws -> URL {
        let log = scratch.url("bell.jsonl")
        try Data("""
            {"t": 0.5, "action": "turnTo", "azimuth": 60}
            {"t": 1, "action": "select"}
            {"t": 2, "action": "end"}

            """.utf8).write(to: log)
        return log
    }

    /// A copy of the tutorial whose one scenario holds the levels `first` (a JSON list),
    /// followed by the scenario `second` (a JSON object without its closing brace).
    func tutorial(named name: String, first: String, second: String) throws -> URL {
        let pack = scratch.url(name)
        try FileManager.default.copyItem(at: Executables.tutorial, to: pack)
        let manifest = pack.appendingPathComponent("pack.json")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        let levels = #""levels": ["first-sound", "two-voices", "around-you", "in-order"]"#
        try #require(text.contains(levels))
        try Data(text.replacingOccurrences(of: levels, with: "\"levels\": \(first) },\n    \(second)").utf8).write(to: manifest)
        return pack
    }

    /// `run --profile` refuses what play would not allow — a level of a locked scenario —
    /// and records nothing; without the profile the level runs.
    @Test func aLockedLevelIsRefusedWithTheProfileAndNothingIsRecorded() throws {
        let pack = try tutorial(named: "two-scenarios", first: #"["first-sound", "two-voices"]"#, second: """
            { "id": "more", "name": "More", "levels": ["around-you", "in-order"], "unlock": { "after": "basics" }
            """)
        let profile = scratch.url("profile.sqlite")
        let refused = try Executables.run(Executables.echolot, ["run", pack.path, "--level", "around-you", "--profile", profile.path])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("error: level 'around-you' is in “More”, which is locked in \(profile.path): finish “The Basics” first"),
                "\(refused.stderr)")
        #expect(try Profile.open(at: profile).runs().isEmpty)
        let free = try Executables.run(Executables.echolot, ["run", pack.path, "--level", "around-you"], removing: ["ECHOLOT_PROFILE"])
        #expect(free.status == 0, "\(free.stderr)")
    }

    /// A level the profile keeps locked is refused before a profile is made: a new
    /// profile's path stays empty, folders and all. They were made, and left behind.
    @Test func aLockedLevelLeavesNoNewProfileBehind() throws {
        let pack = try tutorial(named: "locked", first: #"["first-sound", "two-voices", "around-you"]"#, second: """
            { "id": "b", "name": "B", "levels": ["in-order"], "unlock": { "totalScore": 1400 }
            """)
        let profile = scratch.url("newdir/deep/u2.db")
        let refused = try Executables.run(Executables.echolot, [
            "run", pack.path, "--level", "in-order", "--input", inputLog().path, "--profile", profile.path,
        ])
        #expect(refused.status == 1)
        #expect(refused.stdout.isEmpty, "\(refused.stdout)")
        #expect(refused.stderr == "error: level 'in-order' is in “B”, which is locked in \(profile.path): "
            + "score 1400 points in this pack first (0 so far); run it without --profile to try it unrecorded\n", "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.url("newdir").path))
        // Named by ECHOLOT_PROFILE, the profile is left out by unsetting it, not by
        // leaving out a --profile never given.
        let byEnvironment = try Executables.run(Executables.echolot, [
            "run", pack.path, "--level", "in-order", "--input", inputLog().path,
        ], environment: ["ECHOLOT_PROFILE": profile.path])
        #expect(byEnvironment.status == 1)
        #expect(byEnvironment.stderr.hasSuffix("(0 so far); run it with ECHOLOT_PROFILE unset to try it unrecorded\n"),
                "\(byEnvironment.stderr)")
        // Named by both, leaving out --profile alone would record into the other.
        let byBoth = try Executables.run(Executables.echolot, [
            "run", pack.path, "--level", "in-order", "--input", inputLog().path, "--profile", profile.path,
        ], environment: ["ECHOLOT_PROFILE": scratch.url("other.db").path])
        #expect(byBoth.stderr.hasSuffix("(0 so far); run it with neither --profile nor ECHOLOT_PROFILE to try it unrecorded\n"),
                "\(byBoth.stderr)")
    }

    /// A run that fails — its input log names an entity the level does not have — ends
    /// with status 1 and records nothing: an existing profile stays byte for byte as it
    /// was, and a new one is not made. The run was recorded as abandoned all the same.
    @Test func aFailedRunRecordsNothing() throws {
        let bad = scratch.url("bad.jsonl")
        try Data("""
            {"t":0.5,"action":"selectEntity","id":"nothere"}
            {"t":1,"action":"end"}

            """.utf8).write(to: bad)
        let existing = scratch.url("kept/profile.sqlite")
        let recorded = try Executables.run(Executables.echolot, [
            "run", Executables.tutorial.path, "--level", "first-sound", "--input", inputLog().path, "--profile", existing.path,
        ])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        let bytes = try Data(contentsOf: existing)
        let listing = try FileManager.default.contentsOfDirectory(atPath: existing.deletingLastPathComponent().path)
        for profile in [existing, scratch.url("new/profile.sqlite")] {
            let failed = try Executables.run(Executables.echolot, [
                "run", Executables.tutorial.path, "--level", "first-sound", "--input", bad.path, "--profile", profile.path,
            ])
            #expect(failed.status == 1)
            #expect(failed.stderr.contains("\(bad.path):1:"), "\(failed.stderr)")
            #expect(failed.stdout.contains("level first-sound: left (not decided)"), "\(failed.stdout)")
        }
        #expect(try Data(contentsOf: existing) == bytes)
        #expect(try FileManager.default.contentsOfDirectory(atPath: existing.deletingLastPathComponent().path) == listing)
        #expect(try Profile.open(at: existing).runs().count == 1)
        #expect(!FileManager.default.fileExists(atPath: scratch.url("new").path))
    }

    /// `"totalScore": 1e300` is a number no score reaches and no integer holds: the
    /// manifest refuses it at its place, before a profile is made or a level is played.
    @Test func anUnlockScoreNoIntegerHoldsIsRefusedByTheManifest() throws {
        let pack = try tutorial(named: "p", first: #"["first-sound", "two-voices", "around-you"]"#, second: """
            { "id": "hard", "name": "Hard", "levels": ["in-order"], "unlock": { "totalScore": 1e300 }
            """)
        let profile = scratch.url("u.db")
        let run = try Executables.run(Executables.echolot, ["run", pack.path, "--level", "in-order", "--profile", profile.path])
        #expect(run.status == 1)
        #expect(run.stderr.contains(#"p/pack.json:"#) && run.stderr.contains(
            ": error: scenarios[1].unlock.totalScore: expected an integer from 0 to 1000000000000, found 1e+300"), "\(run.stderr)")
        #expect(!run.stderr.contains("Fatal error"))
        #expect(!FileManager.default.fileExists(atPath: profile.path))
    }

    /// A value of the wrong type in a profile's row (the file edited by hand) is the
    /// profile's "damaged" error naming the column — exit 1, nothing changed — for `stats`,
    /// which reads runs and summaries, and for `run --profile`, which reads a pack's progress.
    @Test func aDamagedValueInARowIsReportedNotATrap() throws {
        let damages: [(sql: String, command: String, column: String)] = [
            ("INSERT INTO run (recordedAt, packID, packVersion, levelID, outcome, score, seconds, misses, seed, parameters) VALUES (?, 'tutorial', '1.0.0', 'first-sound', 'won', 'abc', 1, 0, 1, '{}')",
             "stats", #"the column 'score' holds "abc""#),
            ("INSERT INTO run (recordedAt, packID, packVersion, levelID, outcome, score, seconds, misses, seed, parameters) VALUES (?, x'ff', '1.0.0', 'first-sound', 'won', 1, 1, 0, 1, '{}')",
             "stats", "the column 'packID' holds"),
            ("UPDATE levelSummary SET plays = 'abc' WHERE ? > 0", "run", #"the column 'plays' holds "abc""#),
        ]
        for (index, damage) in damages.enumerated() {
            try expectRefusedAsDamaged(scratch.url("r\(index).db"), command: damage.command, detail: damage.column) { db in
                try db.execute(sql: damage.sql, arguments: [Date().timeIntervalSince1970])
            }
        }
    }

    /// Totals edited by hand into figures no history gives — a negative count, more wins
    /// than runs, an infinite or too high score sum, more found than present — are the
    /// profile's "damaged" error naming the table and the row, not figures `stats` shows;
    /// so are such runs and tag counts of the quarter hour not yet summed.
    @Test func impossibleTotalsAreReportedNotShown() throws {
        // The run's summaries moved two hours back, so that `stats` adds them up.
        let summed = """
            UPDATE quarterSummary SET quarter = quarter - 8; UPDATE quarterTotal SET quarter = quarter - 8;
            INSERT INTO tagSummary VALUES ('bell', 1, 1, 1);
            INSERT INTO quarterTag SELECT 'bell', quarter, 1, 1, 1 FROM quarterTotal;
            """
        let now = "(julianday('now') - 2440587.5) * 86400"
        let run = "INSERT INTO run (recordedAt, packID, packVersion, levelID, outcome, score, seconds, misses, seed, parameters) VALUES "
        let damages: [(sql: String, detail: String)] = [
            ("UPDATE quarterSummary SET runs = -5", "the table 'quarterSummary' holds figures no run makes: packID \"tutorial\""),
            ("UPDATE quarterSummary SET won = runs + 10", "the table 'quarterSummary' holds figures no run makes"),
            ("UPDATE quarterTotal SET won = runs + 1", "the table 'quarterTotal' holds figures no run makes"),
            ("UPDATE quarterSummary SET scoreSum = 9e999", "the table 'quarterSummary' holds figures no run makes"),
            ("UPDATE quarterSummary SET scored = 1, scoreSum = 5000, bestScore = 10", "the table 'quarterSummary' holds figures no run makes"),
            ("UPDATE quarterTag SET found = 2", "the table 'quarterTag' holds figures no run makes: tag \"bell\""),
            ("\(run)(\(now), 'tutorial', '1.0.0', 'first-sound', 'won', 5, 1, -4, 1, '{}')",
             "the table 'run' holds figures no run makes: id 2, packID \"tutorial\", levelID \"first-sound\", outcome \"won\", score 5, misses -4)"),
            ("INSERT INTO foundTag SELECT max(id), 'bell', 3, 1 FROM run", "the table 'foundTag' holds figures no run makes"),
        ]
        for (index, damage) in damages.enumerated() {
            try expectRefusedAsDamaged(scratch.url("t\(index).db"), command: "stats", detail: damage.detail) { db in
                try db.execute(sql: summed + damage.sql)
            }
        }
        // Undamaged, the same moves are figures `stats` shows.
        let profile = scratch.url("whole.db")
        try recordFirstSound(in: profile)
        try DatabaseQueue(path: profile.path).write { db in try db.execute(sql: summed) }
        let stats = try Executables.run(Executables.echolot, ["stats", "--plain", "--profile", profile.path])
        #expect(stats.status == 0 && stats.stdout.contains("2 runs"), "\(stats.stdout)\(stats.stderr)")
    }

    /// Records a run of `first-sound` in a new profile at `profile`.
    func recordFirstSound(in profile: URL) throws {
        let recorded = try Executables.run(Executables.echolot, [
            "run", Executables.tutorial.path, "--level", "first-sound", "--input", inputLog().path, "--profile", profile.path,
        ])
        #expect(recorded.status == 0, "\(recorded.stderr)")
    }

    /// Records a run in a new profile at `profile`, changes the file with `damage`, and
    /// expects `command` (`stats`, or `run` of `first-sound`) to refuse the profile as
    /// damaged, the detail beginning with `detail`: one line, status 1, the file unchanged.
    func expectRefusedAsDamaged(_ profile: URL, command: String, detail: String,
                                damage: (Database) throws -> Void) throws {
        try recordFirstSound(in: profile)
        try DatabaseQueue(path: profile.path).write(damage)
        let before = try Data(contentsOf: profile)
        let arguments = command == "stats"
            ? ["stats", "--profile", profile.path]
            : ["run", Executables.tutorial.path, "--level", "first-sound", "--profile", profile.path]
        let outcome = try Executables.run(Executables.echolot, arguments)
        #expect(outcome.status == 1, "\(detail): \(outcome.stdout)")
        #expect(outcome.stderr.hasPrefix("\(profile.path): error: the profile is damaged (\(detail)"), "\(outcome.stderr)")
        #expect(outcome.stderr.split(separator: "\n").count == 1, "\(outcome.stderr)")
        #expect(try Data(contentsOf: profile) == before)
    }

    /// A profile whose pages are damaged is refused by `run` before the level is played: a
    /// run found unsaveable only at its end printed a summary as if it counted.
    @Test func aDamagedProfileIsRefusedBeforeTheRun() throws {
        let profile = scratch.url("damaged.db")
        let recorded = try Executables.run(Executables.echolot, [
            "run", Executables.tutorial.path, "--level", "first-sound", "--input", inputLog().path, "--profile", profile.path,
        ])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        // The page of the history of runs: opening the profile and reading a pack's
        // progress never reads it; recording the run writes to it.
        let (page, size) = try DatabaseQueue(path: profile.path).read { db in
            (try Int.fetchOne(db, sql: "SELECT rootpage FROM sqlite_master WHERE name = 'run'") ?? 0,
             try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 4096)
        }
        var bytes = try Data(contentsOf: profile)
        try #require(page > 1 && bytes.count >= page * size)
        bytes.replaceSubrange((page - 1) * size ..< page * size, with: Data(repeating: 0xA5, count: size))
        try bytes.write(to: profile)
        let before = try Data(contentsOf: profile)
        let outcome = try Executables.run(Executables.echolot, [
            "run", Executables.tutorial.path, "--level", "first-sound", "--input", inputLog().path, "--profile", profile.path,
        ])
        #expect(outcome.status == 1)
        #expect(outcome.stdout.isEmpty, "not played: \(outcome.stdout)")
        #expect(outcome.stderr.hasPrefix("\(profile.path): error: the profile is damaged ("), "\(outcome.stderr)")
        #expect(outcome.stderr.split(separator: "\n").count == 1, "\(outcome.stderr)")
        #expect(try Data(contentsOf: profile) == before)
    }

    @Test func aHeadlessRunIsRecordedAndStatsShowIt() throws {
        let profile = scratch.url("me/profile.sqlite")
        let run = try Executables.run(Executables.echolot, [
            "run", Executables.tutorial.path, "--level", "first-sound", "--input", inputLog().path,
            "--json", "--profile", profile.path,
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let result = try #require(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let outcome = result["outcome"] as? String == "running" ? "abandoned" : result["outcome"] as? String

        let stats = try Executables.run(Executables.echolot, ["stats", "--json", "--profile", profile.path])
        #expect(stats.status == 0, "\(stats.stderr)")
        let json = try #require(JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any])
        #expect(json["runs"] as? Int == 1)
        #expect(json["window"] as? String == "week")
        let levels = try #require(json["levels"] as? [[String: Any]])
        #expect(levels.first?["pack"] as? String == "tutorial" && levels.first?["level"] as? String == "first-sound")
        #expect(levels.first?["name"] as? String == "Tutorial, The First Sound", "\(levels)")
        let recorded = try Profile.open(at: profile).runs()
        #expect(recorded.map(\.outcome.rawValue) == [outcome])
        #expect(recorded.first?.packVersion == "1.0.1")

        let table = try Executables.run(Executables.echolot, ["stats", "--window", "month"],
                                        environment: ["ECHOLOT_PROFILE": profile.path])
        #expect(table.status == 0 && table.stdout.contains("Statistics, last 30 days"))
        #expect(table.stdout.contains("Tutorial, The First Sound"), "\(table.stdout)")
        // In the language asked for, as play names them.
        let german = try Executables.run(Executables.echolot, ["stats", "--plain", "--lang", "de", "--profile", profile.path])
        #expect(german.status == 0 && german.stdout.contains("Einführung, Der erste Klang: 1 Spiel, "), "\(german.stdout)")
        #expect(german.stderr == "", "\(german.stderr)")
        // --json is for programs: the same names whatever the language (it gave the German ones).
        let germanJSON = try Executables.run(Executables.echolot, ["stats", "--json", "--lang", "de", "--profile", profile.path])
        #expect(germanJSON.status == 0 && germanJSON.stderr == "", "\(germanJSON.stderr)")
        let germanObject = try #require(JSONSerialization.jsonObject(with: Data(germanJSON.stdout.utf8)) as? [String: Any])
        #expect(germanObject["levels"] as? NSArray == json["levels"] as? NSArray, "\(germanJSON.stdout)")
        #expect(!germanJSON.stdout.contains("Einführung"), "\(germanJSON.stdout)")
        let unknown = try Executables.run(Executables.echolot, ["stats", "--plain", "--lang", "xx", "--profile", profile.path])
        #expect(unknown.status == 0 && unknown.stdout.contains("Tutorial, The First Sound: 1 run"), "\(unknown.stdout)")
        #expect(unknown.stderr == "note: no pack of these levels has texts in 'xx'; each is named in its pack's own language\n",
                "\(unknown.stderr)")
        // Piped, the days are a table alone: one line a day, today's holding the run.
        #expect(!table.stdout.contains("█") && !table.stdout.contains("per day"), "\(table.stdout)")
        let days = try #require(json["days"] as? [[String: Any]])
        let today = try #require(days.last?["date"] as? String)
        let lines = table.stdout.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.first?.isNumber == true }.count == 30)
        let won = outcome == "won" ? 1 : 0
        #expect(lines.last?.hasPrefix("\(today)     1    \(won)") == true, "\(lines.suffix(2))")
    }

    /// An achievement is earned once in a profile: a run recorded in it starts with the
    /// profile's achievements, whose rules no longer run, and tells those it earned for the
    /// first time; the JSON lists what the run earned and what it started with.
    @Test func runTellsNewAchievementsFromOnesTheProfileHad() throws {
        let profile = scratch.url("me.sqlite")
        let slow = scratch.url("slow.jsonl")
        // A miss, then the bell after 15 s: a win, but neither flawless nor quick.
        try Data("""
            {"t": 0.5, "action": "select"}
            {"t": 16, "action": "turnTo", "azimuth": 60}
            {"t": 16.5, "action": "select"}

            """.utf8).write(to: slow)
        func run(_ log: URL, _ extra: [String] = []) throws -> Executables.Outcome {
            try Executables.run(Executables.echolot, [
                "run", Executables.tutorial.path, "--level", "first-sound", "--input", log.path,
            ] + extra)
        }
        let first = try run(slow, ["--profile", profile.path])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("\nnew achievements: firstWin\n"), "\(first.stdout)")
        #expect(!first.stdout.contains("already") && !first.stdout.contains("started with"), "\(first.stdout)")

        let second = try run(inputLog(), ["--profile", profile.path])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.contains("\nnew achievements: flawless, quickEar\nstarted with achievements: firstWin\n"),
                "\(second.stdout)")
        #expect(!second.stdout.contains("already"), "\(second.stdout)")
        #expect(try Profile.open(at: profile).achievements().map(\.id).sorted() == ["firstWin", "flawless", "quickEar"])

        let json = try run(inputLog(), ["--profile", profile.path, "--json"])
        let result = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(result["achievements"] as? [String] == [])
        #expect(result["earnedBefore"] as? [String] == ["firstWin", "flawless", "quickEar"])

        // Without a profile nothing is new or old: the run's achievements, as ever.
        let unrecorded = try Executables.run(Executables.echolot, [
            "run", Executables.tutorial.path, "--level", "first-sound", "--input", inputLog().path,
        ], removing: ["ECHOLOT_PROFILE"])
        #expect(unrecorded.stdout.contains("\nachievements: firstWin, flawless, quickEar\nstateHash: "), "\(unrecorded.stdout)")
    }

    @Test func runRecordsNothingWithoutAProfile() throws {
        let home = scratch.url("home")
        let run = try Executables.run(Executables.echolot, [
            "run", Executables.tutorial.path, "--level", "first-sound", "--input", inputLog().path,
        ], environment: ["HOME": home.path, "XDG_DATA_HOME": home.path], removing: ["ECHOLOT_PROFILE"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: home.path))
    }

    @Test func statsWithoutAProfileShowsNothingAndCreatesNothing() throws {
        let data = scratch.url("data")
        let stats = try Executables.run(Executables.echolot, ["stats", "--json"],
                                        environment: ["XDG_DATA_HOME": data.path], removing: ["ECHOLOT_PROFILE"])
        #expect(stats.status == 0, "\(stats.stderr)")
        #expect(stats.stdout.contains(#""runs":0"#))
        #expect(!FileManager.default.fileExists(atPath: data.path))
    }

    /// A HOME that is a file holds no profile folder: `stats` says so, as `run` and `play`
    /// do, where it blamed a read-only folder that does not exist. Nothing is made.
    @Test func statsThroughAFileNamesTheFile() throws {
        let home = scratch.url("home")
        let bytes = Data("notes".utf8)
        try bytes.write(to: home)
        let profile = home.appendingPathComponent(".local/share/echolot/profile.sqlite").path
        let expected = "\(profile): error: the profile cannot be used (\(home.path) is a file, not a folder)"
        let tutorial = Executables.tutorial.path
        for arguments in [["stats"], ["run", tutorial, "--level", "first-sound", "--input", try inputLog().path, "--profile", profile]] {
            let result = try Executables.run(Executables.echolot, arguments, environment: ["HOME": home.path],
                                             removing: ["ECHOLOT_PROFILE", "XDG_DATA_HOME"])
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stderr.hasPrefix(expected), "\(result.stderr)")
        }
        #expect(try Data(contentsOf: home) == bytes)
    }

    /// `stats` names a level as the game does, by the installed (or shipped) pack with its
    /// id, in sentences and tables alike; a pack not there, or a level its pack no longer
    /// has, keeps the ids the profile holds.
    @Test func statsNamesLevelsAsTheGameDoes() throws {
        let data = scratch.url("data")
        let cave = data.appendingPathComponent("packs/cave")
        try FileManager.default.createDirectory(at: cave.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Executables.tutorial, to: cave)
        for (file, from, to) in [("pack.json", #""id": "tutorial""#, #""id": "cave""#),
                                 ("strings/en.json", #""pack.name": "Tutorial""#, #""pack.name": "Cave Echoes""#)] {
            let url = cave.appendingPathComponent(file)
            let text = try String(contentsOf: url, encoding: .utf8)
            try #require(text.contains(from))
            try Data(text.replacingOccurrences(of: from, with: to).utf8).write(to: url)
        }
        let profile = try scratch.profile()
        for (pack, level) in [("cave", "two-voices"), ("cave", "gone"), ("elsewhere", "x"), ("tutorial", "first-sound")] {
            try profile.record(Fixture.run(pack, level, at: Date()))
        }
        let environment = ["ECHOLOT_DATA": data.path]
        let plain = try Executables.run(Executables.echolot, ["stats", "--plain", "--profile", profile.url.path], environment: environment)
        #expect(plain.status == 0, "\(plain.stderr)")
        let levels = plain.stdout.split(separator: "\n").filter { $0.contains(" misses a run") }.map { $0.prefix { $0 != ":" } }
        #expect(levels == ["cave/gone", "Cave Echoes, Two Voices", "elsewhere/x", "Tutorial, The First Sound"], "\(plain.stdout)")
        let tables = try Executables.run(Executables.echolot, ["stats", "--profile", profile.url.path], environment: environment)
        #expect(tables.stdout.contains("\nCave Echoes, Two Voices   "), "\(tables.stdout)")
    }

    @Test func statsLeavesAnEmptyFileEmpty() throws {
        let profile = scratch.url("profile.sqlite")
        try Data().write(to: profile)
        let stats = try Executables.run(Executables.echolot, ["stats", "--json", "--profile", profile.path])
        #expect(stats.status == 0, "\(stats.stderr)")
        #expect(stats.stdout.contains(#""runs":0"#))
        #expect(try Data(contentsOf: profile).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: profile.path + "-wal"))
    }

    /// `stats` only reads: a damaged profile it refuses is left alone, and nothing appears
    /// beside it (a connection to its WAL file made a `-wal` and a `-shm` that stayed).
    @Test func statsRefusesADamagedProfileLeavingNothingBeside() throws {
        let whole = try scratch.checkpointedProfile("whole.sqlite", runs: 50)
        let damaged = scratch.url("damaged/profile.sqlite")
        try FileManager.default.createDirectory(at: damaged.deletingLastPathComponent(), withIntermediateDirectories: true)
        let bytes = try Data(contentsOf: whole).prefix(4096)
        try bytes.write(to: damaged)
        let stats = try Executables.run(Executables.echolot, ["stats", "--profile", damaged.path])
        #expect(stats.status == 1)
        #expect(stats.stderr.hasPrefix("\(damaged.path): error: the profile is damaged"), "\(stats.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: damaged.deletingLastPathComponent().path) == ["profile.sqlite"])
        #expect(try Data(contentsOf: damaged) == bytes)
    }

    /// A profile the player may not read was told as one that cannot be written, in a
    /// read-only folder: stats only reads. (As root the file is readable whatever its mode,
    /// so the command runs as another user there.)
    @Test func statsTellsAnUnreadableProfileAsUnreadable() throws {
        let folder = scratch.url("locked")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let profile = folder.appendingPathComponent("profile.sqlite")
        _ = try Profile.open(at: profile)
        chmod(profile.path, 0)
        chmod(folder.path, 0o755)
        defer { chmod(profile.path, 0o644) }
        let stats = getuid() == 0
            ? try Executables.run(URL(fileURLWithPath: "/usr/bin/setpriv"),
                                  ["--reuid=65534", "--regid=65534", "--clear-groups", Executables.echolot.path, "stats", "--profile", profile.path])
            : try Executables.run(Executables.echolot, ["stats", "--profile", profile.path])
        #expect(stats.status == 1)
        #expect(stats.stderr.hasPrefix("\(profile.path): error: the profile cannot be used (the file cannot be read: Permission denied)"),
                "\(stats.stderr)")
    }

    @Test func aBadProfileStopsTheRunBeforeItPlays() throws {
        let profile = scratch.url("profile.sqlite")
        let bytes = Data("not a database".utf8)
        try bytes.write(to: profile)
        let run = try Executables.run(Executables.echolot, [
            "run", Executables.tutorial.path, "--level", "first-sound", "--profile", profile.path, "--json",
        ])
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("\(profile.path): error: this is not an Echolot profile"))
        #expect(try Data(contentsOf: profile) == bytes)
        let stats = try Executables.run(Executables.echolot, ["stats", "--profile", profile.path])
        #expect(stats.status == 1 && stats.stderr.contains("\(profile.path): error:"))
    }

    /// `--profile ""` names no file: each command taking it says so (status 2) and makes
    /// nothing, where `play` and `stats` fell back to the default profile and `run` recorded
    /// nothing, without a word.
    @Test func anEmptyProfilePathIsAUsageError() throws {
        let home = scratch.url("home")
        let tutorial = Executables.tutorial.path
        for arguments in [["stats", "--profile", ""], ["run", tutorial, "--level", "first-sound", "--profile", ""],
                          ["play", tutorial, "--profile", ""]] {
            let result = try Executables.run(Executables.echolot, arguments, environment: ["HOME": home.path, "XDG_DATA_HOME": home.path],
                                             removing: ["ECHOLOT_PROFILE"])
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.contains("--profile needs the path of a profile file, not an empty one"), "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: home.path), "\(arguments)")
        }
    }

    @Test func aBadWindowIsAUsageError() throws {
        let stats = try Executables.run(Executables.echolot, ["stats", "--window", "year"])
        #expect(stats.status == 2)
        #expect(stats.stderr.contains("--window must be week, 2weeks or month"))
    }

    @Test func aReadOnlyFolderIsReportedWithWhatToDo() throws {
        let folder = scratch.url("locked")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        chmod(folder.path, 0o555)
        let profile = folder.appendingPathComponent("profile.sqlite")
        let run: Executables.Outcome
        if geteuid() == 0 {
            // Root writes anywhere; an unprivileged user meets the read-only folder. It gets
            // its own copies of the binary and the pack, in case the build folder is private.
            let binary = scratch.url("echolot"), pack = scratch.url("tutorial")
            try FileManager.default.copyItem(at: Executables.echolot, to: binary)
            try FileManager.default.copyItem(at: Executables.tutorial, to: pack)
            let setpriv = URL(fileURLWithPath: "/usr/bin/setpriv")
            try #require(FileManager.default.isExecutableFile(atPath: setpriv.path), "setpriv (util-linux) is needed to drop root")
            run = try Executables.run(
                setpriv,
                ["--reuid=65534", "--regid=65534", "--clear-groups", binary.path,
                 "run", pack.path, "--level", "first-sound", "--profile", profile.path],
                environment: ["HOME": scratch.folder.path, "XDG_DATA_HOME": scratch.url("data").path])
        } else {
            run = try Executables.run(Executables.echolot, [
                "run", Executables.tutorial.path, "--level", "first-sound", "--profile", profile.path,
            ])
        }
        #expect(run.status == 1, "\(run.stdout) \(run.stderr)")
        #expect(run.stderr.contains("\(profile.path): error: the profile cannot be written"), "\(run.stderr)")
        #expect(run.stderr.contains("Make the file and its folder writable"))
        #expect(!FileManager.default.fileExists(atPath: profile.path))
    }

    /// A profile file the player may not write, in a folder they may, is told before the
    /// level is played, and left as it was with nothing beside it. SQLite opened it
    /// read-only without a word: the whole level was played, its summary printed, and only
    /// then did recording fail, leaving a `-wal` and `-shm` behind.
    @Test func aReadOnlyProfileFileStopsTheRunBeforeItPlays() throws {
        let (folder, profile) = try recordedProfile(in: "desk")
        let before = try files(in: folder, profile: profile)
        chmod(profile.path, 0o444)
        chmod(folder.path, 0o777)
        // The player's own copy of the pack: the build's folders may be private to root.
        let pack = scratch.url("tutorial")
        try FileManager.default.copyItem(at: Executables.tutorial, to: pack)
        let run = try runAsPlayer(["run", pack.path, "--level", "first-sound", "--input", inputLog().path, "--profile", profile.path])
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty, "\(run.stdout)")
        #expect(run.stderr == "\(profile.path): error: the profile cannot be written (the file is read-only). "
            + "Make the file and its folder writable, or use --profile PATH (or ECHOLOT_PROFILE) to keep your progress in another file\n",
            "\(run.stderr)")
        #expect(try files(in: folder, profile: profile) == before)
    }

    /// `stats` only reads, so a profile the player may not write — the file and its folder
    /// read-only — shows its statistics, and stays as it was. So it does beside the empty
    /// `-wal` a reader of a WAL profile leaves: no write is pending (it said the profile
    /// cannot be written, since only a missing `-wal` counted as none pending).
    @Test(arguments: [false, true])
    func statsReadsAReadOnlyProfile(besideAnEmptyWAL: Bool) throws {
        let (folder, profile) = try recordedProfile(in: "shelf")
        if besideAnEmptyWAL { try Data().write(to: URL(fileURLWithPath: profile.path + "-wal")) }
        let before = try files(in: folder, profile: profile)
        chmod(profile.path, 0o444)
        chmod(folder.path, 0o555)
        defer { chmod(folder.path, 0o755) }
        let stats = try runAsPlayer(["stats", "--json", "--profile", profile.path])
        #expect(stats.status == 0, "\(stats.stderr)")
        #expect(stats.stdout.contains(#""runs":1"#), "\(stats.stdout)")
        #expect(try files(in: folder, profile: profile) == before)
    }

    /// Reading a profile the player may not write, in a folder they may, makes nothing
    /// beside it, so the profile takes runs again once it is made writable, as the error
    /// says to. SQLite made a `-wal` and `-shm` with the file's read-only mode, which the
    /// reader could not remove: after `chmod 644` every run failed as read-only.
    @Test func statsOfAReadOnlyProfileLeavesItWritableOnceMadeSo() throws {
        let (folder, profile) = try recordedProfile(in: "desk")
        let before = try files(in: folder, profile: profile)
        // The player's own file, read-only, in a folder anyone may write.
        chown(profile.path, 65534, 65534)
        chmod(profile.path, 0o444)
        chmod(folder.path, 0o777)
        let stats = try runAsPlayer(["stats", "--json", "--profile", profile.path])
        #expect(stats.status == 0, "\(stats.stderr)")
        #expect(stats.stdout.contains(#""runs":1"#), "\(stats.stdout)")
        #expect(try files(in: folder, profile: profile) == before)

        chmod(profile.path, 0o644)
        let pack = scratch.url("tutorial")
        try FileManager.default.copyItem(at: Executables.tutorial, to: pack)
        let run = try runAsPlayer(["run", pack.path, "--level", "first-sound", "--input", inputLog().path, "--profile", profile.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try Profile.openForReading(at: profile).runs().count == 2)
    }

    /// A `-shm` of the player's own left read-only beside a profile they may write (an
    /// older `stats` made it so) is given the profile's mode, and the run is recorded: every
    /// write failed as read-only, with advice about the profile itself. One that another
    /// user owns is told by name, and nothing is written.
    @Test func aReadOnlySHMBesideAWritableProfileIsMadeWritableOrTold() throws {
        let (folder, profile) = try recordedProfile(in: "shm")
        let shm = URL(fileURLWithPath: profile.path + "-shm")
        try Data(count: 32768).write(to: shm)
        chown(profile.path, 65534, 65534)
        chown(folder.path, 65534, 65534)
        chown(shm.path, 65534, 65534)
        chmod(shm.path, 0o444)
        let pack = scratch.url("tutorial")
        try FileManager.default.copyItem(at: Executables.tutorial, to: pack)
        let arguments = ["run", pack.path, "--level", "first-sound", "--input", try inputLog().path, "--profile", profile.path]
        let run = try runAsPlayer(arguments)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try Profile.openForReading(at: profile).runs().count == 2)
        if FileManager.default.fileExists(atPath: shm.path) {
            #expect(try FileManager.default.attributesOfItem(atPath: shm.path)[.posixPermissions] as? Int == 0o644)
        }

        // Another user's, which the player may not change.
        guard geteuid() == 0 else { return }
        try Data(count: 32768).write(to: shm)
        chown(shm.path, 0, 0)
        chmod(shm.path, 0o444)
        let before = try files(in: folder, profile: profile)
        let refused = try runAsPlayer(arguments)
        #expect(refused.status == 1)
        #expect(refused.stderr.hasPrefix("\(profile.path): error: the profile cannot be written: \(shm.path), a file SQLite keeps "
            + "beside it, is read-only and not yours to change; the file was left as it is. Make it writable (chmod u+w \(shm.path)), "
            + "or remove it while no Echolot has the profile open"), "\(refused.stderr)")
        #expect(try files(in: folder, profile: profile) == before)
        #expect(try Profile.openForReading(at: profile).runs().count == 2)
    }

    /// What a failed command must leave as it was: the names in the profile's folder and
    /// the profile's bytes.
    private struct ProfileFiles: Equatable {
        let names: [String]
        let bytes: Data
    }

    /// The profile's folder and bytes as they are now.
    private func files(in folder: URL, profile: URL) throws -> ProfileFiles {
        ProfileFiles(names: try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(),
                     bytes: try Data(contentsOf: profile))
    }

    /// A profile in the scratch folder `name` with one run of the tutorial's first level
    /// recorded in it.
    private func recordedProfile(in name: String) throws -> (folder: URL, profile: URL) {
        let folder = scratch.url(name)
        let profile = folder.appendingPathComponent("profile.sqlite")
        let recorded = try Executables.run(Executables.echolot, [
            "run", Executables.tutorial.path, "--level", "first-sound", "--input", inputLog().path, "--profile", profile.path,
        ])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        return (folder, profile)
    }

    /// Runs `echolot` with `arguments` as a player whom file modes bind: under root, as
    /// nobody, with its own copy of the binary in case the build folder is private.
    private func runAsPlayer(_ arguments: [String]) throws -> Executables.Outcome {
        guard geteuid() == 0 else { return try Executables.run(Executables.echolot, arguments) }
        let binary = scratch.url("echolot-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Executables.echolot, to: binary)
        let setpriv = URL(fileURLWithPath: "/usr/bin/setpriv")
        try #require(FileManager.default.isExecutableFile(atPath: setpriv.path), "setpriv (util-linux) is needed to drop root")
        return try Executables.run(setpriv, ["--reuid=65534", "--regid=65534", "--clear-groups", binary.path] + arguments,
                                   environment: ["HOME": scratch.folder.path])
    }
}
