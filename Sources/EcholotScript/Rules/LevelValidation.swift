import CLua
import CLuaBridge
import EcholotCore
import EcholotModel

/// One rule entry of a level file: a goal, a behaviour of an entity, or the scoring.
struct RuleEntry {
    /// What kind of rule the entry names.
    var kind: RuleKind
    /// The `type` it names.
    var type: String
    /// Its parameters (the entry without `type`, `id` and, for goals, `state`).
    var params: PersistentMap<Value>
    /// Its JSON path in the level file (`goals[1]`).
    var path: String

    /// Every rule entry of `definition`, in file order.
    static func all(in definition: LevelDefinition) -> [RuleEntry] {
        let level = definition.level
        var entries: [RuleEntry] = []
        let goals = level[LevelKeys.goals].nodes.sorted { (definition.goalPaths[$0.id] ?? "", $0.id) < (definition.goalPaths[$1.id] ?? "", $1.id) }
        for (id, goal) in goals {
            var params = goal.attributes
            for reserved in ["id", "type", "state"] { params[reserved] = nil }
            entries.append(RuleEntry(kind: .goal, type: goal[GoalKeys.type], params: params,
                                     path: definition.goalPaths[id] ?? "goals"))
        }
        for (id, entity) in definition.entitiesInFileOrder {
            for (i, entry) in entity[EntityKeys.behaviours].enumerated() {
                guard var params = entry.mapValue else { continue }
                let type = params["type"]?.stringValue ?? ""
                params["type"] = nil
                params["id"] = nil
                entries.append(RuleEntry(kind: .behaviour, type: type, params: params,
                                         path: (definition.entityPaths[id] ?? "entities") + ".behaviours[\(i)]"))
            }
        }
        if var params = level[LevelKeys.scoring] {
            let type = params["type"]?.stringValue ?? ""
            params["type"] = nil
            params["id"] = nil
            entries.append(RuleEntry(kind: .scoring, type: type, params: params, path: "scoring"))
        }
        return entries
    }
}

extension ScriptEngine {
    /// Checks a level's goals, behaviours and scoring against the rules the scripts
    /// registered: every `type` must name a rule a level of `pack` can use, and every
    /// parameter must be declared, of its type and in its range (plus the rule's own
    /// `check`). Problems are placed in the level file: `file:line:col: error: …`, the
    /// first ``FileReport/maxProblems`` of a file in file order, then one line counting the
    /// rest, so a level of 100,000 bad parameters is told in 101 lines.
    public func validate(_ definition: LevelDefinition, pack: String) -> [Diagnostic] {
        FileReports.told(problems(of: definition, pack: pack))
    }

    /// Every problem ``validate(_:pack:)`` finds, uncapped, in the order found.
    private func problems(of definition: LevelDefinition, pack: String) -> [Diagnostic] {
        let source = definition.source
        func diagnostic(_ path: String, _ message: String) -> Diagnostic {
            let (file, position) = source.location(of: path)
            return Diagnostic(path: file, at: position, message: message)
        }
        var diagnostics: [Diagnostic] = []
        var known: [(entry: RuleEntry, rule: RuleDescriptor)] = []
        for entry in RuleEntry.all(in: definition) {
            guard let rule = rule(entry.kind, named: entry.type, for: pack) else {
                let names = ruleNames(entry.kind, for: pack)
                diagnostics.append(diagnostic(JSONPath.member(entry.path, "type"),
                    misplacedRule(entry.type, as: entry.kind, for: pack)
                        ?? "unknown \(entry.kind.rawValue) type \(MessageText.named(entry.type)): no script registers it"
                        + Suggestion.nameHint(for: entry.type, among: names)))
                continue
            }
            known.append((entry, rule))
        }
        guard !known.isEmpty else { return diagnostics }

        let L = vm.L
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        // An entry with a problem the reader told is not judged by its check, which would
        // look up the entity that is not there.
        let entries = Value.list(known.map { item -> Value in
            .map(["pack": .string(item.rule.pack), "kind": .string(item.rule.kind.rawValue),
                  "name": .string(item.rule.name), "params": .map(item.entry.params),
                  "told": .bool(definition.toldPaths.contains { JSONPath.isInside($0, item.entry.path) })])
        })
        do {
            try vm.push(entries)
            try vm.push(definition.level.value)
        } catch {
            diagnostics.append(diagnostic("", "the level cannot be handed to the scripts: \(error)"))
            return diagnostics
        }
        let entriesIndex = lua_gettop(L) - 1
        /// The problems of a list as `E.validate` gives them, placed in the level file.
        func told(_ problems: [Value]) {
            for problem in problems {
                guard let fields = problem.listValue, fields.count == 4, let i = fields[0].intValue,
                      i >= 1, i <= known.count, let message = fields[2].stringValue else { continue }
                let entry = known[i - 1].entry
                var path = fields[1].stringValue.map { JSONPath.member(entry.path, $0) } ?? entry.path
                // An item a check names counts from 1, as Lua's lists do; a path's from 0.
                if let item = fields[3].intValue { path = JSONPath.element(path, item - 1) }
                if definition.toldPaths.contains(path) { continue }
                diagnostics.append(diagnostic(path, message))
            }
        }
        var from = 1
        while true {
            clua_getref(L, refs.validate)
            lua_pushvalue(L, entriesIndex)
            lua_pushvalue(L, entriesIndex + 1)
            lua_pushinteger(L, lua_Integer(from))
            guard let failure = vm.protectedCall(arguments: 3, results: 1) else {
                told((try? vm.value(at: -1).listValue) ?? [])
                return diagnostics
            }
            let error = ScriptError(failure)
            told(readEngineField("validated") { _ in (try? vm.value(at: -1).listValue) ?? [] })
            // A rule's check failed: the problem is placed at the level's entry, as the
            // check's own answers are, and says where in the script it failed; the entries
            // after it are checked still.
            guard let i = checkingEntry(), i >= from, i <= known.count else {
                diagnostics.append(Diagnostic(path: error.source?.displayPath ?? source.displayPath,
                                              line: error.line ?? 1, column: 1,
                                              message: "while checking level '\(definition.id)': \(error.message)"))
                return diagnostics
            }
            let (entry, rule) = known[i - 1]
            let place = error.source.map { " at \($0.displayPath):\(error.line ?? 1)" } ?? ""
            diagnostics.append(diagnostic(entry.path, "\(rule.label): its check failed\(place): \(error.message)"))
            from = i + 1
        }
    }

    /// The index of the entry whose check was running when validation failed, if one was.
    private func checkingEntry() -> Int? {
        readEngineField("checking") { L in lua_isinteger(L, -1) != 0 ? Int(clua_tointeger(L, -1, nil)) : nil }
    }
}
