import EcholotTestSupport
import Foundation
import Glibc
import Testing

/// `echolot run` and `echolot validate` as a user runs them: a real process, real files.
@Suite struct RunCommandTests {
    private func writeLog(_ lines: [String]) throws -> (folder: URL, log: URL) {
        let folder = try temporaryFolder()
        let log = folder.appendingPathComponent("input.jsonl")
        try (lines.joined(separator: "\n") + "\n").write(to: log, atomically: true, encoding: .utf8)
        return (folder, log)
    }

    @Test func validateAcceptsTheTutorial() throws {
        let result = try echolot(["validate", "levels/tutorial"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("ok: tutorial"))
        #expect(result.stderr.isEmpty)
    }

    /// An input log that is a device or a pipe is refused at once: reading one never ends.
    @Test func anInputLogThatIsNotAFileIsRefusedAtOnce() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pipe = folder.appendingPathComponent("input.jsonl")
        #expect(mkfifo(pipe.path, 0o600) == 0)
        for input in ["/dev/zero", pipe.path] {
            let result = try echolot(["run", "levels/tutorial", "--level", "first-sound", "--input", input])
            #expect(result.status == 1, "\(result.stderr)")
            #expect(result.stderr == "\(input):1:1: error: cannot read the input log: not a regular file\n")
            #expect(result.stdout.isEmpty)
        }
    }

    @Test func runPrintsTheContractJSONAndTheSameHashTwice() throws {
        let (folder, log) = try writeLog([
            #"{"t": 0.25, "action": "turnTo", "azimuth": 60}"#,
            #"{"t": 0.5, "action": "select"}"#,
            #"{"t": 2, "action": "end"}"#,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let arguments = ["run", "levels/tutorial", "--level", "first-sound", "--input", log.path, "--json"]
        let first = try echolot(arguments), second = try echolot(arguments)
        #expect(first.status == 0, "\(first.stderr)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any])
        for key in ["outcome", "score", "time", "misses", "achievements", "stateHash"] {
            #expect(object[key] != nil, "missing \(key)")
        }
        #expect(object["misses"] as? Int == 0)
        #expect((object["found"] as? [String]) == ["bell"])
        #expect(object["outcome"] as? String == "won")
        // Pinned: this literal is what every recording of this play stores as `--expect` and
        // in its .meta.json. It may change only on purpose (a change to the hash or to how the
        // state is encoded), and then every recording made before no longer replays.
        #expect(object["stateHash"] as? String == "123a2eca55012b7b")
        #expect(first.stdout == second.stdout)
    }

    /// A misspelt field of an input is one mistake, told once at its key with the likely
    /// name: not also as the field it stands for missing.
    @Test func aMisspeltInputFieldIsToldOnceWithTheLikelyName() throws {
        let (folder, log) = try writeLog([#"{"t": 0.5, "action": "turnTo", "azimth": 270}"#])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try echolot(["run", "levels/tutorial", "--level", "first-sound", "--input", log.path])
        #expect(result.status == 1)
        #expect(result.stderr == "\(log.path):1:32: error: 'turnTo' takes no field 'azimth' (did you mean 'azimuth'?)\n")
        #expect(result.stdout.isEmpty)
    }

    /// An input the level refuses is told at its line of the log, once, as
    /// `path:line:col: error:`; the run goes on (as past a rule's error) and exits 1.
    @Test func anInputTheLevelRefusesIsToldAtItsLine() throws {
        let (folder, log) = try writeLog([#"{"t": 0.5, "action": "turnTo", "azimuth": 60}"#,
                                          #"{"t": 1, "action": "selectEntity", "id": "nope"}"#,
                                          #"{"t": 2, "action": "end"}"#])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try echolot(["run", "levels/tutorial", "--level", "first-sound", "--input", log.path])
        #expect(result.status == 1)
        #expect(result.stderr == "\(log.path):2:1: error: there is no entity 'nope' in level 'first-sound'\n")
        #expect(result.stdout.hasPrefix("level first-sound: left (not decided) after 2.00 s"), "\(result.stdout)")
        // A misspelt id is told with the one meant.
        let (other, typo) = try writeLog([#"{"t": 1, "action": "selectEntity", "id": "bel"}"#])
        defer { try? FileManager.default.removeItem(at: other) }
        let misspelt = try echolot(["run", "levels/tutorial", "--level", "first-sound", "--input", typo.path, "--max-seconds", "2"])
        #expect(misspelt.stderr == "\(typo.path):1:1: error: there is no entity 'bel' in level 'first-sound' (did you mean 'bell'?)\n",
                "\(misspelt.stderr)")
    }

    @Test func aDifferentInputGivesADifferentHash() throws {
        let (folder, log) = try writeLog([#"{"t": 0.5, "action": "select"}"#, #"{"t": 1, "action": "end"}"#])
        defer { try? FileManager.default.removeItem(at: folder) }
        let miss = try echolot(["run", "levels/tutorial", "--level", "first-sound", "--input", log.path, "--json"])
        let none = try echolot(["run", "levels/tutorial", "--level", "first-sound", "--max-seconds", "1", "--json"])
        #expect(miss.stdout.contains(#""misses":1"#))
        #expect(miss.stdout != none.stdout)
    }

    @Test func badInputLogsGetOneLinePerProblem() throws {
        let (folder, log) = try writeLog([
            #"{"t": 0.5, "action": "turnTo", "azimuth": "left"}"#,
            #"{"t": 0.2, "action": "select"}"#,
            #"{"t": 1, "action": "fly"}"#,
            #"{"t": 1, "action": "select""#,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try echolot(["run", "levels/tutorial", "--level", "first-sound", "--input", log.path])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        try #require(lines.count == 4, "\(lines)")
        #expect(lines[0] == "\(log.path):1:43: error: 'azimuth' must be a number, found a string")
        #expect(lines[1].hasPrefix("\(log.path):2:7: error: 't' goes back in time"))
        #expect(lines[2].hasPrefix("\(log.path):3:20: error: unknown action 'fly'"))
        #expect(lines[3].hasPrefix("\(log.path):4:"))
    }

    @Test func unknownLevelsAndUsageErrorsExitDifferently() throws {
        let unknown = try echolot(["run", "levels/tutorial", "--level", "nowhere"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("has no level 'nowhere'"))
        let usage = try echolot(["run", "levels/tutorial"])
        #expect(usage.status == 2)
        let badOption = try echolot(["run", "levels/tutorial", "--level", "first-sound", "--max-seconds", "-3"])
        #expect(badOption.status == 2)
        #expect(badOption.stderr.contains("--max-seconds must be more than 0 and at most 86400, found -3"), "\(badOption.stderr)")
        let zero = try echolot(["run", "levels/tutorial", "--level", "first-sound", "--max-seconds", "0"])
        #expect(zero.status == 2)
        #expect(zero.stderr.contains("--max-seconds must be more than 0 and at most 86400, found 0"), "\(zero.stderr)")
    }

    /// A level lost says which goal failed, on the summary's first line; the JSON, the
    /// contract, is as it was.
    @Test func aLostRunSaysWhichGoalFailed() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("late.jsonl")
        try Data("{\"t\":61,\"action\":\"end\"}\n".utf8).write(to: log)
        let result = try echolot(["run", "levels/tutorial", "--level", "around-you", "--input", log.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("level around-you: lost after "), "\(result.stdout)")
        #expect(result.stdout.split(separator: "\n").first?.hasSuffix(" s: goal 'timeLimit' failed") == true, "\(result.stdout)")
    }

    /// A copy of the tutorial whose rule `boom` fails on every tick.
    func packFailingEveryTick() throws -> URL {
        let pack = try shippedPackCopy("tutorial")
        try FileManager.default.createDirectory(at: pack.appendingPathComponent("scripts"), withIntermediateDirectories: true)
        try #"echolot.reducer({ name = "boom", on = { tick = function() error("boom") end } })"#
            .write(to: pack.appendingPathComponent("scripts/boom.lua"), atomically: true, encoding: .utf8)
        return pack
    }

    /// A rule failing on every tick is told once, with its count, as `echolot test` tells
    /// it; and since every tick after the first second would fail the same way, the run
    /// stops there and says so, rather than play a stalled level to --max-seconds.
    @Test func aRuleFailingEveryTickIsToldOnce() throws {
        let pack = try packFailingEveryTick()
        let result = try echolot(["run", pack.path, "--level", "first-sound", "--max-seconds", "600"])
        // The result is printed, but the run did not work.
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.contains("stateHash: "), "\(result.stdout)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 2, "\(result.stderr)")
        #expect(lines.first?.contains("boom") == true && lines.first?.hasSuffix("(60 times)") == true, "\(result.stderr)")
        #expect(lines.last.map(String.init) == "note: at 1.00 s of the input the level's clock had stood still for 60 ticks, each failing on the error above; "
            + "the run stopped there, since no input was left to change that", "\(result.stderr)")
        // --json lists it the same way.
        let json = try echolot(["run", pack.path, "--level", "first-sound", "--max-seconds", "2", "--json"])
        #expect(json.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let errors = try #require(object["errors"] as? [String])
        #expect(errors.count == 1 && errors.first?.hasSuffix("(60 times)") == true, "\(errors)")
    }

    /// The note tells a stall's time to the hundredth, as the summary line does: a stall
    /// begins at a tick, whose time in full (2.5666666666666664) a screen reader reads out
    /// digit by digit.
    @Test func aStallsTimeIsToldToTheHundredth() throws {
        let pack = try shippedPackCopy("tutorial")
        try FileManager.default.createDirectory(at: pack.appendingPathComponent("scripts"), withIntermediateDirectories: true)
        try #"echolot.reducer({ name = "late", on = { tick = function(l, a, ctx) if ctx.time > 1.58 then error("late") end end } })"#
            .write(to: pack.appendingPathComponent("scripts/late.lua"), atomically: true, encoding: .utf8)
        let result = try echolot(["run", pack.path, "--level", "first-sound"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.hasSuffix("note: at 2.57 s of the input the level's clock had stood still for 60 ticks, each failing on the error above; "
            + "the run stopped there, since no input was left to change that\n"), "\(result.stderr)")
    }

    /// The ticks of a stalled level up to the log's next input are not played, and the run
    /// goes on from it: the inputs after a stall still do what they do.
    @Test func aStalledRunGoesOnFromTheNextInput() throws {
        let pack = try packFailingEveryTick()
        let log = pack.appendingPathComponent("late.jsonl")
        try Data("{\"t\":3.004,\"action\":\"turnTo\",\"azimuth\":60}\n{\"t\":3.5,\"action\":\"select\"}\n".utf8).write(to: log)
        let result = try echolot(["run", pack.path, "--level", "first-sound", "--input", log.path])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("level first-sound: won"), "\(result.stdout)")
        let lines = result.stderr.split(separator: "\n")
        // 60 ticks to the stall, then the 30 from the turn to the select.
        #expect(lines.first?.hasSuffix("(90 times)") == true, "\(result.stderr)")
        // The input's time as the log writes it, so that it is found there.
        #expect(lines.dropFirst().first?.hasSuffix("; the ticks up to the next input, at 3.004 s, were not played") == true, "\(result.stderr)")
        // However often the clock stands still, one note says so.
        try Data("{\"t\":3,\"action\":\"turnTo\",\"azimuth\":60}\n{\"t\":6,\"action\":\"turnTo\",\"azimuth\":90}\n".utf8).write(to: log)
        let again = try echolot(["run", pack.path, "--level", "first-sound", "--input", log.path])
        #expect(again.stderr.split(separator: "\n").count == 2, "\(again.stderr)")
        #expect(again.stderr.hasSuffix("note: from 1.00 s of the input the level's clock stood still for 60 ticks, each failing on the error above, "
            + "3 times; 2 times the ticks up to the next input were not played; the run stopped at 7.00 s, since no input was left to change that\n"),
                "\(again.stderr)")
    }

    @Test func aBrokenPackIsReportedNotRun() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("levels"), withIntermediateDirectories: true)
        try #"{"id": "broken", "name": "Broken", "version": "1.0.0", "api": 1}"#
            .write(to: folder.appendingPathComponent("pack.json"), atomically: true, encoding: .utf8)
        try "{\n  \"id\": \"one\",\n  \"name\": 3,\n  \"entities\": []\n}\n"
            .write(to: folder.appendingPathComponent("levels/one.json"), atomically: true, encoding: .utf8)
        let result = try echolot(["run", folder.path, "--level", "one"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("levels/one.json:3:11: error:"))
        let validate = try echolot(["validate", folder.path])
        #expect(validate.status == 1)
        #expect(validate.stderr.contains("levels/one.json:3:11: error:"))
    }
}
