import EcholotCore
import Foundation

/// A transcript test of a story (`tests/*.story.json`): the inputs to play and the exact
/// sequence of line ids, choices offered, levels entered and final variables expected.
public struct StoryTest: Sendable {
    /// The largest test file read, as for a pack's other JSON files.
    public static let maxFileSize = PackFiles.jsonLimit

    /// How the file is shown in diagnostics.
    public var displayPath: String
    /// What to play.
    public var script: StoryScript
    /// Expected transcript parts, each with where it is written; absent parts are not checked.
    var expectations: [(field: String, value: Value, position: SourcePosition)]

    /// The actions a play may give: a level's inputs, and skipping a cut-scene.
    public static let inputs = ActionName.inputs.union([StoryAction.cutsceneDone])

    /// The fields `expect` may hold.
    public static let expectable = ["lines", "choices", "picks", "levels", "variables", "clocks", "status", "ending", "errors"]

    /// The values `expect.status` may hold: those of `story.status`.
    static let statuses = [StoryStatus.finished, .stopped, .running].map(\.rawValue)

    /// The ending of a story test's file name, which `echolot test` looks for in `tests/`.
    public static let suffix = ".story.json"

    /// The story test files of a pack: `tests/*.story.json`, sorted by name; hidden files
    /// (an editor's `.x.story.json` backup) are left out, as pack tests' are.
    public static func files(in pack: Pack) -> [URL] {
        PackTestFolder(pack).storyTests.map { pack.root.appendingPathComponent($0) }
    }

    /// Reads a test file, reporting every problem with its position.
    public static func read(_ bytes: [UInt8], displayPath: String) -> Result<StoryTest, PackLoadError> {
        let report = FileReport(displayPath: displayPath)
        let parsed = JSONParser.parse(bytes)
        for error in parsed.errors { report.error(error.message, at: error.position) }
        guard parsed.errors.isEmpty, let root = parsed.root,
              let object = StoryObject(root, "a story test", report: report) else {
            return .failure(PackLoadError(diagnostics: report.diagnostics))
        }
        object.rejectUnknown(["clock", "earnedBefore", "progressBefore", "plays", "expect"], in: "a story test")
        var clock: TimeOfDay?
        if let node = object["clock"] {
            let value = node.stateValue
            // "23:10" as `expect.clocks` writes times, or the clock action's own form.
            clock = value.stringValue.flatMap(TimeOfDay.init(text:))
                ?? value["hour"].intValue.flatMap { h in value["minute"].intValue.flatMap { TimeOfDay(hour: h, minute: $0) } }
            // A field the form does not have (a misspelt "second") would be dropped unread, and
            // the test pass on a time it never gave; a misspelt hour or minute is told once.
            var misspelt = false
            if case .object = node.value, let fields = StoryObject(node, "'clock'", report: report) {
                fields.rejectUnknown(["hour", "minute"], in: "'clock'")
                misspelt = fields.misspells("hour") || fields.misspells("minute")
            }
            if clock == nil, !misspelt {
                report.error("'clock' must be a time of day, \"HH:MM\" or {\"hour\": 0…23, \"minute\": 0…59}", at: node.position)
            }
        }
        // The achievements a profile had when the story was recorded: the run begins with them.
        let earnedBefore = object["earnedBefore"]?.achievementIDs { node, _, message in
            report.error("'earnedBefore': \(message)", at: node.position)
        }
        // And the progress records of the others it had.
        let progressBefore = object["progressBefore"].flatMap {
            AchievementProgress.records(Field(node: $0, path: "progressBefore", report: report))
        }
        var plays: [StoryScript.Play] = []
        if let node = object["plays"] {
            if case let .array(items) = node.value {
                plays = items.compactMap { play($0, report: report) }
            } else {
                report.error("'plays' must be a list of {\"level\", \"choice\" or \"cutscene\", \"input\"}", at: node.position)
            }
        }
        var expectations: [(String, Value, SourcePosition)] = []
        if let node = object["expect"], let expect = StoryObject(node, "'expect'", report: report) {
            expect.rejectUnknown(expectable, in: "'expect'")
            for member in expect.members where expectable.contains(member.key) {
                let value = member.value.stateValue
                if let form = Self.form(of: member.key, refusing: value) {
                    report.error("'\(member.key)' must be \(form)", at: member.value.position)
                    continue
                }
                expectations.append((member.key, Self.written(value, as: member.key), member.value.position))
            }
        } else if object["expect"] == nil, !object.misspells("expect") {
            report.error("a story test needs 'expect', the transcript it checks", at: root.position)
        }
        guard report.diagnostics.isEmpty else { return .failure(PackLoadError(diagnostics: report.diagnostics)) }
        let script = StoryScript(clock: clock, plays: plays, earnedBefore: earnedBefore ?? [],
                                 progressBefore: progressBefore ?? [:])
        return .success(StoryTest(displayPath: displayPath, script: script, expectations: expectations))
    }

    /// The form `field` of `expect` must have, when `value` does not have it: a list that
    /// could never equal the transcript's was told only as a mismatch after the run.
    private static func form(of field: String, refusing value: Value) -> String? {
        switch field {
        case "variables":
            if case .map = value { return nil }
            return "an object of the variables' values ({\"path\": \"river\"})"
        case "status":
            // A status the story never has ("done", "Finished") could only fail after the run.
            if let status = value.stringValue, statuses.contains(status) { return nil }
            return Suggestion.list(statuses.map { quoted($0) }, conjunction: "or")
                + (value.stringValue.map { Suggestion.hint(for: $0, among: statuses) } ?? "")
        case "ending":
            if case .string = value { return nil }
            if case .null = value { return nil }
            return "an ending's name, or null for none"
        case "clocks":
            // Each a time, as a test's "clock" and --time take it ("7:30" too): text that is
            // no time could never equal a transcript's clock.
            if case let .list(items) = value, items.allSatisfy({ $0.stringValue.flatMap(TimeOfDay.init(text:)) != nil }) {
                return nil
            }
            return "a list of times of day, \"HH:MM\" each (\"07:30\" or \"7:30\")"
        default:
            if case let .list(items) = value, items.allSatisfy({ if case .string = $0 { true } else { false } }) { return nil }
            return field == "errors" ? "a list of strings, each an error message exactly as the run tells it" : "a list of strings"
        }
    }

    /// An expectation as the transcript writes its field: `expect.clocks` times as
    /// `HH:MM`, so that a `"7:30"` matches the `"07:30"` the run tells.
    private static func written(_ value: Value, as field: String) -> Value {
        guard field == "clocks", case let .list(items) = value else { return value }
        return .list(items.map { item in item.stringValue.flatMap(TimeOfDay.init(text:)).map { .string($0.text) } ?? item })
    }

    private static func play(_ node: JSONNode, report: FileReport) -> StoryScript.Play? {
        guard let object = StoryObject(node, "a play", report: report) else { return nil }
        // The kind first: a misspelt one is told once, as the kind it is not.
        guard let name = object.kind(of: StorySceneKind.allCases.map(\.rawValue), fields: ["input"], in: "a play") else { return nil }
        object.rejectUnknown(["level", "choice", "cutscene", "input"], in: "a play")
        guard let kind = StorySceneKind(rawValue: name), let scene = object.string(name, in: "a play") else { return nil }
        var events: [InputEvent] = []
        var positions: [SourcePosition] = []
        if let input = object["input"] {
            guard case let .array(items) = input.value else {
                report.error("'input' must be a list of {\"t\", \"action\", …}", at: input.position)
                return nil
            }
            // Checked as an input log's lines are, so a transcript test holds no input that
            // a log could not; the runner plays every input at its time, so none may come
            // later than a run may last.
            var reader = InputEventReader(latest: LevelRunner.longestRun, skippingCutscenes: true)
            for item in items {
                guard case let .object(members) = item.value else {
                    report.error("an input is {\"t\": seconds (in time order), \"action\": one of "
                        + "\(Self.inputs.sorted().joined(separator: ", ")), …}", at: item.position)
                    continue
                }
                let event = reader.event(from: members, at: item.position) { position, _, message in
                    report.error(message, at: position)
                }
                if let event {
                    events.append(InputEvent(t: event.t, action: event.action, line: item.position.line))
                    positions.append(item.position)
                }
            }
        }
        return StoryScript.Play(kind: kind, scene: scene, log: InputLog(events), position: object.position,
                                inputPositions: positions)
    }

    /// The differences between the transcript and the expectations, one diagnostic each.
    public func check(_ transcript: StoryTranscript) -> [Diagnostic] {
        // A run that went wrong stopped there: what it did not reach, and the plays it left
        // over, follow from that one problem and would only bury it.
        if !expectations.contains(where: { $0.field == "errors" }), let error = transcript.errors.first {
            return [Diagnostic(path: displayPath, at: error.position ?? .start, message: "the story run failed: \(error.message)")]
        }
        var problems: [Diagnostic] = []
        for (field, expected, position) in expectations {
            let actual = StoryTest.value(of: field, in: transcript)
            // As JSON tells values: a recorded 2.0 is written `2`, which reads back as 2.
            guard !actual.equalsAsJSON(expected) else { continue }
            var message = "\(field): expected \(expected.jsonText), got \(actual.jsonText)"
            if case let .list(e) = expected, case let .list(a) = actual {
                let i = (0..<min(e.count, a.count)).first { !e[$0].equalsAsJSON(a[$0]) } ?? min(e.count, a.count)
                let got = i < a.count ? a[i].jsonText : "nothing"
                let wanted = i < e.count ? e[i].jsonText : "nothing"
                message = "\(field)[\(i)]: expected \(wanted), got \(got) (the whole \(field): \(actual.jsonText))"
            }
            if case let .map(e) = expected, case let .map(a) = actual, let differing = StoryTest.firstDifference(e, a) {
                message = "\(field)\(differing) (the whole \(field): \(actual.jsonText))"
            }
            problems.append(Diagnostic(path: displayPath, at: position, message: message))
        }
        return problems
    }

    /// The first variable, by name, that `expected` and `actual` differ in, as the part of
    /// a mismatch's message after the field's name (`.mood: expected "happy", got nothing:
    /// the story never set it`); nil when none does. Both whole maps, printed alone, left
    /// the author to find the one that differs.
    static func firstDifference(_ expected: PersistentMap<Value>, _ actual: PersistentMap<Value>) -> String? {
        let names = Set(expected.keys).union(actual.keys).sorted()
        guard let name = names.first(where: { name in
            guard let e = expected[name], let a = actual[name] else { return true }
            return !a.equalsAsJSON(e)
        }) else { return nil }
        // A name that is no plain identifier is quoted, so that the message names it exactly.
        let plain = name.first.map { $0.isLetter || $0 == "_" } == true && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
        let shown = plain ? "." + name : "[" + Value.string(name).jsonText + "]"
        switch (expected[name], actual[name]) {
        case let (e?, nil): return "\(shown): expected \(e.jsonText), got nothing: the story never set it"
        case let (nil, a?): return "\(shown): expected nothing, got \(a.jsonText): the expectation lists every variable the story sets"
        case let (e, a): return "\(shown): expected \(e?.jsonText ?? "nothing"), got \(a?.jsonText ?? "nothing")"
        }
    }

    private static func value(of field: String, in t: StoryTranscript) -> Value {
        func strings(_ list: [String]) -> Value { .list(list.map(Value.string)) }
        switch field {
        case "lines": return strings(t.lines)
        case "choices": return strings(t.choices)
        case "picks": return strings(t.picks)
        case "levels": return strings(t.levels)
        case "variables": return .map(t.variables)
        case "clocks": return strings(t.clocks)
        case "status": return .string(t.status)
        case "ending": return t.ending.map(Value.string) ?? .null
        default: return strings(t.errors.map(\.message))
        }
    }
}
