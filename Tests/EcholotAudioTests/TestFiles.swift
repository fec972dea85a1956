import CSndFile
import Foundation

/// Sound files in formats and states the engine must accept or refuse.
extension TestSounds {
    /// Writes mono float samples through libsndfile in any format it can write
    /// (`SF_FORMAT_FLAC | SF_FORMAT_PCM_16`, `SF_FORMAT_OGG | SF_FORMAT_VORBIS`, …).
    @discardableResult
    func writeEncoded(_ name: String, format: Int, channels: Int = 1, samples: [Float], rate: Int = sampleRate) throws -> URL {
        var info = SF_INFO()
        info.channels = Int32(channels)
        info.samplerate = Int32(rate)
        info.format = Int32(format)
        guard let file = sf_open(url(name).path, Int32(SFM_WRITE), &info) else {
            throw TestFileError(message: "cannot write \(name): \(String(cString: sf_strerror(nil)))")
        }
        let frames = samples.count / channels
        let written = samples.withUnsafeBufferPointer { sf_writef_float(file, $0.baseAddress, sf_count_t(frames)) }
        guard sf_close(file) == 0, written == frames else { throw TestFileError(message: "short write of \(name)") }
        return url(name)
    }

    /// Silence through libsndfile in `format`, written a second at a time, so that a long
    /// compressed file needs no long array.
    @discardableResult
    func writeSilence(_ name: String, format: Int, channels: Int, rate: Int, seconds: Int) throws -> URL {
        var info = SF_INFO()
        (info.channels, info.samplerate, info.format) = (Int32(channels), Int32(rate), Int32(format))
        guard let file = sf_open(url(name).path, Int32(SFM_WRITE), &info) else {
            throw TestFileError(message: "cannot write \(name): \(String(cString: sf_strerror(nil)))")
        }
        let second = [Float](repeating: 0, count: rate * channels)
        var written = 0
        for _ in 0 ..< seconds { written += Int(second.withUnsafeBufferPointer { sf_writef_float(file, $0.baseAddress, sf_count_t(rate)) }) }
        guard sf_close(file) == 0, written == rate * seconds else { throw TestFileError(message: "short write of \(name)") }
        return url(name)
    }

    /// A hand-made 16-bit PCM WAV file: any header values, silent data.
    @discardableResult
    func writeRawWAV(_ name: String, rate: UInt32, channels: UInt16, frames: Int) throws -> URL {
        let data = frames * Int(channels) * 2
        var bytes: [UInt8] = Array("RIFF".utf8) + le32(UInt32(36 + data)) + Array("WAVEfmt ".utf8)
        bytes += le32(16) + le16(1) + le16(channels) + le32(rate) + le32(rate * UInt32(channels) * 2)
        bytes += le16(channels * 2) + le16(16) + Array("data".utf8) + le32(UInt32(data))
        bytes += [UInt8](repeating: 0, count: data)
        return try writeBytes(name, bytes)
    }

    /// Copies a file, keeping only its first `fraction` of bytes.
    func truncatedCopy(of source: URL, named name: String, keeping fraction: Double) throws -> URL {
        let data = try Data(contentsOf: source)
        return try writeBytes(name, [UInt8](data.prefix(Int(Double(data.count) * fraction))))
    }

    private func le32(_ v: UInt32) -> [UInt8] { (0 ..< 4).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
    private func le16(_ v: UInt16) -> [UInt8] { (0 ..< 2).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
}

/// A test file could not be made.
struct TestFileError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
