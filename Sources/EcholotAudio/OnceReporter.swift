import EcholotModel

/// Passes each distinct message on once, as the rules' failures are told: a broken sound
/// is met again on every change of its entity, and the player should read about it once,
/// not sixty times a second; past a report's limit of different ones, the rest are not told.
final class OnceReporter {
    private let sink: (String) -> Void
    private var tally = FailureTally(limit: FailureTally.reportLimit)

    /// A reporter that writes to `sink`.
    init(sink: @escaping (String) -> Void) { self.sink = sink }

    /// Reports `message` unless it was reported before, on one line: a sound's name is
    /// whatever a rule wrote, and a line break or an escape sequence in it must not forge a
    /// second message or command the terminal.
    func report(_ message: String) {
        switch tally.count(message) {
        case .tell: sink(MessageText.oneLine(message))
        case .tellTheRestAreNotTold: sink("audio: more sounds fail; no more of them are told")
        case .keepQuiet: break
        }
    }
}
