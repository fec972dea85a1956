import Foundation

/// What a finished `echolot` process left behind.
public struct ProcessOutput: Sendable {
    /// The exit status.
    public var status: Int32
    /// Everything written to stdout.
    public var stdout: String
    /// Everything written to stderr.
    public var stderr: String
}

/// The repository's root folder, found from this file's path.
public let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The `echolot` executable that `swift test` built next to the test bundle.
public let echolotExecutable: URL = {
    var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
        let candidate = folder.appendingPathComponent("echolot")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        folder.deleteLastPathComponent()
    }
    return repositoryRoot.appendingPathComponent(".build/debug/echolot")
}()

/// Runs the built `echolot` with `arguments` in `directory`, its environment changed by
/// `environment` (`nil` values remove a variable), feeding `stdin` (or nothing) — the one
/// way every test target starts the real command.
public func runEcholot(
    _ arguments: [String], in directory: URL = repositoryRoot,
    environment changes: [String: String?] = [:], stdin: String? = nil
) throws -> ProcessOutput {
    try runProcess(echolotExecutable, arguments, in: directory, environment: changes, stdin: stdin)
}

/// Runs `executable` as ``runEcholot(_:in:environment:stdin:)`` runs `echolot`: for the
/// few tests that go through another program (a shell running what echolot printed).
public func runProcess(
    _ executable: URL, _ arguments: [String], in directory: URL = repositoryRoot,
    environment changes: [String: String?] = [:], stdin: String? = nil
) throws -> ProcessOutput {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = directory
    var environment = ProcessInfo.processInfo.environment
    for (name, value) in changes { environment[name] = value }
    process.environment = environment
    let out = Pipe(), err = Pipe(), input = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = input
    try process.run()
    if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
    try input.fileHandleForWriting.close()
    // Read both pipes before waiting, so a chatty process cannot fill a pipe and stall.
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return ProcessOutput(
        status: process.terminationStatus,
        stdout: String(decoding: outData, as: UTF8.self),
        stderr: String(decoding: errData, as: UTF8.self))
}

