import Foundation

/// Writes short synthetic sounds as WAV files, so a new pack has a sound of its own
/// without shipping a recording: a bell-like tone (two partials, decaying), mono,
/// 16-bit PCM — what directional sounds must be.
public enum ToneWAV {
    /// The bytes of a mono 16-bit WAV file: `partials` (frequency in Hz, amplitude 0…1)
    /// summed and fading out exponentially over `seconds`.
    public static func chime(seconds: Double = 0.6, sampleRate: Int = 44_100,
                             partials: [(frequency: Double, amplitude: Double)] = [(880, 0.5), (1_320, 0.25)],
                             decay: Double = 6) -> [UInt8] {
        let count = Int(seconds * Double(sampleRate))
        var samples: [Int16] = []
        samples.reserveCapacity(count)
        for index in 0..<count {
            let t = Double(index) / Double(sampleRate)
            // A 5 ms fade-in keeps the start from clicking.
            let envelope = min(1, t / 0.005) * exp(-decay * t)
            let value = partials.reduce(0) { $0 + $1.amplitude * sin(2 * .pi * $1.frequency * t) } * envelope
            samples.append(Int16((max(-1, min(1, value)) * 32_000).rounded()))
        }
        return wav(samples: samples, sampleRate: sampleRate)
    }

    /// A RIFF/WAVE file holding `samples` (mono, 16-bit, little-endian).
    static func wav(samples: [Int16], sampleRate: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        func append32(_ value: Int) { bytes += withUnsafeBytes(of: UInt32(value).littleEndian, Array.init) }
        func append16(_ value: Int) { bytes += withUnsafeBytes(of: UInt16(value).littleEndian, Array.init) }
        let dataSize = samples.count * 2
        bytes += Array("RIFF".utf8)
        append32(36 + dataSize)
        bytes += Array("WAVE".utf8)
        bytes += Array("fmt ".utf8)
        append32(16)  // the size of the PCM format chunk
        append16(1)  // PCM
        append16(1)  // mono
        append32(sampleRate)
        append32(sampleRate * 2)  // bytes per second
        append16(2)  // bytes per frame
        append16(16)  // bits per sample
        bytes += Array("data".utf8)
        append32(dataSize)
        for sample in samples { bytes += withUnsafeBytes(of: sample.littleEndian, Array.init) }
        return bytes
    }
}
