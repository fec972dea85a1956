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
                let hint = Suggestion.nameHint(for: test.name, among: values.keys.sorted())
                report.error("story variable \(named(test.name)) is never set by a set step or a choice, so this test never holds"
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
                    + "so this test never holds" + (hint.isEmpty ? "; compare it with a value it is set to, or set it to "
                    + test.value.jsonText : hint), at: test.valuePosition)
                continue
            }
            let sorted = types.sorted()
            report.error("story variable \(named(test.name)) is only ever set to \(sorted.joined(separator: " or ")), never to \(type) "
                + "such as \(test.value.jsonText), so this test never holds; compare it with \(sorted[0]), or set it to "
                + test.value.jsonText, at: test.valuePosition)
        }
    }

    /// Whether only the story's own steps can set story variables and move the story: no Lua
    /// script in the pack, its bases or its dependencies (a rule writes `story.vars`, or emits
    /// `story.set` or `story.jump`), none of those left unresolved, and no level entity whose
    /// action is a `story.*` one.
    var onlyStepsDriveTheStory: Bool {
        let loaded = Set(pack.loadOrder.map(\.id))
        let needed = pack.manifest.dependencies.map(\.id) + (pack.manifest.extends.map { [$0] } ?? [])
        guard needed.allSatisfy(loaded.contains) else { return false }
        guard !pack.loadOrder.contains(where: { FileManager.default.fileExists(atPath: $0.scriptsFolder.path) }) else {
            return false
        }
        return !pack.levels.values.contains { definition in
            definition.level[LevelKeys.entities].nodes.contains { _, entity in
                entity[EntityKeys.actions].contains { $0["action"].stringValue?.hasPrefix("story.") ?? true }
            }
        }
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
