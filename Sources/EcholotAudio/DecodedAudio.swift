/// A whole sound file decoded to 16-bit PCM, ready to become an OpenAL buffer.
public struct DecodedAudio: Sendable, Equatable {
    /// Interleaved samples (L, R, L, R, … for stereo).
    public let samples: [Int16]
    /// 1 (mono) or 2 (stereo).
    public let channels: Int
    /// Frames per second.
    public let sampleRate: Int

    /// Creates decoded audio; `samples.count` must be a multiple of `channels`.
    public init(samples: [Int16], channels: Int, sampleRate: Int) {
        self.samples = samples
        self.channels = channels
        self.sampleRate = sampleRate
    }

    /// Frames (samples per channel).
    public var frames: Int { channels > 0 ? samples.count / channels : 0 }

    /// Length in seconds.
    public var duration: Double { sampleRate > 0 ? Double(frames) / Double(sampleRate) : 0 }
}
