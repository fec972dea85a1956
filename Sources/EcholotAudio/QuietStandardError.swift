#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a call with file descriptor 2 pointed at /dev/null: when there is no sound card,
/// alsa-lib and OpenAL Soft print a dozen lines of their own, and the contract is one
/// line of ours. Only for the brief moment of opening a device.
enum QuietStandardError {
    /// The result of `body`, with stderr muted while it runs.
    static func run<T>(_ body: () throws -> T) rethrows -> T {
        fflush(nil)  // All C streams: Swift 6 will not touch the global `stderr`.
        let saved = dup(STDERR_FILENO)
        let null = open("/dev/null", O_WRONLY)
        guard saved >= 0, null >= 0, dup2(null, STDERR_FILENO) >= 0 else {
            // Muting failed; noise is better than losing the device.
            if saved >= 0 { close(saved) }
            if null >= 0 { close(null) }
            return try body()
        }
        close(null)
        defer {
            fflush(nil)  // All C streams: Swift 6 will not touch the global `stderr`.
            dup2(saved, STDERR_FILENO)
            close(saved)
        }
        return try body()
    }
}
