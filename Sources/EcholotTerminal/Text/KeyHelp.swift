/// The level's keys in words, the same on both displays.
public enum KeyHelp {
    /// The short form, for the full screen's last lines: one key each, joined with " · "
    /// as far as the width allows.
    public static let levelShort = ["←/→ turn", "Shift fine", "↑/↓ tilt", "space select", "i status", "p pause", "q leave"]

    /// What q does, for the `?` key and the pause message: in a story it goes back to the
    /// story's page, and the place saved is where the scene began.
    public static func leaving(story: Bool) -> String {
        story ? "q goes back to the story's page (your place is saved at the start of this scene)" : "q leaves the level"
    }

    /// A key as a sentence names it: "x", "Tab", "Page up", "Space", "Left arrow".
    public static func name(of key: Key) -> String {
        switch key {
        case let .character(character): return String(character)
        case .tab: return "Tab"
        case .backspace: return "Backspace"
        case .home: return "Home"
        case .end: return "End"
        case .pageUp: return "Page up"
        case .pageDown: return "Page down"
        case .f1: return "F1"
        case .up: return "Up arrow"
        case .down: return "Down arrow"
        case .left, .fineLeft: return "Left arrow"
        case .right, .fineRight: return "Right arrow"
        case .enter: return "Enter"
        case .space: return "Space"
        case .escape: return "Esc"
        case .interrupt: return "Ctrl-C"
        case .suspend: return "Ctrl-Z"
        case .endOfInput: return "Ctrl-D"
        }
    }

    /// The pause message, the same on both displays.
    public static func paused(story: Bool) -> String { "Paused: p goes on, \(leaving(story: story))." }

    /// The long form, one sentence per line, for the briefing and the `?` key: the steps
    /// and the tracker's mode are the player's (`--step`, `--fine-step`, `--tilt-turns`);
    /// `story` when the level is a scene of a story.
    public static func levelLong(tracker: Bool, settings: SteeringSettings, story: Bool = false) -> [String] {
        var lines = [
            "Left and right arrows turn by \(degrees(settings.step)); hold one down to turn smoothly.",
            "Shift or Ctrl with an arrow turns by \(degrees(settings.fineStep)).",
            "Up and down arrows tilt the view up and down.",
            "Space selects the sound straight ahead.",
            "i tells the heading, what is in view and how each goal stands; ? repeats these keys.",
            "p pauses and goes on; \(leaving(story: story)).",
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
