import EcholotCore
import EcholotModel
import Foundation

/// One pack test (`tests/*.lua`): a level, an input log, and what the run must end with.
///
/// A test file returns a table — or a list of tables — like
/// `{ level = "first-sound", input = { {t = 1, action = "turnTo", azimuth = 60}, … } or
/// "logs/win.jsonl", expect = { outcome = "won", score = 1487, misses = 0,
/// achievements = { "firstWin" } } }`, with optional `name` and `maxSeconds`.
public struct PackTest: Sendable {
    /// The file it comes from.
    public var source: ScriptSource
    /// A name for reports: the `name` field, else the file (and its index in a list).
    public var name: String
    /// The level to play.
    public var level: String
    /// The player's inputs.
    public var log: InputLog
    /// Simulated seconds after which the run stops.
    public var maxSeconds: Double
    /// What the run must end with.
    public var expect: PackTestExpectation
    /// How its problems name it: `test 'name'`, `test 2` for an unnamed one in a list; nil
    /// for a file's only test, which the file names.
    public var called: String?

    /// `sentence` as a problem of this test, named as a problem of how it is written is.
    public func problem(_ sentence: String) -> String {
        called.map { "\($0): \(sentence)" } ?? sentence
    }
}

/// What a pack test checks; `nil` fields are not checked.
public struct PackTestExpectation: Sendable, Equatable {
    /// `won`, `lost` or `running`.
    public var outcome: Outcome?
    /// The score, or `.some(nil)` for "no score".
    public var score: Int??
    /// The number of misses.
    public var misses: Int?
    /// The achievements earned in the run (order does not matter).
    public var achievements: [String]?
    /// The entities found, in order.
    public var found: [String]?
    /// The simulated time at the end, to the millisecond.
    public var time: Double?

    /// Every way `result` differs from the expectation.
    public func mismatches(in result: RunResult) -> [PackTestMismatch] {
        var problems: [PackTestMismatch] = []
        if let outcome, outcome != result.outcome {
            problems.append(.init("outcome", "expected outcome \(outcome.rawValue), got \(result.outcome.rawValue)" + result.outcomeReason))
        }
        if let score, score != result.score {
            problems.append(.init("score", "expected score \(score.map(String.init) ?? "none"), got \(result.score.map(String.init) ?? "none")"))
        }
        if let misses, misses != result.misses {
            problems.append(.init("misses", "expected \(misses) misses, got \(result.misses)"))
        }
        if let achievements, achievements.sorted() != result.achievements.sorted() {
            problems.append(.init("achievements", "expected achievements [\(achievements.sorted().joined(separator: ", "))], "
                + "got [\(result.achievements.sorted().joined(separator: ", "))]"))
        }
        if let found, found != result.found {
            problems.append(.init("found", "expected found [\(found.joined(separator: ", "))], got [\(result.found.joined(separator: ", "))]"))
        }
        if let time, abs(time - result.time) > 0.0005 {
            problems.append(.init("time", "expected time \(time), got \(result.time)"))
        }
        return problems
    }
}

/// One way a run differs from what its test expects.
public struct PackTestMismatch: Sendable, Equatable {
    /// The field of `expect` that does not hold (`outcome`, `score`, …): where to point.
    public var field: String
    /// What was expected and what came, as a sentence.
    public var sentence: String

    /// A mismatch of `field`.
    public init(_ field: String, _ sentence: String) {
        self.field = field
        self.sentence = sentence
    }
}

/// What running one pack test gave.
public struct PackTestResult: Sendable {
    /// The test (absent when its file could not be read).
    public var test: PackTest?
    /// The file, as shown in messages.
    public var file: String
    /// The test's name.
    public var name: String
    /// The run's result, when it ran.
    public var result: RunResult?
    /// Every problem: mismatches, rejected actions, a broken test file. Empty when it passed.
    public var problems: [String]
    /// What the rules printed while the test ran: the last ``PrintedLines/limit`` lines,
    /// after a line saying how many earlier ones were not kept, if any were.
    public var printed: [String] = []

    /// Whether the test passed.
    public var passed: Bool { problems.isEmpty }

    /// How reports name the test: its file, and its name where that says more. Both are a
    /// stranger's text on a line of the report: a line break in a name forged a line
    /// (`ok: …` of a test that never ran), a 20,000-character name flooded the output.
    public var label: String {
        let shownFile = MessageText.oneLine(file)
        return Self.nameAdds(name, to: file) ? "\(shownFile): \(Self.shown(name))" : shownFile
    }

    /// `name` as reports show it: as it is when it is one plain line and short, else as a
    /// problem names a test, in quotes, written out and cut (``MessageText/named(_:)``).
    static func shown(_ name: String) -> String {
        name.count <= MessageText.nameLimit && MessageText.oneLine(name) == name ? name : MessageText.named(name)
    }

    /// Whether `name` says more than the file shown as `file`: a file's one unnamed test
    /// is named by the file (`tests/x.lua`).
    static func nameAdds(_ name: String, to file: String) -> Bool {
        file != name && !file.hasSuffix("/" + name)
    }
}
