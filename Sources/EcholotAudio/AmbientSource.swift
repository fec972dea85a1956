import COpenAL
import EcholotCore

/// A non-directional sound (ambience or music): listener-relative at the origin, so it
/// sounds the same whichever way the player turns (FAA#4–5).
struct AmbientSource {
    /// The OpenAL source name.
    let id: ALuint
    private var gain: Float?
    private var loop: Bool?

    private init(id: ALuint) { self.id = id }

    /// Creates a source playing `buffer` with the settings in `value` (`{file, volume, loop}`).
    static func make(buffer: ALuint, value: Value) throws -> AmbientSource {
        OpenALCheck.clear()
        var id: ALuint = 0
        alGenSources(1, &id)
        try OpenALCheck.al("alGenSources")
        var source = AmbientSource(id: id)
        do {
            alSourcei(id, AL_BUFFER, ALint(bitPattern: buffer))
            HeadLockedSource.configure(id)
            alSourcef(id, AL_MAX_GAIN, 4)
            try OpenALCheck.al("alSource (ambient setup)")
            try source.apply(value)
            alSourcePlay(id)
            try OpenALCheck.al("alSourcePlay")
        } catch {
            source.release()
            throw error
        }
        return source
    }

    /// Sets the settings of `value` that differ from the last ones.
    mutating func apply(_ value: Value) throws {
        let gain = SoundParameters.clamp(
            AudioAttributes.number(value, AudioAttributes.volume, 1), 0 ... 4, default: 1)
        let loop = AudioAttributes.flag(value, AudioAttributes.loop, true)
        if gain != self.gain { alSourcef(id, AL_GAIN, gain) }
        if loop != self.loop { alSourcei(id, AL_LOOPING, loop ? AL_TRUE : AL_FALSE) }
        (self.gain, self.loop) = (gain, loop)
        try OpenALCheck.al("alSource (ambient properties)")
    }

    /// Stops and deletes the source.
    func release() {
        var id = id
        alSourceStop(id)
        alDeleteSources(1, &id)
        OpenALCheck.clear()
    }
}
