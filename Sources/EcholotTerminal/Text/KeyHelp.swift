/// The level's keys in words, the same on both displays.
public enum KeyHelp {
    /// The short form, for the full screen's last lines: one key each, joined with " · "
    /// as far as the width allows.
    public static let levelShort = ["←/→ turn", "Shift fine", "↑/↓ tilt", "space select", "i status", "p pause", "q leave"]

    /// The long form, one sentence per line, for the briefing and the `?` key: the steps
    /// and the tracker's mode are the player's (`--step`, `--fine-step`, `--tilt-turns`).
    public static func levelLong(tracker: Bool, settings: SteeringSettings) -> [String] {
        var lines = [
            "Left and right arrows turn by \(degrees(settings.step)); hold one down to turn smoothly.",
            "Shift or Ctrl with an arrow turns by \(degrees(settings.fineStep)).",
            "Up and down arrows tilt the view up and down.",
            "Space selects the sound straight ahead.",
            "i tells the heading, what is in view and how each goal stands; ? repeats these keys.",
            "p pauses and goes on; q leaves the level.",
        ]
        if tracker {
            lines.append(settings.tiltTurns
                ? "Head tracker: tilt your head sideways to turn; the further you tilt, the faster you turn. Nod to look up and down."
                : "Head tracker: turn your head to turn the view; the arrows shift where straight ahead is.")
        }
        return lines
    }

    /// `15 degrees`, `2.5 degrees`, `1 degree`.
    private static func degrees(_ value: Double) -> String {
        "\(GoalText.plain(.number(value))) degree\(value == 1 ? "" : "s")"
    }
}
