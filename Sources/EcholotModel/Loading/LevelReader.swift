import EcholotCore

/// Checks one level file's JSON and builds the level node from it, reporting every
/// problem to the file's report.
final class LevelReader {
    /// The fields a level file may have.
    static let fields = ["id", "name", "description", "seed", "background", "ambience", "music",
                         "view", "entities", "goals", "scoring", "attributes"]
    /// The largest seed a level file may give: 15 digits, the most ``Field/integer()`` takes
    /// of a number written with an exponent, and the schema's maximum.
    static let largestSeed = 999_999_999_999_999
    /// Attribute names the engine itself keeps on a level node.
    static let builtInAttributes = Set(fields + ["status", "time", "misses", "selections", "found", "score"])

    let report: FileReport
    let assets: AssetChecker
    /// The level id the file name gives.
    let fileID: String

    /// Entity ids seen so far, with where each was first defined.
    var entityIDs: [String: SourcePosition] = [:]
    /// Whether every entity's id was read: when one was not (told already), a reference
    /// naming no known entity may name that one, so references are not told as unknown.
    var everyEntityID = true
    /// `entity` (one) and `entities` (many) parameters of rules, checked once every
    /// entity is known.
    var references: [(field: Field, many: Bool)] = []
    /// Entity actions `goal.met`/`goal.failed`, with their entry and its `id`, checked once
    /// every goal is known.
    var announcements: [(action: String, entry: Field, id: Field?)] = []
    /// The paths of `entity`/`entities` values that name no entity, each told: the only
    /// problems that leave their rule entry checkable.
    var unknownReferences: Set<String> = []
    /// Entity id → JSON path.
    var entityPaths: [String: String] = [:]
    /// Goal id → JSON path.
    var goalPaths: [String: String] = [:]

    init(report: FileReport, assets: AssetChecker, fileID: String) {
        self.report = report
        self.assets = assets
        self.fileID = fileID
    }

    /// Reads the whole file; the level node, or `nil` when the root is not an object.
    /// The node is only meaningful when the report has no errors.
    func read(_ root: Field) -> Level? {
        guard let object = root.object(known: LevelReader.fields) else { return nil }
        object.rejectUnknown(ownFields: "attributes")
        var level = Level()

        if let field = object.required("id"), let id = field.identifier("level id") {
            if id != fileID {
                field.fail("level id \(quoted(id)) must equal the file name \(quoted(fileID + ".json"))")
            }
            level[LevelKeys.id] = id
        }
        if let name = object.required("name")?.nonEmptyString() { level[LevelKeys.name] = name }
        if let field = object.optional("description"), let text = field.string() {
            level[LevelKeys.description] = text
        }
        if let field = object.optional("seed"), let seed = field.integer() {
            if seed < 0 { field.fail("expected an integer of at least 0, found \(seed)") }
            // `1e15` is refused as too large; the same number written out is too.
            if seed > LevelReader.largestSeed {
                field.fail("expected an integer of at most 15 digits (\(LevelReader.largestSeed)), found \(seed)")
            }
            level[LevelKeys.seed] = seed
        } else {
            level[LevelKeys.seed] = LevelKeys.seed.defaultValue
        }
        if let field = object.optional("background") { level[LevelKeys.background] = readBackground(field) }
        if let field = object.optional("ambience"), let items = field.array() {
            level[LevelKeys.ambience] = items.compactMap { readAmbientSound($0).map(Value.map) }
        } else {
            level[LevelKeys.ambience] = []
        }
        if let field = object.optional("music") { level[LevelKeys.music] = readAmbientSound(field) }
        level[LevelKeys.view] = object.optional("view").map(readView) ?? defaultView()

        var entities = NodeMap<EntityKind>()
        if let items = object.required("entities")?.array() {
            let reader = EntityReader(level: self)
            for item in items {
                if let (id, entity) = reader.read(item) { entities[id] = entity }
            }
        } else {
            everyEntityID = false
        }
        level[LevelKeys.entities] = entities

        var goals = NodeMap<GoalKind>()
        // Whether every goal was read: one that was not (told already) is no goal an
        // entity's announcement could be told to lack.
        var everyGoal = true
        if let field = object.optional("goals") {
            if let items = field.array() {
                goals = readGoals(items)
                everyGoal = goals.count == items.count
            } else {
                everyGoal = false
            }
        }
        level[LevelKeys.goals] = goals
        if everyGoal { checkAnnouncements(of: goals.ids.sorted()) }
        if let field = object.optional("scoring"),
           let rule = RuleReader(level: self).read(field, reserved: []) {
            level[LevelKeys.scoring] = rule.map
        }

        level[LevelKeys.status] = .ready
        level[LevelKeys.time] = 0
        level[LevelKeys.misses] = 0
        level[LevelKeys.selections] = 0
        level[LevelKeys.found] = []

        if let field = object.optional("attributes") {
            mergeAttributes(field, into: &level.attributes, builtIn: LevelReader.builtInAttributes, what: "level")
        }
        checkReferences()
        // Its maps of the same keys (the entities, their sounds) share one key list each:
        // a tick that moves a thousand entities then searches one list that stays in the
        // cache, and every incarnation shares them with the loaded level.
        level.shareKeyLists()
        return level
    }

    // MARK: Parts

    func readBackground(_ field: Field) -> PersistentMap<Value> {
        var map = PersistentMap<Value>()
        guard let object = field.object(known: ["image", "glyph"]) else { return map }
        object.rejectUnknown()
        if let image = object.optional("image"), let path = assets.checkPath(image, folder: "images") {
            map["image"] = .string(path)
        }
        if let glyph = object.optional("glyph").flatMap(EntityReader.readGlyph) { map["glyph"] = .string(glyph) }
        return map
    }

    /// An ambient sound or the music: `{file, volume, loop}` with defaults.
    func readAmbientSound(_ field: Field) -> PersistentMap<Value>? {
        guard let object = field.object(known: ["file", "volume", "loop"]) else { return nil }
        object.rejectUnknown()
        var map = PersistentMap<Value>()
        if let file = object.required("file"), let name = assets.checkSound(file) { map["file"] = .string(name) }
        map["volume"] = .number(object.optional("volume")?.number(from: 0, to: 4) ?? 1)
        map["loop"] = .bool(object.optional("loop")?.bool() ?? true)
        return map
    }

    func defaultView() -> View {
        var view = View()
        view[ViewKeys.center] = ViewKeys.center.defaultValue
        view[ViewKeys.elevation] = ViewKeys.elevation.defaultValue
        view[ViewKeys.width] = ViewKeys.width.defaultValue
        view[ViewKeys.selectTolerance] = ViewKeys.selectTolerance.defaultValue
        view[ViewKeys.visuals] = ViewKeys.visuals.defaultValue
        return view
    }

    func readView(_ field: Field) -> View {
        var view = defaultView()
        guard let object = field.object(known: ["center", "elevation", "width", "selectTolerance", "visuals"])
        else { return view }
        object.rejectUnknown()
        if let center = object.optional("center")?.number() {
            view[ViewKeys.center] = Geometry.normalize(azimuth: center)
        }
        if let elevation = object.optional("elevation")?.number(from: -90, to: 90) {
            view[ViewKeys.elevation] = elevation
        }
        if let width = object.optional("width")?.number(from: 1, to: 360) { view[ViewKeys.width] = width }
        if let tolerance = object.optional("selectTolerance")?.number(from: 0, to: 180) {
            view[ViewKeys.selectTolerance] = tolerance
        }
        if let name = object.optional("visuals")?.oneOf(Visuals.allCases.map(\.rawValue)),
           let visuals = Visuals(rawValue: name) {
            view[ViewKeys.visuals] = visuals
        }
        return view
    }

    /// The goals by id: an explicit `id`, else the type, with `.2`, `.3`, … when a type repeats.
    func readGoals(_ items: [Field]) -> NodeMap<GoalKind> {
        var goals = NodeMap<GoalKind>()
        var defaultsPerType: [String: Int] = [:]
        let rules = RuleReader(level: self)
        for item in items {
            guard let rule = rules.read(item, reserved: ["state"]) else { continue }
            let id: String
            if let given = rule.id {
                id = given
            } else {
                let n = (defaultsPerType[rule.type] ?? 0) + 1
                defaultsPerType[rule.type] = n
                id = n == 1 ? rule.type : "\(rule.type).\(n)"
            }
            if let earlier = goalPaths[id] {
                if let idField = rule.idField {
                    idField.fail("duplicate goal id \(quoted(id)) (already used by \(earlier))")
                } else {
                    item.fail("goal id \(quoted(id)) (from its type) is already used by \(earlier); give this goal an \"id\"")
                }
                continue
            }
            goalPaths[id] = item.path
            var goal = Goal(rule.map)
            goal[GoalKeys.id] = id
            goal[GoalKeys.state] = .pending
            goals[id] = goal
        }
        return goals
    }

    /// Merges a free `attributes` object onto a node; a built-in name is an error.
    func mergeAttributes(_ field: Field, into attributes: inout PersistentMap<Value>, builtIn: Set<String>, what: String) {
        guard let object = field.object(known: []) else { return }
        for member in object.members {
            let path = JSONPath.member(field.path, member.key)
            if builtIn.contains(member.key) || member.key == "position" {
                report.error(at: path, "\(quoted(member.key)) is a built-in \(what) attribute; choose another name",
                             member.keyPosition)
                continue
            }
            let value = member.value.value.treeValue
            if !value.isNull { attributes[member.key] = value }
        }
    }

    /// Reports every entity action `goal.met`/`goal.failed` that names none of `goals`: at
    /// run time it would announce nothing (a rule's `ctx.emit` of one is refused alike).
    func checkAnnouncements(of goals: [String]) {
        for (action, entry, idField) in announcements {
            guard let idField else {
                entry.fail("\(action) needs the id of one of the level's goals: \"id\": …")
                continue
            }
            guard case let .string(id) = idField.value else {
                idField.expected("the id of one of the level's goals (a string)")
                continue
            }
            guard !goals.contains(id) else { continue }
            let hint = Suggestion.hint(for: id, among: goals)
            let listed = goals.isEmpty ? " (it has no goals)"
                : hint.isEmpty ? " (goals: " + Suggestion.few(goals.map { quoted($0) }) + ")" : hint
            idField.fail("\(action): there is no goal \(quoted(id)) in this level" + listed)
        }
    }

    /// Reports every `entity`/`entities` parameter that names no entity of the level; when
    /// an entity's id did not read, only those that are no id at all (``everyEntityID``).
    func checkReferences() {
        let known = entityIDs.keys.sorted()
        for (field, many) in references {
            let ids: [Field]
            if many {
                guard case .array = field.value, let items = field.array() else {
                    field.expected("an array of entity ids")
                    continue
                }
                ids = items
            } else {
                ids = [field]
            }
            for idField in ids {
                guard case let .string(id) = idField.value else {
                    idField.expected("an entity id (a string)")
                    continue
                }
                if entityIDs[id] == nil, everyEntityID {
                    idField.fail("unknown entity \(quoted(id))" + Suggestion.hint(for: id, among: known))
                    unknownReferences.insert(idField.path)
                }
            }
        }
    }
}
