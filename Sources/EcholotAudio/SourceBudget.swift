/// Which entities' sounds get one of the device's sources when more entities have a sound
/// than it plays at once (``AudioDevice/entitySoundLimit``). ``AudioEngine`` gives them to
/// the nearest as a level starts; the others wait, silent, and when a source comes free the
/// nearest waiting entity takes it, not whichever changed first. Without it every sound past
/// the limit failed on its own line, and those lines used up the report's room for others.
final class SourceBudget {
    /// How many entity sounds play at once.
    let limit: Int
    /// Entity sources in use.
    private(set) var used = 0
    /// The entities with a sound and no source, by id; some may since have lost their sound
    /// or left the level, which ``AudioEngine`` finds when it hands out sources.
    var waiting: Set<String> = []
    /// Whether the player was told that some sounds wait (once a level).
    var told = false
    /// Whether sources are handed out now: otherwise a newcomer waits behind the waiting.
    private var admitting = false

    /// A budget of `limit` sources.
    init(limit: Int) { self.limit = limit }

    /// Whether there is a free source and entities that wait for one.
    var canAdmit: Bool { used < limit && !waiting.isEmpty }

    /// Takes a source for entity `id`, or puts it among the waiting: `false` when none is
    /// free, or others wait and sources are not being handed out.
    func take(_ id: String) -> Bool {
        guard used < limit, admitting || waiting.isEmpty else {
            waiting.insert(id)
            return false
        }
        used += 1
        waiting.remove(id)
        return true
    }

    /// Gives a source back.
    func give() { used -= 1 }

    /// Runs `body`, in which sources go to whoever asks while any is free.
    func admit(_ body: () -> Void) {
        admitting = true
        defer { admitting = false }
        body()
    }

    /// The ids of `sounding` (entities with a sound, and how far away each is) that do not
    /// fit: the farthest past the limit, the later id first among equals; empty when all fit.
    func overLimit(_ sounding: [(id: String, metres: Double)]) -> Set<String> {
        guard sounding.count > limit else { return [] }
        return Set(sounding.sorted { ($0.metres, $0.id) < ($1.metres, $1.id) }.dropFirst(limit).map(\.id))
    }

    /// What the player is told once a level when sounds wait: how many, the limit, and what to do.
    var notice: String {
        let wanting = used + waiting.count
        return "audio: \(wanting) entities have a sound, more than the \(limit) that can play at once: "
            + "\(used) play, the nearest as the level began, and the other \(waiting.count) stay silent until "
            + "a source comes free; the pack's author can give fewer entities a sound (echolot validate "
            + "warns of a level that has too many)"
    }
}
