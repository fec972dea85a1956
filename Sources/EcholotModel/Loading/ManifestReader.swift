/// Checks a pack's `pack.json` and builds its manifest, reporting every problem.
///
/// Level references are collected for the pack loader, which knows which level files exist.
final class ManifestReader {
    /// The fields `pack.json` may have.
    static let fields = ["id", "name", "version", "api", "kind", "author", "description", "defaultLanguage",
                         "extends", "scenarios", "levels", "preview", "dependencies", "parameters"]
    /// The engine API versions this engine runs.
    static let supportedAPI = EngineVersion.packAPI

    let report: FileReport
    /// Every level id the manifest names (in `levels` and in scenarios), with its field.
    var levelReferences: [(id: String, field: Field)] = []
    /// The first level list in the manifest, where an empty `levels/` folder is reported.
    var firstLevelList: Field?
    /// The base pack's id, when the manifest names one (even if other fields are wrong).
    var extendsID: String?

    init(report: FileReport) {
        self.report = report
    }

    /// The longest pack id and version: the pack's folder is named after its id, and its
    /// archive `<id>-<version>.zip`, which a longer one would not fit in a file name.
    static let longestIDOrVersion = 64

    /// What is wrong with the length of `text` (an id or a version), if anything.
    static func lengthProblem(_ text: String, of what: String) -> String? {
        guard text.utf8.count > longestIDOrVersion else { return nil }
        return "\(quoted(text)) is \(text.utf8.count) characters long; \(what) may have at most \(longestIDOrVersion), "
            + "since the pack's folder and archive are named after its id and version"
    }

    /// Reads the manifest; `nil` when a required field is missing or wrong.
    func read(_ root: Field) -> PackManifest? {
        guard let object = root.object(known: ManifestReader.fields) else { return nil }
        object.rejectUnknown()

        var id: String?
        if let field = object.required("id"), let text = field.string() {
            if !Identifiers.isPackID(text) {
                field.fail("\(quoted(text)) is not a valid pack id: use lower-case letters, digits, '.', '_' and '-', "
                    + "starting with a letter or digit")
            } else if let problem = ManifestReader.lengthProblem(text, of: "a pack id") {
                field.fail(problem)
            } else {
                id = text
            }
        }
        let name = object.required("name")?.nonEmptyString()
        var version: String?
        if let field = object.required("version"), let text = field.string() {
            if let problem = ManifestReader.lengthProblem(text, of: "a version") {
                field.fail(problem)
            } else if SemanticVersion(text) != nil {
                version = text
            } else if Identifiers.isSemanticVersion(text) {
                // It would be refused by no range: the resolver cannot compare it.
                field.fail("\(quoted(text)) has a number too large to compare; \(SemanticVersion.largestNumberText)")
            } else {
                field.fail("\(quoted(text)) is not a semantic version such as \"1.2.3\"")
            }
        }
        var api: Int?
        if let field = object.required("api"), let number = field.integer() {
            if ManifestReader.supportedAPI.contains(number) {
                api = number
            } else {
                field.fail("API version \(number) is not supported; this engine runs API version "
                    + "\(ManifestReader.supportedAPI.upperBound)")
            }
        }
        let kind = object.optional("kind")?.oneOf(PackKind.allCases.map(\.rawValue)).flatMap(PackKind.init(rawValue:))
        let author = object.optional("author")?.string()
        let description = object.optional("description")?.string()
        var language = "en"
        if let field = object.optional("defaultLanguage"), let text = field.string() {
            if Identifiers.isLanguageCode(text) {
                language = text
            } else {
                field.fail("\(quoted(text)) is not a language code such as \"en\" or \"pt-BR\"")
            }
        }
        var extends: String?
        if let field = object.optional("extends"), let text = field.string() {
            if !Identifiers.isPackID(text) {
                field.fail("\(quoted(text)) is not a valid pack id")
            } else if text == id {
                field.fail("a pack cannot extend itself")
            } else {
                extends = text
                extendsID = text
            }
        }
        let scenarios = object.optional("scenarios").map(readScenarios) ?? []
        var levels: [String]?
        if let field = object.optional("levels") {
            if case .array = field.value { firstLevelList = firstLevelList ?? field }
            levels = readLevelList(field, owner: nil, seen: [:]).ids
        }

        let preview = object.optional("preview").flatMap(readPreview)
        let dependencies = object.optional("dependencies").map { readDependencies($0, own: id) } ?? []
        var parameters: [ParameterOverride] = []
        if let field = object.optional("parameters") {
            parameters = readParameters(field)
            if extends == nil, !parameters.isEmpty {
                field.fail("\"parameters\" change the levels of the base pack, but this pack extends none; "
                    + "change the level files instead")
            }
        }

        guard let id, let name, let version, let api else { return nil }
        return PackManifest(id: id, name: name, version: version, api: api, kind: kind ?? .free,
                            author: author, description: description, defaultLanguage: language,
                            extends: extends, scenarios: scenarios, levels: levels, preview: preview,
                            dependencies: dependencies, parameters: parameters)
    }

    // MARK: Scenarios

    func readScenarios(_ field: Field) -> [Scenario] {
        guard let items = field.array() else { return [] }
        var scenarios: [Scenario] = []
        var scenarioIDs: [String: SourcePosition] = [:]
        var levelsSeen: [String: String] = [:]  // level id → scenario id
        var afters: [(scenario: String, target: String, field: Field)] = []
        // Scenarios written with `"levels": []`: one whose list did not read is told there,
        // and its emptiness follows from that.
        var writtenEmpty: Set<String> = []
        for item in items {
            guard let object = item.object(known: ["id", "name", "levels", "unlock"]) else { continue }
            object.rejectUnknown()
            var id: String?
            if let idField = object.required("id"), let given = idField.identifier("scenario id") {
                if let first = scenarioIDs[given] {
                    idField.fail("duplicate scenario id \(quoted(given)) (first at line \(first.line), column \(first.column))")
                } else {
                    scenarioIDs[given] = idField.position
                    id = given
                }
            }
            let name = object.required("name")?.nonEmptyString()
            var levels: [String] = []
            if let list = object.required("levels") {
                if case let .array(items) = list.value {
                    firstLevelList = firstLevelList ?? list
                    if items.isEmpty, let id { writtenEmpty.insert(id) }
                }
                let result = readLevelList(list, owner: id, seen: levelsSeen)
                levels = result.ids
                levelsSeen = result.seen
            }
            var unlock: UnlockRule?
            if let unlockField = object.optional("unlock") {
                unlock = readUnlock(unlockField)
                if case let .after(target)? = unlock, let id, let after = unlockField.object(known: [])?.optional("after") {
                    afters.append((id, target, after))
                }
            }
            if let id, let name {
                scenarios.append(Scenario(id: id, name: name, levels: levels, unlock: unlock))
            }
        }
        checkUnlocks(afters, known: scenarioIDs, empty: writtenEmpty)
        return scenarios
    }

    /// A list of level ids; duplicates (within it, or already in an earlier scenario) are errors.
    func readLevelList(_ field: Field, owner: String?, seen: [String: String]) -> (ids: [String], seen: [String: String]) {
        guard let items = field.array() else { return ([], seen) }
        var ids: [String] = []
        var seen = seen
        var local: Set<String> = []
        for item in items {
            guard let id = item.identifier("level id") else { continue }
            if local.contains(id) {
                item.fail("level \(quoted(id)) is listed twice")
                continue
            }
            if let other = seen[id] {
                item.fail("level \(quoted(id)) is already in scenario \(quoted(other))")
                continue
            }
            local.insert(id)
            if let owner { seen[id] = owner }
            ids.append(id)
            levelReferences.append((id, item))
        }
        return (ids, seen)
    }

    /// `{ "totalScore": integer }` or `{ "after": scenario id }`.
    func readUnlock(_ field: Field) -> UnlockRule? {
        guard let object = field.object(known: ["totalScore", "after"]) else { return nil }
        object.rejectUnknown()
        let score = object.optional("totalScore")
        let after = object.optional("after")
        switch (score, after) {
        case (nil, nil):
            field.fail("expected \"totalScore\" or \"after\"")
            return nil
        case (_?, _?):
            field.fail("give either \"totalScore\" or \"after\", not both")
            return nil
        case let (score?, nil):
            return score.integer(in: 0...Score.maximumTotal).map(UnlockRule.totalScore)
        case let (nil, after?):
            return after.identifier("scenario id").map(UnlockRule.after)
        }
    }

    /// `after` must name another scenario, one with levels (a scenario without any is never
    /// finished, so nothing after it would ever unlock), and the chain must not loop. A loop
    /// is one mistake: told once, at the `after` of its first scenario in file order, as the
    /// whole chain, since its other scenarios' rules are right but for that loop. `empty`
    /// holds the scenarios written with `"levels": []`.
    func checkUnlocks(_ afters: [(scenario: String, target: String, field: Field)], known: [String: SourcePosition],
                      empty: Set<String>) {
        let next = Dictionary(afters.map { ($0.scenario, $0.target) }, uniquingKeysWith: { a, _ in a })
        var inToldCycle: Set<String> = []
        for (scenario, target, field) in afters {
            if target == scenario {
                field.fail("scenario \(quoted(scenario)) cannot unlock after itself")
                continue
            }
            guard known[target] != nil else {
                field.fail("unknown scenario \(quoted(target))" + Suggestion.hint(for: target, among: known.keys.sorted()))
                continue
            }
            guard !inToldCycle.contains(scenario) else { continue }
            if let cycle = Self.unlockCycle(from: scenario, next: next) {
                inToldCycle.formUnion(cycle)
                let steps = zip(cycle, cycle.dropFirst() + [scenario]).enumerated().map { index, step in
                    index == 0 ? "\(quoted(step.0)) unlocks after \(quoted(step.1))" : "\(quoted(step.0)) after \(quoted(step.1))"
                }
                field.fail("unlock rules form a cycle: \(steps.joined(separator: ", ")); none of them can be unlocked")
                continue
            }
            if empty.contains(target) {
                field.fail("scenario \(quoted(target)) has no levels, so it is never finished and \(quoted(scenario)) would never unlock")
            }
        }
    }

    /// The scenarios of the unlock cycle `scenario` is in, from it on, each unlocking after
    /// the one following it (the last after `scenario`); `nil` when following the `after`s
    /// from it ends, or only leads into a cycle it is not part of.
    static func unlockCycle(from scenario: String, next: [String: String]) -> [String]? {
        var chain = [scenario]
        var current = scenario
        while let following = next[current] {
            if following == scenario { return chain }
            if chain.contains(following) { return nil }
            chain.append(following)
            current = following
        }
        return nil
    }
}
