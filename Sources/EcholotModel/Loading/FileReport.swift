/// Collects the diagnostics of one file while it is checked (a pack's JSON files, its
/// story, a transcript test, a recording's description, the rule parameters and sounds of
/// a level file): every layer that tells a file's problems holds it to one cap.
public final class FileReport {
    /// The most problems told of one file: a file of one mistake made thousands of times (a
    /// key written 500,000 times in 4 MiB) printed a line for each, as an input log once did
    /// for each line of a WAV. The rest are counted in one more line.
    public static let maxProblems = 100

    /// The file as shown in diagnostics.
    public let displayPath: String
    /// The first ``maxProblems`` problems in file order (by position; one place's in the
    /// order found): a problem found later but placed earlier takes the place of the last.
    private var told: [Entry] = []
    /// How many more were found, and the last place among all found.
    private var untold = 0
    private var last = SourcePosition.start
    /// Problems of a file named in many places, told once, at its first use in the file.
    private var shared: [String: Shared] = [:]
    /// The JSON path of every value a problem was found at, told or not: which parts of
    /// the file read as written (``isConfined(to:)``).
    private var problemPaths: Set<String> = []
    /// Whether a problem was found at no value (a syntax error, or one another report
    /// counted): it may be anywhere.
    private var unplaced = false

    /// One problem told.
    private struct Entry {
        var position: SourcePosition
        var message: String
        /// The file (a sound) the problem is about, when it is told once however often named.
        var about: String?
    }

    /// A problem of a file named in many places: where its first use is, how many other
    /// places name the file, whether all of them are entities' sounds, and whether it is
    /// among those told (else it is counted once, and its uses add nothing).
    private struct Shared {
        var position: SourcePosition
        /// Whether the use the problem is told at is an entity's sound: when an earlier use
        /// is found later, this one becomes one of the others, and its kind counts.
        var firstIsEntity: Bool
        var others = 0
        var entities = true
        var isTold = true
    }

    /// A report of no problems yet for the file shown as `displayPath`.
    public init(displayPath: String) {
        self.displayPath = displayPath
    }

    /// The problems found: the first ``maxProblems`` in file order, then one line saying how
    /// many more there are (``Diagnostic/untold``), placed after every one of them so that
    /// it is told last.
    public var diagnostics: [Diagnostic] {
        let shown = told.map { entry in
            let uses = entry.about.flatMap { shared[$0] }.map { SoundUses.others(count: $0.others, entities: $0.entities) }
            return Diagnostic(path: displayPath, at: entry.position, message: entry.message + (uses ?? ""))
        }
        guard untold > 0 else { return shown }
        return shown + [Diagnostic(untold: untold, in: displayPath, at: last)]
    }

    /// Records a problem at a position.
    public func error(_ message: String, at position: SourcePosition) {
        unplaced = true
        insert(Entry(position: position, message: message))
    }

    /// Records a problem about the value at a JSON path (the message is prefixed with it).
    public func error(at path: String, _ message: String, _ position: SourcePosition) {
        problemPaths.insert(path)
        insert(Entry(position: position, message: Self.prefixed(message, path)))
    }

    /// Records a problem told at the value at `path` but about the value at `value` inside
    /// it (a missing member, told at its object): the rest of that object read as written.
    func error(at path: String, _ message: String, _ position: SourcePosition, concerning value: String) {
        problemPaths.insert(value)
        insert(Entry(position: position, message: Self.prefixed(message, path)))
    }

    /// Records a problem of `file` (a sound many entities may share) at its first use only,
    /// the value at the JSON path `path`, as ``error(_:at:about:entitySound:)`` does; a use
    /// is an entity's sound when its path says so (``SoundUses/isEntitySound(_:)``).
    public func error(at path: String, _ message: String, _ position: SourcePosition, about file: String) {
        problemPaths.insert(path)
        recordShared(Self.prefixed(message, path), at: position, about: file, entitySound: SoundUses.isEntitySound(path))
    }

    /// Records a problem of `file` (a sound many entities or lines may share, or anything
    /// else many places name, such as a story's speaker) at its first use in the file only; each other use adds to the count that message ends with
    /// (``SoundUses/others(count:entities:)``: "entities" while every other use is an
    /// entity's sound, else "places"), so a broken file is one line however often it is
    /// named. `message` is the one of the first use in the file, whichever is found first.
    public func error(_ message: String, at position: SourcePosition, about file: String, entitySound: Bool = false) {
        unplaced = true
        recordShared(message, at: position, about: file, entitySound: entitySound)
    }

    /// Records a problem of a shared `file` as ``error(_:at:about:entitySound:)`` describes.
    private func recordShared(_ message: String, at position: SourcePosition, about file: String, entitySound: Bool) {
        guard var known = shared[file] else {
            shared[file] = Shared(position: position, firstIsEntity: entitySound)
            insert(Entry(position: position, message: message, about: file))
            return
        }
        known.others += 1
        guard position < known.position else {
            known.entities = known.entities && entitySound
            shared[file] = known
            return
        }
        // Found later, named earlier: the problem moves to this use (and may come back
        // among those told), and the use it was told at becomes one of the others.
        known.entities = known.entities && known.firstIsEntity
        known.firstIsEntity = entitySound
        if known.isTold {
            told.removeAll { $0.about == file }
        } else {
            untold -= 1
        }
        known.position = position
        known.isTold = true
        shared[file] = known
        insert(Entry(position: position, message: message, about: file))
    }

    /// Counts `count` problems another report of this file found and did not tell, the
    /// last of them at or before `position`: what ``FileReports/told(_:)`` folds into one line.
    public func untold(_ count: Int, at position: SourcePosition) {
        unplaced = true
        untold += count
        last = max(last, position)
    }

    /// Records the syntax errors of a parse.
    func record(_ errors: [JSONSyntaxError]) {
        for e in errors { error(e.message, at: e.position) }
    }

    /// Whether anything was recorded.
    public var hasErrors: Bool { !told.isEmpty || untold > 0 }

    /// Whether every problem was found at the value at `path` or inside it, so the rest of
    /// the file reads as written: what of a pack.json only its `parameters` hold wrong can
    /// still be merged and checked.
    func isConfined(to path: String) -> Bool {
        !unplaced && problemPaths.allSatisfy { JSONPath.isInside($0, path) }
    }

    /// Whether a problem found so far lies at the value at `path` (a plain path such as
    /// `goals[2]`), inside it, or at a value holding it; any part may hold one found at no
    /// value (a syntax error). What does not is read as written. Problems at the paths
    /// `excepted` do not count.
    func touches(_ path: String, apartFrom excepted: Set<String> = []) -> Bool {
        unplaced || problemPaths.contains {
            !excepted.contains($0) && (JSONPath.isInside($0, path) || JSONPath.isInside(path, $0))
        }
    }

    /// Places `entry` among those told, in file order; what falls past ``maxProblems`` (it,
    /// or the last told) is counted.
    private func insert(_ entry: Entry) {
        last = max(last, entry.position)
        // Most problems are found in file order: past the cap, one comparison counts them.
        if told.count == Self.maxProblems, let final = told.last, entry.position >= final.position {
            count(entry)
            return
        }
        var index = told.count
        while index > 0, told[index - 1].position > entry.position { index -= 1 }
        told.insert(entry, at: index)
        if told.count > Self.maxProblems { count(told.removeLast()) }
    }

    /// Counts a problem that is not told.
    private func count(_ entry: Entry) {
        untold += 1
        if let file = entry.about { shared[file]?.isTold = false }
    }

    /// `message` about the value at `path`: after the path, cut when it is long.
    private static func prefixed(_ message: String, _ path: String) -> String {
        path.isEmpty ? message : "\(shortened(path)): \(message)"
    }
}

/// The reports of every file one check may place problems in — a level's, and the
/// pack.json whose `parameters` set some of that level's values — each held to its own cap.
public final class FileReports {
    /// The reports, in the order their files were first told of.
    private var reports: [FileReport] = []
    private var index: [String: Int] = [:]

    /// No reports yet.
    public init() {}

    /// The report of the file shown as `displayPath`, made at its first problem.
    public func report(for displayPath: String) -> FileReport {
        if let known = index[displayPath] { return reports[known] }
        let report = FileReport(displayPath: displayPath)
        index[displayPath] = reports.count
        reports.append(report)
        return report
    }

    /// Records a problem about the value at `path` of the file `source` maps, in the file
    /// that wrote the value (``SourceMap/location(of:)``), the message prefixed with the
    /// path; a problem `about` a sound file is told once per file, as
    /// ``FileReport/error(at:_:_:about:)`` tells it.
    public func error(at path: String, in source: SourceMap, _ message: String, about file: String? = nil) {
        let (displayPath, position) = source.location(of: path)
        let report = report(for: displayPath)
        if let file {
            report.error(at: path, message, position, about: file)
        } else {
            report.error(at: path, message, position)
        }
    }

    /// Every file's problems, file by file, each as ``FileReport/diagnostics`` gives them.
    public var diagnostics: [Diagnostic] { reports.flatMap(\.diagnostics) }

    /// `diagnostics` as their files' reports tell them: in display order, the first
    /// ``FileReport/maxProblems`` of each file, then one line counting the rest, which takes
    /// in what each list's own count line (``Diagnostic/untold``) counted. For problems found
    /// out of file order (a script's answers, entry by entry), and for the lists of several
    /// checks of one file put together, so that a file shows one cap and one count.
    public static func told(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        let reports = FileReports()
        for problem in diagnostics.sortedForDisplay() {
            let report = reports.report(for: problem.path)
            if problem.untold > 0 {
                report.untold(problem.untold, at: problem.position)
            } else {
                report.error(problem.message, at: problem.position)
            }
        }
        return reports.diagnostics
    }
}
