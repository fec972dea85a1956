#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The other end of ``OpenTrackReceiver``: sends datagrams (a ``HeadPose/datagram``, or any
/// bytes) to a port on 127.0.0.1 — what the tests and the benchmark play a tracker with.
/// Immutable once made, so any thread may send through it.
public final class OpenTrackSender: Sendable {
    private let fd: Int32
    private let address: sockaddr_in

    /// A UDP socket aimed at 127.0.0.1:`port`; throws when no socket can be made.
    public init(port: UInt16) throws(SystemError) {
        fd = socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
        guard fd >= 0 else { throw SystemError("socket") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        self.address = address
    }

    deinit { close(fd) }

    /// Sends one datagram; a lost one is what UDP allows, so failures are not reported.
    public func send(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { buffer in
            withUnsafePointer(to: address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    sendto(fd, buffer.baseAddress, buffer.count, 0, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
    }
}
