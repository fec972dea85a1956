import EcholotAudio
import EcholotCore
import EcholotModel

/// A loopback device with an engine on it, driven with states the test builds: each new
/// state reaches the engine as a diff from the previous one, as a store would send it.
final class Rig {
    let device: AudioDevice
    let engine: AudioEngine
    private(set) var state: GameState

    /// Opens the loopback device and plays `state` with the test's sounds.
    convenience init(_ sounds: TestSounds, state: GameState) throws {
        try self.init(sounds.soundFolder, state: state)
    }

    /// Opens the loopback device and plays `state`, its names resolved in `folder`.
    init(_ folder: SoundFolder, state: GameState) throws {
        device = try AudioDevice.openLoopback(sampleRate: TestSounds.sampleRate)
        let box = MessageBox()
        engine = AudioEngine(device: device, sounds: folder) { box.messages.append($0) }
        self.state = state
        self.box = box
        engine.show(state)
    }

    private let box: MessageBox

    /// Messages the engine reported.
    var reported: [String] { box.messages }

    /// Moves to `next`, handing the engine the diff.
    func apply(_ next: GameState) {
        engine.apply(Diff(from: state.tree, to: next.tree), to: next)
        state = next
    }

    /// Renders `seconds` of the mix.
    func render(_ seconds: Double) throws -> Stereo {
        let frames = Int(seconds * Double(device.sampleRate))
        return Stereo(interleaved: try device.render(frames: frames), sampleRate: device.sampleRate)
    }
}

/// Where the engine's report closure puts messages (a class, so the closure can share it).
final class MessageBox {
    var messages: [String] = []
}
