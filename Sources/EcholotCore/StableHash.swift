/// A 64-bit hash whose value is the same in every process and on every machine.
///
/// Swift's `Hasher` is seeded per process, which is right for dictionaries but wrong for
/// anything that must be reproducible: the iteration order of the state tree and the
/// `stateHash` of a run. This is FNV-1a over the bytes, finished with MurmurHash3's
/// `fmix64` so that every output bit depends on every input bit.
public struct StableHasher: Sendable {
    @usableFromInline var state: UInt64 = 0xcbf2_9ce4_8422_2325

    /// Creates a hasher in its initial state.
    @inlinable public init() {}

    /// Feeds raw bytes.
    @inlinable public mutating func combine(bytes: UnsafeRawBufferPointer) {
        var h = state
        for byte in bytes {
            h = (h ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        state = h
    }

    /// Feeds one 64-bit word, little-endian.
    @inlinable public mutating func combine(_ word: UInt64) {
        withUnsafeBytes(of: word.littleEndian) { combine(bytes: $0) }
    }

    /// Feeds a string's UTF-8 bytes followed by a terminator, so that `"ab","c"` and
    /// `"a","bc"` hash differently.
    @inlinable public mutating func combine(_ string: String) {
        var copy = string
        copy.withUTF8 { combine(bytes: UnsafeRawBufferPointer($0)) }
        combine(UInt64(0xff))
    }

    /// The finished hash.
    @inlinable public func finalize() -> UInt64 {
        StableHasher.mix(state)
    }

    /// MurmurHash3's 64-bit finaliser.
    @inlinable static func mix(_ value: UInt64) -> UInt64 {
        var h = value
        h ^= h >> 33
        h &*= 0xff51_afd7_ed55_8ccd
        h ^= h >> 33
        h &*= 0xc4ce_b9fe_1a85_ec53
        h ^= h >> 33
        return h
    }

    /// The stable hash of one string, as used for the keys of a ``PersistentMap``.
    @inlinable public static func hash(_ string: String) -> UInt64 {
        var hasher = StableHasher()
        hasher.combine(string)
        return hasher.finalize()
    }
}
