import COpenAL

/// The resampler every source plays through: the best OpenAL Soft offers, not its default.
///
/// OpenAL Soft 1.19 resamples linearly by default, which does not band-limit: a file
/// recorded above the output rate (a 96 kHz field recording) or played at a pitch above 1
/// folds what lies above the output's Nyquist frequency back into the audible band, at
/// full level — a 30 kHz tone in a 96 kHz file came out as a 14 kHz whistle. Its sinc
/// resamplers filter first (measured: the 23rd-order one leaves that tone 70 dB down).
enum Resampler {
    /// Has the source `id` resample with the best resampler; a library without
    /// `AL_SOFT_source_resampler` keeps its own.
    static func useBest(on id: ALuint) {
        guard let best else { return }
        alSourcei(id, AL_SOURCE_RESAMPLER_SOFT, best)
    }

    /// The index of the best resampler of the current context. OpenAL Soft lists its
    /// resamplers from the cheapest to the most exact (nearest, linear, cubic, then sincs
    /// of rising order), in every release that has the extension.
    private static var best: ALint? {
        guard alIsExtensionPresent("AL_SOFT_source_resampler") != AL_FALSE else { return nil }
        let count = alGetInteger(AL_NUM_RESAMPLERS_SOFT)
        return count > 0 ? count - 1 : nil
    }
}
