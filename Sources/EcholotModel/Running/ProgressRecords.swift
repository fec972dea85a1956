import EcholotCore

/// Progress records of achievements not earned yet, by achievement id: what a level starts
/// with (a profile's, a recording's, a pack test's; FAA#31, an achievement spans levels)
/// and what it leaves (``GameState/unearnedProgress``).
public typealias ProgressRecords = [String: PersistentMap<Value>]

/// Reading and writing ``ProgressRecords`` as JSON: an object of achievement id → record
/// (a recording's `progressBefore`, `echolot run --progress-before FILE`, a profile's rows).
public enum AchievementProgress {
    /// The largest file of records read, so that a wrong file cannot exhaust memory.
    static let maxFileSize = 16 << 20

    /// The records as one JSON object (keys sorted when written as ``Value/jsonText``).
    public static func json(_ records: ProgressRecords) -> Value {
        var map = PersistentMap<Value>()
        for (id, record) in records { map[id] = .map(record) }
        return .map(map)
    }

    /// `records` with `newer` over them: a newer empty record (no progress, as a rule's first
    /// run makes it) takes the id's out, as a profile keeps none.
    public static func update(_ records: inout ProgressRecords, with newer: ProgressRecords) {
        for (id, record) in newer { records[id] = record.isEmpty ? nil : record }
    }

    /// One record from its JSON text (a profile's row), or `nil` when it is no object.
    public static func record(json text: String) -> PersistentMap<Value>? {
        let parsed = JSONParser.parse(text)
        guard parsed.errors.isEmpty, let root = parsed.root, case .object = root.value else { return nil }
        return root.value.treeValue.mapValue
    }

    /// Reads a file holding an object of achievement id → record (`run --progress-before`),
    /// reporting every problem as `path:line:col: error: …`.
    /// An id a slip away from one of `registered` (the achievements the level's scripts
    /// register) is told at its key, with the one meant: the level would start without
    /// that progress.
    public static func read(file path: String, registered: [String] = []) throws(PackLoadError) -> ProgressRecords {
        try JSONFile.read(atPath: path, limit: maxFileSize, missing: "no such file") { records($0, registered: registered) }
    }

    /// The records of `field`, an object of achievement id → record (an object holding no
    /// `null`: a Lua table cannot), each problem told where it is; `nil` then.
    static func records(_ field: Field, registered: [String] = []) -> ProgressRecords? {
        guard case let .object(members) = field.value else {
            field.expected("an object of achievement id → progress record")
            return nil
        }
        var records: ProgressRecords = [:]
        var sound = true
        for member in members {
            let item = Field(node: member.value, path: JSONPath.member(field.path, member.key), report: field.report)
            if let problem = Identifiers.startingAchievementProblem(member.key, registered: registered) {
                field.report.error(at: item.path, "\(problem)", member.keyPosition)
                sound = false
                continue
            }
            guard case .object = item.value else {
                item.expected("a progress record (an object)")
                sound = false
                continue
            }
            if let null = firstNull(item) {
                null.fail("a progress record holds no null (a Lua table has no nil in it): leave the field out")
                sound = false
                continue
            }
            records[member.key] = item.treeValue.mapValue ?? PersistentMap()
        }
        return sound ? records : nil
    }

    /// The first `null` within `field`, if any.
    private static func firstNull(_ field: Field) -> Field? {
        switch field.value {
        case .null: return field
        case let .array(items):
            for (index, item) in items.enumerated() {
                if let found = firstNull(Field(node: item, path: JSONPath.element(field.path, index), report: field.report)) { return found }
            }
        case let .object(members):
            for member in members {
                if let found = firstNull(Field(node: member.value, path: JSONPath.member(field.path, member.key), report: field.report)) {
                    return found
                }
            }
        default: break
        }
        return nil
    }
}
