/// Why the audio output could not do what was asked.
public enum AudioError: Error, Equatable, CustomStringConvertible {
    /// No sound device could be opened.
    case noDevice
    /// Another ``AudioDevice`` is still open: OpenAL's current context is process-global,
    /// so only one device may drive it at a time.
    case deviceBusy
    /// The OpenAL library has no loopback device (`ALC_SOFT_loopback`).
    case loopbackUnsupported
    /// The loopback device cannot render this rate as stereo float.
    case renderFormatUnsupported(sampleRate: Int)
    /// An OpenAL or ALC call failed.
    case openAL(call: String, message: String)
    /// The device was asked to render but plays to speakers instead.
    case notLoopback
    /// Writing the output file failed.
    case writeFailed(path: String, message: String)

    /// A sentence for the player or author.
    public var description: String {
        switch self {
        case .noDevice:
            return "no audio device could be opened"
        case .deviceBusy:
            return "an audio device is already open in this process"
        case .loopbackUnsupported:
            return "this OpenAL library cannot render without a device (ALC_SOFT_loopback missing)"
        case let .renderFormatUnsupported(rate):
            return "OpenAL cannot render stereo float at \(rate) Hz"
        case let .openAL(call, message):
            return "OpenAL \(call) failed: \(message)"
        case .notLoopback:
            return "this audio device plays to speakers and cannot render into a buffer"
        case let .writeFailed(path, message):
            return "\(path): error: cannot write audio: \(message)"
        }
    }
}
