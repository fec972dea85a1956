import Foundation

/// The length of a voice file read from its header (WAV, FLAC, Ogg Vorbis), so a line that
/// lasts "until the voice ends" has a length fixed at load time and replays exactly,
/// without the model decoding audio.
public enum VoiceDuration {
    /// Seconds of audio in `bytes`, or why they cannot be read.
    public static func seconds(of bytes: [UInt8]) -> Result<Double, VoiceError> {
        if bytes.starts(with: Array("RIFF".utf8)) { return wav(bytes) }
        if bytes.starts(with: Array("fLaC".utf8)) { return flac(bytes) }
        if bytes.starts(with: Array("OggS".utf8)) { return ogg(bytes) }
        return .failure(VoiceError("not a WAV, FLAC or Ogg Vorbis file"))
    }

    /// Seconds of audio in the file at `url`.
    public static func seconds(ofFile url: URL) -> Result<Double, VoiceError> {
        switch FileBytes.read(atPath: url.path, limit: PackFiles.assetLimit) {
        case let .success(bytes): return seconds(of: bytes)
        case let .failure(problem): return .failure(VoiceError(problem.message(limit: PackFiles.assetLimit)))
        }
    }

    private static func le(_ b: [UInt8], _ at: Int, _ count: Int) -> UInt64? {
        guard at >= 0, at + count <= b.count else { return nil }
        var v: UInt64 = 0
        for i in (0..<count).reversed() { v = v << 8 | UInt64(b[at + i]) }
        return v
    }

    private static func wav(_ b: [UInt8]) -> Result<Double, VoiceError> {
        var offset = 12
        var frameBytes: UInt64 = 0, rate: UInt64 = 0
        while let size = le(b, offset + 4, 4), offset + 8 <= b.count {
            let id = String(decoding: b[offset..<offset + 4], as: UTF8.self)
            if id == "fmt " {
                let channels = le(b, offset + 10, 2) ?? 0, bits = le(b, offset + 22, 2) ?? 0
                rate = le(b, offset + 12, 4) ?? 0
                frameBytes = channels * ((bits + 7) / 8)
            } else if id == "data" {
                guard frameBytes > 0, rate > 0 else { break }
                let available = UInt64(max(0, b.count - offset - 8))
                return .success(Double(min(size, available) / frameBytes) / Double(rate))
            }
            offset += 8 + Int(size) + Int(size & 1)
        }
        return .failure(VoiceError("the WAV file has no readable 'fmt ' and 'data' chunks"))
    }

    private static func flac(_ b: [UInt8]) -> Result<Double, VoiceError> {
        // STREAMINFO is the first metadata block: 4-byte block header after "fLaC".
        let s = 8
        guard b.count >= s + 18, b[4] & 0x7F == 0 else { return .failure(VoiceError("the FLAC file has no STREAMINFO")) }
        let rate = UInt64(b[s + 10]) << 12 | UInt64(b[s + 11]) << 4 | UInt64(b[s + 12]) >> 4
        var total = UInt64(b[s + 13] & 0x0F)
        for i in 14...17 { total = total << 8 | UInt64(b[s + i]) }
        guard rate > 0, total > 0 else { return .failure(VoiceError("the FLAC file does not say how long it is")) }
        return .success(Double(total) / Double(rate))
    }

    private static func ogg(_ b: [UInt8]) -> Result<Double, VoiceError> {
        // The identification header is the first packet: 0x01 "vorbis", version, channels, rate.
        guard b.count > 27 else { return .failure(VoiceError("the Ogg file is truncated")) }
        let packet = 27 + Int(b[26])
        guard b.count >= packet + 16, b[packet] == 1, Array(b[packet + 1..<packet + 7]) == Array("vorbis".utf8),
              let rate = le(b, packet + 12, 4), rate > 0 else {
            return .failure(VoiceError("the Ogg file is not Ogg Vorbis"))
        }
        // The last page's granule position is the number of samples.
        var i = b.count - 4
        while i >= 0 {
            if b[i] == 0x4F, b[i + 1] == 0x67, b[i + 2] == 0x67, b[i + 3] == 0x53, let granule = le(b, i + 6, 8),
               granule != UInt64.max {
                return granule > 0 ? .success(Double(granule) / Double(rate))
                    : .failure(VoiceError("the Ogg file holds no audio"))
            }
            i -= 1
        }
        return .failure(VoiceError("the Ogg file has no last page"))
    }
}

/// Why a voice file cannot be used.
public struct VoiceError: Error, Sendable, CustomStringConvertible {
    /// What is wrong.
    public let description: String

    /// Creates the error.
    public init(_ description: String) { self.description = description }
}
