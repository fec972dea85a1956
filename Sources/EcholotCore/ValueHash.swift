extension Value {
    /// A hash of the value that is the same on every run and every machine: what
    /// `stateHash` reports, so that two runs can be compared by one number.
    ///
    /// Map entries are hashed in key order, so equal values hash equally however they were
    /// built; integers and numbers are hashed as different types (1 ≠ 1.0).
    public var stableHash: UInt64 {
        var hasher = StableHasher()
        feed(into: &hasher)
        return hasher.finalize()
    }

    /// The stable hash as 16 lowercase hex digits.
    public var stableHashHex: String {
        let hex = String(stableHash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    private func feed(into hasher: inout StableHasher) {
        switch self {
        case .null:
            hasher.combine(0)
        case let .bool(b):
            hasher.combine(1)
            hasher.combine(b ? 1 : 0)
        case let .int(i):
            hasher.combine(2)
            hasher.combine(UInt64(bitPattern: Int64(i)))
        case let .number(d):
            hasher.combine(3)
            hasher.combine((d == 0 ? 0.0 : d).bitPattern)  // -0 and +0 are one value
        case let .string(s):
            hasher.combine(4)
            hasher.combine(s)
        case let .list(items):
            hasher.combine(5)
            hasher.combine(UInt64(items.count))
            for item in items { item.feed(into: &hasher) }
        case let .map(map):
            hasher.combine(6)
            hasher.combine(UInt64(map.count))
            for (key, value) in map.sorted(by: { $0.key < $1.key }) {
                hasher.combine(key)
                value.feed(into: &hasher)
            }
        }
    }
}
