import EcholotTestSupport
import Foundation
import Testing

/// A folder that install or pack may not write was told in Foundation's words ("You don't
/// have permission", or "NSCocoaErrorDomain error 512" with no reason at all) and without
/// the folder that refused; each is now one sentence naming the folder and the system's
/// reason, with status 1 and nothing written.
@Suite struct PermissionTests {
    /// A scratch folder holding a playable pack's archive, `cave.zip`.
    private func archive() throws -> Scratch {
        let scratch = Scratch()
        try ZipBuilder.write(scratch.at("cave.zip")) { try $0.playablePack(Packs.files(id: "cave"), prefix: "cave/") }
        return scratch
    }

    /// Makes `folder` and takes its write permission away; the caller gives it back, so
    /// that the scratch folder can be removed.
    private func makeReadOnly(_ folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        chmod(folder.path, 0o555)
    }

    /// A data folder that cannot be made (its parent is read-only), and a packs folder that
    /// exists read-only.
    @Test(.whenPermissionsHold, arguments: [
        (locked: "locked", data: "locked/data", told: "cannot create the folder", named: "locked/data"),
        (locked: "data/packs", data: "data", told: "cannot write in the folder", named: "data/packs"),
    ])
    func installWhereItMayNotWriteNamesTheFolder(locked: String, data: String, told: String, named: String) throws {
        let scratch = try archive()
        try makeReadOnly(scratch.at(locked))
        defer { chmod(scratch.at(locked).path, 0o755) }
        let result = try unprivileged(["install", "cave.zip"], in: scratch.url, data: scratch.at(data))
        #expect(result.status == 1)
        #expect(result.stderr == refusal(at: scratch.at(data), "\(told) \(scratch.at(named).path): Permission denied"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.at(locked).path).isEmpty)
    }

    /// `pack` without --out writes beside where it runs; a read-only folder there is named.
    @Test(.whenPermissionsHold)
    func packIntoAReadOnlyFolderNamesTheFolder() throws {
        let scratch = Scratch()
        let data = scratch.at("data")
        #expect(try echolot(["new", "pack", "cave"], in: scratch.url, data: data).status == 0)
        let locked = scratch.at("locked")
        try makeReadOnly(locked)
        defer { chmod(locked.path, 0o755) }
        let result = try unprivileged(["pack", "../cave"], in: locked, data: data)
        #expect(result.status == 1)
        #expect(result.stderr == "cave-0.1.0.zip:1:1: error: cannot write the archive in the folder \(locked.path): Permission denied\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: locked.path).isEmpty)
    }

    /// A data folder below a regular file cannot be made by anyone, root included: the
    /// same sentence, with the system's reason for it.
    @Test func installBelowAFileNamesTheFolder() throws {
        let scratch = try archive()
        let file = scratch.at("file")
        try Data("x".utf8).write(to: file)
        let data = file.appendingPathComponent("data")
        let result = try echolot(["install", "cave.zip"], in: scratch.url, data: data)
        #expect(result.status == 1)
        #expect(result.stderr == refusal(at: data, "cannot create the folder \(data.path): Not a directory"))
        #expect(try Data(contentsOf: file) == Data("x".utf8))
    }

    /// A HOME that is a file, with no ECHOLOT_DATA: the default data folder below it is
    /// named, not the archive, which is fine, with the variable that chooses another.
    @Test func installWithHomeAFileNamesTheDataFolder() throws {
        let scratch = try archive()
        let home = scratch.at("home")
        try Data("x".utf8).write(to: home)
        let result = try runEcholot(["install", "cave.zip"], in: scratch.url, environment: packsEnvironment(
            data: home, ["ECHOLOT_DATA": nil, "XDG_DATA_HOME": nil, "HOME": home.path]))
        #expect(result.status == 1)
        let data = home.appendingPathComponent(".local/share/echolot")
        #expect(result.stderr == refusal(at: data, "cannot create the folder \(home.path)/.local: Not a directory"), "\(result.stderr)")
        #expect(try Data(contentsOf: home) == Data("x".utf8))
    }

    /// What install says of a data folder it cannot write: placed at that folder, with the
    /// way to choose another, then that nothing came of the archive.
    private func refusal(at data: URL, _ reason: String) -> String {
        "\(data.path):1:1: error: \(reason); set ECHOLOT_DATA to keep installed packs in another folder\n"
            + "cave.zip: note: nothing was installed or changed, for the problem told above\n"
    }
}
