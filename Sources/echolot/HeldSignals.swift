import EcholotTerminal
import Foundation

/// Termination signals (Ctrl-C, `kill`, a closed terminal, Ctrl-\) held back while a step
/// runs that must finish whole or be taken back whole: one that arrives waits as pending,
/// the step asks ``arrived()`` between its parts, cleans up, and the signal then ends the
/// process as it would have at once. An install stops between its parts; a render, which
/// may run for minutes, asks at every tick (``deliverIfArrived(after:)``) and removes its
/// half-written file first, since no Swift code (no `deinit`) runs once a signal ends it.
struct HeldSignals {
    /// The thread's signal mask before, put back once the step is over.
    private var before = sigset_t()

    /// Holds the termination signals back from now on. Threads started later inherit the
    /// mask, so the signal waits for this thread to ask rather than ending them.
    init() {
        var held = HeldSignals.set()
        pthread_sigmask(SIG_BLOCK, &held, &before)
    }

    /// Whether a termination signal is waiting that would end the process. One the process
    /// ignores (a background job's Ctrl-C) is pending too while held, but ends nothing:
    /// the step goes on through it, as it would have unheld.
    static func arrived() -> Bool {
        var pending = sigset_t()
        sigpending(&pending)
        return SignalWatch.terminationSignals.contains { sigismember(&pending, $0) == 1 && !ignored($0) }
    }

    /// Lets a waiting signal end the process now, as it would have when it came (the step
    /// has cleaned up). Unblocked explicitly: a parent may have handed the signals down
    /// blocked (Foundation's `Process` does), and they would wait for ever.
    func deliver() {
        var held = HeldSignals.set()
        pthread_sigmask(SIG_UNBLOCK, &held, nil)
        var mask = before
        pthread_sigmask(SIG_SETMASK, &mask, nil)
    }

    /// Runs `cleanUp` and ends the process by the waiting signal, when one is waiting: for
    /// a step with no parts to return between, which asks as it goes.
    func deliverIfArrived(after cleanUp: () -> Void) {
        guard Self.arrived() else { return }
        cleanUp()
        deliver()
    }

    /// Drops a signal that came too late to stop the step (it is done) and puts the mask
    /// back: ignoring a pending signal discards it.
    func release() {
        for number in SignalWatch.terminationSignals {
            var pending = sigset_t()
            sigpending(&pending)
            guard sigismember(&pending, number) == 1 else { continue }
            let action = signal(number, SIG_IGN)
            signal(number, action)
        }
        var mask = before
        pthread_sigmask(SIG_SETMASK, &mask, nil)
    }

    private static func set() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for number in SignalWatch.terminationSignals { sigaddset(&set, number) }
        return set
    }

    /// Whether the process ignores `number` (it was started with it ignored).
    private static func ignored(_ number: Int32) -> Bool {
        var action = sigaction()
        guard sigaction(number, nil, &action) == 0 else { return false }
        return unsafeBitCast(action.handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }
}
