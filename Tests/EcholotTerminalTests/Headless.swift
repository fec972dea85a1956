import Foundation

/// What a finished `echolot` process left behind.
struct Finished {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs `echolot arguments…` without a terminal (stdin is an empty pipe).
func runEcholot(_ arguments: [String]) throws -> Finished {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: echolotExecutable)
    process.arguments = arguments
    process.currentDirectoryURL = repositoryRoot
    let out = Pipe(), err = Pipe(), input = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = input
    try process.run()
    try input.fileHandleForWriting.close()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Finished(status: process.terminationStatus,
                    stdout: String(decoding: outData, as: UTF8.self),
                    stderr: String(decoding: errData, as: UTF8.self))
}

/// A fresh temporary folder.
func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("echolot-term-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

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
