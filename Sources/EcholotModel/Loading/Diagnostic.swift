import Foundation

/// One problem found in a pack: which file, where in it, and what is wrong; or, with another
/// ``Severity``, what a check tells without the pack failing.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How much a diagnostic weighs: only an error makes a pack fail.
    public enum Severity: String, Sendable, Hashable {
        /// A problem: the pack fails.
        case error
        /// Most likely a mistake, though the pack plays as written (a string nothing shows).
        case warning
        /// What the author should know to read the rest right (a check that was left out, and why).
        case note
    }

    /// The file as the user named it (relative to the current directory when the pack
    /// was given relatively).
    public var path: String
    /// The line, starting at 1.
    public var line: Int
    /// The column, starting at 1, counted in characters.
    public var column: Int
    /// What is wrong.
    public var message: String
    /// Whether it is a problem, a warning or a note.
    public var severity = Severity.error
    /// For the line that ends a file's report, how many more problems it counts and does
    /// not tell (``FileReport/maxProblems``); 0 for a problem. Kept as a number so that lists
    /// put together fold their counts into one line (``FileReports/told(_:)``).
    public var untold = 0

    /// Creates a diagnostic.
    public init(path: String, line: Int, column: Int, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    /// Creates a diagnostic at a source position.
    public init(path: String, at position: SourcePosition, message: String, severity: Severity = .error) {
        self.init(path: path, line: position.line, column: position.column, message: message)
        self.severity = severity
    }

    /// The line saying that `count` more problems of the file shown as `path` are not told,
    /// placed at `position`, the last place among them.
    public init(untold count: Int, in path: String, at position: SourcePosition) {
        let more = count == 1 ? "1 more problem in this file is" : "\(count) more problems in this file are"
        self.init(path: path, at: position, message: "\(more) not told; fix these first")
        untold = count
    }

    /// Where it is.
    public var position: SourcePosition { SourcePosition(line: line, column: column) }

    /// `path:line:col: error: message` (or `warning:`, `note:`), the form editors and the
    /// command line use: one line, whatever a file's name or the text the message quotes holds.
    public var description: String { MessageText.oneLine("\(path):\(line):\(column): \(severity.rawValue): \(message)") }
}

extension Sequence where Element == Diagnostic {
    /// The diagnostics in display order: by file, then line, then column; ties keep
    /// the order they were found in.
    public func sortedForDisplay() -> [Diagnostic] {
        enumerated().sorted { a, b in
            (a.element.path, a.element.line, a.element.column, a.offset)
                < (b.element.path, b.element.line, b.element.column, b.offset)
        }.map(\.element)
    }
}

/// Problems told across several lists (a listing of packs, `validate` of several): one
/// that an earlier list told already, such as a cycle every pack in it runs into, is told
/// once.
public struct ToldDiagnostics {
    /// Each place told, with its file's path as it was told.
    private var told: [Diagnostic: String] = [:]

    /// Nothing told yet.
    public init() {}

    /// `diagnostics` without those told already by an earlier call; from now on, they are
    /// told too. A problem is its place: the same file, however its path is written (a pack
    /// named relatively and found again through another), at the same line and column, of
    /// the same severity — a base missing for two packs that build on one another is told
    /// for the first, whatever chain of packs led to it.
    public mutating func untold(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        // Two problems of one list at one place (two mistakes in one value) are both told.
        let places = diagnostics.map(Self.place(of:))
        let untold = zip(diagnostics, places).filter { told[$0.1] == nil }.map(\.0)
        for (diagnostic, place) in zip(diagnostics, places) where told[place] == nil { told[place] = diagnostic.path }
        return untold
    }

    /// The path `diagnostic`'s file was told by, when its place was told: a line pointing
    /// back at it names the file as the reader saw it, not as the pack at hand reached it.
    public func toldPath(of diagnostic: Diagnostic) -> String? { told[Self.place(of: diagnostic)] }

    /// What makes two diagnostics one problem: the file, line, column and severity.
    private static func place(of diagnostic: Diagnostic) -> Diagnostic {
        var place = diagnostic
        if FileManager.default.fileExists(atPath: diagnostic.path) {
            place.path = URL(fileURLWithPath: diagnostic.path).standardizedFileURL.resolvingSymlinksInPath().path
        }
        place.message = ""
        place.untold = 0
        return place
    }
}

/// Why a pack could not be loaded: every problem found in it.
public struct PackLoadError: Error, Sendable, CustomStringConvertible {
    /// The problems, in display order; never empty.
    public var diagnostics: [Diagnostic]
    /// When every problem is in an entry of an extending pack's `parameters`: the pack
    /// resolved with the entries that read merged, so that the rules (out of the model's
    /// reach) still check what those set and tell it beside these problems.
    public var partial: Pack?

    /// Creates the error.
    public init(diagnostics: [Diagnostic], partial: Pack? = nil) {
        self.diagnostics = diagnostics
        self.partial = partial
    }

    /// One diagnostic per line.
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
