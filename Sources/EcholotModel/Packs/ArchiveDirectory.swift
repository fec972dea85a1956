import Foundation

/// Whether a ZIP archive's central directory holds the entries its end record counts.
/// ZIPFoundation walks as many entries as that record says and stops without a word at
/// one it cannot read: a count lowered by damage hid the last files (a pack loaded
/// without them), and one raised, or a directory cut short, went unnoticed.
enum ArchiveDirectory {
    private static let endSignature: UInt32 = 0x0605_4B50
    private static let zip64LocatorSignature: UInt32 = 0x0706_4B50
    private static let zip64EndSignature: UInt32 = 0x0606_4B50
    private static let entrySignature: UInt32 = 0x0201_4B50

    /// Why the archive at `url` is damaged, when its directory does not hold exactly the
    /// entries its end record counts, or ZIPFoundation read fewer of them (`entriesRead`);
    /// nil when it does. Read as ZIPFoundation reads it: the last end record in the file,
    /// and the ZIP64 one just before it when there is one.
    static func damage(of url: URL, entriesRead: Int) -> String? {
        guard let bytes = try? Data(contentsOf: url, options: .alwaysMapped) else { return nil }
        func integer(at offset: Int, size: Int) -> UInt64? {
            // Offsets come from the file: a ZIP64 one near Int.max must not overflow the sum.
            guard offset >= 0, size <= bytes.count, offset <= bytes.count - size else { return nil }
            var value: UInt64 = 0
            for index in (0..<size).reversed() {
                value = value << 8 | UInt64(bytes[bytes.startIndex + offset + index])
            }
            return value
        }
        func signature(at offset: Int) -> UInt32? { integer(at: offset, size: 4).map { UInt32($0) } }
        guard bytes.count >= 22,
              let end = (0...(bytes.count - 22)).reversed().first(where: { signature(at: $0) == endSignature }),
              var counted = integer(at: end + 10, size: 2), var start = integer(at: end + 16, size: 4)
        else { return nil }
        let record = end - 20 - 56
        // Where the directory must end: an entry running into the end record is cut short.
        var limit = end
        if signature(at: end - 20) == zip64LocatorSignature, signature(at: record) == zip64EndSignature,
           let version = integer(at: record + 14, size: 2), version >= 45,
           let zip64Count = integer(at: record + 32, size: 8), let zip64Start = integer(at: record + 48, size: 8) {
            counted = zip64Count
            start = zip64Start
            limit = record
        }
        let damaged = "the archive is damaged: its directory"
        let again = "nothing was read from it; get or make the archive again"
        var offset = Int(clamping: start)
        var held: UInt64 = 0
        while held < counted, signature(at: offset) == entrySignature,
              let name = integer(at: offset + 28, size: 2), let extra = integer(at: offset + 30, size: 2),
              let comment = integer(at: offset + 32, size: 2),
              offset + 46 + Int(name + extra + comment) <= limit {
            offset += 46 + Int(name + extra + comment)
            held += 1
        }
        if held < counted {
            return "\(damaged) holds \(held) readable entries, but its end record counts \(counted); \(again)"
        }
        if signature(at: offset) == entrySignature {
            return "\(damaged) holds more entries than the \(counted) its end record counts; \(again)"
        }
        if UInt64(entriesRead) < counted {
            return "\(damaged) counts \(counted) entries, but only \(entriesRead) can be read; \(again)"
        }
        return nil
    }
}
