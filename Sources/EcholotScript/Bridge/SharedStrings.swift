import EcholotCore

/// One Swift copy of each long string the scripts hand to the engine, shared by every
/// place the state stores it.
///
/// Lua holds a string once however many fields refer to it, and the mirror — inside the
/// memory cap — holds every string the state does; a copy per field would not be bounded
/// by that cap (a megabyte stored in a hundred new fields a tick grew the state by a
/// hundred megabytes a tick). With one copy per content, the state's long strings take
/// about what the mirror's do. The set is trimmed to what the state still holds once it
/// has doubled, so strings the state let go of are not kept for ever.
struct SharedStrings {
    /// Strings shorter than this are copied as they come: sharing them would cost about
    /// what it saves.
    static let threshold = 256

    private var strings: Set<String> = []
    /// UTF-8 bytes of the strings kept.
    private(set) var bytes = 0
    /// Bytes at which the set is next trimmed to what the state holds.
    private var trimAt: Int

    /// An empty set, first trimmed at `bytes` (at least).
    init(trimmingAt bytes: Int) {
        trimAt = bytes
    }

    /// The copy of `string` every place shares: an earlier one of the same content, or
    /// `string` itself, kept from now on.
    mutating func shared(_ string: String) -> String {
        let (inserted, member) = strings.insert(string)
        if inserted { bytes += string.utf8.count }
        return member
    }

    /// After a commit into `state`: once the set has grown past its mark, keeps only the
    /// long strings `state` holds (a walk of the state, at most once per doubling).
    mutating func trim(to state: PersistentMap<Value>) {
        guard bytes > trimAt else { return }
        var kept: Set<String> = []
        var keptBytes = 0
        func visit(_ value: Value) {
            switch value {
            case let .string(s) where s.utf8.count >= Self.threshold:
                if kept.insert(s).inserted { keptBytes += s.utf8.count }
            case let .list(items): items.forEach(visit)
            case let .map(map): for (_, item) in map { visit(item) }
            default: break
            }
        }
        for (_, value) in state { visit(value) }
        strings = kept
        bytes = keptBytes
        trimAt = max(trimAt, 2 * keptBytes)
    }
}
