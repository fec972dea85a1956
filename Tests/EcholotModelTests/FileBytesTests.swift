import EcholotModel
import EcholotTestSupport
import Foundation
import Glibc
import Testing

/// Files read whole are regular files of a bounded size: anything else is refused at once,
/// never read for ever or waited on.
@Suite struct FileBytesTests {
    @Test func aRegularFileIsReadWhole() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("a.txt")
        try Data("hello".utf8).write(to: file)
        #expect(FileBytes.read(atPath: file.path, limit: 5) == .success(Array("hello".utf8)))
        #expect(FileBytes.read(atPath: file.path, limit: 4) == .failure(.tooLarge(size: 5)))
        let empty = folder.appendingPathComponent("empty")
        try Data().write(to: empty)
        #expect(FileBytes.read(atPath: empty.path, limit: 0) == .success([]))
    }

    @Test func aLinkIsFollowedAndAMissingFileSaysSo() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("a.txt")
        try Data("x".utf8).write(to: file)
        let link = folder.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: file)
        #expect(FileBytes.read(atPath: link.path, limit: 10) == .success([UInt8(ascii: "x")]))
        #expect(FileBytes.read(atPath: folder.appendingPathComponent("nothing").path, limit: 10) == .failure(.missing))
    }

    /// A device reads for ever and a pipe waits for a writer: both are refused at once.
    @Test func devicesPipesAndFoldersAreNotRead() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pipe = folder.appendingPathComponent("pipe")
        #expect(mkfifo(pipe.path, 0o600) == 0)
        #expect(FileBytes.read(atPath: pipe.path, limit: 1 << 20) == .failure(.notAFile))
        #expect(FileBytes.read(atPath: "/dev/zero", limit: 1 << 20) == .failure(.notAFile))
        #expect(FileBytes.read(atPath: folder.path, limit: 1 << 20) == .failure(.notAFile))
    }
}
