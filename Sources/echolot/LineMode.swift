import Foundation

/// Whether a command's output is for a screen reader's line mode: asked with `--plain`,
/// or `TERM=dumb`, which terminals used with screen readers set. Tables are then given as
/// a sentence a line, each figure named: a row is read out as bare words and numbers.
enum LineMode {
    /// Whether sentences are wanted (`plain` is the command's `--plain`).
    static func wanted(plain: Bool, environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        plain || environment["TERM"] == "dumb"
    }
}
