import EcholotTestSupport
import Foundation
import Testing

/// Where `echolot` finds the shipped packs and the standard rules, as the README promises:
/// installed under a prefix, run from any folder; and what it says when `ECHOLOT_SCRIPTS`
/// or `ECHOLOT_PACKS` names a folder that cannot be the one meant.
@Suite struct InstallLayoutTests {
    /// The variables unset (a developer may have them set), the data folder empty.
    private func environment(data: URL, _ changes: [String: String?] = [:]) -> [String: String?] {
        ["ECHOLOT_PACKS": nil, "ECHOLOT_SCRIPTS": nil, "ECHOLOT_DATA": data.path, "ECHOLOT_PROFILE": nil]
            .merging(changes) { $1 }
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
        let edition = scratch.appendingPathComponent("edition", isDirectory: true)
        try FileManager.default.createDirectory(at: edition, withIntermediateDirectories: true)
        try Data(#"{"id": "edition", "name": "Edition", "version": "1.0.0", "api": 1, "kind": "scored", "extends": "tutorial"}"#.utf8)
            .write(to: edition.appendingPathComponent("pack.json"))
        let extended = try runEcholot(["validate", edition.path], environment: changes)
        #expect(extended.status == 1)
        #expect(extended.stderr.hasSuffix("(needed through edition → tutorial); \(unread)\n"), "\(extended.stderr)")
    }
}
