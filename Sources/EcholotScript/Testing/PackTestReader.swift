import EcholotCore
import EcholotModel
import Foundation

/// Turns what a test file returned into ``PackTest``s, refusing unknown fields (a typo in
/// `expect` must not make a test pass by checking nothing).
struct PackTestReader {
    /// The test file.
    let source: ScriptSource
    /// The pack's `tests/` folder, where `input` files are found.
    let folder: URL
    /// The pack: input files must stay inside its folder, and are named as its other files are.
    let pack: Pack
    /// The achievements the pack's scripts register: those `earnedBefore` and `progressBefore` may name.
    let achievements: [String]

    /// What is wrong with a test file, and the field it is about (to find its line: a
    /// Lua table keeps no positions).
    struct Problem: Error {
        let message: String
        var field: String? = nil
        /// The input event (1-based) it is about, when the test writes `input` as a list:
        /// `field` is then a field of that event.
        var event: Int? = nil
        /// Problems in another file the test names (its input log): told as they are, at
        /// their own place, after `message`.
        var elsewhere: [Diagnostic] = []
    }

    /// Every problem of one test: each is told at its own place in one run, rather than
    /// one per run as the author fixes them.
    struct Problems: Error {
        var list: [Problem]
    }

    /// The tests in `value` (one table, or a list of them), each read on its own: a test
    /// that is written wrong is named with its problem, and the others still run. `anchor`
    /// is the test's own `name`, after which its fields are looked for in the text.
    func tests(from value: Value) throws(Problem) -> [(name: String, anchor: String?, test: Result<PackTest, Problems>)] {
        // Named as a run's problems name it (``PackTest/problem(_:)``), so that a test
        // written wrong and one that fails read alike.
        func read(_ item: Value, index: Int?) -> Result<PackTest, Problems> {
            let called = Self.called(item.mapValue?["name"]?.stringValue, index: index)
            return Result { () throws(Problems) in try test(from: item, index: index) }.mapError {
                Problems(list: $0.list.map {
                    Problem(message: (called.map { "\($0): " } ?? "") + $0.message, field: $0.field, event: $0.event, elsewhere: $0.elsewhere)
                })
            }
        }
        // `{}` is Lua's empty list and empty table alike: it holds no test either way.
        if value.mapValue?.isEmpty == true || value.listValue?.isEmpty == true {
            throw Problem(message: "the file returns an empty table: return a test, { level = …, input = …, expect = … }, or a list of them")
        }
        guard let list = value.listValue else { return [(name(of: value, index: nil), nil, read(value, index: nil))] }
        return list.enumerated().map { i, item in
            (name(of: item, index: i + 1), item.mapValue?["name"]?.stringValue, read(item, index: i + 1))
        }
    }

    /// How a problem names the test: by its `name`, else by its place in the list (a file's
    /// only test is named by the file).
    static func called(_ name: String?, index: Int?) -> String? {
        name.map { "test \(MessageText.named($0))" } ?? index.map { "test \($0)" }
    }

    /// How the report names a test: its `name`, else the file and its place in it.
    private func name(of value: Value, index: Int?) -> String {
        value.mapValue?["name"]?.stringValue ?? (index.map { "\(source.file) #\($0)" } ?? source.file)
    }

    /// The fields a test may have, in the order the messages list them.
    static let fieldList = ["level", "input", "expect", "name", "maxSeconds", "earnedBefore", "progressBefore"]
    /// The fields a test may have.
    static let fields = Set(fieldList)
    /// What `expect` may check, in the order the messages list them.
    static let expectList = ["outcome", "score", "misses", "achievements", "found", "time", "goals", "entities"]
    private static let expectFields = Set(expectList)

    private func test(from value: Value, index: Int?) throws(Problems) -> PackTest {
        guard let map = value.mapValue else {
            // A file that returns nothing most often lacks its `return` before the table.
            let forgotten = value.isNull && index == nil ? " (the file returns nothing: write `return { … }`)" : ""
            throw Problems(list: [Problem(message: "a test is a table with level, input and expect, found \(Self.luaType(value))\(forgotten)")])
        }
        var problems = Self.unknown(map, among: PackTestReader.fields, what: "field", listed: "a test has: " + Self.fieldList.joined(separator: ", "))
        // A near miss of a field is told as that alone, not again as the field missing.
        let meant = Set(map.keys.compactMap { Suggestion.closest(to: $0, among: PackTestReader.fieldList) })
        func attempt<T>(_ body: () throws(Problem) -> T) -> T? {
            do { return try body() } catch { problems.append(error); return nil }
        }
        let level: String? = attempt { () throws(Problem) in
            guard let level = map["level"]?.stringValue else {
                guard let given = map["level"] else { throw Problem(message: "missing 'level', the id of the level to play") }
                throw Problem(message: "'level' must be the id of a level, found \(Self.luaType(given))", field: "level")
            }
            // Told with the test's other problems: found only when it played, it waited
            // until they were fixed.
            guard pack.level(id: level) != nil else { throw Problem(message: pack.noLevelMessage(level), field: "level") }
            return level
        }
        if level == nil, map["level"] == nil, meant.contains("level") { problems.removeLast() }
        let maxSeconds = attempt { () throws(Problem) in try self.maxSeconds(from: map["maxSeconds"]) }
        let earnedBefore = attempt { () throws(Problem) in try self.earnedBefore(from: map["earnedBefore"]) }
        let progressBefore = attempt { () throws(Problem) in try self.progressBefore(from: map["progressBefore"]) }
        var log: InputLog?
        do throws(Problems) { log = try self.log(from: map["input"]) } catch { problems += error.list }
        var expect: PackTestExpectation?
        if map["expect"] != nil || !meant.contains("expect") {
            do throws(Problems) { expect = try expectation(from: map["expect"]) } catch { problems += error.list }
        }
        guard problems.isEmpty, let level, let maxSeconds, let earnedBefore, let progressBefore, let log, let expect else { throw Problems(list: problems) }
        return PackTest(source: source, name: name(of: value, index: index), level: level, log: log,
                        maxSeconds: maxSeconds, earnedBefore: earnedBefore, progressBefore: progressBefore, expect: expect,
                        called: Self.called(map["name"]?.stringValue, index: index))
    }

    /// A problem for each key of `map` not in `known` (`what` it is), with the name likely
    /// meant, else what there is (`listed`).
    private static func unknown(_ map: PersistentMap<Value>, among known: Set<String>, what: String, listed: String) -> [Problem] {
        map.keys.filter { !known.contains($0) }.sorted().map { unknown in
            let hint = Suggestion.nameHint(for: unknown, among: known.sorted())
            return Problem(message: "unknown \(what) \(MessageText.named(unknown))" + (hint.isEmpty ? " (\(listed))" : hint), field: unknown)
        }
    }

    /// The run's cap: a positive number of seconds up to the longest run `echolot run`
    /// allows (a larger one would keep `echolot test` busy for hours).
    private func maxSeconds(from value: Value?) throws(Problem) -> Double {
        guard let value else { return 600 }
        let longest = LevelRunner.longestRun
        guard let seconds = value.doubleValue, seconds.isFinite, seconds > 0, seconds <= longest else {
            throw Problem(message: "'maxSeconds' must be a number of seconds greater than 0 and at most \(Int(longest)) "
                + "(as for 'echolot run --max-seconds'), found \(value)", field: "maxSeconds")
        }
        return seconds
    }

    /// The achievements the level starts with: a list of achievement ids. One a slip away
    /// from an achievement the pack's scripts register is refused with that one, since it
    /// would start the level without it and test nothing; another is taken, as a rule may
    /// read an achievement of another pack (achievements are global).
    private func earnedBefore(from value: Value?) throws(Problem) -> Set<String> {
        guard let value else { return [] }
        guard let ids = stringList(value) else {
            throw Problem(message: "'earnedBefore' must be a list of achievement ids, found \(Self.luaType(value))", field: "earnedBefore")
        }
        for id in ids { try check(id, in: "earnedBefore") }
        return Set(ids)
    }

    /// An achievement id `field` names: one no achievement could have is refused, and so is
    /// a slip away from one the pack's scripts register (with that one); another is taken.
    private func check(_ id: String, in field: String) throws(Problem) {
        if let problem = Identifiers.startingAchievementProblem(id, registered: achievements) {
            throw Problem(message: "'\(field)': \(problem)", field: field)
        }
    }

    /// The progress records the level starts with: a table of achievement id → record (a
    /// table), each id checked as `earnedBefore`'s are.
    private func progressBefore(from value: Value?) throws(Problem) -> ProgressRecords {
        guard let value else { return [:] }
        // A list is a table too: say which kind of table it is, or the message reads "a table … found table".
        let found = value.listValue != nil ? "a list (give each record under its achievement id)" : Self.luaType(value)
        let wrong = Problem(message: "'progressBefore' must be a table of achievement id → progress record (a table), "
            + "as { [\"pack.threeWins\"] = { wins = 2 } }, found \(found)", field: "progressBefore")
        // An empty table reads as an empty list.
        if value.listValue?.isEmpty == true { return [:] }
        guard let map = value.mapValue else { throw wrong }
        var records: ProgressRecords = [:]
        for id in map.keys.sorted() {
            try check(id, in: "progressBefore")
            let record = map[id] ?? .null
            if record.listValue?.isEmpty == true { records[id] = PersistentMap(); continue }
            guard let fields = record.mapValue else {
                let kind = record.listValue != nil ? "a list (a record names its fields: { wins = 2 })" : Self.luaType(record)
                throw Problem(message: "'progressBefore': the record of \(MessageText.named(id)) must be a table of its fields, "
                    + "found \(kind)", field: "progressBefore")
            }
            records[id] = fields
        }
        return records
    }

    private func log(from value: Value?) throws(Problems) -> InputLog {
        switch value {
        case let .string(file)?:
            let url = folder.appendingPathComponent(file).standardizedFileURL
            let inside = url.resolvingSymlinksInPath().path
            guard PathInside.isBelow(inside, folder: pack.root.resolvingSymlinksInPath().standardizedFileURL.path) else {
                throw Problems(list: [Problem(message: "input file \(MessageText.named(file)) must be inside the pack", field: "input")])
            }
            // A log that cannot be read is this file's problem, told at its `input`; one
            // that reads but is wrong has its own lines, which follow.
            let bytes: [UInt8]
            switch FileBytes.read(atPath: url.path, limit: InputLog.maxFileSize) {
            case let .success(read): bytes = read
            case let .failure(problem):
                let hint = problem == .missing ? missingLogHint(file) : ""
                throw Problems(list: [Problem(message: "the input log \(MessageText.named(file)) cannot be read: \(problem.message(limit: InputLog.maxFileSize))"
                                                  + hint, field: "input")])
            }
            do {
                let root = pack.root.standardizedFileURL.path + "/"
                let shown = url.path.hasPrefix(root) ? DisplayPath.of(String(url.path.dropFirst(root.count)), in: pack) : DisplayPath.of(url)
                return try InputLog.parse(bytes, displayPath: shown)
            } catch {
                throw Problems(list: [Problem(message: "the input log \(MessageText.named(file)) does not read (its problems follow)", field: "input",
                                              elsewhere: error.diagnostics)])
            }
        case let .list(items)?:
            return try log(from: items)
        case nil:
            return InputLog()
        case let .map(map)? where map.isEmpty:
            return InputLog()  // `{}` in Lua: an empty list
        case let other?:
            throw Problems(list: [Problem(message: "'input' must be a list of events or the name of a .jsonl file, found \(Self.luaType(other))",
                                          field: "input")])
        }
    }

    /// The events of an `input` list, checked as `echolot run` checks an input log's lines.
    /// A problem is placed at its event (at the field it is about, when there is one).
    private func log(from items: [Value]) throws(Problems) -> InputLog {
        var reader = InputEventReader()
        var events: [InputEvent] = []
        var problems: [Problem] = []
        for (i, item) in items.enumerated() {
            guard case let .object(members) = JSONValue(item) else {
                problems.append(Problem(message: "input event \(i + 1) must be a table {t = seconds, action = NAME, …}, found \(Self.luaType(item))",
                                        field: nil, event: i + 1))
                continue
            }
            var found: [Problem] = []
            let event = reader.event(from: members, at: .start) { _, field, message in
                found.append(Problem(message: "input event \(i + 1): \(message)", field: field, event: i + 1))
            }
            problems += found
            guard found.isEmpty else { continue }
            guard let event else {
                problems.append(Problem(message: "input event \(i + 1) is not an input", field: nil, event: i + 1))
                continue
            }
            events.append(InputEvent(t: event.t, action: event.action, line: i + 1))
        }
        guard problems.isEmpty else { throw Problems(list: problems) }
        return InputLog(events, place: "input event")
    }

    private func expectation(from value: Value?) throws(Problems) -> PackTestExpectation {
        guard let map = value?.mapValue else { throw Problems(list: [Problem(message: "'expect' must be a table of expected results")]) }
        var problems = Self.unknown(map, among: PackTestReader.expectFields, what: "expectation",
                                    listed: "expect: " + Self.expectList.joined(separator: ", "))
        guard !map.isEmpty else {
            throw Problems(list: [Problem(message: "'expect' checks nothing: give at least one of " + Self.expectList.joined(separator: ", "),
                                          field: "expect")])
        }
        var expect = PackTestExpectation()
        /// Reads one expectation; its problem is kept beside the others'.
        func read(_ field: String, _ body: (Value) throws(Problem) -> Void) {
            guard let given = map[field] else { return }
            do { try body(given) } catch { problems.append(error) }
        }
        read("outcome") { outcome throws(Problem) in
            guard let name = outcome.stringValue, let parsed = Outcome(rawValue: name) else {
                let hint = outcome.stringValue.map { Suggestion.nameHint(for: $0, among: ["won", "lost", "running"]) } ?? ""
                throw Problem(message: "expect.outcome must be \"won\", \"lost\" or \"running\"" + hint, field: "outcome")
            }
            expect.outcome = parsed
        }
        read("score") { score throws(Problem) in
            if score == .bool(false) {
                expect.score = .some(nil)
            } else if let points = score.intValue {
                expect.score = .some(points)
            } else {
                throw Problem(message: "expect.score must be an integer (or false for no score)", field: "score")
            }
        }
        read("misses") { misses throws(Problem) in
            guard let count = misses.intValue, count >= 0 else {
                throw Problem(message: "expect.misses must be a whole number ≥ 0, found \(misses)", field: "misses")
            }
            expect.misses = count
        }
        read("achievements") { achievements throws(Problem) in
            guard let names = stringList(achievements) else {
                throw Problem(message: "expect.achievements must be a list of achievement names", field: "achievements")
            }
            expect.achievements = names
        }
        read("found") { found throws(Problem) in
            guard let ids = stringList(found) else { throw Problem(message: "expect.found must be a list of entity ids", field: "found") }
            expect.found = ids
        }
        read("time") { time throws(Problem) in
            // NaN equals nothing, so `abs(NaN - t) > 0.0005` is false: it would pass unchecked.
            guard let seconds = time.doubleValue, seconds.isFinite, seconds >= 0 else {
                throw Problem(message: "expect.time must be a number of seconds ≥ 0, found \(time)", field: "time")
            }
            expect.time = seconds
        }
        read("goals") { goals throws(Problem) in
            let form = "expect.goals must be a table of goal ids, each = \"met\", \"failed\" or \"pending\" ({ find = \"met\" })"
            guard let map = goals.mapValue, !map.isEmpty else { throw Problem(message: form, field: "goals") }
            var states: [String: GoalState] = [:]
            for (id, state) in map.sorted(by: { $0.key < $1.key }).map({ ($0.key, $0.value) }) {
                guard let name = state.stringValue, let parsed = GoalState(rawValue: name) else {
                    let hint = state.stringValue.map { Suggestion.nameHint(for: $0, among: GoalState.allCases.map(\.rawValue)) } ?? ""
                    throw Problem(message: "expect.goals.\(id) must be \"met\", \"failed\" or \"pending\"" + hint, field: "goals")
                }
                states[id] = parsed
            }
            expect.goals = states
        }
        read("entities") { entities throws(Problem) in
            let form = "expect.entities must be a table of entity ids, each a table of the fields to check "
                + "({ bell = { found = true, azimuth = 90 } })"
            guard let map = entities.mapValue, !map.isEmpty else { throw Problem(message: form, field: "entities") }
            var fields: [String: PersistentMap<Value>] = [:]
            for (id, checked) in map.sorted(by: { $0.key < $1.key }).map({ ($0.key, $0.value) }) {
                let form = Problem(message: "expect.entities.\(id) must be a table of the fields to check ({ found = true })", field: "entities")
                guard var checked = checked.mapValue, !checked.isEmpty else { throw form }
                // `attributes = { hp = 3 }` as a level file writes it: fields of the entity's own.
                if let attributes = checked["attributes"]?.mapValue {
                    checked["attributes"] = nil
                    for (name, value) in attributes.sorted(by: { $0.key < $1.key }) {
                        guard checked[name] == nil else {
                            throw Problem(message: "expect.entities.\(id) checks \(MessageText.named(name)) twice, beside attributes "
                                + "and in it: attributes are fields of the entity's own, as in a level file; check it once", field: "entities")
                        }
                        checked[name] = value
                    }
                    if checked.isEmpty { throw form }
                }
                fields[id] = checked
            }
            expect.entities = fields
        }
        guard problems.isEmpty else { throw Problems(list: problems) }
        return expect
    }

    /// A list of strings; an empty table counts as an empty list.
    private func stringList(_ value: Value) -> [String]? {
        if let map = value.mapValue, map.isEmpty { return [] }
        guard let items = value.listValue else { return nil }
        let strings = items.compactMap(\.stringValue)
        return strings.count == items.count ? strings : nil
    }
}

extension PackTestReader {
    /// A value's type as the test file's author names it: the file is Lua, where JSON's
    /// null is `nil` and its lists and objects are tables.
    static func luaType(_ value: Value) -> String {
        switch value {
        case .null: "nil"
        case .list, .map: "table"
        case .int, .number: "number"
        case .bool, .string: value.typeName
        }
    }
}
