import Foundation
import Testing

/// The executables `swift test` builds next to the test bundle, run as child processes.
enum Executables {
    /// The build folder holding the test bundle and every product.
    static var folder: URL { URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent() }

    /// The `echolot` command.
    static var echolot: URL { folder.appendingPathComponent("echolot") }

    /// The crash test's writer.
    static var crashWriter: URL { folder.appendingPathComponent("EcholotStoreCrashWriter") }

    /// The shipped tutorial pack.
    static var tutorial: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("levels/tutorial")
    }

    /// What a finished child process said and how it ended.
    struct Outcome {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// Runs `executable` with `arguments` (and extra environment) to its end.
    static func run(_ executable: URL, _ arguments: [String], environment: [String: String] = [:],
                    removing removed: [String] = []) throws -> Outcome {
        // `swift test` builds every product; a missing binary is a failure, not a skip.
        try #require(FileManager.default.isExecutableFile(atPath: executable.path), "no executable at \(executable.path)")
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var merged = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        for name in removed { merged[name] = nil }
        process.environment = merged
        // Files rather than pipes: a chatty child can never block on a full pipe.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("echolot-out-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outURL = folder.appendingPathComponent("stdout"), errURL = folder.appendingPathComponent("stderr")
        for file in [outURL, errURL] { try Data().write(to: file) }
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        let output = try Data(contentsOf: outURL), errors = try Data(contentsOf: errURL)
        return Outcome(status: process.terminationStatus, stdout: String(decoding: output, as: UTF8.self),
                       stderr: String(decoding: errors, as: UTF8.self))
    }
}
