import COpenAL
import Foundation

/// A pack's preview sound (`preview` in `pack.json`), played once in the middle of the head
/// while a menu offers the pack: a player choosing by ear hears each pack before picking
/// it. Like the cues, it is no game state, so the menu plays it directly.
public final class PreviewPlayer {
    // Keeps the device (and so OpenAL's context) open for as long as the player exists.
    private let device: AudioDevice
    private var source: ALuint = 0
    /// Each file uploaded once, as long as it does not change: a player walking up and
    /// down a menu hears it again, and an author editing it (`play --watch`) hears the edit.
    private var buffers: [FileVersion: ALuint] = [:]
    /// What could not be played, told once per file as it is.
    private var failures: [FileVersion: String] = [:]


    /// Creates the player on `device`'s context; throws when OpenAL refuses a source.
    public init(device: AudioDevice) throws {
        self.device = device
        OpenALCheck.clear()
        alGenSources(1, &source)
        try OpenALCheck.al("alGenSources")
        // An introduction, not a sound of the scene: the same whichever way the player faces.
        HeadLockedSource.configure(source)
        alSourcei(source, AL_LOOPING, AL_FALSE)
        OpenALCheck.clear()
    }

    deinit {
        stop()
        alDeleteSources(1, &source)
        for var buffer in buffers.values { alDeleteBuffers(1, &buffer) }
        OpenALCheck.clear()
    }

    /// Plays the file at `url` once, cutting off the preview before. Returns why it cannot
    /// be played the first time that is so for the file, and `nil` otherwise: a menu tells
    /// a broken preview once and goes on silently.
    @discardableResult
    public func play(_ url: URL) -> String? {
        stop()
        let version = FileVersion(url)
        if failures[version] != nil { return nil }
        let buffer: ALuint
        do {
            buffer = try self.buffer(for: url, version)
        } catch {
            let reason = "\(error)"
            failures[version] = reason
            return reason
        }
        alSourcei(source, AL_BUFFER, ALint(bitPattern: buffer))
        alSourcePlay(source)
        // A preview that fails to start is not worth stopping the menu for.
        OpenALCheck.clear()
        return nil
    }

    /// Silences the preview playing, if any (the menu moved on, or a level begins).
    public func stop() {
        alSourceStop(source)
        alSourcei(source, AL_BUFFER, 0)
        OpenALCheck.clear()
    }

    /// Whether a preview is sounding now.
    public var isPlaying: Bool {
        var state: ALint = 0
        alGetSourcei(source, AL_SOURCE_STATE, &state)
        return state == AL_PLAYING
    }

    private func buffer(for url: URL, _ version: FileVersion) throws(AudioAssetError) -> ALuint {
        if let known = buffers[version] { return known }
        // An edited file's old buffer is let go: only the sound as it is now is played.
        for (old, var id) in buffers where old.path == version.path {
            alDeleteBuffers(1, &id)
            buffers[old] = nil
        }
        let id = try BufferCache.upload(AudioAsset.decode(url: url)).id
        buffers[version] = id
        return id
    }
}
