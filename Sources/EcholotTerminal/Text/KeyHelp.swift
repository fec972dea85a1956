/// The level's keys in words, the same on both displays.
public enum KeyHelp {
    /// The short form, for the full screen's last line.
    public static let levelShort = "←/→ turn · Shift fine · ↑/↓ tilt · space select · i status · p pause · q leave"

    /// The long form, one sentence per line, for the briefing and the `?` key.
    public static func levelLong(tracker: Bool, tiltTurns: Bool) -> [String] {
        var lines = [
            "Left and right arrows turn by 15 degrees; hold one down to turn smoothly.",
            "Shift or Ctrl with an arrow turns by 3 degrees.",
            "Up and down arrows tilt the view up and down.",
            "Space selects the sound straight ahead.",
            "i tells the heading, what is in view and how each goal stands; ? repeats these keys.",
            "p pauses and goes on; q leaves the level.",
        ]
        if tracker {
            lines.append(tiltTurns
                ? "Head tracker: tilt your head sideways to turn; the further you tilt, the faster you turn. Nod to look up and down."
                : "Head tracker: turn your head to turn the view; the arrows shift where straight ahead is.")
        }
        return lines
    }
}
