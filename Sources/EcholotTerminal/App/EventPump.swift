#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Waits for anything the game reacts to — keys, a head-tracker datagram, a signal, or
/// the time of the next tick — in one `poll`, so the loop sleeps until there is work.
public final class EventPump {
    /// What woke the loop.
    public struct Wake: Sendable {
        /// Keys pressed, in order.
        public var keys: [Key] = []
        /// The window changed size.
        public var resized = false
        /// The game goes on after it was stopped (Ctrl-Z, then `fg`); the window counts as
        /// resized too, since the shell drew on it meanwhile.
        public var resumed = false
        /// A termination signal arrived (its number).
        public var termination: Int32?
        /// The head tracker's socket has datagrams.
        public var trackerReadable = false
        /// The terminal is gone (hang-up, end of file).
        public var terminalGone = false
        /// Wall-clock time of the wake-up.
        public var time = 0.0
        /// No key of this wake arrived before this time: it is when input was last read
        /// to the end. A loop that was busy reads keys late, all at once, and only this
        /// tells that two of them may have been pressed far apart.
        public var keysSince = -Double.infinity
    }

    private let terminal: TerminalDevice
    private var decoder = KeyDecoder()
    // Keys read but not handled: the screen that read them ended (a `q` leaves the level,
    // and the `q` typed right after it belongs to the end page).
    private var unhandled: [Key] = []
    private var unhandledSince = Double.infinity
    // When all input was last read, with nothing left half-decoded or unread: a key read
    // from then on was pressed after this.
    private var drainedAt = -Double.infinity
    // Since when the decoder has held the start of an escape sequence.
    private var pendingSince: Double?

    /// How long a lone ESC waits for the rest of a sequence before it is the Escape key.
    public static let escapeWait = 0.05

    /// A pump reading keys from `terminal`.
    public init(terminal: TerminalDevice) {
        self.terminal = terminal
    }

    /// Waits up to `timeout` seconds (`nil`: until something happens). Input is read to
    /// the end at `readingAfter` at the latest, if it was not since: a key read after
    /// that is then known to have been pressed after it (see `Wake.keysSince`).
    public func wait(timeout: Double?, tracker: Int32? = nil, readingAfter: Double = -.infinity) throws(SystemError) -> Wake {
        var fds = [
            pollfd(fd: terminal.inputFD, events: Int16(POLLIN), revents: 0),
            pollfd(fd: SignalWatch.wakeDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        if let tracker { fds.append(pollfd(fd: tracker, events: Int16(POLLIN), revents: 0)) }
        var limit = unhandled.isEmpty ? timeout : 0
        // With half an escape sequence waiting, its own limit below decides instead.
        if drainedAt < readingAfter, pendingSince == nil {
            let left = max(0, readingAfter - MonotonicClock.now())
            limit = min(limit ?? left, left)
        }
        if let pendingSince {
            let left = max(0, pendingSince + Self.escapeWait - MonotonicClock.now())
            limit = min(limit ?? left, left)
        }
        let ready = Self.poll(&fds, timeout: limit)
        var wake = Wake()
        wake.time = MonotonicClock.now()
        wake.keys = unhandled
        wake.keysSince = min(unhandledSince, drainedAt)
        unhandled = []
        unhandledSince = .infinity
        if ready < 0 {
            guard errno == EINTR else { throw SystemError("poll") }
        }
        let arrivals = SignalWatch.take()
        wake.resized = arrivals.resized
        wake.resumed = arrivals.resumed
        wake.termination = arrivals.termination
        let input = fds[0].revents
        var drained = true
        if input & Int16(POLLIN) != 0 {
            if let bytes = try terminal.readAvailable() {
                wake.keys += decoder.feed(bytes)
                if bytes.count == TerminalDevice.readSize { drained = false }
            } else {
                wake.terminalGone = true
            }
        } else if input & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
            wake.terminalGone = true
        }
        // A lone ESC is the Escape key once nothing more came for a while: checked by the
        // clock, since a head tracker's datagrams may wake the loop before then, and often.
        if input & Int16(POLLIN) == 0, let pendingSince, wake.time - pendingSince >= Self.escapeWait {
            wake.keys += decoder.flushPending()
        }
        pendingSince = decoder.hasPending ? pendingSince ?? wake.time : nil
        if drained, !decoder.hasPending { drainedAt = wake.time }
        // Ctrl-Z stops the game here, with the terminal as the shell needs it; once it
        // goes on, the screen is drawn anew as after a resize, and the game says so.
        if wake.keys.contains(.suspend) {
            wake.keys.removeAll { $0 == .suspend }
            SignalState.suspend()
            // What arrived while stopped (a SIGTERM before the SIGCONT) still counts.
            let during = SignalWatch.take()
            wake.termination = wake.termination ?? during.termination
            wake.resized = true
            wake.resumed = true
        }
        if fds.count > 2, fds[2].revents & Int16(POLLIN | POLLERR) != 0 {
            wake.trackerReadable = true
        }
        return wake
    }

    /// Gives back the keys of `wake` after the one at `index`, which the caller did not
    /// handle: the next `wait` returns them first.
    public func unread(_ wake: Wake, after index: Int) {
        unhandled = Array(wake.keys.dropFirst(index + 1)) + unhandled
        unhandledSince = min(unhandledSince, wake.keysSince)
    }

    /// `poll` with the timeout rounded up to whole milliseconds: waking a fraction of a
    /// millisecond late costs nothing, waking early would spin until the tick is due.
    private static func poll(_ fds: inout [pollfd], timeout: Double?) -> Int32 {
        let milliseconds = timeout.map { Int32(min(86_400_000, max(0, ($0 * 1000).rounded(.up)))) } ?? -1
        return systemPoll(&fds, nfds_t(fds.count), milliseconds)
    }
}
