/// Collects the diagnostics of one file while it is checked (a pack's JSON files, its
/// story, a transcript test, a recording's description).
final class FileReport {
    /// The most problems told of one file: a file of one mistake made thousands of times (a
    /// key written 500,000 times in 4 MiB) printed a line for each, as an input log once did
    /// for each line of a WAV. The rest are counted in one more line.
    static let maxProblems = 100

    /// The file as shown in diagnostics.
    let displayPath: String
    /// The problems told so far, in the order found.
    private var told: [Diagnostic] = []
    /// How many more were found, and the last place among all found.
    private var untold = 0
    private var last = SourcePosition.start
    /// Problems of a file named in many places, told once: by the file, the index of its
    /// diagnostic, that diagnostic's own message and the JSON paths of the other places.
    /// (No index: the problem came past ``maxProblems`` and is only counted, once.)
    private var shared: [String: (index: Int?, message: String, others: [String])] = [:]

    init(displayPath: String) {
        self.displayPath = displayPath
    }

    /// The problems found: the first ``maxProblems``, then one line saying how many more
    /// there are, placed after every one of them so that it is told last.
    var diagnostics: [Diagnostic] {
        guard untold > 0 else { return told }
        let more = untold == 1 ? "1 more problem in this file is" : "\(untold) more problems in this file are"
        return told + [Diagnostic(path: displayPath, at: last, message: "\(more) not told; fix these first")]
    }

    /// Records a problem at a position.
    func error(_ message: String, at position: SourcePosition) {
        last = max(last, position)
        guard told.count < Self.maxProblems else {
            untold += 1
            return
        }
        told.append(Diagnostic(path: displayPath, at: position, message: message))
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
            let message = path.isEmpty ? message : "\(shortened(path)): \(message)"
            shared[file] = (told.count < Self.maxProblems ? told.count : nil, message, [])
            error(message, at: position)
            return
        }
        // A problem past the limit is counted once; its later uses add nothing to tell.
        guard let index = known.index else { return }
        known.others.append(path)
        told[index].message = known.message + SoundUses.others(known.others)
        shared[file] = known
    }

    /// Records the syntax errors of a parse.
    func record(_ errors: [JSONSyntaxError]) {
        for e in errors { error(e.message, at: e.position) }
    }

    /// Whether anything was recorded.
    var hasErrors: Bool { !told.isEmpty }
}
