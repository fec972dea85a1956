#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// The memory signal handlers may touch. A handler can interrupt anything, so it only
/// reads plain values prepared in advance, makes async-signal-safe calls (`write`,
/// `tcsetattr`, `_exit`) and sets atomic flags that the game loop reads.
enum SignalState {
    /// Bit `n` set: signal `n` arrived and nobody has looked at it yet.
    static let pending = Atomic<UInt64>(0)
    /// How many termination signals (INT, TERM, HUP, QUIT) have arrived.
    static let terminations = Atomic<Int>(0)

    /// What each fatal signal did before the game's handler (indexed by signal number,
    /// below ``fatalSlots``): C memory filled in before the handlers are installed.
    nonisolated(unsafe) static var previousFatal: UnsafeMutablePointer<sigaction>?
    /// Room in ``previousFatal``.
    static let fatalSlots: Int32 = 32

    /// The terminal to restore and what it was like before raw mode.
    nonisolated(unsafe) static var terminalFD: Int32 = -1
    nonisolated(unsafe) static var saved = termios()
    /// 1 while the terminal is in raw mode and must be restored on the way out.
    static let rawActive = Atomic<Int>(0)
    /// Escape sequences that undo the screen mode (cursor shown, main screen), written
    /// before the terminal settings are restored.
    nonisolated(unsafe) static var undo = HandlerBytes()
    nonisolated(unsafe) static var outputFD: Int32 = STDOUT_FILENO
    /// The write end of the pipe that wakes the game loop's `poll` when a signal arrives.
    nonisolated(unsafe) static var wakeFD: Int32 = -1

    /// Raw mode's settings and the sequences that enter the screen mode again, for going
    /// on after a suspension.
    nonisolated(unsafe) static var raw = termios()
    nonisolated(unsafe) static var redo = HandlerBytes()

    /// Stops the process the way job control expects (Ctrl-Z, or SIGTSTP from outside):
    /// the terminal is put back first, so the shell is usable while the game waits; when
    /// it goes on (SIGCONT), raw mode and the screen mode come back and the loop is told
    /// to draw everything again and that it went on. Safe inside a signal handler.
    static func suspend() {
        // One exchange decides both, so an exit restoring the terminal meanwhile cannot
        // make going on turn raw mode back on for a program that gave the terminal back.
        let wasRaw = restoreTerminal()
        _ = raise(SIGSTOP)
        if wasRaw {
            _ = tcsetattr(terminalFD, TCSADRAIN, &raw)
            rawActive.store(1, ordering: .sequentiallyConsistent)
            writeAllSafely(redo)
        }
        _ = pending.bitwiseOr(UInt64(1) << UInt64(SIGWINCH) | UInt64(1) << UInt64(SIGCONT), ordering: .sequentiallyConsistent)
        if wakeFD >= 0 {
            var byte: UInt8 = 1
            _ = write(wakeFD, &byte, 1)
        }
    }

    /// Writes `text` to the terminal as far as it goes: a handler cannot report a failure.
    private static func writeAllSafely(_ text: HandlerBytes) {
        guard let bytes = text.bytes else { return }
        var offset = 0
        while offset < text.count {
            let n = write(outputFD, bytes + offset, text.count - offset)
            if n > 0 { offset += n } else if n < 0 && errno == EINTR { continue } else { break }
        }
    }

    /// Puts the terminal back as it was, once (true when this call did it): safe inside a
    /// signal handler.
    @discardableResult
    static func restoreTerminal() -> Bool {
        guard rawActive.exchange(0, ordering: .sequentiallyConsistent) == 1 else { return false }
        // A handler cannot report a failed write; the settings below matter more.
        writeAllSafely(undo)
        // Nothing can be done about a terminal that refuses its old settings (it is
        // usually gone, EIO); the process is on its way out either way.
        _ = tcsetattr(terminalFD, TCSADRAIN, &saved)
        return true
    }
}

/// Bytes a signal handler writes: kept in C memory, prepared before any handler can run,
/// since a handler may not allocate or touch Swift strings.
struct HandlerBytes {
    /// The bytes, or nil when there are none.
    private(set) var bytes: UnsafeMutablePointer<UInt8>?
    /// How many.
    private(set) var count = 0

    /// Replaces the bytes with `text`'s UTF-8, freeing the old ones.
    mutating func set(_ text: String) {
        bytes?.deallocate()
        bytes = nil
        count = 0
        let utf8 = Array(text.utf8)
        guard !utf8.isEmpty else { return }
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: utf8.count)
        buffer.initialize(from: utf8, count: utf8.count)
        bytes = buffer
        count = utf8.count
    }
}

/// The handler for every watched signal: record it, wake the loop, and on a second
/// termination signal restore the terminal and leave at once (the loop is stuck).
private func echolotSignalHandler(_ signal: Int32) {
    let savedErrno = errno
    defer { errno = savedErrno }
    if signal == SIGTSTP {
        SignalState.suspend()
        return
    }
    _ = SignalState.pending.bitwiseOr(UInt64(1) << UInt64(signal & 63), ordering: .sequentiallyConsistent)
    if signal != SIGWINCH {
        let earlier = SignalState.terminations.add(1, ordering: .sequentiallyConsistent).oldValue
        if earlier >= 1 {
            SignalState.restoreTerminal()
            _exit(128 + signal)
        }
    }
    if SignalState.wakeFD >= 0 {
        var byte: UInt8 = 1
        // A full pipe already holds a wake-up; nothing is lost by dropping this byte.
        _ = write(SignalState.wakeFD, &byte, 1)
    }
}

/// The handler for the signals that end the process at once (``SignalWatch/fatalSignals``):
/// the terminal is put back, then the handler installed before it runs with the same
/// arguments (the Swift runtime's crash report), and then the signal's default action ends
/// the process with the signal's status.
private func echolotFatalSignalHandler(_ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?,
                                       _ context: UnsafeMutableRawPointer?) {
    SignalState.restoreTerminal()
    if signal > 0, signal < SignalState.fatalSlots, let previous = SignalState.previousFatal?[Int(signal)] {
        let handler = previous.handler.map { unsafeBitCast($0, to: Int.self) } ?? 0
        // 0 is SIG_DFL and 1 SIG_IGN, which for these signals also means the default.
        if handler > 1 {
            var chained = previous
            _ = sigaction(signal, &chained, nil)
            if previous.sa_flags & SA_SIGINFO != 0 {
                previous.infoHandler?(signal, info, context)
            } else {
                previous.handler?(signal)
            }
        }
    }
    // A handler that returns (the runtime's, after its report) leaves nothing to go back
    // to: a crash would come again, and a signal sent from outside would let the game go
    // on with its terminal given back.
    var fallback = sigaction()
    fallback.handler = nil
    sigemptyset(&fallback.sa_mask)
    _ = sigaction(signal, &fallback, nil)
    // Blocked while this handler runs, so it is delivered as the handler returns: a fault
    // would come again anyway, but a signal sent from outside would be lost.
    _ = raise(signal)
}

/// The C-level exit hook: a process that exits without restoring (an uncaught error
/// path that calls `exit`) still gets its terminal back.
private func echolotAtExit() {
    SignalState.restoreTerminal()
}

/// Signals the game reacts to: termination requests (Ctrl-C from outside raw mode,
/// `kill`, a closed terminal window) and window resizes, delivered through a self-pipe so
/// that a `poll` never sleeps through one.
public enum SignalWatch {
    /// What arrived since the last look.
    public struct Arrivals: Equatable, Sendable {
        /// A termination signal, if one arrived (the first one's number).
        public var termination: Int32?
        /// Whether the window changed size.
        public var resized: Bool
        /// Whether the game went on after it was stopped (Ctrl-Z or SIGTSTP, then SIGCONT).
        public var resumed = false
    }

    nonisolated(unsafe) private static var installed = false
    nonisolated(unsafe) private static var wakeReadFD: Int32 = -1

    /// The termination signals handled gracefully on the first arrival.
    public static let terminationSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    /// The signals that end the process at once, after the terminal is put back.
    public static let fatalSignals: [Int32] = [SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGSEGV]

    /// Installs the handlers and the wake-up pipe (once per process).
    public static func install() throws(SystemError) {
        guard !installed else { return }
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw SystemError("pipe") }
        for fd in fds {
            let flags = fcntl(fd, F_GETFL)
            guard flags >= 0, fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0,
                  fcntl(fd, F_SETFD, FD_CLOEXEC) == 0 else {
                let error = SystemError("fcntl (wake-up pipe)")
                close(fds[0]); close(fds[1])
                throw error
            }
        }
        // Touch the lazily initialised globals now, never first inside a handler.
        _ = SignalState.pending.load(ordering: .relaxed)
        _ = SignalState.terminations.load(ordering: .relaxed)
        _ = SignalState.rawActive.load(ordering: .relaxed)
        SignalState.wakeFD = fds[1]
        wakeReadFD = fds[0]
        for signal in terminationSignals + [SIGWINCH, SIGTSTP] {
            var action = sigaction()
            action.handler = echolotSignalHandler
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            guard sigaction(signal, &action, nil) == 0 else { throw SystemError("sigaction(\(signal))") }
        }
        // A crash (a Swift trap is SIGILL or SIGTRAP, an abort SIGABRT) runs no exit hook:
        // the terminal is put back by a handler, which then lets the crash go on.
        let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: Int(SignalState.fatalSlots))
        previous.initialize(repeating: sigaction(), count: Int(SignalState.fatalSlots))
        SignalState.previousFatal = previous
        // A stack overflow can run a handler only on a stack of its own: the runtime's crash
        // report sets one up unless it is turned off; then the game does.
        var current = stack_t()
        if sigaltstack(nil, &current) == 0, current.ss_flags & Int32(SS_DISABLE) != 0 {
            let size = 64 * 1024
            var own = stack_t(ss_sp: UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16), ss_flags: 0, ss_size: size)
            _ = sigaltstack(&own, nil)
        }
        for signal in fatalSignals {
            var action = sigaction()
            action.infoHandler = echolotFatalSignalHandler
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_SIGINFO | SA_ONSTACK
            guard sigaction(signal, &action, &previous[Int(signal)]) == 0 else { throw SystemError("sigaction(\(signal))") }
        }
        // Writing to a terminal that went away must fail with an error, not kill us.
        var ignore = sigaction()
        ignore.handler = SIG_IGN
        sigemptyset(&ignore.sa_mask)
        guard sigaction(SIGPIPE, &ignore, nil) == 0 else { throw SystemError("sigaction(SIGPIPE)") }
        guard atexit(echolotAtExit) == 0 else { throw SystemError("atexit", code: ENOMEM) }
        installed = true
    }

    /// The descriptor to `poll` for readability: it becomes readable when a signal arrives.
    public static var wakeDescriptor: Int32 { wakeReadFD }

    /// Empties the wake-up pipe and returns what arrived since the last call.
    public static func take() -> Arrivals {
        if wakeReadFD >= 0 {
            var buffer = [UInt8](repeating: 0, count: 64)
            // Non-blocking: stops at EAGAIN once the pipe is empty.
            while read(wakeReadFD, &buffer, buffer.count) > 0 {}
        }
        let bits = SignalState.pending.exchange(0, ordering: .sequentiallyConsistent)
        var arrivals = Arrivals(termination: nil, resized: bits & (1 << UInt64(SIGWINCH)) != 0,
                                resumed: bits & (1 << UInt64(SIGCONT)) != 0)
        for signal in terminationSignals where bits & (1 << UInt64(signal)) != 0 {
            arrivals.termination = signal
            break
        }
        return arrivals
    }

    /// Whether a termination signal arrived at any time (the game should wind down).
    public static var terminationRequested: Bool {
        SignalState.terminations.load(ordering: .sequentiallyConsistent) > 0
    }
}

extension sigaction {
    /// The three-argument handler (`SA_SIGINFO`), under the name each C library gives its field.
    public var infoHandler: (@convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void)? {
        get {
            #if canImport(Glibc)
            __sigaction_handler.sa_sigaction
            #else
            __sigaction_u.__sa_sigaction
            #endif
        }
        set {
            #if canImport(Glibc)
            __sigaction_handler.sa_sigaction = newValue
            #else
            __sigaction_u.__sa_sigaction = newValue
            #endif
        }
    }

    /// The plain handler, under the name each C library gives its field.
    public var handler: (@convention(c) (Int32) -> Void)? {
        get {
            #if canImport(Glibc)
            __sigaction_handler.sa_handler
            #else
            __sigaction_u.__sa_handler
            #endif
        }
        set {
            #if canImport(Glibc)
            __sigaction_handler.sa_handler = newValue
            #else
            __sigaction_u.__sa_handler = newValue
            #endif
        }
    }
}
