#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The player's terminal: raw keyboard input, output, and its size. Raw mode is entered
/// once and undone on every way out — `restore()`, a signal, or process exit.
public final class TerminalDevice {
    /// Why the terminal cannot be used.
    public enum OpenError: Error, CustomStringConvertible {
        /// Standard input is not a terminal (a pipe, a file, /dev/null).
        case notATerminal
        /// A system call failed.
        case system(SystemError)

        /// A sentence for the player.
        public var description: String {
            switch self {
            case .notATerminal:
                return "'echolot play' needs a terminal to read keys from, and standard input is not one. "
                    + "To play a level without a terminal, use 'echolot run PACK --level ID --input LOG.jsonl'."
            case let .system(error):
                return "cannot set up the terminal: \(error)"
            }
        }
    }

    /// Where keys come from.
    public let inputFD: Int32
    /// Where the screen goes.
    public let outputFD: Int32
    /// Whether the screen is drawn with cursor movement (false: plain lines).
    public let fullScreen: Bool
    private var restored = false

    /// Opens the terminal on standard input/output and enters raw mode.
    ///
    /// `fullScreen` also switches to the alternate screen and hides the cursor; both are
    /// undone with the terminal settings.
    public init(fullScreen: Bool, inputFD: Int32 = STDIN_FILENO, outputFD: Int32 = STDOUT_FILENO) throws(OpenError) {
        self.inputFD = inputFD
        self.outputFD = outputFD
        self.fullScreen = fullScreen
        guard isatty(inputFD) == 1 else { throw .notATerminal }
        do {
            try SignalWatch.install()
        } catch {
            throw .system(error)
        }
        var saved = termios()
        guard tcgetattr(inputFD, &saved) == 0 else { throw .system(SystemError("tcgetattr")) }
        var raw = saved
        // Keys arrive one by one, unechoed; Ctrl-C and Ctrl-Z arrive as bytes (the game
        // handles them, so the terminal is restored properly). Output processing stays on,
        // so "\n" still starts a new line in plain mode.
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL | INLCR | IGNCR | BRKINT | ISTRIP)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        let undo = fullScreen ? Escape.leaveFullScreen : ""
        // Kept where a signal handler can reach them (a second Ctrl-C, Ctrl-Z).
        SignalState.outputFD = outputFD
        SignalState.undo.set(undo)
        SignalState.redo.set(fullScreen ? Escape.enterFullScreen : "")
        SignalState.terminalFD = inputFD
        SignalState.saved = saved
        SignalState.raw = raw
        SignalState.rawActive.store(1, ordering: .sequentiallyConsistent)
        guard tcsetattr(inputFD, TCSADRAIN, &raw) == 0 else {
            SignalState.rawActive.store(0, ordering: .sequentiallyConsistent)
            throw .system(SystemError("tcsetattr"))
        }
        if fullScreen {
            do {
                try write(Escape.enterFullScreen)
            } catch {
                SignalState.restoreTerminal()
                throw .system(error)
            }
        }
    }

    deinit { restore() }

    /// Leaves raw mode (and the alternate screen): idempotent, safe on every path.
    public func restore() {
        guard !restored else { return }
        restored = true
        SignalState.restoreTerminal()
    }

    /// The window size in columns and rows; 80×24 when the terminal does not say.
    public func size() -> (columns: Int, rows: Int) {
        var window = winsize()
        if ioctl(outputFD, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 {
            return (Int(window.ws_col), Int(window.ws_row))
        }
        if ioctl(inputFD, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 {
            return (Int(window.ws_col), Int(window.ws_row))
        }
        return (80, 24)
    }

    /// Writes all of `text`, retrying after interruptions and short writes.
    public func write(_ text: String) throws(SystemError) {
        try writeAll(Array(text.utf8), to: outputFD, name: "the terminal")
    }

    /// The most bytes one `readAvailable` returns: a full read may have left more waiting.
    public static let readSize = 256

    /// Reads the bytes waiting on the keyboard (call after `poll` says it is readable):
    /// `nil` when the terminal is gone (end of file), empty when nothing was waiting.
    public func readAvailable() throws(SystemError) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: Self.readSize)
        while true {
            let n = read(inputFD, &buffer, buffer.count)
            if n > 0 { return Array(buffer.prefix(n)) }
            if n == 0 { return nil }
            if errno == EINTR { continue }
            if errno == EAGAIN || errno == EWOULDBLOCK { return [] }
            throw SystemError("read (keyboard)")
        }
    }
}
