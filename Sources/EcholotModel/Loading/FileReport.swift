/// Collects the diagnostics of one file while it is checked.
final class FileReport {
    /// The file as shown in diagnostics.
    let displayPath: String
    /// The problems found so far, in the order found.
    private(set) var diagnostics: [Diagnostic] = []
    /// Problems of a file named in many places, told once: by the file, the index of its
    /// diagnostic, that diagnostic's own message and the JSON paths of the other places.
    private var shared: [String: (index: Int, message: String, others: [String])] = [:]

    init(displayPath: String) {
        self.displayPath = displayPath
    }

    /// Records a problem at a position.
    func error(_ message: String, at position: SourcePosition) {
        diagnostics.append(Diagnostic(path: displayPath, at: position, message: message))
    }

    /// Records a problem about the value at a JSON path (the message is prefixed with it).
    func error(at path: String, _ message: String, _ position: SourcePosition) {
        error(path.isEmpty ? message : "\(shortened(path)): \(message)", at: position)
    }

    /// Records a problem of `file` (a sound many entities may share) at its first use only;
    /// each later use adds to the count that message ends with (``SoundUses/others(_:)``),
    /// so a broken file is one line however often it is named.
    func error(at path: String, _ message: String, _ position: SourcePosition, about file: String) {
        guard var known = shared[file] else {
            let told = path.isEmpty ? message : "\(shownPath(path)): \(message)"
            shared[file] = (diagnostics.count, told, [])
            error(told, at: position)
            return
        }
        known.others.append(path)
        diagnostics[known.index].message = known.message + SoundUses.others(known.others)
        shared[file] = known
    }

    /// Records the syntax errors of a parse.
    func record(_ errors: [JSONSyntaxError]) {
        for e in errors { error(e.message, at: e.position) }
    }

    /// Whether anything was recorded.
    var hasErrors: Bool { !diagnostics.isEmpty }
}
