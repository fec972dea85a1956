import EcholotTestSupport
import Foundation
import Testing

/// Where `echolot` finds the shipped packs and the standard rules, as the README promises:
/// installed under a prefix, run from any folder; and what it says when `ECHOLOT_SCRIPTS`
/// or `ECHOLOT_PACKS` names a folder that cannot be the one meant.
@Suite struct InstallLayoutTests {
    /// The variables unset (a developer may have them set), the data folder empty.
    /// A pack `edition` in `folder` that extends the tutorial: it needs the tutorial looked up by id.
    private static func edition(in folder: URL) throws -> URL {
        let edition = folder.appendingPathComponent("edition", isDirectory: true)
        try FileManager.default.createDirectory(at: edition, withIntermediateDirectories: true)
        try Data(#"{"id": "edition", "name": "Edition", "version": "1.0.0", "api": 1, "kind": "scored", "extends": "tutorial"}"#.utf8)
            .write(to: edition.appendingPathComponent("pack.json"))
        return edition
    }

    private func environment(data: URL, _ changes: [String: String?] = [:]) -> [String: String?] {
        ["ECHOLOT_PACKS": nil, "ECHOLOT_SCRIPTS": nil, "ECHOLOT_DATA": data.path, "ECHOLOT_PROFILE": nil]
            .merging(changes) { $1 }
    }

    /// `PREFIX/bin/echolot` with `PREFIX/share/echolot/{levels,scripts}`, run from `/`: the
    /// copies are what it reads, though the source tree it was built from is still there.
    /// The copy of `levels/` holds the tutorial alone and the copy of the rules prints as it
    /// loads, so the source tree's folders read instead would show.
    @Test func anInstalledCopyFindsItsPacksAndRulesUnderItsPrefix() throws {
        let scratch = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let prefix = scratch.appendingPathComponent("prefix", isDirectory: true)
        let share = prefix.appendingPathComponent("share/echolot", isDirectory: true)
        let manager = FileManager.default
        try manager.createDirectory(at: prefix.appendingPathComponent("bin"), withIntermediateDirectories: true)
        try manager.createDirectory(at: share.appendingPathComponent("levels"), withIntermediateDirectories: true)
        let binary = prefix.appendingPathComponent("bin/echolot")
        try manager.copyItem(at: echolotExecutable, to: binary)
        try manager.copyItem(at: repositoryRoot.appendingPathComponent("levels/tutorial"),
                             to: share.appendingPathComponent("levels/tutorial"))
        try manager.copyItem(at: repositoryRoot.appendingPathComponent("scripts"), to: share.appendingPathComponent("scripts"))
        let goal = try FileHandle(forWritingTo: share.appendingPathComponent("scripts/goals/find.lua"))
        try goal.seekToEnd()
        try goal.write(contentsOf: Data("\nprint(\"rules from the prefix\")\n".utf8))
        try goal.close()
        let root = URL(fileURLWithPath: "/", isDirectory: true)
        let data = scratch.appendingPathComponent("data", isDirectory: true)

        let validated = try runProcess(binary, ["validate", "tutorial"], in: root, environment: environment(data: data))
        #expect(validated.status == 0, "\(validated.stderr)")
        #expect(validated.stdout == "ok: tutorial (4 levels)\n")

        let ran = try runProcess(binary, ["run", "tutorial", "--level", "first-sound"], in: root, environment: environment(data: data))
        #expect(ran.status == 0, "\(ran.stderr)")
        #expect(ran.stdout.hasPrefix("level first-sound: "))
        #expect(ran.stderr == "print: rules from the prefix\n")

        let listed = try runProcess(binary, ["packs", "--all", "--plain"], in: root, environment: environment(data: data))
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.split(separator: "\n").map { $0.prefix { $0 != " " } } == ["tutorial"], "\(listed.stdout)")
    }

    /// An `ECHOLOT_SCRIPTS` that names no rules folder — nothing, or a folder without
    /// `goals/` — is one error naming the variable, not every level blamed for the rule types
    /// it uses; `play` says it before it asks for a terminal.
    @Test func aScriptsVariableNamingNoRulesIsOneError() throws {
        let scratch = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let missing = scratch.appendingPathComponent("no-such-scripts").path
        let cases = [
            (missing, "which does not exist"),
            (scratch.path, "which holds no goals/ folder"),
        ]
        for (value, problem) in cases {
            for arguments in [["validate", "tutorial"], ["run", "tutorial", "--level", "first-sound"], ["play", "tutorial"]] {
                let result = try runEcholot(arguments, environment: environment(data: scratch, ["ECHOLOT_SCRIPTS": value]))
                #expect(result.status == 1, "\(arguments)")
                #expect(result.stderr == "error: ECHOLOT_SCRIPTS is \(value), \(problem); point ECHOLOT_SCRIPTS at Echolot's "
                    + "standard rules (its scripts/ folder, holding goals/), or unset it\n", "\(arguments)")
                #expect(result.stdout.isEmpty, "\(arguments)")
            }
        }
    }

    /// An `ECHOLOT_PACKS` that names no folder is told as the cause whenever a pack id is
    /// looked up and not found — an argument, or the base a pack extends — in the words
    /// `play` and `packs` use, not as a pack id nothing answers to.
    @Test func aPacksVariableNamingNothingIsTheCauseOfAnIdNotFound() throws {
        let scratch = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let missing = scratch.appendingPathComponent("no-such-levels").path
        let unread = "ECHOLOT_PACKS is \(missing), which does not exist, so no shipped pack is read; "
            + "point ECHOLOT_PACKS at the shipped levels folder, or unset it"
        let changes = environment(data: scratch, ["ECHOLOT_PACKS": missing])
        for arguments in [["validate", "tutorial"], ["run", "tutorial", "--level", "first-sound"], ["test", "tutorial"]] {
            let result = try runEcholot(arguments, environment: changes)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stderr == "tutorial:1:1: error: there is no installed pack with the id 'tutorial', "
                + "nor a file or folder of that name, and \(unread)\n", "\(arguments)")
            #expect(result.stdout.isEmpty, "\(arguments)")
        }
        let edition = try Self.edition(in: scratch)
        let extended = try runEcholot(["validate", edition.path], environment: changes)
        #expect(extended.status == 1)
        #expect(extended.stderr.hasSuffix("(needed through edition → tutorial); \(unread)\n"), "\(extended.stderr)")
    }

    /// An `ECHOLOT_PACKS` naming a folder that lacks the pack (set for another purpose, or
    /// left over) hides Echolot's own packs: a pack id found nowhere says where the shipped
    /// packs were read from, so it is not taken for a typo alone.
    @Test func aPacksVariableNamingAnotherFolderIsToldBesideAnIdNotFound() throws {
        let scratch = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let other = scratch.appendingPathComponent("my-levels", isDirectory: true)
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        let note = "(ECHOLOT_PACKS is \(other.path): shipped packs are read from that folder alone)"
        let changes = environment(data: scratch, ["ECHOLOT_PACKS": other.path])
        for arguments in [["validate", "tutorial"], ["run", "tutorial", "--level", "first-sound"]] {
            let result = try runEcholot(arguments, environment: changes)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stderr == "tutorial:1:1: error: there is no shipped or installed pack with the id 'tutorial', "
                + "nor a file or folder of that name; 'echolot packs --all' lists the packs by id \(note)\n", "\(arguments)")
        }
        let edition = try Self.edition(in: scratch)
        let extended = try runEcholot(["validate", edition.path], environment: changes)
        #expect(extended.status == 1)
        #expect(extended.stderr.contains("(needed through edition → tutorial) \(note); install it"), "\(extended.stderr)")
        // Unset, the same id is found among Echolot's own packs.
        #expect(try runEcholot(["validate", "tutorial"], environment: environment(data: scratch)).status == 0)
    }
}
