import EcholotAudio
import EcholotCore
import EcholotModel
import Foundation

/// The game's sound: the speakers with HRTF (or silence when there is no device), the
/// level's sounds through the audio engine, and the feedback cues.
public final class AudioOutput {
    /// The open device, if any.
    public let device: AudioDevice?
    /// The menus' player of packs' preview sounds, when there is a device.
    public let previews: PreviewPlayer?
    private let cues: CuePlayer?
    private let report: (String) -> Void
    /// The engine of the level last started, while its caller keeps it sounding.
    private weak var level: AudioEngine?

    /// Opens the speakers when `enabled`; problems (no device, no HRTF) go to `report` as
    /// one line each, the game's own in `words`, and the game plays silently.
    public init(enabled: Bool, words: Words, report: @escaping (String) -> Void) {
        self.report = report
        guard enabled else {
            device = nil
            cues = nil
            previews = nil
            return
        }
        device = AudioDevice.openSpeakers(report: report)
        previews = device.flatMap { device in
            do {
                return try PreviewPlayer(device: device)
            } catch {
                report(words.soundsOff(previews: true, problem: "\(error)"))
                return nil
            }
        }
        if let device {
            do {
                cues = try CuePlayer(device: device)
            } catch {
                report(words.soundsOff(previews: false, problem: "\(error)"))
                cues = nil
            }
        } else {
            cues = nil
        }
    }

    /// Plays `store`'s level with the pack's sounds; keep the engine as long as it should
    /// sound (dropping it silences the level). `nil` when there is no device.
    public func play(_ store: Store<GameState>, pack: Pack) -> AudioEngine? {
        guard let device else { return nil }
        // A pause holds the whole device. A level left while paused (or while its window
        // was too small) still holds it, and lifting it on the way out would let that
        // level's sounds play on until its engine is gone: the next level lifts it, and so
        // does the next menu (``menuPreviews``) once the engine is gone.
        DevicePause.set(false)
        let engine = AudioEngine(device: device, sounds: SoundFolder(pack.sounds), report: report)
        engine.attach(to: store)
        level = engine
        return engine
    }

    /// The preview player for a menu about to be shown: the pause a level left on the
    /// device is lifted here, once that level's engine is gone, or its previews would be
    /// silent until the next level.
    public var menuPreviews: PreviewPlayer? {
        if previews != nil, level == nil { DevicePause.set(false) }
        return previews
    }

    /// The feedback for a level: cues, or `ring` (the terminal bell) for misses when
    /// there is no device.
    public func feedback(ring: @escaping () -> Void) -> any Feedback {
        SoundFeedback(cues: cues, hasDevice: device != nil, ring: ring)
    }
}

/// Cues for hits, misses and outcomes; the bell for a miss when nothing else can sound.
final class SoundFeedback: Feedback {
    private let cues: CuePlayer?
    private let hasDevice: Bool
    private let ring: () -> Void

    init(cues: CuePlayer?, hasDevice: Bool, ring: @escaping () -> Void) {
        self.cues = cues
        self.hasDevice = hasDevice
        self.ring = ring
    }

    func respond(to event: LevelEvent) {
        switch event {
        case .hit: cues?.play(.hit)
        case .miss, .wrong: if let cues { cues.play(.miss) } else { ring() }
        case .won: cues?.play(.won)
        case .lost: if let cues { cues.play(.lost) } else { ring() }
        default: break
        }
    }

    func paused(_ paused: Bool) {
        if hasDevice { DevicePause.set(paused) }
    }
}
