import EcholotCore
import Foundation

extension InputLog {
    /// The largest input log read, so that a wrong file cannot exhaust memory.
    public static let maxFileSize = 64 << 20
    /// The most bad lines told before reading stops: a file that is no log at all (a WAV
    /// given by mistake) would otherwise print a problem for each of its thousand lines.
    public static let maxProblems = 20

    /// Reads an input log file, reporting every bad line as `path:line:col: error: …`;
    /// an event later than `latest` seconds (when given) is one of them.
    public static func read(contentsOf url: URL, displayPath: String, latest: Double? = nil) throws(PackLoadError) -> InputLog {
        let bytes: [UInt8]
        switch FileBytes.read(atPath: url.path, limit: maxFileSize) {
        case let .success(read): bytes = read
        case let .failure(problem):
            let message = "cannot read the input log: \(problem.message(limit: maxFileSize))"
            throw PackLoadError(diagnostics: [Diagnostic(path: displayPath, line: 1, column: 1, message: message)])
        }
        return try parse(bytes, displayPath: displayPath, latest: latest)
    }

    /// Parses JSON Lines text: one `{"t": seconds, "action": NAME, …payload}` per line, in
    /// time order; blank lines are skipped. Every problem is reported, not just the first.
    public static func parse(_ bytes: [UInt8], displayPath: String, latest: Double? = nil) throws(PackLoadError) -> InputLog {
        // Said once for the file: its every line would say it otherwise.
        if let problem = JSONParser.encodingProblem(bytes) {
            throw PackLoadError(diagnostics: [Diagnostic(path: displayPath, line: 1, column: 1, message: problem)])
        }
        // A WAV or any binary file given for the log: read line by line, its every chunk
        // of bytes was a bad line, twenty of them told before reading stopped.
        if let (position, problem) = notTextProblem(bytes) {
            throw PackLoadError(diagnostics: [Diagnostic(path: displayPath, at: position, message: problem)])
        }
        // Said once for the file: read line by line, an array is a syntax error on its
        // first and last lines, neither of which says what the file should be.
        if let first = JSONParser.firstCharacter(bytes), first.byte == UInt8(ascii: "[") {
            throw PackLoadError(diagnostics: [Diagnostic(path: displayPath, at: first.position, message: arrayMessage)])
        }
        var diagnostics: [Diagnostic] = []
        var events: [InputEvent] = []
        var lineNumber = 0
        var badLines = 0  // lines with a problem: one line may have several
        var reader = InputEventReader(latest: latest)
        for slice in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = Array(slice.last == UInt8(ascii: "\r") ? slice.dropLast() : slice[...])
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            // Only when a line is left unread: twenty bad lines and a final newline are all told.
            if badLines >= maxProblems {
                diagnostics.append(Diagnostic(path: displayPath, line: lineNumber, column: 1,
                                              message: "stopped after \(maxProblems) bad lines: is this an input log (JSON Lines, one event a line)?"))
                break
            }
            let told = diagnostics.count
            defer { if diagnostics.count > told { badLines += 1 } }
            func report(_ position: SourcePosition, _ message: String) {
                diagnostics.append(Diagnostic(path: displayPath, line: lineNumber, column: position.column, message: message))
            }
            let parsed = JSONParser.parse(line)
            if let error = parsed.errors.first {
                report(error.position, error.message)
                continue
            }
            guard let root = parsed.root, case let .object(members) = root.value else {
                report(.start, "each line must be a JSON object like {\"t\": 1.5, \"action\": \"select\"}")
                continue
            }
            if let event = reader.event(from: members, at: root.position, report: { position, _, message in report(position, message) }) {
                events.append(InputEvent(t: event.t, action: event.action, line: lineNumber))
            }
        }
        guard diagnostics.isEmpty else { throw PackLoadError(diagnostics: diagnostics) }
        return InputLog(events, path: displayPath)
    }

    /// How many of a file's first bytes are looked at to tell whether it is text at all.
    static let textSniffLength = 4_096

    /// Where a file that is no text starts to show it and what it is told, when `bytes`
    /// are a WAV file, or hold a NUL byte or bytes that are no UTF-8 in their first
    /// ``textSniffLength``; `nil` for text (whose bad lines are each told).
    static func notTextProblem(_ bytes: [UInt8]) -> (SourcePosition, String)? {
        let what = "an input log (JSON Lines text: one event a line, such as {\"t\": 1.5, \"action\": \"select\"}, as 'echolot play --record' writes)"
        if WAVHeader.begins(bytes) {
            return (.start, "this is a WAV file, not \(what)")
        }
        let head = bytes.prefix(textSniffLength)
        guard let bad = firstNonText(head, complete: head.count == bytes.count) else { return nil }
        // Its line and column, as an editor shows them, so the byte can be found in a text file.
        let before = head[..<bad]
        let line = before.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        let column = 1 + SourcePosition.columns(of: head[lineStart ..< bad])
        let byte = head[bad] == 0 ? "a NUL byte" : "a byte that is no UTF-8 (0x\(String(head[bad], radix: 16, uppercase: true)))"
        return (SourcePosition(line: line, column: column), "this is not a text file (it holds \(byte) here), not \(what)")
    }

    /// The index of the first NUL byte or byte that breaks UTF-8 in `bytes`; a character
    /// cut off at the end is no fault unless `complete` says the file ends there.
    private static func firstNonText(_ bytes: ArraySlice<UInt8>, complete: Bool) -> Int? {
        var offset = 0
        while offset < bytes.count {
            if bytes[bytes.startIndex + offset] == 0 { return bytes.startIndex + offset }
            switch UTF8Sequence.at(offset, in: bytes) {
            case let .valid(length): offset += length
            case .invalid: return bytes.startIndex + offset
            case .cut: return complete ? bytes.startIndex + offset : nil
            }
        }
        return nil
    }

    /// What a log written as one JSON array of events is told.
    static let arrayMessage = "an input log is JSON Lines: one JSON object a line, such as "
        + "{\"t\": 1.5, \"action\": \"select\"}, not a JSON array; write each event on a line of its own, "
        + "without the [ ] around them and the commas between them"
}
