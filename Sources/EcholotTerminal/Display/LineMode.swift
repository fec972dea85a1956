import Foundation

/// Whether output is for a screen reader's line mode: asked with `--plain`, with
/// `ECHOLOT_PLAIN=1` (set once in the shell's profile, so it need not be typed every time),
/// or by `TERM=dumb`, which terminals used with screen readers set. `play` then says
/// everything as lines (``LineDisplay``); `stats` and `packs` give a table as a sentence a
/// line, each figure named, since a row is read out as bare words and numbers. One place
/// decides for all, so `--plain` and the variable mean the same to every command.
public enum LineMode {
    /// The environment variable that asks for the line mode for good.
    public static let environmentVariable = "ECHOLOT_PLAIN"

    /// Whether lines are wanted (`plain` is the command's `--plain`).
    public static func wanted(plain: Bool, environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        plain || asked(environment) || environment["TERM"] == "dumb"
    }

    /// Whether `ECHOLOT_PLAIN` asks for lines: any value but an empty one or a no (`0`,
    /// `false`, `no`, `off`), which a player sets to see one command's tables or screen
    /// without unsetting the variable — `TERM=dumb` and `--plain` still give lines, as a
    /// dumb terminal cannot show a redrawn screen and the flag is asked each time.
    static func asked(_ environment: [String: String]) -> Bool {
        guard let value = environment[environmentVariable]?.trimmingCharacters(in: .whitespaces).lowercased(),
              !value.isEmpty else { return false }
        return !["0", "false", "no", "off"].contains(value)
    }
}
