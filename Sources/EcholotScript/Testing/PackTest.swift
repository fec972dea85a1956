import EcholotCore
import EcholotModel
import Foundation

/// One pack test (`tests/*.lua`): a level, an input log, and what the run must end with.
///
/// A test file returns a table — or a list of tables — like
/// `{ level = "first-sound", input = { {t = 1, action = "turnTo", azimuth = 60}, … } or
/// "logs/win.jsonl", expect = { outcome = "won", score = 1487, misses = 0,
/// achievements = { "firstWin" } } }`, with optional `name`, `maxSeconds`, `earnedBefore` and
/// `progressBefore`.
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
    /// The achievements the level starts with, as a profile's would be (`earnedBefore`): a
    /// rule that reads `ctx.game.achievements` can be tested for a player who has them.
    public var earnedBefore: Set<String> = []
    /// The progress records of unearned achievements the level starts with, as a profile's
    /// would be (`progressBefore`): a rule that counts across levels can be tested at its last step.
    public var progressBefore: ProgressRecords = [:]
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
    /// The state each named goal ends in.
    public var goals: [String: GoalState]?
    /// Fields of entities at the end, by entity id: each listed field must hold its value
    /// (numbers to the thousandth; a table checks the fields it lists).
    public var entities: [String: PersistentMap<Value>]?

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
            // One the level started with is never earned in the run: say so, or the author
            // looks for why the rule did not earn it.
            let before = achievements.filter(result.earnedBefore.contains).sorted()
            let note = before.isEmpty ? "" : " (\(before.joined(separator: ", ")) \(before.count == 1 ? "was" : "were") earned before "
                + "the level, by earnedBefore; achievements lists only those earned in the run)"
            problems.append(.init("achievements", "expected achievements [\(achievements.sorted().joined(separator: ", "))], "
                + "got [\(result.achievements.sorted().joined(separator: ", "))]" + note))
        }
        if let found, found != result.found {
            problems.append(.init("found", "expected found [\(found.joined(separator: ", "))], got [\(result.found.joined(separator: ", "))]"))
        }
        if let time, abs(time - result.time) > 0.0005 {
            problems.append(.init("time", "expected time \(time), got \(result.time)"))
        }
        /// A goal or entity the level does not have, with the one likely meant.
        func absent(_ field: String, _ kind: String, _ id: String, expected: String, among known: [String]) -> PackTestMismatch {
            .init(field, "expected \(kind) \(MessageText.named(id))\(expected), but the level has no \(kind) "
                + MessageText.named(id) + Self.hint(id, among: known))
        }
        let goalNodes = result.level[LevelKeys.goals]
        for (id, state) in (goals ?? [:]).sorted(by: { $0.key < $1.key }) {
            guard let goal = goalNodes[id] else {
                problems.append(absent("goals", "goal", id, expected: " " + state.rawValue, among: goalNodes.nodes.map(\.id).sorted()))
                continue
            }
            if goal[GoalKeys.state] != state {
                problems.append(.init("goals", "expected goal \(MessageText.named(id)) \(state.rawValue), got \(goal[GoalKeys.state].rawValue)"))
            }
        }
        let entityNodes = result.level[LevelKeys.entities]
        for (id, fields) in (entities ?? [:]).sorted(by: { $0.key < $1.key }) {
            guard let entity = entityNodes[id] else {
                problems.append(absent("entities", "entity", id, expected: "", among: entityNodes.nodes.map(\.id).sorted()))
                continue
            }
            for (path, expected, actual, known) in Self.differences(fields, in: entity.attributes, at: "") {
                let name = String(path.split(separator: ".").last ?? "")
                // `volume = 2` beside `found`: the field is the sound's.
                let inside = Self.defaults.keys.first { $0.hasSuffix("." + name) && !path.contains(".") }
                let got = actual.map(\.jsonText) ?? "nothing: it has no field \(MessageText.named(path))"
                    + (inside.map { "; \(MessageText.named($0)) is written inside \($0.split(separator: ".")[0]) = { … }" }
                        ?? Self.hint(name, among: known))
                problems.append(.init("entities", "expected entity \(MessageText.named(id)) \(path) \(expected.jsonText), got \(got)"))
            }
        }
        return problems
    }

    /// The fields of `expected` that `actual` does not hold, with their dotted paths and
    /// the fields there are beside them: a number matches to the thousandth (a
    /// behaviour's arithmetic in floating point), a table in its listed fields, anything
    /// else exactly; a field the state leaves out reads as the engine reads it.
    private static func differences(_ expected: PersistentMap<Value>, in actual: PersistentMap<Value>, at prefix: String)
        -> [(path: String, expected: Value, actual: Value?, known: [String])] {
        expected.sorted { $0.key < $1.key }.flatMap { key, value -> [(path: String, expected: Value, actual: Value?, known: [String])] in
            let path = prefix + key
            let found = actual[key] ?? defaults[path]
            switch (value, found) {
            case let (.map(inner), .map(held)?):
                return differences(inner, in: held, at: path + ".")
            case let (.int, number?), let (.number, number?):
                if let want = value.doubleValue, let have = number.doubleValue, abs(want - have) <= 0.0005 { return [] }
            default:
                if let found, found.equalsAsJSON(value) { return [] }
            }
            let known = Set(actual.map(\.key)).union(defaults.keys.filter { $0.hasPrefix(prefix) && !$0.dropFirst(prefix.count).contains(".") }
                .map { String($0.dropFirst(prefix.count)) })
            return [(path, value, found, known.sorted())]
        }
    }

    /// What an entity's fields read when the state leaves them out (the typed keys'
    /// defaults), by dotted path: `volume = 1` holds for a sound that never set it.
    private static let defaults: [String: Value] = {
        func entry<Kind, V>(_ key: Key<Kind, V>, under parent: String = "") -> (String, Value) {
            (parent + key.name, key.defaultValue.value)
        }
        let sound = EntityKeys.sound.name + "."
        return Dictionary(uniqueKeysWithValues: [
            entry(EntityKeys.name), entry(EntityKeys.glyph), entry(EntityKeys.tags), entry(EntityKeys.azimuth),
            entry(EntityKeys.elevation), entry(EntityKeys.distance), entry(EntityKeys.selectable), entry(EntityKeys.found),
            entry(EntityKeys.behaviours), entry(EntityKeys.actions),
            entry(SoundKeys.file, under: sound), entry(SoundKeys.volume, under: sound), entry(SoundKeys.loop, under: sound),
            entry(SoundKeys.pitch, under: sound), entry(SoundKeys.rolloff, under: sound), entry(SoundKeys.playing, under: sound),
        ])
    }()

    /// "; did you mean 'x'?" for a near miss, else the ids there are.
    private static func hint(_ id: String, among known: [String]) -> String {
        let near = Suggestion.nameHint(for: id, among: known)
        guard near.isEmpty else { return near }
        return known.isEmpty ? " (it has none)" : " (it has \(Suggestion.few(known)))"
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
