import Foundation

extension Pack {
    /// A string id as one of the pack's own strings files writes it.
    public struct WrittenString: Sendable {
        /// The file, as messages show it (`my-pack/strings/en.json`).
        public var file: String
        /// The id.
        public var id: String
        /// Where the id is written.
        public var position: SourcePosition
        /// The text, when it is a string.
        public var text: String? = nil
        /// Where its text is written (an empty text is told there).
        public var valuePosition: SourcePosition
    }
}

extension Pack.WrittenString {
    /// The string `member` of a strings file writes, that file shown as `file`.
    init(file: String, member: JSONMember) {
        self.init(file: file, id: member.key, position: member.keyPosition, valuePosition: member.value.position)
        if case let .string(text) = member.value.value { self.text = text }
    }
}

extension Pack {
    /// A warning at each goal or scoring string of the pack's own files
    /// (`goal.<type>.briefing`, `goal.<type>.line`, `scoring.<type>.briefing`) with a
    /// `{name}` the game cannot fill, which players would hear as written, braces and all.
    /// In a goal's string, only a near miss of a parameter the type declares (`{entitty}`
    /// beside `entity`): any other name may be a field the rule sets at run time
    /// (modding.md). In a scoring string, any name but a parameter: it is filled from the
    /// level's entry alone, as the briefing is shown. `parameters` and `scoringParameters`:
    /// each goal and scoring type the game reads these strings for, with its parameters.
    public func placeholderWarnings(parameters: [String: [String]], scoringParameters: [String: [String]] = [:]) -> [Diagnostic] {
        // Per family: its strings' suffixes, its types' parameters, the fields every rule
        // of it has or the engine keeps on one, and whether a rule may set fields of its own.
        let families: [(kind: String, suffixes: [String], parameters: [String: [String]], fields: Set<String>, setsFields: Bool)] = [
            ("goal", ["briefing", "line"], parameters, GoalKeys.engineFields, true),
            // A scoring entry has an `id` only where the level writes one.
            ("scoring", ["briefing"], scoringParameters, ["type"], false),
        ]
        var warnings: [Diagnostic] = []
        for string in writtenStrings {
            guard let text = string.text,
                  let family = families.first(where: { string.id.hasPrefix($0.kind + ".") }),
                  let suffix = family.suffixes.first(where: { string.id.hasSuffix(".\($0)") }) else { continue }
            let type = String(string.id.dropFirst(family.kind.count + 1).dropLast(suffix.count + 1))
            guard let declared = family.parameters[type] else { continue }
            for name in Placeholders.names(in: text) where !declared.contains(name) && !family.fields.contains(name) {
                let meant = Suggestion.closest(to: name, among: declared)
                guard meant != nil || !family.setsFields else { continue }
                warnings.append(Diagnostic(path: string.file, at: string.valuePosition, message: "string \(quoted(string.id)): {\(name)} is no parameter of "
                    + "\(family.kind) type \(quoted(type)) and would be read out as written"
                    + (meant.map { " (did you mean {\($0)}?)" } ?? ""), severity: .warning))
            }
        }
        return warnings
    }

    /// A warning at each of the pack's own strings files whose name writes its language
    /// otherwise than `--lang` and `defaultLanguage` write codes: with capitals where a
    /// language code has none (`DE.json`, not `de.json`), or a region in lower case or
    /// after `_` (`pt_BR.json`, `pt-br.json`, not `pt-BR.json`, story.md's form). A file
    /// system that tells case apart would not find the file by the code written otherwise.
    /// Two files of one language are an error of ``doubledLanguageErrors()``, not this.
    public func languageFileNameWarnings() -> [Diagnostic] {
        guard case let .opened(files) = PackFiles.open(root) else { return [] }
        let doubled = Set(PackLoading.doubledLanguageFiles(files.visible("strings")).flatMap { $0 })
        return files.visible("strings").sorted().compactMap { file in
            let language = String(file.dropLast(5))
            guard file.hasSuffix(".json"), Identifiers.isLanguageCode(language), !doubled.contains(file) else { return nil }
            let usual = Self.usualLanguageCode(language)
            guard usual != language else { return nil }
            let region = language.prefix { $0 != "-" && $0 != "_" } == usual.prefix { $0 != "-" }
            let why = region ? "a language code's region is written in capitals after a hyphen" : "a language code is written in lower case"
            return Diagnostic(path: display("strings/\(file)"), at: .start,
                              message: "\(why), as --lang and pack.json's defaultLanguage "
                                  + "write it: rename the file \(quoted(usual + ".json"))", severity: .warning)
        }
    }

    /// `code` as language codes are written: its language in lower case, a two-letter
    /// region after a hyphen in capitals (`pt-BR`); other subtags as written.
    static func usualLanguageCode(_ code: String) -> String {
        var parts = code.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        parts[0] = parts[0].lowercased()
        for index in parts.indices.dropFirst() where parts[index].count == 2 && parts[index].allSatisfy(\.isLetter) {
            parts[index] = parts[index].uppercased()
        }
        return parts.joined(separator: "-")
    }

    /// A warning at each entry of the pack's own `strings/` that no language is read from:
    /// a file whose name does not end in `.json` (`fr.JSON`, `fr`) or a folder. Loading
    /// passes over it, so its translation would be left out without a word.
    public func strayStringsFileWarnings() -> [Diagnostic] {
        guard case let .opened(files) = PackFiles.open(root) else { return [] }
        return files.visible("strings").sorted().compactMap { name in
            let path = "strings/" + name
            let message: String
            switch files.entry(path) {
            case .directory where !files.visible(path).isEmpty:
                message = "a folder inside strings/ holds no language: play reads only the files in strings/ whose names "
                    + "end in .json; move it out of strings/"
            case .file:
                guard !name.hasSuffix(".json") else { return nil }
                let stem = name.lowercased().hasSuffix(".json") ? String(name.dropLast(5)) : name
                let fix = Identifiers.isLanguageCode(stem) ? "rename it \(quoted(Self.usualLanguageCode(stem) + ".json"))"
                    : "move it out of strings/"
                message = "no language is read from this file: play reads only the files in strings/ whose names end in "
                    + ".json (in lower case); \(fix)"
            default:
                return nil
            }
            return Diagnostic(path: display(path), at: .start, message: message, severity: .warning)
        }
    }

    /// A warning at `pack.json`'s `defaultLanguage` when no strings file is of that language
    /// (``language(_:)``'s rule) but one is of a region of it (`"en"` beside only
    /// `en-GB.json`): players who choose no language read the level files' own names, not
    /// that file, without a word. A default with no file at all is a pack whose level files
    /// are written in it, translated by the files it has, so it is not told. A story's lines
    /// need the file, which the story's check tells as an error instead.
    public func defaultLanguageWarnings() -> [Diagnostic] {
        guard manifest.kind != .story, strings[manifest.defaultLanguage] == nil,
              manifestSource.positions["defaultLanguage"] != nil else { return [] }
        let regions = strings.keys.filter { Self.primaryLanguage($0) == Self.primaryLanguage(manifest.defaultLanguage) }.sorted()
        guard !regions.isEmpty else { return [] }
        var warning = manifestSource.diagnostic(at: "defaultLanguage",
            "there is no \(display("strings/\(manifest.defaultLanguage).json")), so players who choose no language read the "
                + "names and briefings of the level files, not \(Suggestion.few(regions.map { display("strings/\($0).json") }, sentence: true)); "
                + "name \(regions.count == 1 ? "its language" : "one of their languages") here (\(Suggestion.few(regions, sentence: true))), "
                + "or add \(display("strings/\(manifest.defaultLanguage).json"))")
        warning.severity = .warning
        return [warning]
    }

    /// The entities' `name` values, each of which the game also looks up as a string id
    /// (a story's voice is named by its line or speaker id).
    public var entityNames: Set<String> {
        Set(levels.values.flatMap { $0.level[LevelKeys.entities].nodes.map { $0.node[EntityKeys.name] } })
    }

    /// A warning at each of the pack's own `pack.`, `scenario.`, `level.`, `entity.`,
    /// `goal.`, `scoring.` and `achievement.` strings of its default language that another language the pack has no text
    /// for: players of that language read the default's words there without a word said.
    /// (A story's strings are the story's check, which calls ``untranslatedStringWarnings(ids:)``.)
    /// None for an id in `neverShown` (``unusedStrings(goalTypes:toldByTheEngine:readWhole:)``):
    /// no player reads it, so asking for its translation beside "never shown" would tell
    /// the author two contrary things.
    public func untranslatedStringWarnings(neverShown: Set<String> = []) -> [Diagnostic] {
        untranslated { id in Self.textFamilies.contains(where: id.hasPrefix) && !neverShown.contains(id) }
    }

    /// Whether `language` is the default language or a region of it: its players read
    /// the default's texts where its own file has none, as they are written, so a gap in
    /// it is no missing translation.
    private func isDefaultLanguage(_ language: String) -> Bool {
        Self.primaryLanguage(language) == Self.primaryLanguage(manifest.defaultLanguage)
    }

    /// The kinds of string id a pack's texts are looked up by (story strings aside).
    static let textFamilies = ["pack.", "scenario.", "level.", "entity.", "tag.", "goal.", "scoring.", "achievement."]

    /// For a pack that extends another, a warning at each of its own strings files of a
    /// language the base is not written in, naming the strings of the base's own language
    /// that it gives no text (a translation of a base, one file in a pack of its own,
    /// was told nothing of what it left out): its players read those in the base's language.
    public func baseTranslationWarnings() -> [Diagnostic] {
        guard let base = bases.first?.manifest else { return [] }
        let from = base.defaultLanguage
        // The merged strings of the base's language hold the pack's own too (its new
        // levels' names), which are its own to translate, told at its own file.
        let own = Set(writtenStrings.filter { $0.file == display("strings/\(from).json") }.map(\.id))
        // Not `pack.`: the pack's own name and description are its pack.json's.
        let ids = (strings[from] ?? [:]).keys.filter { id in
            !id.hasPrefix("pack.") && !own.contains(id) && Self.textFamilies.contains(where: id.hasPrefix)
        }.sorted()
        // A file of the base's language, or of a region of it, reads the base's texts as
        // they are (`EN.json` is told for its name, `en-GB.json` overrides some).
        return ownLanguages.filter { Self.primaryLanguage($0) != Self.primaryLanguage(from) }.sorted().compactMap { language -> Diagnostic? in
            let missing = ids.filter { Pack.written(strings[language]?[$0]) == nil }
            guard !missing.isEmpty else { return nil }
            let one = missing.count == 1
            return Diagnostic(path: display("strings/\(language).json"), at: .start,
                              message: "\(missing.count) string\(one ? "" : "s") of the base \(quoted(base.id)) \(one ? "has" : "have") no "
                                  + "text here: \(Suggestion.few(missing.map { quoted($0) }, sentence: true)); players of \(language) read "
                                  + "\(one ? "it" : "them") in \(from)",
                              severity: .warning)
        }
    }

    /// The same warning for each of `ids` (a story's chapter, ending and option strings)
    /// that the default language's file writes and another language lacks.
    public func untranslatedStringWarnings(ids: Set<String>) -> [Diagnostic] {
        // The story's check tells an empty text at the text itself.
        untranslated(where: ids.contains, emptyIsMissing: false)
    }

    /// A warning at each name and briefing only a level file of the pack's own writes (a
    /// level's `name` and `description`, an entity's `name`), with no string of its id in
    /// any language, for each other language whose file translates levels (it has a
    /// `level.` or `entity.` string): its players read the file's words there (a
    /// translation that gave the levels' names but not their briefings read half in
    /// English), and nothing else tells the author, since no string is missing a
    /// counterpart. An entity's `name` that is itself a string id (a story's voice) is not
    /// the file's text.
    public func untranslatedLevelTextWarnings() -> [Diagnostic] {
        let others = strings.filter { language, texts in
            !isDefaultLanguage(language) && texts.keys.contains { $0.hasPrefix("level.") || $0.hasPrefix("entity.") }
        }.keys.sorted()
        guard !others.isEmpty else { return [] }
        let own = strings[manifest.defaultLanguage] ?? [:]
        return levelFileTexts.compactMap { text in
            guard !text.text.isEmpty, own[text.id] == nil else { return nil }
            let missing = others.filter { Pack.written(strings[$0]?[text.id]) == nil }
            guard !missing.isEmpty else { return nil }
            let files = missing.map { display("strings/\($0).json") }.joined(separator: ", ")
            return Diagnostic(
                path: text.at.displayPath, at: text.at.position,
                message: "this text has no string \(quoted(text.id)) in \(files): players of "
                    + "\(missing.count == 1 ? "that language" : "those languages") read it as this file writes it; add it there",
                severity: .warning)
        }
    }

    /// A text a pack file writes that a string can stand in for: the string's id, what
    /// the text is (`name`, `description`), the text, and where it is written.
    private typealias FileText = (id: String, what: String, text: String, at: (displayPath: String, position: SourcePosition))

    /// The names and briefings the pack's own level files write (a level's `name` and
    /// `description`, an entity's `name`), each with the id of the string shown instead.
    /// An entity's `name` the file does not write is shown by its id, and one that is
    /// itself a string id (a story's voice) is that string's: neither is the file's text.
    private var levelFileTexts: [FileText] {
        let own = strings[manifest.defaultLanguage] ?? [:]
        var texts: [FileText] = []
        for definition in levels.values.sorted(by: { $0.id < $1.id }) where isOwn(definition) {
            let level = definition.level
            let id = level[LevelKeys.id]
            texts.append(("level.\(id).name", "name", level[LevelKeys.name], definition.source.location(of: "name")))
            texts.append(("level.\(id).description", "description", level[LevelKeys.description],
                          definition.source.location(of: "description")))
            for (entity, node) in definition.entitiesInFileOrder {
                let name = node[EntityKeys.name]
                guard own[name] == nil, let path = definition.entityPaths[entity],
                      definition.source.positions["\(path).name"] != nil else { continue }
                texts.append(("entity.\(id).\(entity).name", "name", name, definition.source.location(of: "\(path).name")))
            }
        }
        return texts
    }

    /// A warning at each name or briefing that `pack.json` or one of the pack's own level
    /// files writes while the default language's own strings file gives the same id
    /// another text: the string comes first, so an edit to the file's text (a renamed
    /// entity) changes nothing players hear, and nothing else says so.
    public func shadowedTextWarnings() -> [Diagnostic] {
        let file = display("strings/\(manifest.defaultLanguage).json")
        var shown: [String: WrittenString] = [:]
        for string in writtenStrings where string.file == file && Pack.written(string.text) != nil { shown[string.id] = string }
        guard !shown.isEmpty else { return [] }
        var texts: [FileText] = [("pack.name", "name", manifest.name, manifestSource.location(of: "name"))]
        if let description = manifest.description {
            texts.append(("pack.description", "description", description, manifestSource.location(of: "description")))
        }
        for (index, scenario) in manifest.scenarios.enumerated() {
            // A base's scenarios, which the pack's own pack.json does not write, are not its text.
            let path = JSONPath.member(JSONPath.element("scenarios", index), "name")
            guard manifestSource.positions[path] != nil else { continue }
            texts.append(("scenario.\(scenario.id).name", "name", scenario.name, manifestSource.location(of: path)))
        }
        texts += levelFileTexts
        return texts.compactMap { id, what, text, at in
            guard Pack.written(text) != nil, let string = shown[id], let heard = string.text, heard != text else { return nil }
            return Diagnostic(path: at.displayPath, at: at.position, message:
                "players do not hear this \(what), \(quoted(text)): the string \(quoted(id)) at \(string.file):\(string.valuePosition) "
                    + "gives \(quoted(heard)), which they hear instead (a string comes before the file's own text); "
                    + "write the new text there too, or remove the string",
                severity: .warning)
        }
    }

    /// The languages of the pack's own strings files (not a base's).
    private var ownLanguages: Set<String> {
        guard !bases.isEmpty, case let .opened(files) = PackFiles.open(root) else { return Set(strings.keys) }
        return Set(files.visible("strings").filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) })
    }

    /// The warning of each id of the default language's own file that `wanted` picks and
    /// another language has no text for (an empty one too, unless `emptyIsMissing` is false).
    private func untranslated(where wanted: (String) -> Bool, emptyIsMissing: Bool = true) -> [Diagnostic] {
        // Only the pack's own files: a base's languages are the base's to translate.
        let others = ownLanguages.filter { !isDefaultLanguage($0) }.sorted()
        guard !others.isEmpty else { return [] }
        let own = display("strings/\(manifest.defaultLanguage).json")
        return writtenStrings.filter { $0.file == own && wanted($0.id) }.compactMap { string in
            // An empty text counts as none: play reads the default language's instead.
            let missing = others.filter { emptyIsMissing ? Pack.written(strings[$0]?[string.id]) == nil : strings[$0]?[string.id] == nil }
            guard !missing.isEmpty else { return nil }
            let files = missing.map { display("strings/\($0).json") }
            return Diagnostic(path: string.file, at: string.position,
                              message: "string \(quoted(string.id)) has no text in \(files.joined(separator: ", ")): players of "
                                  + "\(missing.count == 1 ? "that language" : "those languages") read it in \(manifest.defaultLanguage); "
                                  + "add it there",
                              severity: .warning)
        }
    }

    /// The id and the warning of each string of the pack's own files that the game would look up under
    /// a `pack.`, `scenario.`, `level.`, `entity.`, `tag.`, `goal.` or `scoring.` id but never does,
    /// since the pack has no such scenario, level, entity, tag, goal or scoring type (`goalTypes`
    /// and `scoringTypes`, the rules its scripts register; the `standard` and
    /// `standardScoring` ones, which the engine tells in its own words, read none):
    /// most likely a misspelt id, so players get the file's name, not the text. Ids the
    /// game may read whole are left alone: those in `readWhole` (a story's line ids and
    /// speakers, a string a script may hand the game) and an entity's `name`.
    public func unusedStrings(goalTypes: [String], scoringTypes: [String] = [], toldByTheEngine standard: Set<String> = [],
                              standardScoring: Set<String> = [], readWhole: Set<String> = []) -> [(id: String, warning: Diagnostic)] {
        var known = ["pack.name", "pack.description"]
        known += manifest.scenarios.map { "scenario.\($0.id).name" }
        let whole = readWhole.union(entityNames)
        var tags = Set<String>()
        for (id, definition) in levels.sorted(by: { $0.key < $1.key }) {
            known += ["level.\(id).name", "level.\(id).description"]
            let entities = definition.level[LevelKeys.entities]
            known += entities.ids.sorted().map { "entity.\(id).\($0).name" }
            for entity in entities.ids { tags.formUnion(entities[entity]?[EntityKeys.tags] ?? []) }
        }
        known += tags.sorted().map { "tag.\($0).name" }
        known += goalTypes.filter { !standard.contains($0) }.flatMap { ["goal.\($0).briefing", "goal.\($0).line"] }
        known += scoringTypes.filter { !standardScoring.contains($0) }.map { "scoring.\($0).briefing" }
        let ids = Set(known), candidates = SuggestionCandidates(known)
        var unused: [(id: String, warning: Diagnostic)] = []
        for string in writtenStrings where !ids.contains(string.id) && !whole.contains(string.id) {
            guard let reason = unusedReason(string.id, standard: standard, standardScoring: standardScoring) else { continue }
            let hint = Suggestion.hint(for: string.id, among: candidates)
            unused.append((string.id, Diagnostic(path: string.file, at: string.position,
                                                 message: "string \(quoted(string.id)) is never shown: \(reason)\(hint)", severity: .warning)))
        }
        return unused
    }

    /// Why the game never looks up `id`, one it does not read; nil for an id outside the
    /// families checked here.
    private func unusedReason(_ id: String, standard: Set<String>, standardScoring: Set<String>) -> String? {
        let parts = id.split(separator: ".", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return nil }
        let rest = parts[1]
        func named(_ suffixes: [String]) -> String? {
            suffixes.lazy.compactMap { rest.hasSuffix("." + $0) ? String(rest.dropLast($0.count + 1)) : nil }.first
        }
        switch parts[0] {
        case "pack":
            return "a pack's strings are pack.name and pack.description"
        case "scenario":
            guard let scenario = named(["name"]) else { return "a scenario's string is scenario.<id>.name" }
            return "the pack has no scenario \(quoted(scenario))"
        case "level":
            guard let level = named(["name", "description"]) else {
                return "a level's strings are level.<id>.name and level.<id>.description"
            }
            return "the pack has no level \(quoted(level))"
        case "entity":
            let shape = "an entity's string is entity.<level>.<entity>.name"
            guard let both = named(["name"]) else { return shape }
            // Ids may hold dots: the longest start that is a level is the level meant.
            let dots = both.indices.filter { both[$0] == "." }.reversed()
            if dots.isEmpty || levels[both] != nil { return shape }
            for dot in dots where levels[String(both[..<dot])] != nil {
                return "level \(quoted(String(both[..<dot]))) has no entity \(quoted(String(both[both.index(after: dot)...])))"
            }
            return "the pack has no level \(quoted(String(both[..<dots[dots.startIndex]])))"
        case "tag":
            guard let tag = named(["name"]) else { return "a tag's string is tag.<tag>.name" }
            return "no entity of the pack's levels carries the tag \(quoted(tag))"
        case "goal":
            guard let type = named(["briefing", "line"]) else {
                return "a goal type's strings are goal.<type>.briefing and goal.<type>.line"
            }
            if standard.contains(type) { return "\(quoted(type)) is one of the engine's goal types, told in the engine's own words" }
            return "no script registers a goal type \(quoted(type))"
        case "scoring":
            guard let type = named(["briefing"]) else { return "a scoring type's string is scoring.<type>.briefing" }
            if standardScoring.contains(type) {
                return "\(quoted(type)) is the engine's scoring type, told in the engine's own words"
            }
            return "no script registers a scoring type \(quoted(type))"
        default:
            return nil
        }
    }
}
