import COpenAL

/// The setup of a source that sounds in the middle of the head (ambience, music, cues, a
/// pack's preview): one place, so none of them drifts from the others.
enum HeadLockedSource {
    /// Makes the source `id` non-directional: listener-relative at the origin, so it sounds
    /// the same whichever way the player faces, and never quieter for distance.
    static func configure(_ id: ALuint) {
        alSourcei(id, AL_SOURCE_RELATIVE, AL_TRUE)
        alSource3f(id, AL_POSITION, 0, 0, 0)
        alSourcef(id, AL_ROLLOFF_FACTOR, 0)
        Resampler.useBest(on: id)
        if alIsExtensionPresent("AL_SOFT_direct_channels") != AL_FALSE {
            // A stereo recording goes straight to the ears instead of being placed on
            // two virtual speakers in front of the listener by HRTF.
            alSourcei(id, AL_DIRECT_CHANNELS_SOFT, AL_TRUE)
        }
    }
}
