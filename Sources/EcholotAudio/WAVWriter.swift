import CSndFile
import EcholotModel
import Foundation

/// A WAV file written through libsndfile from float samples. The samples go to a
/// temporary file beside it, which ``close()`` puts in place in one step: a failed or
/// abandoned write leaves the file as it was, never half a file; a killed one's temporary
/// file is removed by the next write to the same file (``OutputGuard/temporary(beside:)``).
public final class WAVWriter {
    /// How samples are stored in the file.
    public enum Encoding: Sendable {
        /// 16-bit integers, clipped at full scale: what every player reads.
        case pcm16
        /// 32-bit floats, unclipped.
        case float32
    }

    /// The file.
    public let url: URL
    /// 1 or 2.
    public let channels: Int
    /// Frames per second.
    public let sampleRate: Int
    /// Frames written so far.
    public private(set) var framesWritten = 0

    private var file: OpaquePointer?
    /// Where the samples go until ``close()``: a process that may be killed mid-write
    /// removes it on the way out, since no `deinit` runs then.
    public let temporary: URL
    /// The file ``close()`` replaces: `url`, or the file it links to.
    private let destination: URL

    /// Creates (or replaces) the file at `url`.
    public init(url: URL, channels: Int, sampleRate: Int, encoding: Encoding = .pcm16) throws {
        self.url = url
        self.channels = channels
        self.sampleRate = sampleRate
        // Through a link to the file it names; a device or a folder is never replaced.
        let destination = OutputGuard.destination(of: url)
        if let type = try? FileManager.default.attributesOfItem(atPath: destination.path)[.type] as? FileAttributeType,
           type != .typeRegular {
            throw AudioError.writeFailed(path: url.path, message: "it exists and is not a regular file")
        }
        self.destination = destination
        let folder = destination.deletingLastPathComponent()
        var isFolder: ObjCBool = false
        // Said plainly, not as libsndfile's "System error : No such file or directory.".
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw AudioError.writeFailed(path: url.path, message: "the folder \(folder.path) does not exist")
        }
        temporary = OutputGuard.temporary(beside: destination)
        var info = SF_INFO()
        info.channels = Int32(channels)
        info.samplerate = Int32(sampleRate)
        info.format = Int32(SF_FORMAT_WAV | (encoding == .pcm16 ? SF_FORMAT_PCM_16 : SF_FORMAT_FLOAT))
        guard sf_format_check(&info) != 0 else {
            throw AudioError.writeFailed(path: url.path, message: "\(channels) channels at \(sampleRate) Hz cannot be written as WAV")
        }
        guard let file = sf_open(temporary.path, Int32(SFM_WRITE), &info) else {
            throw AudioError.writeFailed(path: url.path, message: String(cString: sf_strerror(nil)))
        }
        self.file = file
        // Without clipping, a float sample above 1 wraps around to a loud click in 16 bits.
        sf_command(file, Int32(SFC_SET_CLIPPING), nil, Int32(SF_TRUE))
    }

    /// A writer let go without ``close()`` (an error on the way) writes nothing.
    deinit {
        guard let file else { return }
        sf_close(file)
        try? FileManager.default.removeItem(at: temporary)
    }

    /// Appends interleaved samples (a whole number of frames).
    public func write(_ samples: UnsafeBufferPointer<Float>) throws {
        guard let file else { throw AudioError.writeFailed(path: url.path, message: "the file is already closed") }
        let frames = samples.count / channels
        guard frames > 0, let base = samples.baseAddress else { return }
        let written = sf_writef_float(file, base, sf_count_t(frames))
        guard written == frames else {
            throw AudioError.writeFailed(path: url.path, message: String(cString: sf_strerror(file)))
        }
        framesWritten += frames
    }

    /// Appends interleaved samples (a whole number of frames).
    public func write(_ samples: [Float]) throws {
        try samples.withUnsafeBufferPointer { try write($0) }
    }

    /// Finishes the header and puts the file in place; later writes fail.
    public func close() throws {
        guard let file else { return }
        self.file = nil
        let status = sf_close(file)
        guard status == 0 else {
            try? FileManager.default.removeItem(at: temporary)
            throw AudioError.writeFailed(path: url.path, message: String(cString: sf_error_number(status)))
        }
        // rename(2) replaces an existing file atomically.
        OutputGuard.keepMode(of: destination, on: temporary)
        guard rename(temporary.path, destination.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw AudioError.writeFailed(path: url.path, message: reason)
        }
    }
}
