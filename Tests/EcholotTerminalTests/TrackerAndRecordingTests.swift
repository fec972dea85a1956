#if canImport(Glibc)
import Glibc
#endif
import EcholotModel
import EcholotTerminal
import EcholotTestSupport
import Foundation
import Testing

/// The head tracker and recording, end to end through `echolot play`.
@Suite(.serialized) struct TrackerAndRecordingTests {
    /// Datagrams with yaw 60 turn the view to 60°; garbage (wrong sizes, NaN, infinity,
    /// absurd angles, a flood) is ignored and said once per kind.
    @Test func openTrackTurnsTheView() throws {
        let game = try PseudoTerminal(["play", tutorialPath, "--plain", "--no-audio", "--level", "first-sound",
                                       "--input-source", "opentrack:0"])
        let listening = try game.expect("listening for OpenTrack on 127.0.0.1:")
        let port = try #require(UInt16(listening.dropFirst("listening for OpenTrack on 127.0.0.1:".count).prefix { $0.isNumber }))
        try game.expect("1. Start")
        game.send("\r")
        try game.expect("Steering: head tracker on 127.0.0.1:\(port)")
        try game.expect("Facing 0° north.")
        let sender = try OpenTrackSender(port: port)
        sender.send(Array(repeating: 0, count: 47))
        sender.send(HeadPose(yaw: .nan).datagram)
        sender.send(HeadPose(yaw: .infinity).datagram)
        sender.send(HeadPose(yaw: 10_000).datagram)
        sender.send(HeadPose(yaw: 60).datagram + [0])
        for _ in 0 ..< 2000 { sender.send([1, 2, 3]) }
        // A tracker sends continuously: a pose every 10 ms, until the view has turned (a
        // busy game may find the flood filled its socket and the first poses dropped).
        let deadline = MonotonicClock.now() + 30
        while game.match("Facing 60° east-north-east. In view: Bell ahead.") == nil {
            try #require(MonotonicClock.now() < deadline && !game.hasExited, "the poses did not turn the view:\n\(game.text.suffix(2000))")
            sender.send(HeadPose(yaw: 60, pitch: 0).datagram)
            game.pump(0.01)
        }
        let said = game.text
        #expect(said.contains("Head tracker: ignoring datagrams that are not 48 bytes."))
        #expect(said.contains("Head tracker: ignoring datagrams that are not finite."))
        #expect(said.contains("Head tracker: ignoring datagrams that are out of range."))
        // The level's first moment takes no space before a key, and a head turn is none.
        game.wait(PseudoTerminal.endPageSettle)
        game.send(" ")
        try game.expect("Hit: Bell.")
        try game.expect("== Won: The First Sound ==")
        #expect(try game.quitFromAPage() == 0)
    }

    /// A story's level waiting for its start is not turned by the head either: poses sent
    /// then change nothing, and once the level starts they turn it.
    @Test func aStoryLevelWaitingForItsStartIsNotTurnedByTheHead() throws {
        let profile = try scratchFolder("tracker-story").appendingPathComponent("p.sqlite")
        let game = try PseudoTerminal(["play", repositoryRoot.appendingPathComponent("levels/night-walk").path, "--plain",
                                       "--no-audio", "--input-source", "opentrack:0", "--profile", profile.path])
        let listening = try game.expect("listening for OpenTrack on 127.0.0.1:")
        let port = try #require(UInt16(listening.dropFirst("listening for OpenTrack on 127.0.0.1:".count).prefix { $0.isNumber }))
        try game.reachTheLantern()
        try game.expect(Words.english.startPrompt)
        let sender = try OpenTrackSender(port: port)
        for _ in 0 ..< 100 {
            sender.send(HeadPose(yaw: 90, pitch: 0).datagram)
            game.pump(0.01)
        }
        #expect(game.match("Facing 90°") == nil, "turned before the start:\n\(game.text.suffix(1500))")
        game.wait(PseudoTerminal.endPageSettle)
        game.send("\r")
        try game.expect("Started.")
        let deadline = MonotonicClock.now() + 30
        while game.match("Facing 90° east.") == nil {
            try #require(MonotonicClock.now() < deadline && !game.hasExited, "the poses did not turn the view:\n\(game.text.suffix(2000))")
            sender.send(HeadPose(yaw: 90, pitch: 0).datagram)
            game.pump(0.01)
        }
        game.send("q")
        try game.expect("You left the story")
        #expect(try game.quitFromAPage() == 0)
    }

    /// A recording made again to the same name, and killed mid-level (kill -9: nothing
    /// runs after it), leaves no description beside the new log: the old session's stayed
    /// there, and `replay` described a session the log is not from.
    @Test func aRecordingKilledMidLevelKeepsNoOldDescription() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("session.jsonl").path
        let meta = RecordingDescription.metaPath(forLog: log)
        func playTheLevel() throws -> PseudoTerminal {
            let game = try PseudoTerminal(["play", tutorialPath, "--plain", "--no-audio", "--level", "two-voices", "--record", log])
            try game.expect("1. Start")
            game.send("\r")
            try game.expect("Level Two Voices begins.")
            return game
        }
        let first = try playTheLevel()
        first.wait(0.3)
        first.send("q")
        try first.expect("Recorded to \(log)")
        #expect(try first.quitFromAPage() == 0)
        #expect(FileManager.default.fileExists(atPath: meta))

        let second = try playTheLevel()
        second.press(PseudoTerminal.left, times: 2)
        try second.expect("Facing")
        kill(second.pid, SIGKILL)
        #expect(try second.waitForExit() == 128 + SIGKILL)
        #expect(!FileManager.default.fileExists(atPath: meta), "the first session's description stayed beside the second's log")
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        #expect(lines.contains { $0.contains("\"action\":\"turnBy\"") } && !lines.contains { $0.contains("\"end\"") }, "\(lines)")
    }

    /// A session recorded with --record replays to the same hash with `echolot replay`,
    /// and `echolot run` reads the same log to the same state.
    @Test func recordedSessionReplays() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("session.jsonl").path
        let game = try PseudoTerminal(["play", tutorialPath, "--plain", "--no-audio", "--level", "two-voices", "--record", log])
        try game.expect("1. Start")
        game.send("\r")
        try game.expect("Level Two Voices begins.")
        game.press(PseudoTerminal.left, times: 2)
        game.send(" ")
        try game.expect("Miss: nothing there.")
        game.press(PseudoTerminal.left, times: 2)
        game.send("\u{1B}[1;2D")
        game.wait(0.3)
        game.send(" ")
        try game.expect("Hit: Bell.")
        game.wait(0.3)
        game.send("q")
        try game.expect("Recorded to \(log)")
        #expect(try game.quitFromAPage() == 0)

        let recording = try RecordingDescription.read(forLog: log)
        #expect(recording.level == "two-voices")
        #expect(recording.packID == "tutorial")
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        #expect(lines.contains { $0.contains("\"action\":\"select\"") })
        #expect(lines.contains { $0.contains("\"action\":\"turnBy\"") })

        let replay = try runEcholot(["replay", log])
        #expect(replay.status == 0, "\(replay.stderr)")
        #expect(replay.stdout.contains("the stateHash matches the recording"))
        #expect(replay.stdout.contains(recording.stateHash))

        let run = try runEcholot(["run", tutorialPath, "--level", "two-voices", "--input", log, "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("\"stateHash\":\"\(recording.stateHash)\""))

        // A wrong expectation fails loudly.
        let wrong = try runEcholot(["replay", log, "--expect", "0000"])
        #expect(wrong.status == 1)
        #expect(wrong.stderr.contains("the replay ends in stateHash"))
    }
}
