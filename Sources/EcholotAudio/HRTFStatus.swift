import COpenAL

/// Whether the device renders binaurally, as OpenAL Soft reports it (`ALC_HRTF_STATUS_SOFT`).
public enum HRTFStatus: Sendable, Equatable {
    /// HRTF is on.
    case enabled
    /// HRTF is on because the device (headphones) demands it.
    case required
    /// HRTF is on because headphones were detected.
    case headphonesDetected
    /// HRTF is off (not requested, or not chosen for this output).
    case disabled
    /// The user's OpenAL configuration forbids HRTF.
    case denied
    /// The output format (channels or rate) has no HRTF data set.
    case unsupportedFormat
    /// The library does not implement `ALC_SOFT_HRTF`.
    case unavailable

    /// Reads the status of an open device.
    static func query(_ device: OpaquePointer) -> HRTFStatus {
        guard alcIsExtensionPresent(device, "ALC_SOFT_HRTF") != ALC_FALSE else { return .unavailable }
        var status: ALCint = 0
        alcGetIntegerv(device, ALC_HRTF_STATUS_SOFT, 1, &status)
        guard alcGetError(device) == ALC_NO_ERROR else { return .unavailable }
        switch status {
        case ALC_HRTF_ENABLED_SOFT: return .enabled
        case ALC_HRTF_REQUIRED_SOFT: return .required
        case ALC_HRTF_HEADPHONES_DETECTED_SOFT: return .headphonesDetected
        case ALC_HRTF_DENIED_SOFT: return .denied
        case ALC_HRTF_UNSUPPORTED_FORMAT_SOFT: return .unsupportedFormat
        default: return .disabled
        }
    }

    /// Whether sounds are rendered binaurally.
    public var isOn: Bool {
        switch self {
        case .enabled, .required, .headphonesDetected: return true
        case .disabled, .denied, .unsupportedFormat, .unavailable: return false
        }
    }

    /// A plain sentence for the player when HRTF is off; `nil` when it is on.
    public var notice: String? {
        switch self {
        case .enabled, .required, .headphonesDetected:
            return nil
        case .disabled:
            return "HRTF is off for this audio device: sounds are panned, not binaural; use headphones and check the OpenAL configuration"
        case .denied:
            return "HRTF was requested but the OpenAL configuration denies it (hrtf = false?): sounds are panned, not binaural"
        case .unsupportedFormat:
            return "HRTF is unsupported at this device's output format (stereo at 44.1 or 48 kHz is needed): sounds are panned, not binaural"
        case .unavailable:
            return "this OpenAL library has no HRTF support (ALC_SOFT_HRTF): sounds are panned, not binaural"
        }
    }
}
