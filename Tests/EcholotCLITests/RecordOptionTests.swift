import EcholotModel
import EcholotTestSupport
import Foundation
import Testing

/// `play --record` is checked before anything is played, so a level is never played
/// unrecorded for a path that could not have been written.
struct RecordOptionTests {
    @Test func aRecordingPathThatCannotBeAFileIsAUsageError() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (path, message) in [(folder.path, "is a folder; give a file name inside it"),
                                ("", "--record needs a file name"),
                                (folder.path + "/", "--record needs a file name")] {
            let result = try echolot(["play", "--record", path])
            #expect(result.status == 2)
            #expect(result.stderr.contains(message), "\(result.stderr)")
        }
    }

    /// A log is begun empty when a level starts: an existing file that is no recording
    /// (a pack's level, a mistyped name) is refused before anything is played, and kept.
    /// An earlier recording may be written again.
    @Test func anExistingFileThatIsNoRecordingIsNotWrittenOver() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let level = folder.appendingPathComponent("cave.json")
        try Data(#"{"id": "cave"}"#.utf8).write(to: level)
        let result = try echolot(["play", "--record", level.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("cave.json already exists and is no recording (a name ending in .jsonl or .story.json)"),
                "\(result.stderr)")
        #expect(try String(contentsOf: level, encoding: .utf8) == #"{"id": "cave"}"#)
        let earlier = folder.appendingPathComponent("walk.jsonl")
        try Data().write(to: earlier)
        // Past the check: play itself then needs a terminal.
        #expect(!(try echolot(["play", "--record", earlier.path]).stderr.contains("is no recording")))
    }

    /// A write that fails is told in the system's words, not as Foundation's error dump.
    @Test func aFailedWriteIsToldInTheSystemsWords() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let error = #expect(throws: (any Error).self) {
            try Data("x".utf8).write(to: folder, options: .atomic)
        }
        let text = try FileErrorText.describe(#require(error))
        #expect(text == "Is a directory", "\(text)")
    }
}
