import COpenAL
import Foundation

/// One OpenAL buffer per sound file, shared by every source that plays it, and the
/// failure remembered for a name that cannot be played, so that a broken sound on a
/// moving entity is not looked for on disk again on every tick.
final class BufferCache {
    /// A decoded file in OpenAL.
    struct Buffer {
        /// The OpenAL buffer name.
        let id: ALuint
        /// 1 or 2.
        let channels: Int
        /// Length in seconds.
        let duration: Double
    }

    /// Where names resolve.
    let folder: SoundFolder
    private var entries: [URL: Result<Buffer, AudioAssetError>] = [:]
    private var names: [String: Result<Buffer, AudioAssetError>] = [:]
    /// Names whose failure was told, by whether they were wanted as a directional sound.
    private var told: Set<String> = []

    /// A cache of the sounds in `folder`.
    init(folder: SoundFolder) { self.folder = folder }

    /// The number of files decoded into OpenAL buffers.
    var loadedCount: Int { entries.values.count { if case .success = $0 { true } else { false } } }

    /// The buffer for a sound name, locating, decoding and uploading it on first use.
    func buffer(named name: String) -> Result<Buffer, AudioAssetError> {
        if let known = names[name] { return known }
        let result = Result { () throws(AudioAssetError) -> URL in try folder.locate(name) }
            .flatMap { url in buffer(for: url) }
        names[name] = result
        return result
    }

    /// Whether the failure of `name` (wanted directional or not) is met for the first time:
    /// a sound that stays silent is asked for again on each change of its entity, and its
    /// message is built, and its path found on disk, only once.
    func isFirstFailure(of name: String, directional: Bool) -> Bool {
        told.insert((directional ? "d:" : "a:") + name).inserted
    }

    /// The buffer for `url`, decoding and uploading it on first use (two names may reach
    /// the same file: `a.wav` and `./a.wav`).
    private func buffer(for url: URL) -> Result<Buffer, AudioAssetError> {
        if let known = entries[url] { return known }
        let result = Result { () throws(AudioAssetError) -> Buffer in try Self.upload(AudioAsset.decode(url: url)) }
        entries[url] = result
        return result
    }

    /// Deletes every buffer; the sources that played them must be gone already.
    func removeAll() {
        for case let .success(buffer) in entries.values {
            var id = buffer.id
            alDeleteBuffers(1, &id)
        }
        entries.removeAll()
        names.removeAll()
        told.removeAll()
        OpenALCheck.clear()  // Nothing left to blame a failed delete on.
    }

    /// `audio` in a new OpenAL buffer on the current context, which the caller deletes.
    static func upload(_ audio: DecodedAudio) throws(AudioAssetError) -> Buffer {
        OpenALCheck.clear()
        var id: ALuint = 0
        alGenBuffers(1, &id)
        do {
            try OpenALCheck.al("alGenBuffers")
        } catch {
            throw AudioAssetError("no OpenAL buffer is left for it (\(error))")
        }
        let format = audio.channels == 1 ? AL_FORMAT_MONO16 : AL_FORMAT_STEREO16
        audio.samples.withUnsafeBytes { bytes in
            alBufferData(id, format, bytes.baseAddress, ALsizei(bytes.count), ALsizei(audio.sampleRate))
        }
        do {
            try OpenALCheck.al("alBufferData")
        } catch {
            alDeleteBuffers(1, &id)
            OpenALCheck.clear()
            throw AudioAssetError("OpenAL refused the decoded audio (\(error))")
        }
        return Buffer(id: id, channels: audio.channels, duration: audio.duration)
    }
}
