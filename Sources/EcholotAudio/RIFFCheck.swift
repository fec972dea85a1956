import Foundation

/// A check libsndfile does not make: it plays a WAV file whose data were cut off and
/// only logs it, so a truncated file would pass validation and then end early.
enum RIFFCheck {
    /// A sentence when `url` is a RIFF file whose header promises more bytes than it has.
    static func truncation(of url: URL, fileSize: Int) -> String? {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        guard let header = try? handle.read(upToCount: 12), header.count == 12 else { return nil }
        let bytes = [UInt8](header)
        guard bytes[0 ..< 4].elementsEqual("RIFF".utf8), bytes[8 ..< 12].elementsEqual("WAVE".utf8) else { return nil }
        let declared = Int(bytes[4]) | Int(bytes[5]) << 8 | Int(bytes[6]) << 16 | Int(bytes[7]) << 24
        // 0 and 0xFFFFFFFF mark streams whose writer never knew the length; not truncation.
        guard declared != 0, declared != 0xFFFF_FFFF else { return nil }
        let promised = declared + 8
        // One byte of slack: some writers omit the pad byte after an odd-sized data chunk.
        guard promised > fileSize + 1 else { return nil }
        return "the file is truncated: its header promises \(promised) bytes but it has \(fileSize)"
    }
}
