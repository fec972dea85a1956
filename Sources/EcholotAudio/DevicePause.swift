import COpenAL

/// Pauses and resumes the whole audio device (ALC_SOFT_pause_device): a paused game is
/// silent, and the level's sounds go on where they stopped.
public enum DevicePause {
    /// Pauses (`true`) or resumes (`false`) the device of OpenAL's current context;
    /// nothing happens without the extension.
    public static func set(_ paused: Bool) {
        guard let context = alcGetCurrentContext(), let device = alcGetContextsDevice(context),
              alcIsExtensionPresent(device, "ALC_SOFT_pause_device") != ALC_FALSE else { return }
        if paused { alcDevicePauseSOFT(device) } else { alcDeviceResumeSOFT(device) }
        // A device that cannot pause keeps playing; that is all that can go wrong.
        _ = alcGetError(device)
    }
}
