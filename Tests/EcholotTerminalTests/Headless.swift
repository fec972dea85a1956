import EcholotTestSupport
import Foundation

/// The outcome `echolot run` reports for the first tutorial level played the right way
/// (turn to the bell, select it): "won" once the rules layer decides outcomes, "running"
/// before. The terminal tests expect `play` to agree with it.
func headlessFirstSoundOutcome() throws -> String {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let log = folder.appendingPathComponent("win.jsonl")
    try Data("{\"t\":0.5,\"action\":\"turnTo\",\"azimuth\":60}\n{\"t\":1,\"action\":\"select\"}\n{\"t\":1.5,\"action\":\"end\"}\n".utf8).write(to: log)
    let result = try runEcholot(["run", tutorialPath, "--level", "first-sound", "--input", log.path, "--json"])
    guard let data = result.stdout.data(using: .utf8),
          let object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
          let outcome = object["outcome"] as? String
    else { throw HarnessError("echolot run gave no outcome: \(result.stdout) \(result.stderr)") }
    return outcome
}
