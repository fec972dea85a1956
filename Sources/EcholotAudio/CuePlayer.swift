import COpenAL
import Foundation

/// Short synthesised sounds that answer the player's selections — a rising blip for a
/// hit, a low buzz for a miss, a chord for a win, a falling line for a loss — played
/// centred in the head on the game's audio device. They are feedback, not game state, so
/// the front end plays them directly rather than through the state the engine plays.
public final class CuePlayer {
    /// Which cue.
    public enum Cue: CaseIterable, Sendable {
        /// A selection found something.
        case hit
        /// A selection found nothing.
        case miss
        /// The level is won.
        case won
        /// The level is lost.
        case lost
    }

    // Keeps the device (and so OpenAL's context) open for as long as the cues exist.
    private let device: AudioDevice
    private var buffers: [Cue: ALuint] = [:]
    private var source: ALuint = 0

    /// The sample rate the cues are synthesised at.
    public static let rate = 44_100

    /// Creates the cues on `device`'s context; throws when OpenAL refuses.
    public init(device: AudioDevice) throws {
        self.device = device
        _ = alGetError()
        alGenSources(1, &source)
        guard alGetError() == AL_NO_ERROR else { throw CueError("alGenSources failed") }
        HeadLockedSource.configure(source)
        alSourcef(source, AL_GAIN, 0.5)
        for cue in Cue.allCases {
            var buffer: ALuint = 0
            alGenBuffers(1, &buffer)
            let samples = Self.samples(cue)
            samples.withUnsafeBytes {
                alBufferData(buffer, AL_FORMAT_MONO16, $0.baseAddress, ALsizei($0.count), ALsizei(Self.rate))
            }
            guard alGetError() == AL_NO_ERROR else {
                alDeleteBuffers(1, &buffer)
                release()
                throw CueError("alBufferData failed for the \(cue) cue")
            }
            buffers[cue] = buffer
        }
    }

    deinit { release() }

    /// Plays `cue`, cutting off the one before.
    public func play(_ cue: Cue) {
        guard let buffer = buffers[cue], source != 0 else { return }
        alSourceStop(source)
        alSourcei(source, AL_BUFFER, ALint(bitPattern: buffer))
        alSourcePlay(source)
        // A cue that fails to play is not worth stopping the game for.
        _ = alGetError()
    }

    private func release() {
        if source != 0 {
            alSourceStop(source)
            alSourcei(source, AL_BUFFER, 0)
            alDeleteSources(1, &source)
            source = 0
        }
        for (_, buffer) in buffers {
            var id = buffer
            alDeleteBuffers(1, &id)
        }
        buffers = [:]
        _ = alGetError()
    }

    /// The cue's 16-bit mono samples: notes of (frequency, seconds), each with a short
    /// attack and an exponential decay so nothing clicks.
    public static func samples(_ cue: Cue) -> [Int16] {
        let notes: [(Double, Double, Bool)]
        switch cue {
        case .hit: notes = [(880, 0.07, false), (1320, 0.12, false)]
        case .miss: notes = [(180, 0.22, true)]
        case .won: notes = [(523.25, 0.1, false), (659.25, 0.1, false), (783.99, 0.1, false), (1046.5, 0.3, false)]
        case .lost: notes = [(392, 0.15, true), (311.13, 0.15, true), (261.63, 0.35, true)]
        }
        var out: [Int16] = []
        for (frequency, seconds, buzzy) in notes {
            let count = Int(seconds * Double(rate))
            for i in 0 ..< count {
                let t = Double(i) / Double(rate)
                let attack = min(1, t / 0.005)
                let decay = exp(-3 * t / seconds)
                var wave = sin(2 * .pi * frequency * t)
                if buzzy { wave = 0.6 * wave + 0.3 * sin(6 * .pi * frequency * t) + 0.1 * sin(10 * .pi * frequency * t) }
                out.append(Int16(max(-1, min(1, wave * attack * decay * 0.8)) * 32767))
            }
        }
        return out
    }
}

/// OpenAL would not make the cues.
public struct CueError: Error, CustomStringConvertible {
    /// What failed.
    public let description: String
    /// Wraps a sentence.
    public init(_ description: String) { self.description = description }
}
