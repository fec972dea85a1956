import EcholotModel
import EcholotTestSupport
import Foundation
import Testing

/// An output aimed into any folder a command reads — the pack's own, a base's, a
/// dependency's, through a link or not — or at the archive it reads, is refused.
struct OutputGuardTests {
    @Test func anOutputInsideAnyPackReadIsRefused() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let own = folder.appendingPathComponent("own"), base = folder.appendingPathComponent("base")
        for pack in [own, base] {
            try FileManager.default.createDirectory(at: pack.appendingPathComponent("sounds"), withIntermediateDirectories: true)
        }
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("link"), withDestinationURL: base)
        let archive = folder.appendingPathComponent("own.zip")
        try Data("PK".utf8).write(to: archive)
        let read = [own, base]

        #expect(OutputGuard.problem(writing: base.appendingPathComponent("sounds/bell.wav"), reading: read) != nil)
        #expect(OutputGuard.problem(writing: folder.appendingPathComponent("link/pack.json"), reading: read) != nil)
        #expect(OutputGuard.problem(writing: own.appendingPathComponent("new.zip"), reading: read) != nil)
        #expect(OutputGuard.problem(writing: archive, reading: [archive]) != nil)
        #expect(OutputGuard.problem(writing: folder.appendingPathComponent("own-1.0.0.zip"), reading: read + [archive]) == nil)
        #expect(OutputGuard.problem(writing: folder.appendingPathComponent("ownership/x.wav"), reading: read) == nil)
    }
}
