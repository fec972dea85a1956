import EcholotTestSupport
import Foundation
import Testing

/// `echolot new`: it makes packs only, and says so when asked for anything else.
@Suite struct NewCommandTests {
    /// `new level x` is a usage error that names what `new` makes (not ArgumentParser's
    /// "2 unexpected arguments"), and writes nothing; `new pack NAME` still makes a pack.
    @Test func newMakesOnlyPacks() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let wrong = try echolot(["new", "level", "x"], in: folder)
        #expect(wrong.status == 2)
        #expect(wrong.stderr.hasPrefix("Error: 'new' makes only a pack, not 'level'.\nUsage: echolot new pack NAME"), "\(wrong.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        let made = try echolot(["new", "pack", "my-pack"], in: folder)
        #expect(made.status == 0, "\(made.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("my-pack/pack.json").path))
    }
}
