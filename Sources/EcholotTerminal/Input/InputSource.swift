/// Where turning comes from: the keyboard alone, or a head tracker over OpenTrack's UDP
/// protocol (the keyboard still selects, pauses and nudges the heading).
public enum InputSource: Equatable, Sendable, CustomStringConvertible {
    /// Arrow keys turn and tilt.
    case keys
    /// An OpenTrack "UDP over network" output sends poses to this address.
    case openTrack(host: String, port: UInt16)

    /// OpenTrack's default address.
    public static let defaultOpenTrack = InputSource.openTrack(host: "127.0.0.1", port: 4242)

    /// Parses `keys`, `opentrack`, `opentrack:PORT` or `opentrack:HOST:PORT` (port 0: any
    /// free port, printed when the game starts).
    public init?(argument: String) {
        let parts = argument.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        switch parts.first?.lowercased() {
        case "keys" where parts.count == 1:
            self = .keys
        case "opentrack":
            switch parts.count {
            case 1: self = Self.defaultOpenTrack
            case 2:
                guard let port = UInt16(parts[1]) else { return nil }
                self = .openTrack(host: "127.0.0.1", port: port)
            case 3:
                guard !parts[1].isEmpty, let port = UInt16(parts[2]) else { return nil }
                self = .openTrack(host: parts[1], port: port)
            default: return nil
            }
        default:
            return nil
        }
    }

    /// The argument form.
    public var description: String {
        switch self {
        case .keys: return "keys"
        case let .openTrack(host, port): return "opentrack:\(host):\(port)"
        }
    }
}
