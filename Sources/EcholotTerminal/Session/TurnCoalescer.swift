import EcholotCore
import EcholotModel

/// Lets the store see at most one turn action and one tilt action per tick, however fast
/// input arrives (FA#2: a 1,000 Hz tracker costs no more than a 60 Hz one).
///
/// A tick period is the time between two `tick` actions. The first turn input of a period
/// goes out at once (no added latency); later ones in the same period are merged — turns
/// by degrees add up, an absolute heading replaces what came before — and go out as the
/// next period's turn, right after its tick. Tilts work the same way, separately.
public struct TurnCoalescer: Sendable {
    private var absolute: Double?
    private var relative = 0.0
    private var tilt: Double?
    private var turnSent = false
    private var tiltSent = false

    /// A coalescer with nothing pending.
    public init() {}

    /// Whether a turn or tilt is waiting for the next period.
    public var hasPending: Bool { absolute != nil || relative != 0 || tilt != nil }

    /// Turn by `degrees` (clockwise positive); returns the action to dispatch now, if any.
    public mutating func turn(by degrees: Double) -> Action? {
        guard degrees.isFinite, degrees != 0 else { return nil }
        if let target = absolute {
            absolute = target + degrees
        } else {
            relative += degrees
        }
        return turnSent ? nil : takeTurn()
    }

    /// Turn to the heading `azimuth`; returns the action to dispatch now, if any.
    public mutating func turn(to azimuth: Double) -> Action? {
        guard azimuth.isFinite else { return nil }
        absolute = azimuth
        relative = 0
        return turnSent ? nil : takeTurn()
    }

    /// Tilt to `elevation`; returns the action to dispatch now, if any.
    public mutating func tilt(to elevation: Double) -> Action? {
        guard elevation.isFinite else { return nil }
        tilt = elevation
        return tiltSent ? nil : takeTilt()
    }

    /// Starts a new tick period (call right after dispatching the tick): what was held
    /// back during the last period goes out now, as this period's turn and tilt.
    public mutating func newPeriod() -> [Action] {
        turnSent = false
        tiltSent = false
        var actions: [Action] = []
        if let turn = takeTurn() { actions.append(turn) }
        if let tilt = takeTilt() { actions.append(tilt) }
        return actions
    }

    private mutating func takeTurn() -> Action? {
        defer {
            absolute = nil
            relative = 0
        }
        if let target = absolute {
            turnSent = true
            return .turnTo(target)
        }
        guard relative != 0 else { return nil }
        turnSent = true
        return .turnBy(relative)
    }

    private mutating func takeTilt() -> Action? {
        guard let target = tilt else { return nil }
        tilt = nil
        tiltSent = true
        return .tiltTo(target)
    }
}
