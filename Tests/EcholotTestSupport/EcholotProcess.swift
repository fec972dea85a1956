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
    process.environment = childEnvironment(changes)
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

/// Runs the built `echolot` as ``runEcholot(_:in:environment:stdin:)`` does, with
/// `signal` (SIGINT: Ctrl-C) already waiting for it: the process starts with the signal
/// blocked and is sent it at once, so the signal is there, whatever the timing, the first
/// time the command looks for one or lets it through. `status` is 128 + the signal's
/// number when the signal ended the process, as a shell shows it. It runs in the test's
/// own folder: give it absolute paths.
public func runEcholot(
    _ arguments: [String], environment changes: [String: String?] = [:],
    interruptedBy signal: Int32
) throws -> ProcessOutput {
    let folder = try scratchFolder("interrupted")
    let outPath = folder.appendingPathComponent("stdout").path
    let errPath = folder.appendingPathComponent("stderr").path
    var child: pid_t = 0
    let spawned = spawnEcholot(&child, arguments, environment: changes) { actions, attributes in
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        var blocked = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, signal)
        posix_spawnattr_setsigmask(&attributes, &blocked)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
    }
    guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
    kill(child, signal)
    var status: Int32 = 0
    while waitpid(child, &status, 0) < 0, errno == EINTR {}
    // WIFSIGNALED and WTERMSIG are macros Swift does not import.
    let termination = status & 0x7F
    return ProcessOutput(
        status: termination == 0 ? (status >> 8) & 0xFF : 128 + termination,
        stdout: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
        stderr: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")
}

/// This process's environment changed by `changes`, without `ECHOLOT_PLAIN` unless a test
/// sets it: a developer who plays with it set would otherwise get lines where a test looks
/// for the full screen or a table.
func childEnvironment(_ changes: [String: String?]) -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["ECHOLOT_PLAIN"] = nil
    for (name, value) in changes { environment[name] = value }
    return environment
}

/// `posix_spawn` of the built `echolot` with `arguments`, in this process's environment
/// changed by `changes` (`nil` values remove a variable), with the file actions and
/// attributes `configure` sets; its result.
public func spawnEcholot(
    _ child: inout pid_t, _ arguments: [String], environment changes: [String: String?],
    configure: (inout posix_spawn_file_actions_t, inout posix_spawnattr_t) -> Void
) -> Int32 {
    var actions = posix_spawn_file_actions_t()
    var attributes = posix_spawnattr_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawnattr_init(&attributes)
    defer {
        posix_spawn_file_actions_destroy(&actions)
        posix_spawnattr_destroy(&attributes)
    }
    configure(&actions, &attributes)
    let environment = childEnvironment(changes)
    let argv = ([echolotExecutable.path] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
        argv.forEach { free($0) }
        envp.forEach { free($0) }
    }
    return posix_spawn(&child, echolotExecutable.path, &actions, &attributes, argv, envp)
}
