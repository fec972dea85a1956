import COpenAL
import EcholotCore

/// An entity's sound as an OpenAL source: placed by the geometry contract and played
/// with its sound's volume, pitch, rolloff, loop and on/off — all read from the state,
/// which is how scripts control audio (FA#7).
///
/// It keeps what it last gave OpenAL and takes the diff's changes one by one, so a moving
/// entity costs one position update and no lookups in the state at all.
struct SpatialSource {
    /// The OpenAL source name.
    let id: ALuint
    private var placement: Placement
    private var parameters: SoundParameters?

    /// The contract's default entity distance: sounds nearer than this play at their volume.
    static let referenceDistance: Float = 1.5

    private init(id: ALuint, placement: Placement) {
        self.id = id
        self.placement = placement
    }

    /// Creates a source playing `buffer` (mono) for the entity node `entity` and starts it
    /// if it should play.
    static func make(buffer: ALuint, entity: Value) throws -> SpatialSource {
        OpenALCheck.clear()
        var id: ALuint = 0
        alGenSources(1, &id)
        try OpenALCheck.al("alGenSources")
        var source = SpatialSource(id: id, placement: Placement(entity))
        do {
            alSourcei(id, AL_BUFFER, ALint(bitPattern: buffer))
            alSourcei(id, AL_SOURCE_RELATIVE, AL_FALSE)
            alSourcef(id, AL_REFERENCE_DISTANCE, referenceDistance)
            alSourcef(id, AL_MAX_GAIN, 4)  // Volumes run to 4 (the format); OpenAL caps at 1.
            Resampler.useBest(on: id)
            try source.place()
            try source.sound(entity[AudioAttributes.sound])
        } catch {
            source.release()
            throw error
        }
        return source
    }

    /// Applies the diff's changes inside the entity; reads the entity node only when its
    /// sound changed or it was replaced whole.
    mutating func apply(_ changes: ArraySlice<ElementChange>, entity: () -> Value) throws {
        var moved = false, soundChanged = false
        for change in changes {
            guard let name = change.path.first else {
                let node = entity()
                placement = Placement(node)
                try place()
                return try sound(node[AudioAttributes.sound])
            }
            if change.path.count == 1, placement.take(name, change.new) {
                moved = true
            } else if name == AudioAttributes.sound {
                soundChanged = true
            }
        }
        if moved { try place() }
        if soundChanged { try sound(entity()[AudioAttributes.sound]) }
    }

    /// Stops and deletes the source.
    func release() {
        var id = id
        alSourceStop(id)
        alDeleteSources(1, &id)
        OpenALCheck.clear()  // A source that cannot be deleted is gone from our books anyway.
    }

    private func place() throws {
        let p = placement.coordinates
        alSource3f(id, AL_POSITION, p.x, p.y, p.z)
        try OpenALCheck.al("alSource (position)")
    }

    /// Sets the sound settings that differ from the last ones.
    private mutating func sound(_ node: Value) throws {
        let now = SoundParameters(node)
        let was = parameters
        parameters = now
        if was?.gain != now.gain { alSourcef(id, AL_GAIN, now.gain) }
        if was?.pitch != now.pitch { alSourcef(id, AL_PITCH, now.pitch) }
        if was?.rolloff != now.rolloff { alSourcef(id, AL_ROLLOFF_FACTOR, now.rolloff) }
        if was?.loop != now.loop { alSourcei(id, AL_LOOPING, now.loop ? AL_TRUE : AL_FALSE) }
        try OpenALCheck.al("alSource (properties)")
        if was?.playing != now.playing {
            // Off stops (and rewinds); on starts from the beginning, so a script can
            // re-trigger a one-shot sound by switching it off and on again.
            if now.playing { alSourcePlay(id) } else if was != nil { alSourceStop(id) }
            try OpenALCheck.al(now.playing ? "alSourcePlay" : "alSourceStop")
        }
    }
}
