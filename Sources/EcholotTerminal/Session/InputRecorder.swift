#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import EcholotCore
import EcholotModel

/// Writes every input the store receives, with its simulated time, as the input-log
/// contract's JSON Lines (`--record`). Lines go out as they happen, so a session cut short
/// still leaves a log of what was played.
public final class InputRecorder {
    /// The log file.
    public let path: String
    private var fd: Int32
    /// The first write error, after which recording stops (the game goes on).
    public private(set) var failure: SystemError?
    /// Events written.
    public private(set) var count = 0

    /// Creates (or truncates) the log file.
    public init(path: String) throws(SystemError) {
        self.path = path
        fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw SystemError("open \(path)") }
    }

    deinit { close() }

    /// Appends `{"t": t, "action": …}`.
    public func record(t: Double, action: Action) {
        guard fd >= 0, failure == nil else { return }
        do {
            try writeAll(Array((InputEvent(t: t, action: action).jsonLine + "\n").utf8), to: fd, name: path)
        } catch {
            failure = error
            return
        }
        count += 1
    }

    /// Closes the file and removes it: what it holds was not a play (an authoring reload).
    public func discard() {
        if fd >= 0 { _ = closeDescriptor(fd) }
        fd = -1
        unlink(path)
    }

    /// Flushes and closes the file (idempotent); a failure to close is kept in ``failure``.
    public func close() {
        guard fd >= 0 else { return }
        if fsync(fd) != 0, errno != EINVAL, failure == nil { failure = SystemError("fsync \(path)") }
        if closeDescriptor(fd) != 0, failure == nil { failure = SystemError("close \(path)") }
        fd = -1
    }
}

/// `close(2)`, named apart from the methods called `close` that use it.
@inline(__always)
func closeDescriptor(_ fd: Int32) -> Int32 {
    #if canImport(Glibc)
    Glibc.close(fd)
    #else
    Darwin.close(fd)
    #endif
}
