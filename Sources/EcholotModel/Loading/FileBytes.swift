import Glibc

/// Reading a whole file whose size is bounded: every file the engine reads in one piece
/// (a pack's files, its story and tests, an input log, a recording's description).
///
/// Only regular files are read. A pack can hold a link to `/dev/zero` or a named pipe
/// where its `story.json` should be, and `--input` can name one: reading a device never
/// ends and opening a pipe waits for a writer, so a player would see the game hang.
public enum FileBytes {
    /// Why a file was not read.
    public enum Problem: Error, Equatable, Sendable {
        /// Nothing is there (or a link leads nowhere).
        case missing
        /// A folder, a device, a pipe or a socket.
        case notAFile
        /// More than the limit: the size found.
        case tooLarge(size: Int)
        /// There, but it could not be opened or read.
        case unreadable
    }

    /// The bytes of the regular file at `path` (links followed). A file over `limit`
    /// bytes is refused before reading and while reading, since it can grow in between.
    public static func read(atPath path: String, limit: Int) -> Result<[UInt8], Problem> {
        // Non-blocking, so that opening a pipe returns at once; the kind of file is then
        // checked on the descriptor itself, not on a path that could change in between.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            switch errno {
            case ENOENT, ENOTDIR, ELOOP: return .failure(.missing)
            default: return .failure(.unreadable)
            }
        }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { return .failure(.unreadable) }
        guard status.st_mode & S_IFMT == S_IFREG else { return .failure(.notAFile) }
        let size = Int(status.st_size)
        guard size <= limit else { return .failure(.tooLarge(size: size)) }
        var bytes = [UInt8](repeating: 0, count: size + 1)
        var count = 0
        while true {
            if count == bytes.count {
                guard count <= limit else { break }
                bytes.append(contentsOf: repeatElement(0, count: max(4096, min(count, limit + 1 - count))))
            }
            let got = bytes.withUnsafeMutableBytes { buffer in
                Glibc.read(fd, buffer.baseAddress! + count, buffer.count - count)
            }
            if got < 0 {
                if errno == EINTR { continue }
                return .failure(.unreadable)
            }
            if got == 0 { break }
            count += got
        }
        guard count <= limit else { return .failure(.tooLarge(size: count)) }
        bytes.removeSubrange(count...)
        return .success(bytes)
    }
}
