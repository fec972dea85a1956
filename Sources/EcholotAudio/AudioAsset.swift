import CSndFile
import Foundation

/// Sound files as the engine accepts them: WAV, FLAC or Ogg Vorbis, mono or stereo,
/// 8–192 kHz, at most 16 MiB and 10 minutes; directional sounds must be mono.
public enum AudioAsset {
    /// The largest file accepted (the pack format's limit).
    public static let maxFileBytes = 16 * 1024 * 1024
    /// The longest sound accepted: a decoded buffer is held whole in memory.
    public static let maxSeconds = 600.0
    /// Sample rates accepted; outside this a file is damaged or not meant for playback.
    public static let sampleRates = 8_000 ... 192_000
    /// The most samples a sound may decode to: 600 s of 48 kHz stereo (110 MiB as 16-bit).
    /// A compressed file within 16 MiB (a FLAC of silence) can hold far more, and decoding
    /// it whole took 1.4 GB of memory before anything could say no.
    public static let maxSamples = 600 * 48_000 * 2

    /// Why `url` cannot be played (as an entity sound when `directional`), or `nil` when it
    /// can: what `validate` reports. Decodes the whole file, so corrupt data are found too.
    public static func check(url: URL, directional: Bool) -> String? {
        do {
            let audio = try decode(url: url)
            if directional, let problem = directionalProblem(audio) { return problem }
            return nil
        } catch {
            return error.message
        }
    }

    /// Why `audio` cannot be placed in space, or `nil` when it can.
    public static func directionalProblem(_ audio: DecodedAudio) -> String? {
        audio.channels == 1 ? nil : stereoDirectionalMessage
    }

    /// What to do about a file that was damaged on the way (cut off, corrupt).
    static let exportAgain = "export it again from the original"

    /// Why a stereo file cannot be an entity's sound.
    static let stereoDirectionalMessage =
        "the file is stereo, but a directional sound must be mono: OpenAL cannot place a stereo sound in space (mix it down to one channel)"

    /// Decodes a whole file to 16-bit PCM.
    public static func decode(url: URL) throws(AudioAssetError) -> DecodedAudio {
        let size = try fileSize(url)
        if let truncated = RIFFCheck.truncation(of: url, fileSize: size) { throw AudioAssetError(truncated) }
        var info = SF_INFO()
        guard let file = sf_open(url.path, Int32(SFM_READ), &info) else {
            let reason = libsndfileReason(nil)
            throw AudioAssetError("not a readable WAV, FLAC or Ogg Vorbis file (libsndfile: \(reason)); save it as WAV, FLAC or Ogg Vorbis")
        }
        defer { sf_close(file) }
        try checkFormat(info)
        let frames = Int(info.frames)
        let channels = Int(info.channels)
        // Read as floats, which libsndfile scales to ±1 for every encoding: reading a
        // float WAV as shorts would not scale it, and the sound would come out silent.
        var floats = [Float](repeating: 0, count: frames * channels)
        let read = floats.withUnsafeMutableBufferPointer { buffer in
            sf_readf_float(file, buffer.baseAddress, sf_count_t(frames))
        }
        if sf_error(file) != SF_ERR_NO_ERROR {
            throw AudioAssetError("the audio data are corrupt (libsndfile: \(libsndfileReason(file))); \(exportAgain)")
        }
        guard read == frames else {
            throw AudioAssetError("the file is truncated or corrupt: only \(read) of \(frames) frames could be decoded; \(exportAgain)")
        }
        guard floats.allSatisfy(\.isFinite) else {
            throw AudioAssetError("the audio data contain values that are not numbers; \(exportAgain)")
        }
        // A float file may peak above full scale. Clipping it to ±1 would flatten its tops
        // into a rasp the author never heard (their editor plays floats unclipped); scaled
        // down as a whole, it keeps its shape and is only as loud as 16 bits allow.
        let peak = floats.reduce(Float(1)) { max($0, abs($1)) }
        let samples = floats.map { Int16(($0 / peak * 32767).rounded()) }
        return DecodedAudio(samples: samples, channels: channels, sampleRate: Int(info.samplerate))
    }

    private static func fileSize(_ url: URL) throws(AudioAssetError) -> Int {
        let attributes: [FileAttributeKey: Any]
        do {
            // The file a link leads to (where it may lead is checked where names resolve):
            // the link's own size is that of the path it holds.
            attributes = try FileManager.default.attributesOfItem(atPath: url.resolvingSymlinksInPath().path)
        } catch {
            throw AudioAssetError("the file does not exist or cannot be read")
        }
        if attributes[.type] as? FileAttributeType == .typeDirectory {
            throw AudioAssetError("this is a folder, not a sound file")
        }
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        guard size > 0 else { throw AudioAssetError("the file is empty; \(exportAgain)") }
        guard size <= maxFileBytes else {
            throw AudioAssetError("the file is \(size) bytes; sound files may be at most 16 MiB (shorten it, or save it as Ogg Vorbis)")
        }
        return size
    }

    private static func checkFormat(_ info: SF_INFO) throws(AudioAssetError) {
        let major = Int(info.format) & SF_FORMAT_TYPEMASK
        let minor = Int(info.format) & SF_FORMAT_SUBMASK
        let accepted = [SF_FORMAT_WAV, SF_FORMAT_WAVEX, SF_FORMAT_FLAC, SF_FORMAT_OGG]
        guard accepted.contains(major) else {
            throw AudioAssetError("unsupported format \(formatName(major, command: SFC_GET_FORMAT_MAJOR)): use WAV, FLAC or Ogg Vorbis")
        }
        if major == SF_FORMAT_OGG, minor != SF_FORMAT_VORBIS {
            throw AudioAssetError("unsupported Ogg codec \(formatName(minor, command: SFC_GET_FORMAT_SUBTYPE)): use Ogg Vorbis")
        }
        guard info.channels == 1 || info.channels == 2 else {
            throw AudioAssetError("the file has \(info.channels) channels; only mono and stereo are supported (mix it down)")
        }
        guard sampleRates.contains(Int(info.samplerate)) else {
            throw AudioAssetError("the sample rate \(info.samplerate) Hz is out of range (8000–192000 Hz); resample it to 44100 or 48000 Hz")
        }
        guard info.frames > 0 else { throw AudioAssetError("the file contains no audio; \(exportAgain)") }
        // libsndfile's "length unknown": an Ogg file whose last page is cut off or damaged.
        guard info.frames != sf_count_t.max else {
            throw AudioAssetError("the file is truncated or corrupt: its length cannot be read; \(exportAgain)")
        }
        let seconds = Double(info.frames) / Double(info.samplerate)
        guard seconds <= maxSeconds else {
            throw AudioAssetError("the sound lasts \(Int(seconds)) s; sounds may be at most \(Int(maxSeconds)) s long (shorten it)")
        }
        guard Int(info.frames) * Int(info.channels) <= maxSamples else {
            func mebibytes(_ samples: Int) -> Int { (samples * 2 + (1 << 19)) >> 20 }  // 16-bit, rounded
            throw AudioAssetError("decoded, the sound would take \(mebibytes(Int(info.frames) * Int(info.channels))) MiB; "
                + "at most \(mebibytes(maxSamples)) MiB "
                + "(600 s of 48 kHz stereo) are held in memory (lower its sample rate to 48000 Hz, or shorten it)")
        }
    }

    /// libsndfile's error text without its closing full stop ("Format not recognised."),
    /// which would end the sentence inside the parentheses it is quoted in.
    private static func libsndfileReason(_ file: OpaquePointer?) -> String {
        let text = String(cString: sf_strerror(file)).trimmingCharacters(in: .whitespaces)
        return text.hasSuffix(".") ? String(text.dropLast()) : text
    }

    /// libsndfile's name for a format code (`AIFF (Apple/SGI)`, `MPEG Layer III`, …).
    private static func formatName(_ code: Int, command: Int) -> String {
        var count: Int32 = 0
        let countCommand = command == SFC_GET_FORMAT_MAJOR ? SFC_GET_FORMAT_MAJOR_COUNT : SFC_GET_FORMAT_SUBTYPE_COUNT
        sf_command(nil, Int32(countCommand), &count, Int32(MemoryLayout<Int32>.size))
        for index in 0 ..< max(0, count) {
            var format = SF_FORMAT_INFO()
            format.format = index
            guard sf_command(nil, Int32(command), &format, Int32(MemoryLayout<SF_FORMAT_INFO>.size)) == 0 else { continue }
            if Int(format.format) == code, let name = format.name { return String(cString: name) }
        }
        return "0x" + String(code, radix: 16)
    }
}
