import EcholotCore
import Foundation

/// Variable tests that can never hold: a branch on a value the story never gives the
/// variable (of a type it is never given, or none of the values it is) would silently never
/// (or, under `not`, always) be taken.
extension StoryChecker {
    /// Reports a variable test whose value is of a type no `set` step or choice gives the
    /// variable, or is none of the values they give it, or of a variable none sets. Only when nothing else can set one: a rule may
    /// give a variable any value, so with scripts the story's own steps prove nothing; nor
    /// when a step or option could not be read, as it may be the one to give the value.
    func checkVariables() {
        guard onlyStepsDriveTheStory, complete else { return }
        // Variable → the values it is given, each once, in file order (their types follow);
        // and their JSON texts, which are alike for values a branch holds alike for (2 and 2.0).
        var values: [String: [Value]] = [:]
        var texts: [String: Set<String>] = [:]
        func give(_ name: String, _ value: Value) {
            if texts[name, default: []].insert(value.jsonText).inserted { values[name, default: []].append(value) }
        }
        for step in book.chapters.flatMap(\.steps) {
            switch step.kind {
            case let .set(name, value): give(name, value)
            case let .choice(choice): for option in choice.options { give(choice.variable, .string(option.value)) }
            default: break
            }
        }
        let tests = book.chapters.flatMap(\.steps).flatMap { step -> [StoryCondition.VariableTest] in
            if case let .branch(condition, _) = step.kind { return condition.variableTests }
            return []
        }
        for test in tests {
            // Every variable is null until set, so a test for null can hold.
            guard !test.value.isNull else { continue }
            let type = Self.type(of: test.value)
            guard let types = values[test.name].map({ Set($0.map(Self.type(of:))) }) else {
                // A choice's id is its variable's name unless it says another: a test of the
                // id of one that stores elsewhere names where its pick goes.
                let stored = book.chapters.flatMap(\.steps).lazy.compactMap { step -> Choice? in
                    if case let .choice(choice) = step.kind, choice.id == test.name, choice.variable != test.name { return choice }
                    return nil
                }.first
                let hint = stored.map { " (the choice \(named($0.id)) stores its pick in \(named($0.variable)): test that)" }
                    ?? Suggestion.nameHint(for: test.name, among: values.keys.sorted())
                report.error("story variable \(named(test.name)) is never set by a set step or a choice, so \(Self.outcome(of: test))"
                    + (hint.isEmpty ? "; set it, or test a variable the story sets" : hint), at: test.namePosition)
                continue
            }
            guard !types.contains(type) else {
                // Of a type it is given, but none of the values: a choice gives only its
                // options' values. A list or an object is left alone: its members' order
                // may differ from the one written, and it would still be equal.
                let known = values[test.name] ?? []
                guard test.value.listValue == nil, test.value.mapValue == nil,
                      texts[test.name]?.contains(test.value.jsonText) == false else { continue }
                let shown = known.map(\.jsonText)
                let hint = test.value.stringValue.flatMap { Suggestion.closest(to: $0, among: known.compactMap(\.stringValue)) }
                    .map { " (did you mean \(Value.string($0).jsonText)?)" } ?? ""
                let listed = shown.count <= 12 ? Suggestion.list(shown, conjunction: "or") : "one of \(Suggestion.few(shown))"
                report.error("story variable \(named(test.name)) is only ever set to \(listed), never to \(test.value.jsonText), "
                    + "so \(Self.outcome(of: test))" + (hint.isEmpty ? "; compare it with a value it is set to, or set it to "
                    + test.value.jsonText : hint), at: test.valuePosition)
                continue
            }
            let sorted = types.sorted()
            report.error("story variable \(named(test.name)) is only ever set to \(sorted.joined(separator: " or ")), never to \(type) "
                + "such as \(test.value.jsonText), so \(Self.outcome(of: test)); compare it with \(sorted[0]), or set it to "
                + test.value.jsonText, at: test.valuePosition)
        }
    }

    /// The note that the checks needing a story only its steps drive were left out, and
    /// why, so that an author does not take a quiet `validate` for them; none when they were
    /// made, or when a step could not be read (that mistake is told, and leaves them out too).
    func uncheckedNote() -> [Diagnostic] {
        guard complete, let reason = drivenBy else { return [] }
        return [Diagnostic(path: report.displayPath, at: .start, message: "\(reason), so validate does not check what the "
            + "story never reaches, tests of values its variables are never given, or ending and option strings it never "
            + "shows", severity: .note)]
    }

    /// Whether only the story's own steps can set story variables and move the story
    /// (``drivenBy`` names nothing).
    var onlyStepsDriveTheStory: Bool { drivenBy == nil }

    /// What besides the story's own steps can set story variables or move the story, as the
    /// clause a note tells it in; `nil` when nothing can. A Lua script of the pack, its bases or
    /// its dependencies can (a rule writes `story.vars`, or emits `story.set` or
    /// `story.jump`), so can one of those left unresolved, and a level entity whose action is
    /// a `story.*` one.
    static func whatElseDrivesTheStory(_ pack: Pack) -> String? {
        let drives = "can set story variables or move the story"
        let loaded = Set(pack.loadOrder.map(\.id))
        let needed = pack.manifest.dependencies.map(\.id) + (pack.manifest.extends.map { [$0] } ?? [])
        if let missing = needed.first(where: { !loaded.contains($0) }) {
            return "pack \(named(missing)), which this pack builds on, is not loaded, and its scripts \(drives)"
        }
        if let scripted = pack.loadOrder.last(where: { FileManager.default.fileExists(atPath: $0.scriptsFolder.path) }) {
            return scripted.id == pack.id ? "the pack's scripts \(drives)"
                : "the scripts of pack \(named(scripted.id)), which this pack builds on, \(drives)"
        }
        for (id, definition) in pack.levels.sorted(by: { $0.key < $1.key }) {
            for (entity, node) in definition.level[LevelKeys.entities].nodes {
                guard let action = node[EntityKeys.actions].first(where: { $0["action"].stringValue?.hasPrefix("story.") ?? true })
                else { continue }
                let name = action["action"].stringValue.map { " \(named($0))" } ?? ""
                return "the action\(name) of entity \(named(entity)) in level \(named(id)) \(drives)"
            }
        }
        return nil
    }

    /// What a test that never holds does to its branch: under `not` the branch is always
    /// taken, which "never holds" alone would hide.
    private static func outcome(of test: StoryCondition.VariableTest) -> String {
        "this test never holds" + (test.negated ? ", and under 'not' the branch is always taken" : "")
    }

    /// The type of a value as a message names it.
    private static func type(of value: Value) -> String {
        switch value {
        case .null: return "null"
        case .bool: return "a boolean"
        case .int, .number: return "a number"
        case .string: return "a string"
        case .list: return "a list"
        case .map: return "an object"
        }
    }
}
