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
}
