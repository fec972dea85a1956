import EcholotCore
import EcholotModel

/// Renders a level to a WAV file as the store runs it, faster than real time: after each
/// batch the engine has applied, it renders as much audio as the batch's `tick`s advanced
/// simulated time, so sound and state stay in step whatever drives the store.
public final class LevelRecorder {
    /// The engine whose device (a loopback device) is rendered.
    public let engine: AudioEngine
    /// Where the audio goes.
    public let writer: WAVWriter
    /// The first error met while rendering from a store callback, which cannot throw.
    public private(set) var failure: (any Error)?

    private var pendingFrames = 0.0
    private var scratch: [Float]

    /// A recorder of `engine`'s mix into `writer`; the engine must play on a loopback device.
    public init(engine: AudioEngine, writer: WAVWriter) throws {
        guard engine.device.output == .loopback else { throw AudioError.notLoopback }
        guard writer.channels == 2, writer.sampleRate == engine.device.sampleRate else {
            throw AudioError.writeFailed(
                path: writer.url.path,
                message: "the file must be stereo at \(engine.device.sampleRate) Hz to take the mix")
        }
        self.engine = engine
        self.writer = writer
        scratch = [Float](repeating: 0, count: engine.device.sampleRate / 10 * 2)
    }

    /// Seconds of audio written so far.
    public var seconds: Double { Double(writer.framesWritten) / Double(writer.sampleRate) }

    /// Renders alongside `store` from now on; attach the engine first, so that each batch
    /// is heard after it is applied. Returns the observer id.
    @discardableResult
    public func attach(to store: Store<GameState>) -> Int {
        store.observe { [weak self] transition in
            guard let self, self.failure == nil else { return }
            let dt = transition.actions.reduce(0.0) { sum, action in
                action.name == ActionName.tick ? sum + max(0, action["dt"].doubleValue ?? 0) : sum
            }
            guard dt > 0 else { return }
            do { try self.render(seconds: dt) } catch { self.failure = error }
        }
    }

    /// Renders `seconds` more audio of the current state.
    public func render(seconds: Double) throws {
        if let failure { throw failure }
        pendingFrames += seconds * Double(writer.sampleRate)
        let frames = Int(pendingFrames.rounded(.down))
        pendingFrames -= Double(frames)
        try render(frames: frames)
    }

    /// Renders the current state until the file holds `seconds` of audio to the frame,
    /// round(`seconds` × rate), a second of it at most per call; returns whether it does.
    /// Each tick writes whole frames and carries the fraction left, so counting the rest
    /// from ``seconds`` fell a frame short (132,299 frames for 3 s).
    public func fill(upTo seconds: Double) throws -> Bool {
        if let failure { throw failure }
        let total = Int((seconds * Double(writer.sampleRate)).rounded())
        try render(frames: min(total - writer.framesWritten, writer.sampleRate))
        guard writer.framesWritten >= total else { return false }
        pendingFrames = 0
        return true
    }

    /// Renders `frames` frames of the current state (none when not above 0).
    private func render(frames: Int) throws {
        var frames = frames
        while frames > 0 {
            let chunk = min(frames, scratch.count / 2)
            try scratch.withUnsafeMutableBufferPointer { buffer in
                let part = UnsafeMutableBufferPointer(rebasing: buffer[0 ..< chunk * 2])
                try engine.device.render(into: part)
                try writer.write(UnsafeBufferPointer(part))
            }
            frames -= chunk
        }
    }
}
