/// One reading of a head tracker: OpenTrack's UDP datagram, six little-endian doubles
/// `x, y, z` (centimetres) and `yaw, pitch, roll` (degrees).
public struct HeadPose: Equatable, Sendable {
    /// Position, centimetres (not used for steering; checked for sanity).
    public var x, y, z: Double
    /// Turn of the head, degrees; positive turns right (clockwise seen from above).
    public var yaw: Double
    /// Nod, degrees; positive looks up.
    public var pitch: Double
    /// Sideways tilt, degrees; positive tilts right.
    public var roll: Double

    /// A pose from its six values.
    public init(x: Double = 0, y: Double = 0, z: Double = 0, yaw: Double, pitch: Double = 0, roll: Double = 0) {
        self.x = x
        self.y = y
        self.z = z
        self.yaw = yaw
        self.pitch = pitch
        self.roll = roll
    }

    /// The datagram's size: six doubles.
    public static let datagramSize = 48
    /// The largest angle accepted; OpenTrack sends ±180, a little slack allows wrapping.
    public static let maxAngle = 360.0
    /// The largest position accepted, centimetres.
    public static let maxPosition = 100_000.0

    /// Why a datagram was ignored.
    public enum Rejection: String, Equatable, Sendable, CaseIterable {
        /// Not exactly 48 bytes.
        case wrongSize = "not 48 bytes"
        /// A NaN or an infinity.
        case notFinite = "not finite"
        /// An angle or position beyond any head.
        case outOfRange = "out of range"
    }

    /// Reads a datagram; every malformed one is rejected, never half-used.
    public static func parse(_ bytes: UnsafeRawBufferPointer) -> Result<HeadPose, RejectionError> {
        guard bytes.count == datagramSize else { return .failure(RejectionError(.wrongSize)) }
        var values = [Double](repeating: 0, count: 6)
        for index in 0 ..< 6 {
            let bits = bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)
            values[index] = Double(bitPattern: UInt64(littleEndian: bits))
        }
        guard values.allSatisfy(\.isFinite) else { return .failure(RejectionError(.notFinite)) }
        guard values[0 ..< 3].allSatisfy({ abs($0) <= maxPosition }),
              values[3 ..< 6].allSatisfy({ abs($0) <= maxAngle })
        else { return .failure(RejectionError(.outOfRange)) }
        return .success(HeadPose(x: values[0], y: values[1], z: values[2], yaw: values[3], pitch: values[4], roll: values[5]))
    }

    /// The pose as an OpenTrack datagram (for tests, benchmarks and tools that send).
    public var datagram: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Self.datagramSize)
        for value in [x, y, z, yaw, pitch, roll] {
            withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
        }
        return bytes
    }

    /// A rejection as an error value.
    public struct RejectionError: Error, Equatable, Sendable {
        /// Why.
        public let reason: Rejection
        /// Wraps a reason.
        public init(_ reason: Rejection) { self.reason = reason }
    }
}
