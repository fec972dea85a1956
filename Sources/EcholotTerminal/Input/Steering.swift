/// How keys and the head tracker turn the view: the sizes of steps, how fast a held key
/// turns, and what tilting does.
public struct SteeringSettings: Equatable, Sendable {
    /// Degrees per ←/→ press.
    public var step = 15.0
    /// Degrees per Shift-←/→ (or Ctrl-←/→) press.
    public var fineStep = 3.0
    /// Degrees per second while ←/→ is held down.
    public var holdRate = 120.0
    /// Seconds between a key's repeats below which it counts as held. Terminals repeat a
    /// held key every 25–50 ms; people tapping rarely manage 90 ms, and a player who
    /// counts taps must get exactly that many steps.
    public var holdGap = 0.09
    /// Seconds a held key keeps turning after its last repeat (bridges uneven repeats).
    public var holdRelease = 0.12
    /// Degrees per ↑/↓ press.
    public var tiltStep = 10.0
    /// Tilt mode (FAA#13): the tracker's roll sets a turn rate instead of its yaw setting
    /// the heading.
    public var tiltTurns = false
    /// Roll within ± this many degrees does not turn (a resting head is never level).
    public var tiltDeadZone = 5.0
    /// Roll at which the turn rate is full.
    public var tiltFullAngle = 35.0
    /// The full turn rate in tilt mode, degrees per second.
    public var tiltMaxRate = 120.0

    /// The standard settings.
    public init() {}
}

/// Turns key presses and head poses into turn and tilt requests for a ``LevelSession``.
///
/// Keys turn by steps; a key held down (its repeats closer than `holdGap`) turns
/// continuously at `holdRate`. With a tracker, the heading is the level's starting
/// heading plus the head's yaw plus whatever the keys added; in tilt mode the roll sets
/// a turn rate instead. Continuous turning is applied once per tick, in `beforeTick`.
/// Times are wall-clock seconds, used only to tell held keys from taps.
public final class Steering {
    /// The settings in force.
    public let settings: SteeringSettings
    private let session: LevelSession
    private let base: Double
    private var offset = 0.0
    private var pose: HeadPose?
    // The last presses of ←/→, newest last: their direction and the earliest each can
    // have come.
    private var recent: [(direction: Double, since: Double)] = []
    // How many presses back a repeat is looked for.
    private static let repeatsLookedAt = 3
    private var holding: (direction: Double, until: Double)?
    // The last targets asked for: a tracker repeats itself 60–1,000 times a second, and
    // an unchanged heading is not worth an action (or a line in the recording).
    private var lastHeading: Double?
    private var lastElevation: Double?

    /// Steering for `session`, starting from its current heading.
    public init(session: LevelSession, settings: SteeringSettings = SteeringSettings()) {
        self.session = session
        self.settings = settings
        base = session.heading
    }

    /// Whether a held key is turning the view right now.
    public var isHolding: Bool { holding != nil }

    /// The latest head pose, if a tracker sent one.
    public var latestPose: HeadPose? { pose }

    /// What a steering key does to the view.
    public enum Motion: Equatable, Sendable {
        /// A coarse turn, held keys turning smoothly; -1 is left, 1 right.
        case turn(Double)
        /// One fine step; -1 is left, 1 right.
        case fineTurn(Double)
        /// One tilt step; 1 is up, -1 down.
        case tilt(Double)
    }

    /// What `key` does when steering, or `nil` for a key that does not steer: the one
    /// place that says which keys steer, so the game can decide about a key (paused, at
    /// the tilt's end) before ``key(_:at:since:)`` acts on it.
    public static func motion(of key: Key) -> Motion? {
        switch key {
        case .left: .turn(-1)
        case .right: .turn(1)
        case .fineLeft: .fineTurn(-1)
        case .fineRight: .fineTurn(1)
        case .up: .tilt(1)
        case .down: .tilt(-1)
        default: nil
        }
    }

    /// Handles a steering key (arrows) read at `time` and pressed no earlier than `since`
    /// (when input was read before; the same as `time` if not known). Other keys are not
    /// steering and return `false`.
    public func key(_ key: Key, at time: Double, since: Double? = nil) -> Bool {
        guard let motion = Self.motion(of: key) else { return false }
        switch motion {
        case let .turn(direction): press(direction, at: time, since: min(since ?? time, time))
        case let .fineTurn(direction): turn(by: direction * settings.fineStep)
        case let .tilt(direction): session.tilt(to: max(-90, min(90, session.elevation + direction * settings.tiltStep)))
        }
        return true
    }

    /// Handles a pose from the head tracker.
    public func pose(_ newPose: HeadPose) {
        pose = newPose
        if !settings.tiltTurns {
            turnTo(base + newPose.yaw + offset)
        }
        let elevation = max(-90, min(90, newPose.pitch))
        if lastElevation.map({ abs($0 - elevation) >= Self.resolution }) ?? true {
            lastElevation = elevation
            session.tilt(to: elevation)
        }
    }

    /// Changes smaller than this (degrees) are noise, not a turn.
    public static let resolution = 0.01

    private func turnTo(_ heading: Double) {
        guard lastHeading.map({ abs($0 - heading) >= Self.resolution }) ?? true else { return }
        lastHeading = heading
        session.turn(to: heading)
    }

    /// Applies continuous turning (a held key, tilt mode) for the tick about to happen.
    public func beforeTick(at time: Double) {
        if let held = holding {
            if time <= held.until {
                turn(by: held.direction * settings.holdRate * session.step)
            } else {
                holding = nil
            }
        }
        if settings.tiltTurns, let roll = pose?.roll {
            turn(by: tiltRate(roll: roll) * session.step)
        }
    }

    /// Degrees per second that a roll of `roll` degrees turns in tilt mode.
    public func tiltRate(roll: Double) -> Double {
        let magnitude = abs(roll)
        guard magnitude > settings.tiltDeadZone else { return 0 }
        let span = max(1e-9, settings.tiltFullAngle - settings.tiltDeadZone)
        let fraction = min(1, (magnitude - settings.tiltDeadZone) / span)
        return (roll < 0 ? -1 : 1) * fraction * settings.tiltMaxRate
    }

    // A press is a repeat of a held key only if a gap between it and the presses just
    // before certainly was under `holdGap`: `j` gaps that took less than `j` × `holdGap`
    // from the earliest the first of them can have come. A loop that was busy reads
    // taps late and together, so times at reading would make them look closer than they
    // were; and it reads a held key's repeats in bunches, or one a slow turn of the loop,
    // so one gap alone might never show. A key already held goes on with a repeat that
    // may have come before its hold ran out.
    private func press(_ direction: Double, at time: Double, since: Double) {
        defer {
            recent.append((direction, since))
            if recent.count > Self.repeatsLookedAt { recent.removeFirst() }
        }
        let held = holding.map { $0.direction == direction && since <= $0.until } ?? false
        var quick = false
        for (gaps, earlier) in zip(1..., recent.reversed()) {
            guard earlier.direction == direction else { break }
            if time - earlier.since < Double(gaps) * settings.holdGap {
                quick = true
                break
            }
        }
        if held || quick {
            // A repeat: the key is held, so turn smoothly instead of jumping by steps.
            holding = (direction, time + settings.holdRelease)
            return
        }
        holding = nil
        turn(by: direction * settings.step)
    }

    /// A relative turn: with a tracker steering the heading it shifts the heading the
    /// head's yaw is added to; otherwise it turns the view directly.
    private func turn(by degrees: Double) {
        if let pose, !settings.tiltTurns {
            offset += degrees
            turnTo(base + pose.yaw + offset)
        } else {
            session.turn(by: degrees)
        }
    }
}
