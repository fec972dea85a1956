import EcholotAudio
import EcholotTestSupport
import Foundation
import Testing

/// `echolot render` on the shipped tutorial, run as a separate process (so its OpenAL
/// device does not meet this process's) and listened to through the WAV file it writes.
@Suite final class RenderCommand {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("echolot-render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// Runs `echolot` with `arguments`; returns its exit status and stderr.
    func echolot(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
        let run = try runEcholot(arguments)
        return (run.status, run.stderr)
    }

    /// A copy of the tutorial whose rule `boom` fails on every tick.
    func tutorialFailingEveryTick() throws -> URL {
        let pack = folder.appendingPathComponent("tutorial")
        try FileManager.default.copyItem(at: Tutorial.root, to: pack)
        try FileManager.default.createDirectory(at: pack.appendingPathComponent("scripts"), withIntermediateDirectories: true)
        try #"echolot.reducer({ name = "boom", on = { tick = function() error("boom") end } })"#
            .write(to: pack.appendingPathComponent("scripts/boom.lua"), atomically: true, encoding: .utf8)
        return pack
    }

    /// The tutorial's bell, at azimuth 60, is heard to the right in `audio` until `turn`
    /// (the input log's turn towards it), and straight ahead from then on.
    func expectTheBellAhead(after turn: Double, in audio: DecodedAudio) {
        let heard = Stereo(interleaved: audio.samples.map { Float($0) / 32768 }, sampleRate: audio.sampleRate)
        let before = heard.slice(from: 0.1, to: turn - 0.05), after = heard.slice(from: turn + 0.1, to: audio.duration)
        #expect(before.rms > 0.005 && after.rms > 0.005)
        #expect(before.ildDecibels > 3, "ILD before the turn: \(before.ildDecibels) dB")
        #expect(abs(after.ildDecibels) < 1.5, "ILD after the turn: \(after.ildDecibels) dB")
    }

    /// A rule failing while the level renders: told, the file written all the same, and
    /// status 1, as `echolot run` ends.
    @Test func aRuleFailingWhileRenderingEndsWithStatusOne() throws {
        let pack = try tutorialFailingEveryTick()
        let out = folder.appendingPathComponent("boom.wav")
        let run = try echolot(["render", pack.path, "--level", "first-sound", "--seconds", "0.5", "--out", out.path])
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("boom"), "\(run.stderr)")
        #expect(abs(try AudioAsset.decode(url: out).duration - 0.5) < 0.001)
    }

    /// A level whose clock stands still because every tick fails is not ticked on, as
    /// `run` does not tick it: a rule that spends its whole budget on each tick made an
    /// hour's render take over an hour. The ticks up to the next input sound as the level
    /// stands, so the input is still heard at its time, and the render says so as `run` does.
    @Test func aStalledLevelIsNotTickedOnAndTheInputsAreHeardAtTheirTimes() throws {
        let pack = try tutorialFailingEveryTick()
        let log = folder.appendingPathComponent("turn.jsonl")
        try Data("{\"t\": 3, \"action\": \"turnTo\", \"azimuth\": 60}\n".utf8).write(to: log)
        let out = folder.appendingPathComponent("stalled.wav")
        let run = try echolot(["render", pack.path, "--level", "first-sound", "--seconds", "5", "--out", out.path, "--input", log.path])
        #expect(run.status == 1, "\(run.stderr)")
        // A second of failed ticks before the turn and one after it: 120, not 300.
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 2 && lines[0].contains("boom") && lines[0].hasSuffix("(120 times)"), "\(run.stderr)")
        #expect(lines.last == "note: from 1.00 s of the input the level's clock stood still for 60 ticks, each failing on the error above, "
            + "2 times; the ticks up to the next input, at 3 s, were not played; the run stopped at 4.00 s, since no input was left to change that",
            "\(run.stderr)")
        let audio = try AudioAsset.decode(url: out)
        #expect(abs(audio.duration - 5) < 0.001)
        expectTheBellAhead(after: 3, in: audio)
    }

    @Test func rendersTheTutorialAndFollowsTheInputLog() throws {
        let log = folder.appendingPathComponent("turn.jsonl")
        try Data("{\"t\": 1.5, \"action\": \"turnTo\", \"azimuth\": 60}\n".utf8).write(to: log)
        let out = folder.appendingPathComponent("first-sound.wav")
        let run = try echolot([
            "render", Tutorial.root.path, "--level", "first-sound", "--seconds", "3",
            "--out", out.path, "--input", log.path,
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let audio = try AudioAsset.decode(url: out)
        #expect(audio.channels == 2 && audio.sampleRate == 44_100)
        #expect(abs(audio.duration - 3) < 0.001)
        expectTheBellAhead(after: 1.5, in: audio)
    }

    /// A level the input log ends early sounds on to --seconds to the frame: each tick
    /// wrote whole frames and carried the fraction, which the rest left out, one frame short
    /// (132,299 for 3 s). The count is round(seconds × rate) however the level ends.
    @Test(arguments: [(3.0, 44_100), (10.0, 44_100), (2.5, 48_000), (1.01, 44_100)])
    func aLevelEndedEarlyIsRenderedToTheFrame(seconds: Double, rate: Int) throws {
        let log = folder.appendingPathComponent("end.jsonl")
        // Ended at the 116th tick, as `play --record` writes its time: there the fractions
        // carried add up to just under a frame.
        try Data("{\"t\": 0.5, \"action\": \"turnTo\", \"azimuth\": 30}\n{\"t\": 1.9333333333333333, \"action\": \"end\"}\n".utf8)
            .write(to: log)
        let out = folder.appendingPathComponent("ended-\(seconds)-\(rate).wav")
        let run = try echolot(["render", Tutorial.root.path, "--level", "first-sound", "--seconds", "\(seconds)", "--rate", "\(rate)",
                               "--out", out.path, "--input", log.path])
        #expect(run.status == 0, "\(run.stderr)")
        let audio = try AudioAsset.decode(url: out)
        #expect(audio.samples.count / audio.channels == Int((seconds * Double(rate)).rounded()))
    }

    /// `--earned-before` starts the level with those achievements, as `run` and `replay`
    /// do, so a recording renders as its player heard it: here a rule that hushes the bell
    /// for a player who has won before.
    @Test func theLevelStartsWithTheAchievementsEarnedBefore() throws {
        let pack = folder.appendingPathComponent("tutorial")
        try FileManager.default.copyItem(at: Tutorial.root, to: pack)
        try FileManager.default.createDirectory(at: pack.appendingPathComponent("scripts"), withIntermediateDirectories: true)
        try """
            echolot.reducer({ name = "hush", on = { ["level.started"] = function(level, action, ctx)
              local earned = ctx.game.achievements
              if earned and earned.firstWin then level.entities.bell.sound.playing = false end
            end } })
            """.write(to: pack.appendingPathComponent("scripts/hush.lua"), atomically: true, encoding: .utf8)
        func loudness(_ extra: [String]) throws -> Double {
            let out = folder.appendingPathComponent("hush-\(extra.joined(separator: "-").count).wav")
            let run = try echolot(["render", pack.path, "--level", "first-sound", "--seconds", "1", "--out", out.path] + extra)
            #expect(run.status == 0, "\(run.stderr)")
            let audio = try AudioAsset.decode(url: out)
            return Stereo(interleaved: audio.samples.map { Float($0) / 32768 }, sampleRate: audio.sampleRate).slice(from: 0.2, to: 1).rms
        }
        #expect(try loudness([]) > 0.005, "a player new to the pack hears the bell")
        #expect(try loudness(["--earned-before", "firstWin"]) < 0.0001, "one who has won before does not")
        // A recording renders as it was played: with the achievements its description says
        // its level started with, unless --earned-before says otherwise.
        let log = folder.appendingPathComponent("session.jsonl")
        try Data("{\"t\": 0.5, \"action\": \"turnTo\", \"azimuth\": 30}\n".utf8).write(to: log)
        try Data(#"""
            {"format": "echolot-recording/1", "pack": "\#(pack.path)", "packID": "tutorial", "packVersion": "1.0.1",
             "level": "first-sound", "step": 0.016666666666666666, "ticks": 60, "outcome": "running",
             "stateHash": "0123456789abcdef", "earnedBefore": ["firstWin"]}
            """#.utf8).write(to: URL(fileURLWithPath: log.path + ".meta.json"))
        #expect(try loudness(["--input", log.path]) < 0.0001, "the recorded player had won before")
        #expect(try loudness(["--input", log.path, "--earned-before", ""]) > 0.005)
        let told = try echolot(["render", pack.path, "--level", "first-sound", "--seconds", "0.1", "--input", log.path,
                                "--out", folder.appendingPathComponent("told.wav").path])
        #expect(told.stderr.contains("session.jsonl.meta.json: note: the level starts with the achievements the recorded one did: "
            + "firstWin (--earned-before \"\" for none)"), "\(told.stderr)")
        // A description that does not read: its problem as a warning, and none taken.
        try Data("{\"format\": ".utf8).write(to: URL(fileURLWithPath: log.path + ".meta.json"))
        let broken = try echolot(["render", pack.path, "--level", "first-sound", "--seconds", "0.1", "--input", log.path,
                                  "--out", folder.appendingPathComponent("broken.wav").path])
        #expect(broken.status == 0, "\(broken.stderr)")
        #expect(broken.stderr.contains("session.jsonl.meta.json:1:12: warning: "), "\(broken.stderr)")
        #expect(!broken.stderr.contains(": error: "), "\(broken.stderr)")
        #expect(broken.stderr.contains("note: the recording's description does not read (above), so the level starts with no "
            + "achievement earned; give --earned-before to name them"), "\(broken.stderr)")
    }

    /// The same pack, level and log give the same bytes: each run is a new process, whose
    /// hash seed differs, so an order taken from a Set or Dictionary would show here (the
    /// four sources of 'around-you' were made in a different order each time, and the mix
    /// differed in the last bit).
    @Test func theSameRenderGivesTheSameBytes() throws {
        let files = try (1 ... 3).map { index in
            let out = folder.appendingPathComponent("around-you-\(index).wav")
            let run = try echolot(["render", Tutorial.root.path, "--level", "around-you", "--seconds", "2", "--out", out.path])
            #expect(run.status == 0, "\(run.stderr)")
            return try Data(contentsOf: out)
        }
        #expect(files[0] == files[1] && files[1] == files[2])
    }

    /// A pack that extends the tutorial brings no sounds of its own: its inherited level
    /// sounds with the base's files.
    @Test func anExtendingPackSoundsWithItsBasesFiles() throws {
        let pack = folder.appendingPathComponent("louder-tutorial", isDirectory: true)
        try FileManager.default.createDirectory(at: pack, withIntermediateDirectories: true)
        try Data(#"""
            { "id": "louder-tutorial", "name": "Louder", "version": "1.0.0", "api": 1, "author": "Tester",
              "extends": "tutorial", "dependencies": { "tutorial": "^1.0.0" } }
            """#.utf8).write(to: pack.appendingPathComponent("pack.json"))
        let out = folder.appendingPathComponent("inherited.wav")
        let run = try echolot(["render", pack.path, "--level", "first-sound", "--seconds", "1", "--out", out.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("audio"), "\(run.stderr)")
        let audio = try AudioAsset.decode(url: out)
        let heard = Stereo(interleaved: audio.samples.map { Float($0) / 32768 }, sampleRate: audio.sampleRate)
        #expect(heard.slice(from: 0.1, to: 0.9).rms > 0.005)
    }

    @Test func anUnknownLevelIsAnErrorWithStatus1() throws {
        let run = try echolot(["render", Tutorial.root.path, "--level", "nope", "--seconds", "1", "--out", folder.appendingPathComponent("x.wav").path])
        #expect(run.status == 1)
        #expect(run.stderr.contains("error: pack 'tutorial' has no level 'nope'"))
    }

    /// A copy of the tutorial in the test's folder, to spoil.
    private func tutorialCopy() throws -> URL {
        let pack = folder.appendingPathComponent("tutorial-copy", isDirectory: true)
        try FileManager.default.copyItem(at: Tutorial.root, to: pack)
        return pack
    }

    /// An output aimed into the pack would replace its own files: refused, nothing changed.
    @Test func anOutputInsideThePackIsRefusedAndThePackKept() throws {
        let pack = try tutorialCopy()
        let bell = pack.appendingPathComponent("sounds/bell.wav")
        let before = try Data(contentsOf: bell)
        let run = try echolot(["render", pack.path, "--level", "first-sound", "--seconds", "1", "--out", bell.path])
        #expect(run.status == 1)
        #expect(run.stderr == "\(bell.path):1:1: error: the output is inside a pack folder being read; write it outside the pack\n")
        #expect(try Data(contentsOf: bell) == before)
    }

    /// An output that is the input log (by its name or through a link) would replace the
    /// log the render plays: refused, the log kept.
    /// (By its name only when the log is named `.wav`: any other name is no `--out`.)
    @Test(arguments: [false, true]) func anOutputThatIsTheInputLogIsRefusedAndTheLogKept(throughLink: Bool) throws {
        let log = folder.appendingPathComponent(throughLink ? "turn.jsonl" : "turn.wav")
        let text = Data("{\"t\": 0.5, \"action\": \"turnTo\", \"azimuth\": 60}\n".utf8)
        try text.write(to: log)
        var out = log
        if throughLink {
            out = folder.appendingPathComponent("turn-link.wav")
            try FileManager.default.createSymbolicLink(at: out, withDestinationURL: log)
        }
        let run = try echolot(["render", Tutorial.root.path, "--level", "first-sound", "--seconds", "1", "--input", log.path, "--out", out.path])
        #expect(run.status == 1)
        #expect(run.stderr == "\(out.path):1:1: error: the output is the input log being read; write it elsewhere\n")
        #expect(try Data(contentsOf: log) == text)
    }

    /// An output named as a WAV file but holding something else (an input log renamed, a
    /// read-only file) is refused before the level plays, and the file kept with its
    /// permissions: it was replaced by the render.
    @Test(arguments: ["victim.wav", "read-only.wav"]) func anExistingFileThatIsNoWAVIsNotReplaced(name: String) throws {
        let out = folder.appendingPathComponent(name)
        let text = Data("{\"t\": 0.5, \"action\": \"turnTo\", \"azimuth\": 60}\n".utf8)
        try text.write(to: out)
        #expect(chmod(out.path, 0o444) == 0)
        let run = try echolot(["render", Tutorial.root.path, "--level", "first-sound", "--seconds", "1", "--out", out.path])
        #expect(run.status == 1)
        #expect(run.stderr == "\(out.path):1:1: error: the file exists and is not a WAV file (it does not begin with RIFF…WAVE), "
            + "so it is not replaced; give a new file name, or remove the file first\n")
        #expect(try Data(contentsOf: out) == text)
        #expect(try FileManager.default.attributesOfItem(atPath: out.path)[.posixPermissions] as? Int == 0o444)
        #expect(try temporaries().isEmpty)
    }

    /// An output not named `.wav` is a usage error before the level loads, whatever it
    /// names (a new `.mp3`, an input log named after --out for --input, another pack's
    /// manifest), and nothing is written or changed: a WAV file was written under the name,
    /// `x.mp3` a WAV no player takes for one. The extension's case does not matter.
    @Test func anOutputNotNamedWAVIsAUsageError() throws {
        let log = folder.appendingPathComponent("victim.jsonl"), manifest = folder.appendingPathComponent("pack.json")
        let text = Data("{\"t\": 0.5, \"action\": \"turnTo\", \"azimuth\": 60}\n".utf8)
        try text.write(to: log)
        try text.write(to: manifest)
        for out in [folder.appendingPathComponent("x.mp3"), folder.appendingPathComponent("x"), log, manifest] {
            let run = try echolot(["render", Tutorial.root.path, "--level", "nope", "--seconds", "1", "--out", out.path])
            #expect(run.status == 2)
            #expect(run.stderr.hasPrefix("Error: --out: \(out.path) does not end in .wav; the file written is a .wav file, "
                + "so name it as one, such as level.wav\n"), "\(run.stderr)")
        }
        #expect(try Data(contentsOf: log) == text && Data(contentsOf: manifest) == text)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["pack.json", "victim.jsonl"])
        let loud = folder.appendingPathComponent("LOUD.WAV")
        let run = try echolot(["render", Tutorial.root.path, "--level", "first-sound", "--seconds", "0.25", "--out", loud.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(abs(try AudioAsset.decode(url: loud).duration - 0.25) < 0.001)
    }

    /// A WAV file made read-only is refused as `cp` refuses it, and kept; a writable one
    /// replaced keeps its mode (the rename gave it the default).
    @Test func aReadOnlyWAVIsNotReplacedAndAReplacedOneKeepsItsMode() throws {
        let out = folder.appendingPathComponent("kept.wav")
        let first = try echolot(["render", Tutorial.root.path, "--level", "first-sound", "--seconds", "0.25", "--out", out.path])
        #expect(first.status == 0, "\(first.stderr)")
        let before = try Data(contentsOf: out)
        #expect(chmod(out.path, 0o444) == 0)
        let refused = try echolot(["render", Tutorial.root.path, "--level", "first-sound", "--seconds", "0.5", "--out", out.path])
        #expect(refused.status == 1)
        #expect(refused.stderr == "\(out.path):1:1: error: the file is read-only, so it is not replaced; "
            + "make it writable (chmod u+w), or give a new file name\n")
        #expect(try Data(contentsOf: out) == before)
        #expect(try FileManager.default.attributesOfItem(atPath: out.path)[.posixPermissions] as? Int == 0o444)
        #expect(chmod(out.path, 0o640) == 0)
        let replaced = try echolot(["render", Tutorial.root.path, "--level", "first-sound", "--seconds", "0.5", "--out", out.path])
        #expect(replaced.status == 0, "\(replaced.stderr)")
        #expect(try Data(contentsOf: out) != before)
        #expect(try FileManager.default.attributesOfItem(atPath: out.path)[.posixPermissions] as? Int == 0o640)
        #expect(try temporaries().isEmpty)
    }

    /// A WAV file, an empty file and a link to a WAV file are replaced (the link written through).
    @Test func aWAVFileOrAnEmptyOneIsReplaced() throws {
        let wav = folder.appendingPathComponent("earlier.wav"), empty = folder.appendingPathComponent("empty.wav")
        let link = folder.appendingPathComponent("link.wav")
        try Data().write(to: empty)
        for out in [empty, wav] {
            let run = try echolot(["render", Tutorial.root.path, "--level", "first-sound", "--seconds", "0.5", "--out", out.path])
            #expect(run.status == 0, "\(run.stderr)")
        }
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: wav)
        for out in [wav, link] {
            let run = try echolot(["render", Tutorial.root.path, "--level", "first-sound", "--seconds", "0.25", "--out", out.path])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(abs(try AudioAsset.decode(url: wav).duration - 0.25) < 0.001)
        }
        #expect(abs(try AudioAsset.decode(url: empty).duration - 0.5) < 0.001)
    }

    /// Less than one sample of audio is a usage error, not a WAV file with nothing in it;
    /// a negative number is told as out of range too, not as a missing value (`-1` read
    /// as an option).
    @Test(arguments: ["0", "0.00001", "nan", "3601", "-1"]) func secondsOutsideOneSampleTo3600AreAUsageError(seconds: String) throws {
        let out = folder.appendingPathComponent("short.wav")
        let run = try echolot(["render", Tutorial.root.path, "--level", "first-sound", "--seconds", seconds, "--out", out.path])
        #expect(run.status == 2)
        #expect(run.stderr.contains("--seconds must be a number of seconds from one sample (1/44100 s) to 3600"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    /// An empty --out is a usage error, not "the current folder is not a regular file".
    @Test func anEmptyOutputIsAUsageError() throws {
        let run = try echolot(["render", Tutorial.root.path, "--level", "first-sound", "--seconds", "1", "--out", ""])
        #expect(run.status == 2)
        #expect(run.stderr.contains("--out needs a file name"), "\(run.stderr)")
    }

    /// An output in a folder that does not exist says so, not libsndfile's "System error",
    /// as a usage error before the level loads (the one check of `play --record` and
    /// `pack --out`).
    @Test func anOutputInAMissingFolderSaysWhichFolder() throws {
        let missing = folder.appendingPathComponent("no-such-folder")
        let out = missing.appendingPathComponent("x.wav")
        let run = try echolot(["render", Tutorial.root.path, "--level", "first-sound", "--seconds", "1", "--out", out.path])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("Error: --out: the folder \(missing.path) does not exist\n"), "\(run.stderr)")
    }

    /// An output that is a folder is a usage error too, told before the level is loaded
    /// (an unknown level is not what is said), and the folder is left as it was.
    @Test func anOutputThatIsAFolderIsAUsageError() throws {
        let taken = folder.appendingPathComponent("taken.wav", isDirectory: true)
        try FileManager.default.createDirectory(at: taken, withIntermediateDirectories: true)
        let run = try echolot(["render", Tutorial.root.path, "--level", "nope", "--seconds", "1", "--out", taken.path])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("Error: --out: \(taken.path) is a folder; give a file name inside it\n"), "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: taken.path).isEmpty)
    }

    /// A render ended by a signal (Ctrl-C, kill) leaves neither a hidden temporary file,
    /// which grows by 10 MB a minute of audio, nor a changed output.
    @Test func aKilledRenderLeavesNoTemporaryFileAndTheOutputAsItWas() throws {
        let out = folder.appendingPathComponent("long.wav")
        try Self.earlier.write(to: out)
        let process = try startWritingAnHourLongRender(to: out)
        process.terminate()
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGTERM)
        #expect(try temporaries().isEmpty)
        #expect(try Data(contentsOf: out) == Self.earlier)
    }

    /// `kill -9` ends a render before it can remove its temporary file: the next render to
    /// the same file removes it (its process is gone), and leaves a live render's one and
    /// every other file.
    @Test func theNextRenderRemovesTheTemporaryFileOfOneKilledOutright() throws {
        let out = folder.appendingPathComponent("long.wav")
        let process = try startWritingAnHourLongRender(to: out)
        let left = try temporaries()
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(try temporaries() == left, "kill -9 runs no cleanup")
        // This test's process is alive: a temporary named after it is a render under way.
        let live = ".long.wav.\(getpid())-\(UUID().uuidString).tmp"
        // Nor is anything not named exactly as a temporary is: a user's dated file, one of
        // a write to `long.wav.2147483646-x` (its writer's id read as long.wav's), a tail no UUID.
        let others = [live, ".other.wav.2147483647-\(UUID().uuidString).tmp", ".long.wav.notes.tmp", ".long.wav.2024-06-01.tmp",
                      ".long.wav.2147483646-x.\(getpid())-\(UUID().uuidString).tmp", ".long.wav.2147483647-notauuid.tmp"]
        for name in others { try Data("kept".utf8).write(to: folder.appendingPathComponent(name)) }
        let next = try echolot(["render", Tutorial.root.path, "--level", "first-sound", "--seconds", "0.5", "--out", out.path])
        #expect(next.status == 0, "\(next.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == (others + ["long.wav"]).sorted())
        #expect(abs(try AudioAsset.decode(url: out).duration - 0.5) < 0.001)
    }

    /// An earlier render's file, which a render may replace: a WAV file (its header, here).
    static let earlier = Data("RIFF\u{0}\u{0}\u{0}\u{0}WAVE earlier render".utf8)

    /// The hidden temporary files in the test's folder.
    func temporaries() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") }
    }

    /// Starts rendering an hour of the tutorial to `out`, returning once its temporary file is there.
    func startWritingAnHourLongRender(to out: URL) throws -> Process {
        let process = Process()
        process.executableURL = echolotExecutable
        process.arguments = ["render", Tutorial.root.path, "--level", "around-you", "--seconds", "3600", "--out", out.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(30)
        while try temporaries().isEmpty, process.isRunning, Date() < deadline { usleep(20_000) }
        #expect(try !temporaries().isEmpty, "the render never started writing")
        return process
    }

    /// Ctrl-C there from the very start (pressed while the pack loads, or before the first
    /// tick is written) ends the render as Ctrl-C ends a command, with no file written or
    /// left half-written and an earlier output as it was.
    @Test func aRenderInterruptedFromItsStartLeavesNothing() throws {
        let out = folder.appendingPathComponent("early.wav")
        try Self.earlier.write(to: out)
        let result = try runEcholot(["render", Tutorial.root.path, "--level", "around-you", "--seconds", "60", "--out", out.path],
                                    interruptedBy: SIGINT)
        #expect(result.status == 128 + SIGINT)
        #expect(result.stdout == "")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["early.wav"])
        #expect(try Data(contentsOf: out) == Self.earlier)
    }

    /// A render started with Ctrl-C ignored (a background job of a script, `nohup`) goes on
    /// through one and writes its file: the signals it holds back while it renders are
    /// only those that would have ended it.
    @Test func aRenderThatIgnoresCtrlCFinishesThroughOne() throws {
        let out = folder.appendingPathComponent("background.wav")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", #"trap "" INT; exec "$0" "$@""#, echolotExecutable.path,
                             "render", Tutorial.root.path, "--level", "around-you", "--seconds", "300", "--out", out.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(30)
        func writing() throws -> Bool {
            try FileManager.default.contentsOfDirectory(atPath: folder.path).contains { $0.hasSuffix(".tmp") }
        }
        while try !writing(), process.isRunning, Date() < deadline { usleep(20_000) }
        try #require(try writing(), "the render never started writing")
        process.interrupt()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)
        // A 44-byte header and five minutes of 16-bit stereo.
        let size = try FileManager.default.attributesOfItem(atPath: out.path)[.size] as? Int
        #expect(size == 44 + 300 * 44_100 * 4)
    }

    /// A level naming `cloche-é.wav` composed (NFC, as editors type it) while the file on
    /// disk is decomposed (NFD, as macOS writes it) — or the other way round — loads and
    /// sounds: the names differ only in Unicode normalisation.
    @Test(arguments: [false, true]) func aSoundNamedInAnotherUnicodeNormalisationIsHeard(decomposedOnDisk: Bool) throws {
        let pack = try tutorialCopy()
        let composed = "cloche-\u{E9}.wav", decomposed = "cloche-e\u{301}.wav"
        let (onDisk, written) = decomposedOnDisk ? (decomposed, composed) : (composed, decomposed)
        let sounds = pack.appendingPathComponent("sounds")
        try FileManager.default.copyItem(atPath: sounds.appendingPathComponent("bell.wav").path,
                                         toPath: sounds.appendingPathComponent(onDisk).path)
        let names = try FileManager.default.contentsOfDirectory(atPath: sounds.path)
        try #require(names.contains { $0.unicodeScalars.elementsEqual(onDisk.unicodeScalars) }, "\(names.map(\.unicodeScalars))")
        let level = pack.appendingPathComponent("levels/first-sound.json")
        let text = try String(contentsOf: level, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "\"bell.wav\"", with: "\"\(written)\"").utf8).write(to: level)

        let out = folder.appendingPathComponent("cloche.wav")
        let run = try echolot(["render", pack.path, "--level", "first-sound", "--seconds", "1", "--out", out.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        let audio = try AudioAsset.decode(url: out)
        let heard = Stereo(interleaved: audio.samples.map { Float($0) / 32768 }, sampleRate: audio.sampleRate)
        #expect(heard.slice(from: 0.1, to: 0.9).rms > 0.005)
        let validate = try runEcholot(["validate", pack.path])
        #expect(validate.status == 0, "\(validate.stdout)\(validate.stderr)")
    }

    /// A sound a rule sets while the level runs is decoded only when it plays: the render
    /// is not written, and the message says so instead of sending the author to
    /// `validate`, which checks the files and answered "ok". (A file the pack lacks is
    /// refused at the rule's write: BadInputTests.)
    @Test func aBrokenSoundARuleSetsIsNotSentToValidate() throws {
        let pack = try tutorialCopy()
        let scripts = pack.appendingPathComponent("scripts")
        try FileManager.default.createDirectory(at: scripts, withIntermediateDirectories: true)
        try Data("not audio".utf8).write(to: pack.appendingPathComponent("sounds/broken.wav"))
        try Data("""
            echolot.behaviour("swap", {
              on = { tick = function(entity, action, ctx) entity.sound.file = "broken.wav" end },
            })
            """.utf8).write(to: scripts.appendingPathComponent("swap.lua"))
        let level = pack.appendingPathComponent("levels/first-sound.json")
        let text = try String(contentsOf: level, encoding: .utf8)
        try Data(text.replacingOccurrences(of: #""sound": { "file": "bell.wav" }"#,
                                           with: #""sound": { "file": "bell.wav" }, "behaviours": [{ "type": "swap" }]"#).utf8)
            .write(to: level)
        #expect(try runEcholot(["validate", pack.path]).status == 0)
        let out = folder.appendingPathComponent("swapped.wav")
        let run = try echolot(["render", pack.path, "--level", "first-sound", "--seconds", "1", "--out", out.path])
        #expect(run.status == 1)
        #expect(run.stderr.contains("sounds/broken.wav: error: "), "\(run.stderr)")
        #expect(run.stderr.contains("swapped.wav: error: not written: sounds of the level cannot be played (above); "
            + "a rule set them while the level ran, and validate checks only the sounds the pack's files name"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
        // A broken sound of another level is not this one's: validate would list that one.
        try Data("not audio".utf8).write(to: pack.appendingPathComponent("sounds/drum.wav"))
        let elsewhere = try echolot(["render", pack.path, "--level", "first-sound", "--seconds", "1", "--out", out.path])
        #expect(elsewhere.status == 1)
        #expect(elsewhere.stderr.contains("a rule set them while the level ran, and validate checks only the sounds "
            + "the pack's files name"), "\(elsewhere.stderr)")
    }

    /// A level with more entities sounding than the device plays at once is rendered as a
    /// player hears it, the nearest sounding, and says so once; `validate` warns of it at
    /// the level's entities. The render told a line for each sound past the limit (OpenAL's
    /// "Out of Memory"), blamed a rule for them and wrote nothing.
    @Test func aLevelOfMoreSoundsThanPlayAtOnceIsRenderedWithTheNearest() throws {
        let pack = folder.appendingPathComponent("crowd", isDirectory: true)
        for sub in ["levels", "sounds"] {
            try FileManager.default.createDirectory(at: pack.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        try FileManager.default.copyItem(at: Tutorial.root.appendingPathComponent("sounds/bell.wav"),
                                         to: pack.appendingPathComponent("sounds/bell.wav"))
        try Data(#"""
            { "id": "crowd", "name": "Crowd", "version": "1.0.0", "api": 1, "author": "Tester", "defaultLanguage": "en",
              "scenarios": [{ "id": "all", "name": "All", "levels": ["crowd"] }] }
            """#.utf8).write(to: pack.appendingPathComponent("pack.json"))
        // Quiet entities near the head, then 100 loud ones farther off: the quiet ones are
        // the nearest, so the render is silent.
        let limit = AudioDevice.entitySoundLimit
        let entities = (0 ..< limit + 100).map { index in
            let near = index < limit
            return #"    { "id": "e\#(index)", "position": { "azimuth": 90, "distance": \#(near ? 1.5 : 5) }, "#
                + #""sound": { "file": "bell.wav", "volume": \#(near ? 0 : 1) } }"#
        }
        try Data(("{\n  \"id\": \"crowd\", \"name\": \"Crowd\", \"goals\": [{ \"type\": \"find\", \"entity\": \"e0\" }],\n"
            + "  \"entities\": [\n" + entities.joined(separator: ",\n") + "\n  ]\n}\n").utf8)
            .write(to: pack.appendingPathComponent("levels/crowd.json"))

        let out = folder.appendingPathComponent("crowd.wav")
        let run = try echolot(["render", pack.path, "--level", "crowd", "--seconds", "1", "--out", out.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "audio: 1100 entities have a sound, more than the 1000 that can play at once: 1000 play, "
            + "the nearest as the level began, and the other 100 stay silent until a source comes free; the pack's author "
            + "can give fewer entities a sound (echolot validate warns of a level that has too many)\n")
        let audio = try AudioAsset.decode(url: out)
        #expect(abs(audio.duration - 1) < 0.001)
        let heard = Stereo(interleaved: audio.samples.map { Float($0) / 32768 }, sampleRate: audio.sampleRate)
        #expect(heard.rms < 1e-4, "the far, loud bells are not heard: \(heard.rms)")

        let validated = try runEcholot(["validate", pack.path])
        #expect(validated.status == 0, "\(validated.stderr)")
        #expect(validated.stderr == "\(pack.path)/levels/crowd.json:3:15: warning: entities: 1100 entities have a sound, "
            + "more than the 1000 a player's sound device plays at once: only the 1000 nearest are heard as the level "
            + "begins; give fewer entities a sound, or split the level\n")
    }

    /// A sound that cannot be played makes the render wrong: status 1 and no file, and a
    /// file already there is left as it was.
    @Test func aLevelWithABrokenSoundIsNotWritten() throws {
        let pack = try tutorialCopy()
        try Data("not audio".utf8).write(to: pack.appendingPathComponent("sounds/bell.wav"))
        let out = folder.appendingPathComponent("kept.wav")
        try Self.earlier.write(to: out)
        let run = try echolot(["render", pack.path, "--level", "first-sound", "--seconds", "1", "--out", out.path])
        #expect(run.status == 1)
        // Told before any render, where the level names the sound, as validate tells it.
        #expect(run.stderr.hasPrefix("\(pack.path)/levels/first-sound.json:14:26: error: entities[0].sound.file: "
            + "sound file \"sounds/bell.wav\": not a readable WAV"), "\(run.stderr)")
        #expect(!run.stderr.contains("stays silent"), "\(run.stderr)")
        #expect(run.stderr.hasSuffix("kept.wav: error: not written: sounds of the level cannot be played (above)\n"), "\(run.stderr)")
        #expect(try Data(contentsOf: out) == Self.earlier)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(!left.contains { $0.hasSuffix(".tmp") }, "\(left)")
    }
}
