#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A UDP socket receiving OpenTrack poses. Datagrams arrive at any rate; each drain keeps
/// only the latest good pose, so a 1,000 Hz tracker costs one `recv` per datagram and
/// nothing more. Bad datagrams (wrong size, NaN, infinities, absurd values) are counted
/// and ignored.
public final class OpenTrackReceiver {
    /// The socket, for `poll`.
    public let descriptor: Int32
    /// Where it listens, `host:port` (the real port when 0 was asked for).
    public let address: String
    /// Good datagrams received so far.
    public private(set) var received = 0
    /// Ignored datagrams so far, by reason.
    public private(set) var rejected: [HeadPose.Rejection: Int] = [:]

    /// The most datagrams read in one drain; the rest wait for the next (a flood must not
    /// starve the game loop).
    public static let drainLimit = 4096

    /// Binds a non-blocking UDP socket to `host:port` (numeric or a name to resolve).
    public init(host: String, port: UInt16) throws(SystemError) {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_DGRAM.rawValue)
        #else
        hints.ai_socktype = SOCK_DGRAM
        #endif
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw SystemError("cannot resolve '\(host)': \(String(cString: gai_strerror(status)))", code: 0)
        }
        defer { freeaddrinfo(list) }
        var lastError = SystemError("bind \(host):\(port)", code: EADDRNOTAVAIL)
        var candidate: UnsafeMutablePointer<addrinfo>? = first
        while let info = candidate {
            candidate = info.pointee.ai_next
            let fd = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
            guard fd >= 0 else {
                lastError = SystemError("socket")
                continue
            }
            let flags = fcntl(fd, F_GETFL)
            guard flags >= 0, fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0, fcntl(fd, F_SETFD, FD_CLOEXEC) == 0 else {
                lastError = SystemError("fcntl (tracker socket)")
                close(fd)
                continue
            }
            guard bind(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 else {
                lastError = SystemError("bind \(host):\(port)")
                close(fd)
                continue
            }
            descriptor = fd
            address = Self.localAddress(fd) ?? "\(host):\(port)"
            return
        }
        throw lastError
    }

    deinit { close(descriptor) }

    /// Reads the datagrams waiting (up to ``drainLimit``) and returns the latest good
    /// pose among them, if any.
    public func drain() throws(SystemError) -> HeadPose? {
        var latest: HeadPose?
        // One byte more than a pose: a longer datagram is cut there and still reads as
        // the wrong size.
        var buffer = [UInt8](repeating: 0, count: HeadPose.datagramSize + 1)
        for _ in 0 ..< Self.drainLimit {
            let n = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if n < 0 {
                switch errno {
                case EINTR: continue
                case EAGAIN, EWOULDBLOCK: return latest
                // An ICMP error from an earlier send on this socket: not ours to mind.
                case ECONNREFUSED: continue
                default: throw SystemError("recv (head tracker)")
                }
            }
            let result = buffer.withUnsafeBytes { HeadPose.parse(UnsafeRawBufferPointer(rebasing: $0.prefix(n))) }
            switch result {
            case let .success(pose):
                received += 1
                latest = pose
            case let .failure(rejection):
                rejected[rejection.reason, default: 0] += 1
            }
        }
        return latest
    }

    /// How many datagrams were ignored, all reasons together.
    public var rejectedCount: Int { rejected.values.reduce(0, +) }

    /// A NUL-terminated C buffer as a string.
    private static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func localAddress(_ fd: Int32) -> String? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let ok = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) == 0 }
        }
        guard ok else { return nil }
        var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        var service = [CChar](repeating: 0, count: Int(NI_MAXSERV))
        let status = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                getnameinfo($0, length, &host, socklen_t(host.count), &service, socklen_t(service.count), NI_NUMERICHOST | NI_NUMERICSERV)
            }
        }
        guard status == 0 else { return nil }
        let hostText = text(host), serviceText = text(service)
        return hostText.contains(":") ? "[\(hostText)]:\(serviceText)" : "\(hostText):\(serviceText)"
    }
}
