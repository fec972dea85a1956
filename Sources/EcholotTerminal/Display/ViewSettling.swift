import EcholotModel

/// When the view last turned or tilted by a step the line mode tells apart: the line mode
/// says where the view settled once it has stayed put ``LineDisplay/settleSeconds``, and
/// what must be said after that line (a tilt's limit, in ``LevelLoop``) waits for the
/// same moment, by the same rule.
struct ViewSettling {
    /// Where the view was when it last moved.
    private var last: (heading: Double, elevation: Double)?
    /// When it last moved (wall time, as the frames see it).
    private var movedAt = -Double.infinity

    /// Whether the view at `heading` and `elevation` has moved from where it last was:
    /// by half a degree or more either way, so that a head tracker's jitter is no move.
    /// Turning and tilting share one settling time: a turn and a tilt made together are
    /// said in one line, once both have stopped.
    func moves(heading: Double, elevation: Double) -> Bool {
        guard let last else { return true }
        return abs(Geometry.relative(azimuth: heading, center: last.heading)) >= 0.5 || abs(elevation - last.elevation) >= 0.5
    }

    /// Takes the view a frame shows at `time`.
    mutating func see(heading: Double, elevation: Double, at time: Double) {
        guard moves(heading: heading, elevation: elevation) else { return }
        last = (heading, elevation)
        movedAt = time
    }

    /// Whether the view has stayed put long enough by `time` to be said.
    func isSettled(at time: Double) -> Bool {
        time - movedAt >= LineDisplay.settleSeconds
    }
}
