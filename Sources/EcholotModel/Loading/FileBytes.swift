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
        // Checked before opening, since opening some devices already does something (a
        // tape rewinds); then again on the descriptor, in case the path changed in between,
        // opened non-blocking so that a pipe put there meanwhile cannot make it wait.
        var status = stat()
        guard stat(path, &status) == 0 else { return .failure(errno == ENOENT || errno == ENOTDIR ? .missing : .unreadable) }
        guard status.st_mode & S_IFMT == S_IFREG else { return .failure(.notAFile) }
        // Too large already: not even opened (a watcher asks again and again).
        guard Int(status.st_size) <= limit else { return .failure(.tooLarge(size: Int(status.st_size))) }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return .failure(errno == ENOENT ? .missing : .unreadable) }
        defer { close(fd) }
        guard fstat(fd, &status) == 0 else { return .failure(.unreadable) }
        guard status.st_mode & S_IFMT == S_IFREG else { return .failure(.notAFile) }
        // A regular file after all: reads may block again (some network file systems
        // would otherwise answer "try again").
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
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

extension FileBytes.Problem {
    /// The problem in words, as a `path:1:1: error: …` line ends (`limit`: the bound the
    /// file was read with, a whole number of MiB).
    public func message(limit: Int) -> String {
        switch self {
        case .missing: "no such file"
        case .notAFile: "not a regular file"
        case let .tooLarge(size): "file is \(FileBytes.mebibytes(size)), over the \(limit >> 20) MiB limit"
        case .unreadable: "file cannot be read"
        }
    }
}

extension FileBytes {
    /// What is wrong with a path a folder's listing gave that is then missing, when its
    /// name is not UTF-8: it comes out of the listing with U+FFFD in it and no file has that
    /// name, so a file plainly there would be told as missing, or as a link leading nowhere.
    /// Nil when the name holds no U+FFFD (the file went, or the link leads nowhere).
    public static func undecodableName(_ path: String) -> String? {
        path.contains("\u{FFFD}") ? "the file's name is not valid UTF-8; rename it" : nil
    }

    /// A size for messages: `17.0 MiB`.
    public static func mebibytes(_ size: Int) -> String {
        let tenths = Int((Double(size) * 10 / (1024 * 1024)).rounded())
        return "\(tenths / 10).\(tenths % 10) MiB"
    }
}
