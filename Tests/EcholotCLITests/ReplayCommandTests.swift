import EcholotTestSupport
import Foundation
import Testing

/// `echolot replay` on recordings written by hand: a description that cannot be replayed
/// is refused at its line and column, and nothing is asked to run for hours.
@Suite struct ReplayCommandTests {
    /// A log that selects once and ends at 2 s.
    private static let lines = [#"{"t": 0.5, "action": "select"}"#, #"{"t": 2, "action": "end"}"#]

    /// Writes `lines` as a log and, when `fields` are given, its description with one
    /// field a line (the JSON text of each value); returns the log's path.
    private func write(_ lines: [String] = lines, meta fields: [(String, String)]?) throws -> String {
        let log = try temporaryFolder().appendingPathComponent("session.jsonl").path
        try (lines.joined(separator: "\n") + "\n").write(toFile: log, atomically: true, encoding: .utf8)
        if let fields {
            let text = "{\n" + fields.map { "  \"\($0.0)\": \($0.1)" }.joined(separator: ",\n") + "\n}\n"
            try text.write(toFile: log + ".meta.json", atomically: true, encoding: .utf8)
        }
        return log
    }

    /// A right description of a run of the tutorial's first level with `changes` made (a
    /// `nil` removes the field). Line 2 is `format`, … line 7 `step`, line 8 `ticks`.
    private func fields(_ changes: [String: String?] = [:], hash: String = "0") -> [(String, String)] {
        var fields: [(String, String)] = [
            ("format", #""echolot-recording/1""#),
            ("pack", "\"\(repositoryRoot.appendingPathComponent("levels/tutorial").path)\""),
            ("packID", #""tutorial""#), ("packVersion", #""1.0.1""#), ("level", #""first-sound""#),
            ("step", "0.016666666666666666"), ("ticks", "120"), ("outcome", #""running""#), ("stateHash", "\"\(hash)\""),
        ]
        for (key, value) in changes {
            if let i = fields.firstIndex(where: { $0.0 == key }) {
                if let value { fields[i].1 = value } else { fields.remove(at: i) }
            } else if let value {
                fields.append((key, value))
            }
        }
        return fields
    }

    @Test func aRightDescriptionReplays() throws {
        let log = try write(meta: nil)
        let run = try echolot(["run", "levels/tutorial", "--level", "first-sound", "--input", log, "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let hash = try #require(object["stateHash"] as? String)
        let logWithMeta = try write(meta: fields(hash: hash))
        let replay = try echolot(["replay", logWithMeta])
        #expect(replay.status == 0, "\(replay.stderr)")
        #expect(replay.stdout.contains("the stateHash matches the recording"))
        // The level was left undecided (the log ends with `end`): said so, as play's end
        // page does, while the description's outcome stays "running".
        #expect(replay.stdout.hasPrefix("level first-sound: left (not decided) after 2.00 s: goal 'find' still pending\n"), "\(replay.stdout)")
    }

    /// A recording of a level that started with a profile's achievements says so in its
    /// `earnedBefore`, and the replay starts with them: their rules do not run, and the
    /// hash is the recorded run's (`run --earned-before`'s), not that of a run without them.
    /// `--earned-before` replaces the description's; an id that is none is told at its item.
    @Test func aDescriptionsEarnedAchievementsAreWhatTheReplayStartsWith() throws {
        let win = [#"{"t": 0.5, "action": "turnTo", "azimuth": 60}"#, #"{"t": 1, "action": "select"}"#]
        func hash(_ extra: [String]) throws -> String {
            let log = try write(win, meta: nil)
            let run = try echolot(["run", "levels/tutorial", "--level", "first-sound", "--input", log, "--json"] + extra)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
            return try #require(object["stateHash"] as? String)
        }
        let earned = try hash(["--earned-before", "firstWin,quickEar"])
        #expect(try earned != hash([]))
        let log = try write(win, meta: fields(["earnedBefore": #"["quickEar", "firstWin"]"#, "outcome": #""won""#], hash: earned))
        let replay = try echolot(["replay", log, "--json"])
        #expect(replay.status == 0, "\(replay.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(replay.stdout.utf8)) as? [String: Any])
        #expect(object["matches"] as? Bool == true)
        #expect(object["earnedBefore"] as? [String] == ["firstWin", "quickEar"])
        #expect(object["achievements"] as? [String] == ["flawless"])
        let none = try echolot(["replay", log, "--earned-before", ""])
        #expect(none.status == 1)
        #expect(none.stderr.hasPrefix("\(log): error: the replay ends in stateHash "), "\(none.stderr)")

        let wrong = try write(win, meta: fields(["earnedBefore": #"["firstWin", "first win", 3]"#], hash: earned))
        let refused = try echolot(["replay", wrong])
        #expect(refused.status == 1)
        #expect(refused.stderr.hasPrefix("""
            \(wrong).meta.json:11:32: error: earnedBefore[1]: 'first win' is no achievement id: an id is letters, digits, '_', '.' and '-', not starting with a digit, as echolot.achievement registers it
            \(wrong).meta.json:11:45: error: earnedBefore[2]: expected an achievement id, found a number

            """), "\(refused.stderr)")
    }

    /// A level the description names that the pack lacks was told at the pack's folder,
    /// with no line: the mistake is in the description, at its `level`.
    @Test func aLevelThePackLacksIsToldInTheDescription() throws {
        let log = try write(meta: fields(["level": #""nope""#]))
        let replay = try echolot(["replay", log])
        #expect(replay.status == 1)
        #expect(replay.stderr == "\(log).meta.json:6:12: error: level: pack 'tutorial' has no level 'nope'; its levels are: "
            + "around-you, first-sound, in-order, two-voices; give --level to replay another\n")
        // Given on the command line, the level is told as the command line's.
        let given = try echolot(["replay", log, "--level", "nope"])
        #expect(given.status == 1)
        #expect(!given.stderr.contains(".meta.json"), "\(given.stderr)")
    }

    /// A log cut short (its last lines lost) replayed to the cap, or past the recording's
    /// end to a time limit, and said only that the hash differs: the note says where the
    /// log ends and that the level did not end there.
    @Test func aLogCutShortIsToldWhereItEnds() throws {
        let full = try write(meta: nil)
        let run = try echolot(["run", "levels/tutorial", "--level", "first-sound", "--input", full, "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let hash = try #require(object["stateHash"] as? String)
        let cut = try write([Self.lines[0]], meta: fields(hash: hash))
        let replay = try echolot(["replay", cut])
        #expect(replay.status == 1)
        #expect(replay.stdout.hasPrefix("level first-sound: running after 600.00 s: goal 'find' still pending\n"), "\(replay.stdout)")
        let capped = "to the replay's cap of 600.00 s; was the log cut short?\n"
        #expect(replay.stderr.hasPrefix("\(cut): error: the replay ends in stateHash "), "\(replay.stderr)")
        #expect(replay.stderr.hasSuffix(", the recording in \(hash)\n"
            + "\(cut):1:1: note: the log ends here, at tick 30 of the 120 recorded (0.50 s), and the level did not: "
            + "with no more input it ran on " + capped), "\(replay.stderr)")
        // Given without a description, and cut to nothing.
        let bare = try echolot(["replay", cut, "--pack", "tutorial", "--level", "first-sound", "--expect", hash])
        #expect(bare.stderr.hasSuffix("\(cut):1:1: note: the log ends here, at tick 30 (0.50 s), and the level did not: "
            + "with no more input it ran on " + capped), "\(bare.stderr)")
        // A log that ends between hundredths of a second tells its time as the summary does
        // (to the hundredth), not as the 17 digits of the float it was recorded as.
        let odd = try write([#"{"t": 1.5666666666666667, "action": "turnTo", "azimuth": 10}"#], meta: fields(hash: hash))
        let oddReplay = try echolot(["replay", odd])
        #expect(oddReplay.stderr.hasSuffix("\(odd):1:1: note: the log ends here, at tick 94 of the 120 recorded (1.57 s), and the level did not: "
            + "with no more input it ran on " + capped), "\(oddReplay.stderr)")
        let empty = try write([], meta: fields(hash: hash))
        let none = try echolot(["replay", empty])
        #expect(none.status == 1)
        #expect(none.stderr.hasSuffix("\(empty):1:1: note: the log holds no input, and the level did not end without any: it ran on "
            + capped), "\(none.stderr)")
        // A level with a time limit is lost at it, long after the recording ended.
        let won = (1...3).map { #"{"t": \#($0), "action": "selectEntity", "id": "\#(["robin", "lark", "finch"][$0 - 1])"}"# }
        let wonRun = try echolot(["run", "levels/tutorial", "--level", "around-you", "--input", try write(won, meta: nil), "--json"])
        let wonObject = try #require(try JSONSerialization.jsonObject(with: Data(wonRun.stdout.utf8)) as? [String: Any])
        #expect(wonObject["outcome"] as? String == "won")
        let wonHash = try #require(wonObject["stateHash"] as? String)
        let lost = try write(Array(won.prefix(2)), meta: fields(["level": #""around-you""#, "ticks": "180", "outcome": #""won""#], hash: wonHash))
        let late = try echolot(["replay", lost])
        #expect(late.status == 1)
        #expect(late.stderr.hasSuffix("\(lost):2:1: note: the log ends here, at tick 120 of the 180 recorded (2.00 s), and the level did not: "
            + "with no more input it ran on until it was lost at 60.02 s, past the recording's end at 3.00 s; was the log cut short?\n"),
            "\(late.stderr)")
        // A log that reaches the recording's last tick was not cut: its level changed (a
        // goal added, say) and runs on now; the note would send the author the wrong way.
        let reached = try write([Self.lines[0]], meta: fields(["ticks": "30"], hash: hash))
        let changed = try echolot(["replay", reached])
        #expect(changed.status == 1)
        #expect(changed.stderr.hasPrefix("\(reached): error: the replay ends in stateHash "), "\(changed.stderr)")
        #expect(changed.stderr.split(separator: "\n").count == 1, "the error alone: \(changed.stderr)")
        // A log that ends with `end`, or whose level ends at its last input, gets no note.
        let other = try echolot(["replay", full, "--pack", "tutorial", "--level", "first-sound", "--expect", "0"])
        #expect(other.status == 1)
        #expect(!other.stderr.contains("note:"), "\(other.stderr)")
    }

    @Test func aStepOutOfRangeIsRefusedAtItsValue() throws {
        for bad in ["0", "1e-300", "1e308", "-0.5", "2"] {
            let log = try write(meta: fields(["step": bad]))
            let replay = try echolot(["replay", log])
            #expect(replay.status == 1)
            #expect(replay.stdout.isEmpty)
            #expect(replay.stderr.hasPrefix("\(log).meta.json:7:11: error: step: expected a number from 0.001 to 1, found "),
                    "\(bad): \(replay.stderr)")
        }
    }

    /// A recording that would take longer than `echolot run` may is refused, not played
    /// for hours (or cut short without a word).
    @Test func aRecordingLongerThanADayIsRefused() throws {
        for ticks in ["9223372036854775807", "100000000"] {
            let log = try write(meta: fields(["ticks": ticks]))
            let replay = try echolot(["replay", log])
            #expect(replay.status == 1)
            #expect(replay.stderr.hasPrefix("\(log).meta.json:8:12: error: ticks: \(ticks) ticks of "), "\(replay.stderr)")
            #expect(replay.stderr.contains("a replay may last at most 86400 s (as 'echolot run --max-seconds')"))
        }
        let negative = try write(meta: fields(["ticks": "-1"]))
        #expect(try echolot(["replay", negative]).stderr
            .hasPrefix("\(negative).meta.json:8:12: error: ticks: expected a whole number ≥ 0, found -1"))
        let late = try write([#"{"t": 1e9, "action": "end"}"#], meta: fields())
        let replay = try echolot(["replay", late])
        #expect(replay.status == 1)
        #expect(replay.stderr == "\(late):1:7: error: 't' is 1000000000 s, later than the 86400 s a run may last\n")
    }

    /// A log that is not there is named itself, in one line, not its (equally missing)
    /// description.
    @Test func aMissingLogIsToldAsTheLogItself() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("nope.jsonl").path
        for extra in [[], ["--pack", "tutorial", "--level", "first-sound", "--expect", "0"]] {
            let replay = try echolot(["replay", missing] + extra)
            #expect(replay.status == 1)
            #expect(replay.stderr == "\(missing):1:1: error: cannot read the input log: no such file\n", "\(extra)")
            #expect(replay.stdout.isEmpty)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    /// A recording is a stranger's file: the pack id, version and level it names reach the
    /// messages written out and cut, so a line break cannot forge a second message and
    /// 5,000 characters do not flood a screen reader.
    @Test func aDescriptionsNamesAreCutInTheMessages() throws {
        let long = String(repeating: "x", count: 5_000) + "\\nfake.jsonl:1:1: error: forged"
        for field in ["packID", "level"] {
            let log = try write(meta: fields([field: "\"\(long)\""]))
            let replay = try echolot(["replay", log])
            #expect(replay.status == 1)
            let lines = replay.stderr.split(separator: "\n")
            #expect(lines.count == 1 && lines[0].count < 400, "\(field): \(replay.stderr)")
            #expect(lines.first?.contains("'xxx") == true && lines.first?.contains("…'") == true, "\(replay.stderr)")
        }
        let version = try write(meta: fields(["packVersion": "\"\(long)\""]))
        let replay = try echolot(["replay", version])
        let warning = try #require(replay.stderr.split(separator: "\n").first)
        #expect(warning.hasPrefix("\(version): warning: recorded with tutorial 'xxx") && warning.count < 400, "\(replay.stderr)")
    }

    /// Another pack given with --pack is told as such, not as lacking the recorded level;
    /// a recorded pack path that is not here is replaced by the pack of the recorded id
    /// (a recording shared from another machine), and said; one with no such pack is told
    /// with where the path came from.
    @Test func theRecordedPackIsCheckedFirstAndItsPathExplained() throws {
        let log = try write(meta: fields())
        let other = try temporaryFolder().appendingPathComponent("other").path
        #expect(try echolot(["new", "pack", other]).status == 0)
        let wrong = try echolot(["replay", log, "--pack", other])
        #expect(wrong.status == 1)
        #expect(wrong.stderr == "\(log): error: recorded with pack 'tutorial', but \(other) is pack 'other'\n", "\(wrong.stderr)")

        let shared = try write(meta: fields(["pack": "\"/home/friend/echolot/levels/tutorial\""]))
        let here = try echolot(["replay", shared])
        let said = here.stderr.split(separator: "\n").map(String.init)
        #expect(said.first?.hasPrefix("\(shared).meta.json: note: the pack /home/friend/echolot/levels/tutorial is not here; "
            + "replaying with the pack of its id, 'tutorial' (") == true, "\(here.stderr)")
        #expect(said.first?.hasSuffix("/levels/tutorial)") == true, "\(here.stderr)")
        #expect(here.stdout.contains("level first-sound: ") && here.stdout.contains("stateHash: "), "the log was replayed: \(here.stdout)")
        #expect(!here.stderr.contains("no such file"), "\(here.stderr)")

        // Nor any pack of its id (an installed pack removed since): told by the id, with
        // what to do, not as "no such file or directory" at a path the player never typed.
        let gone = try write(meta: fields(["pack": "\"/nonexistent/packs/elsewhere\"", "packID": "\"elsewhere\""]))
        let moved = try echolot(["replay", gone])
        #expect(moved.status == 1)
        #expect(moved.stderr == "\(gone).meta.json:3:11: error: pack: 'elsewhere', the pack this was recorded with, is not installed "
            + "or shipped here any more (it was at /nonexistent/packs/elsewhere); give --pack to replay with a copy of it, "
            + "or install it again with 'echolot install FILE.zip'\n", "\(moved.stderr)")
        // A folder that is here but does not load is still told where its path came from.
        let broken = try temporaryFolder()
        try Data("{".utf8).write(to: broken.appendingPathComponent("pack.json"))
        let unloadable = try write(meta: fields(["pack": "\"\(broken.path)\"", "packID": "\"elsewhere\""]))
        let lines = try echolot(["replay", unloadable]).stderr.split(separator: "\n").map(String.init)
        #expect(lines.last == "\(unloadable).meta.json: note: the pack \(broken.path) is the one this description names; give --pack to replay with another",
                "\(lines)")
    }

    @Test func aBrokenDescriptionIsToldInTheProjectsWords() throws {
        let missing = try write(meta: fields(["format": nil]))
        let noFormat = try echolot(["replay", missing])
        #expect(noFormat.status == 1)
        #expect(noFormat.stderr.hasPrefix("\(missing).meta.json:1:1: error: missing required field \"format\"\n"), "\(noFormat.stderr)")
        #expect(!noFormat.stderr.contains("CodingKeys") && !noFormat.stderr.contains("DecodingError"))

        let extra = try write(meta: fields(["level": "3", "speed": "2"]))
        let lines = try echolot(["replay", extra]).stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(lines)")
        #expect(lines.first == "\(extra).meta.json:6:12: error: level: expected a string, found a number")
        #expect(lines.dropFirst().first?.hasPrefix("\(extra).meta.json:11:3: error: speed: unknown field \"speed\"") == true)

        let none = try write(meta: nil)
        let noMeta = try echolot(["replay", none])
        #expect(noMeta.status == 1)
        #expect(noMeta.stderr == """
            \(none).meta.json:1:1: error: no such file: a recording's description is written beside its log by 'echolot play --record'
            \(none): note: give --pack, --level and --expect to replay a log without its description

            """)
    }

    /// A WAV file given for the log (`replay`, `run --input`) is told in one line, not in
    /// twenty bad lines and a note; so is any file that is no text.
    @Test func aWAVFileGivenForTheLogIsToldOnce() throws {
        let folder = try temporaryFolder()
        let wav = folder.appendingPathComponent("a.wav")
        let samples = (0 ..< 20_000).map { UInt8(truncatingIfNeeded: $0 &* 7919 >> 3) }
        try Data(Array("RIFF".utf8) + [0x44, 0x4E, 0, 0] + Array("WAVEfmt ".utf8) + [16, 0, 0, 0, 1, 0, 2, 0, 0x44, 0xAC, 0, 0]
            + samples).write(to: wav)
        let told = "\(wav.path):1:1: error: this is a WAV file, not an input log (JSON Lines text: one event a line, "
            + "such as {\"t\": 1.5, \"action\": \"select\"}, as 'echolot play --record' writes)\n"
        for arguments in [["replay", wav.path], ["run", "levels/tutorial", "--level", "first-sound", "--input", wav.path]] {
            let run = try echolot(arguments)
            #expect(run.status == 1)
            #expect(run.stderr == told, "\(arguments[0])")
        }
        let profile = folder.appendingPathComponent("p.sqlite")
        try Data(Array("SQLite format 3".utf8) + [0] + samples).write(to: profile)
        let replayed = try echolot(["replay", profile.path])
        #expect(replayed.status == 1)
        #expect(replayed.stderr.hasPrefix("\(profile.path):1:16: error: this is not a text file (it holds a NUL byte here), not an input log"))
        #expect(replayed.stderr.split(separator: "\n").count == 1, "\(replayed.stderr)")
    }

    /// `--earned-before` with a slip of an achievement the scripts register is refused
    /// with the one meant, by run, replay and render alike, as a pack test's `earnedBefore`
    /// is: `firstWn` started the level with an achievement no rule reads, a different hash
    /// and status 0. An id no script of the pack registers is taken (achievements are global).
    @Test func aSlipInEarnedBeforeIsToldWithTheOneMeant() throws {
        let log = try write(meta: fields())
        let out = try temporaryFolder().appendingPathComponent("slip.wav")
        let told = "error: --earned-before: no script registers an achievement 'firstWn' (did you mean 'firstWin'?)\n"
            + "error: --earned-before: no script registers an achievement 'quikEar' (did you mean 'quickEar'?)\n"
        for command in [
            ["run", "levels/tutorial", "--level", "first-sound", "--input", log],
            ["replay", log],
            ["render", "levels/tutorial", "--level", "first-sound", "--seconds", "1", "--out", out.path],
        ] {
            let refused = try echolot(command + ["--earned-before", "firstWn,flawless,quikEar"])
            #expect(refused.status == 1, "\(command[0])")
            #expect(refused.stderr == told, "\(command[0])")
            #expect(refused.stdout == "", "\(command[0])")
        }
        #expect(!FileManager.default.fileExists(atPath: out.path))
        let taken = try echolot(["run", "levels/tutorial", "--level", "first-sound", "--input", log, "--earned-before", "caveEchoes.deepDiver,firstWin"])
        #expect(taken.status == 0, "\(taken.stderr)")
        #expect(taken.stderr == "", "\(taken.stderr)")
    }
}
