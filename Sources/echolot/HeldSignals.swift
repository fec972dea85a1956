import EcholotTerminal
import Foundation

/// Termination signals (Ctrl-C, `kill`, a closed terminal, Ctrl-\) held back while a step
/// runs that must finish whole or be taken back whole, such as an install: one that
/// arrives waits as pending, the step asks ``arrived()`` between its parts, stops and
/// cleans up, and the signal then ends the process as it would have at once.
struct HeldSignals {
    /// The thread's signal mask before, put back once the step is over.
    private var before = sigset_t()

    /// Holds the termination signals back from now on.
    init() {
        var held = HeldSignals.set()
        pthread_sigmask(SIG_BLOCK, &held, &before)
    }

    /// Whether a termination signal is waiting.
    static func arrived() -> Bool {
        var pending = sigset_t()
        sigpending(&pending)
        return SignalWatch.terminationSignals.contains { sigismember(&pending, $0) == 1 }
    }

    /// Lets a waiting signal end the process now, as it would have when it came (the step
    /// has cleaned up). Unblocked explicitly: a parent may have handed the signals down
    /// blocked, and they would wait for ever.
    func deliver() {
        var held = HeldSignals.set()
        pthread_sigmask(SIG_UNBLOCK, &held, nil)
        var mask = before
        pthread_sigmask(SIG_SETMASK, &mask, nil)
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
}
