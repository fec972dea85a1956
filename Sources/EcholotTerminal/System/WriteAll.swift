#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes all of `bytes` to `fd` — the terminal, a recorded log — retrying after
/// interruptions and short writes and waiting while a non-blocking descriptor is full;
/// `name` says in the error what was being written.
func writeAll(_ bytes: [UInt8], to fd: Int32, name: String) throws(SystemError) {
    var offset = 0
    while offset < bytes.count {
        let n = bytes.withUnsafeBytes { systemWrite(fd, $0.baseAddress! + offset, $0.count - offset) }
        if n > 0 {
            offset += n
        } else if n < 0, errno == EINTR {
            continue
        } else if n < 0, errno == EAGAIN || errno == EWOULDBLOCK {
            var pfd = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            guard poll(&pfd, 1, 1000) >= 0 || errno == EINTR else { throw SystemError("poll, waiting to write to \(name)") }
        } else {
            throw SystemError("write to \(name)", code: n == 0 ? EIO : errno)
        }
    }
}

/// Writes `text` to `fd` (standard output or error) and lets a failure go: when the
/// terminal has gone away (a closed window, a dropped connection), the last words cannot
/// be read by anyone, and failing to write them must not turn an ending into a crash.
public func writeIgnoringFailure(_ text: String, to fd: Int32) {
    try? writeAll(Array(text.utf8), to: fd, name: "the terminal")
}
