import COpenAL
import Synchronization

/// The process's one OpenAL device and context: speakers, or a loopback device that renders
/// into memory. OpenAL's current context is process-global state, so at most one
/// `AudioDevice` is open at a time; closing it (dropping the last reference) frees the slot.
public final class AudioDevice {
    /// Where the mix goes.
    public enum Output: Sendable, Equatable {
        /// The default playback device.
        case speakers
        /// Into buffers the caller asks for (`ALC_SOFT_loopback`), as fast as the CPU allows.
        case loopback
    }

    /// Where the mix goes.
    public let output: Output
    /// Frames per second of the mix.
    public let sampleRate: Int
    /// Whether OpenAL renders binaurally.
    public let hrtf: HRTFStatus
    /// The name of the HRTF data set in use, when HRTF is on.
    public let hrtfName: String?

    let device: OpaquePointer
    let context: OpaquePointer

    /// Whether some `AudioDevice` currently owns OpenAL's global current context.
    private static let claimed = Mutex(false)

    /// Sources OpenAL Soft reserves per context; its default (256 in all) is too few for
    /// the benchmark's 128 sources plus ambience on a busy level. It makes no more than the
    /// two together, of either kind.
    private static let monoSources: ALCint = 1000
    private static let stereoSources: ALCint = 24

    /// How many entity sounds play at once (``AudioEngine`` gives the nearest the sources):
    /// the mono sources, so that the other 24 stay for the ambience, the music, a story's
    /// voices and the menus' cues and previews however many entities sound.
    public static let entitySoundLimit = Int(monoSources)

    /// Opens the default playback device with HRTF requested.
    public static func openSpeakers() throws -> AudioDevice {
        try claim()
        guard let device = QuietStandardError.run({ alcOpenDevice(nil) }) else {
            release()
            throw AudioError.noDevice
        }
        let attributes: [ALCint] = [
            ALC_HRTF_SOFT, ALC_TRUE,
            ALC_MONO_SOURCES, monoSources, ALC_STEREO_SOURCES, stereoSources,
            0,
        ]
        return try finishOpening(device, output: .speakers, attributes: attributes)
    }

    /// Opens the default playback device; when there is none, reports one line and
    /// returns `nil`, so the game goes on silently. HRTF trouble is reported too.
    public static func openSpeakers(report: (String) -> Void) -> AudioDevice? {
        do {
            let device = try openSpeakers()
            if let notice = device.hrtf.notice { report("audio: \(notice)") }
            return device
        } catch AudioError.noDevice {
            report("audio: no sound device found: playing silently")
        } catch {
            report("audio: \(error): playing silently")
        }
        return nil
    }

    /// Opens a loopback device that renders stereo float at `sampleRate` with HRTF on.
    /// With `limiter` off (the default) gains stay exactly linear, which is what tests that
    /// measure levels need; on, OpenAL Soft's limiter keeps peaks of a loud mix below full
    /// scale, which is what a 16-bit file needs.
    public static func openLoopback(sampleRate: Int = 44_100, limiter: Bool = false) throws -> AudioDevice {
        try claim()
        guard alcIsExtensionPresent(nil, "ALC_SOFT_loopback") != ALC_FALSE else {
            release()
            throw AudioError.loopbackUnsupported
        }
        guard let device = alcLoopbackOpenDeviceSOFT(nil) else {
            release()
            throw AudioError.openAL(call: "alcLoopbackOpenDeviceSOFT", message: "no loopback device")
        }
        guard sampleRate > 0, sampleRate <= 384_000,
            alcIsRenderFormatSupportedSOFT(device, ALCsizei(sampleRate), ALC_STEREO_SOFT, ALC_FLOAT_SOFT) != ALC_FALSE
        else {
            alcCloseDevice(device)
            release()
            throw AudioError.renderFormatUnsupported(sampleRate: sampleRate)
        }
        let attributes: [ALCint] = [
            ALC_FORMAT_CHANNELS_SOFT, ALC_STEREO_SOFT,
            ALC_FORMAT_TYPE_SOFT, ALC_FLOAT_SOFT,
            ALC_FREQUENCY, ALCint(sampleRate),
            ALC_HRTF_SOFT, ALC_TRUE,
            ALC_OUTPUT_LIMITER_SOFT, limiter ? ALC_TRUE : ALC_FALSE,
            ALC_MONO_SOURCES, monoSources, ALC_STEREO_SOURCES, stereoSources,
            0,
        ]
        return try finishOpening(device, output: .loopback, attributes: attributes)
    }

    private static func finishOpening(_ device: OpaquePointer, output: Output, attributes: [ALCint]) throws -> AudioDevice {
        guard let context = alcCreateContext(device, attributes) else {
            let message = OpenALCheck.alcErrorText(device, alcGetError(device))
            alcCloseDevice(device)
            release()
            throw AudioError.openAL(call: "alcCreateContext", message: message)
        }
        guard alcMakeContextCurrent(context) != ALC_FALSE else {
            let message = OpenALCheck.alcErrorText(device, alcGetError(device))
            alcDestroyContext(context)
            alcCloseDevice(device)
            release()
            throw AudioError.openAL(call: "alcMakeContextCurrent", message: message)
        }
        // Sounds nearer than the contract's default distance (1.5 m) play at their volume;
        // farther ones fall off as 1.5 / (1.5 + rolloff·(d − 1.5)).
        alDistanceModel(AL_INVERSE_DISTANCE_CLAMPED)
        do {
            try OpenALCheck.al("alDistanceModel")
        } catch {
            alcMakeContextCurrent(nil)
            alcDestroyContext(context)
            alcCloseDevice(device)
            release()
            throw error
        }
        return AudioDevice(device: device, context: context, output: output)
    }

    private init(device: OpaquePointer, context: OpaquePointer, output: Output) {
        self.device = device
        self.context = context
        self.output = output
        var rate: ALCint = 0
        alcGetIntegerv(device, ALC_FREQUENCY, 1, &rate)
        sampleRate = alcGetError(device) == ALC_NO_ERROR && rate > 0 ? Int(rate) : 44_100
        hrtf = HRTFStatus.query(device)
        if hrtf.isOn, let name = alcGetString(device, ALC_HRTF_SPECIFIER_SOFT) {
            hrtfName = String(cString: name)
        } else {
            hrtfName = nil
        }
        _ = alcGetError(device)  // A missing specifier is not worth failing for.
    }

    deinit {
        alcMakeContextCurrent(nil)
        alcDestroyContext(context)
        alcCloseDevice(device)
        Self.release()
    }

    /// Renders the next `frames` frames of the mix as interleaved stereo floats (L, R, …).
    public func render(frames: Int) throws -> [Float] {
        guard frames > 0 else { return [] }
        var samples = [Float](repeating: 0, count: frames * 2)
        try samples.withUnsafeMutableBufferPointer { try render(into: $0) }
        return samples
    }

    /// Renders `buffer.count / 2` frames of the mix into `buffer` (interleaved stereo).
    public func render(into buffer: UnsafeMutableBufferPointer<Float>) throws {
        guard output == .loopback else { throw AudioError.notLoopback }
        let frames = buffer.count / 2
        guard frames > 0, let base = buffer.baseAddress else { return }
        alcRenderSamplesSOFT(device, base, ALCsizei(frames))
        try OpenALCheck.alc(device, "alcRenderSamplesSOFT")
    }

    private static func claim() throws {
        let won = claimed.withLock { taken -> Bool in
            if taken { return false }
            taken = true
            return true
        }
        guard won else { throw AudioError.deviceBusy }
    }

    private static func release() {
        claimed.withLock { $0 = false }
    }
}
