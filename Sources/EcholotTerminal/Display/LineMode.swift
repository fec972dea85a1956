import Foundation

/// Whether output is for a screen reader's line mode: asked with `--plain`, or `TERM=dumb`,
/// which terminals used with screen readers set. `play` then says everything as lines
/// (``LineDisplay``); `stats` and `packs` give a table as a sentence a line, each figure
/// named, since a row is read out as bare words and numbers. One place decides for all.
public enum LineMode {
    /// Whether lines are wanted (`plain` is the command's `--plain`).
    public static func wanted(plain: Bool, environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        plain || environment["TERM"] == "dumb"
    }
}
