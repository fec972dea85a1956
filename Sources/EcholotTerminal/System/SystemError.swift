#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A system call that failed: which call, and errno's explanation.
public struct SystemError: Error, Equatable, CustomStringConvertible {
    /// The call that failed (`tcsetattr`, `bind 127.0.0.1:4242`, …).
    public let call: String
    /// The errno value; 0 when the failure is not an errno one (the call says it all).
    public let code: Int32

    /// An error for `call` with the current `errno` (or an explicit code).
    public init(_ call: String, code: Int32 = errno) {
        self.call = call
        self.code = code
    }

    /// `call: explanation`, or only the call when there is no errno to explain.
    public var description: String { code == 0 ? call : "\(call): \(String(cString: strerror(code)))" }
}

/// `write(2)`, named apart from the methods called `write` that use it.
@inline(__always)
func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, bytes, count)
}

/// `poll(2)`, named apart from the methods called `poll` that use it.
@inline(__always)
func systemPoll(_ fds: UnsafeMutablePointer<pollfd>, _ count: nfds_t, _ timeout: Int32) -> Int32 {
    poll(fds, count, timeout)
}
