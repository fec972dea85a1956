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

    /// Why `path` may not be begun as a log, or nil when it may: a log is begun empty, so
    /// an existing file is written over only when it is a recording (its name ends in
    /// `.jsonl` or `.story.json`), never a pack's level or any other file named by mistake.
    public static func refusal(toWrite path: String) -> String? {
        guard !path.hasSuffix(".jsonl"), !path.hasSuffix(StoryTest.suffix), access(path, F_OK) == 0 else { return nil }
        return "\(MessageText.argument(path)) already exists and is no recording "
            + "(a name ending in .jsonl or \(StoryTest.suffix)); give a new file name or one of those"
    }

    /// Creates (or truncates) the log file, removing the description of the recording it
    /// replaces; an existing file that is no recording is kept (``refusal(toWrite:)``), and
    /// its name is the error's.
    public init(path: String) throws(SystemError) {
        self.path = path
        if let refusal = Self.refusal(toWrite: path) { throw SystemError(refusal, code: 0) }
        let existed = access(path, F_OK) == 0
        // Opened before anything changes: a log that cannot be written leaves the old
        // recording whole.
        fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw SystemError("open \(path)") }
        // The description is written when the level ends: a game killed before then (kill
        // -9, a power cut) left the old one beside the new log, and `replay` described a
        // session the log is not from. Without one, the log is told as undescribed.
        let meta = RecordingDescription.metaPath(forLog: path)
        if unlink(meta) != 0, errno != ENOENT {
            let failure = SystemError("remove \(meta)")
            _ = closeDescriptor(fd)
            if !existed { unlink(path) }
            throw failure
        }
        guard ftruncate(fd, 0) == 0 else {
            let failure = SystemError("truncate \(path)")
            _ = closeDescriptor(fd)
            throw failure
        }
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
