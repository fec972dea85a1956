/// Collects the diagnostics of one file while it is checked.
final class FileReport {
    /// The file as shown in diagnostics.
    let displayPath: String
    /// The problems found so far, in the order found.
    private(set) var diagnostics: [Diagnostic] = []

    init(displayPath: String) {
        self.displayPath = displayPath
    }

    /// Records a problem at a position.
    func error(_ message: String, at position: SourcePosition) {
        diagnostics.append(Diagnostic(path: displayPath, at: position, message: message))
    }

    /// Records a problem about the value at a JSON path (the message is prefixed with it).
    func error(at path: String, _ message: String, _ position: SourcePosition) {
        error(path.isEmpty ? message : "\(shownPath(path)): \(message)", at: position)
    }

    /// Records the syntax errors of a parse.
    func record(_ errors: [JSONSyntaxError]) {
        for e in errors { error(e.message, at: e.position) }
    }

    /// Whether anything was recorded.
    var hasErrors: Bool { !diagnostics.isEmpty }
}
