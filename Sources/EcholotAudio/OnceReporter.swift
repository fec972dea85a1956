/// Passes each distinct message on once: a broken sound is met again on every change of
/// its entity, and the player should read about it once, not sixty times a second.
final class OnceReporter {
    private let sink: (String) -> Void
    private var seen: Set<String> = []

    /// A reporter that writes to `sink`.
    init(sink: @escaping (String) -> Void) { self.sink = sink }

    /// Reports `message` unless it was reported before.
    func report(_ message: String) {
        guard seen.insert(message).inserted else { return }
        sink(message)
    }
}
