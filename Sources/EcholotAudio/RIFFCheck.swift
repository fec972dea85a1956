import Foundation
import EcholotModel

/// A check libsndfile does not make: it plays a WAV file whose data were cut off and
/// only logs it, so a truncated file would pass validation and then end early.
enum RIFFCheck {
    /// A sentence when `url` is a RIFF file whose header, or whose `data` chunk's header,
    /// promises more bytes than it has.
    static func truncation(of url: URL, fileSize: Int) -> String? {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        guard let header = try? handle.read(upToCount: 12), header.count == 12 else { return nil }
        let bytes = [UInt8](header)
        guard WAVHeader.begins(bytes) else { return nil }
        // One byte of slack: some writers omit the pad byte after an odd-sized chunk.
        if let declared = knownLength(bytes[4 ..< 8]), declared + 8 > fileSize + 1 {
            return message("its header promises \(declared + 8) bytes but it has \(fileSize)")
        }
        // A writer that fixed up the RIFF size but not the data chunk's (or cut the file
        // and patched the first) leaves a data chunk that runs past the end.
        var offset = 12
        while offset + 8 <= fileSize {
            guard (try? handle.seek(toOffset: UInt64(offset))) != nil,
                  let chunk = try? handle.read(upToCount: 8), chunk.count == 8 else { return nil }
            let fields = [UInt8](chunk)
            let size = length(fields[4 ..< 8])
            let end = offset + 8 + size
            if fields[0 ..< 4].elementsEqual("data".utf8) {
                guard knownLength(fields[4 ..< 8]) != nil, end > fileSize + 1 else { return nil }
                return message("its data chunk promises \(size) bytes of audio but only \(fileSize - offset - 8) follow")
            }
            offset = end + size % 2
        }
        return nil
    }

    /// A little-endian 32-bit length.
    private static func length(_ field: ArraySlice<UInt8>) -> Int {
        field.reversed().reduce(0) { $0 << 8 | Int($1) }
    }

    /// The length, or `nil` for 0 and 0xFFFFFFFF, which mark streams whose writer never
    /// knew the length (not truncation).
    private static func knownLength(_ field: ArraySlice<UInt8>) -> Int? {
        let value = length(field)
        return value == 0 || value == 0xFFFF_FFFF ? nil : value
    }

    private static func message(_ detail: String) -> String {
        "the file is truncated: \(detail); \(AudioAsset.exportAgain)"
    }
}
