import EcholotTestSupport
import Foundation
import Testing

/// A PACK argument that is neither a file nor a known pack id, as every command taking one
/// (they share one resolver) reports it: by id when it reads as an id, as a path otherwise.
@Suite struct PackArgumentTests {
    /// The data folder is empty, so no installed pack can answer to the id by chance.
    private func run(_ arguments: [String], data: URL) throws -> ProcessOutput {
        try runEcholot(arguments, environment: ["ECHOLOT_DATA": data.path, "ECHOLOT_PROFILE": nil])
    }

    @Test func anUnknownIdSaysNoPackHasItAndPointsToPacks() throws {
        let data = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: data) }
        let out = data.appendingPathComponent("out.wav").path
        let log = data.appendingPathComponent("log.jsonl")
        try Data("{\"t\":1,\"action\":\"end\"}\n".utf8).write(to: log)
        let expected = "nonexistent-pack:1:1: error: there is no shipped or installed pack with the id 'nonexistent-pack', "
            + "nor a file or folder of that name; 'echolot packs --all' lists the packs by id\n"
        for arguments in [
            ["run", "nonexistent-pack", "--level", "first-sound"],
            ["test", "nonexistent-pack"],
            ["validate", "nonexistent-pack"],
            ["render", "nonexistent-pack", "--level", "first-sound", "--seconds", "1", "--out", out],
            ["replay", log.path, "--pack", "nonexistent-pack", "--level", "first-sound", "--expect", "0"],
        ] {
            let result = try run(arguments, data: data)
            #expect(result.status == 1, "\(arguments): \(result.stderr)")
            #expect(result.stderr == expected, "\(arguments)")
            #expect(result.stdout.isEmpty, "\(arguments)")
        }
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    /// What reads as a path keeps the path's own error: no pack is looked up for it.
    @Test func aMissingPathIsStillAMissingFile() throws {
        let data = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: data) }
        for pack in ["levels/nonexistent-pack", "nonexistent-pack.zip", "Nonexistent"] {
            let result = try run(["test", pack], data: data)
            #expect(result.status == 1)
            #expect(result.stderr == "\(pack):1:1: error: no such file or directory\n")
        }
    }

    /// `validate` takes a shipped pack's id as `test` and `run` do, and reports an unknown
    /// one without stopping before the other paths.
    @Test func validateResolvesIdsLikeTheOtherCommands() throws {
        let data = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: data) }
        let result = try run(["validate", "no-such-id", "tutorial"], data: data)
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("ok: tutorial"), "\(result.stderr)")
        #expect(result.stderr.hasPrefix("no-such-id:1:1: error: there is no shipped or installed pack with the id 'no-such-id'"))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }
}
