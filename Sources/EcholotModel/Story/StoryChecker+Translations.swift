import EcholotCore

/// What a story's strings lack in a language that is not the default: the player of that
/// language reads the default language's words there, so the story plays, and `validate`
/// warns. Empty texts are told the same way, and, in the default language, as problems:
/// there is nothing to fall back to.
extension StoryChecker {
    /// A problem at the value of each of `ids` (a line's or a speaker's, told as `what`) in
    /// the pack's own default-language file whose text there is empty or only spaces:
    /// players would read nothing for this line (or a bare `: ` for this speaker). None for
    /// an id whose text is written, or whose file is a base's (told with the base).
    func emptyDefaultTexts(_ ids: [(id: String, what: String)]) -> [Diagnostic] {
        let language = pack.manifest.defaultLanguage
        let empty = ids.filter { pack.strings[language]?[$0.id].map { Pack.written($0) == nil } ?? false }
        guard !empty.isEmpty else { return [] }
        let file = pack.display("strings/\(language).json")
        let written = pack.writtenStrings.filter { $0.file == file }
        return empty.compactMap { id, what in
            guard let string = written.last(where: { $0.id == id }) else { return nil }
            let shown = what == "speaker" ? "a bare ': ' before their lines" : "nothing for this line"
            return Diagnostic(path: file, at: string.valuePosition,
                              message: "the text of \(quoted(id)) is empty, so players would read \(shown); write it")
        }
    }

    /// The warnings of a translation: a line or speaker a language file other than the
    /// default's lacks (at the first line naming it in the story, with the near miss the
    /// file has instead: `did you mean "arival.1" at strings/de.json:12:3?`), a chapter's,
    /// ending's or option's string it lacks (at the default's string, as a level's name is
    /// told), an empty text (at the text, in any language: the default's story strings are
    /// problems, told by the check), and, when only the story's steps drive it, a string of
    /// a language file that is a near miss of a line id or speaker no line uses.
    func translationWarnings() -> [Diagnostic] {
        let language = pack.manifest.defaultLanguage
        guard let defaults = pack.strings[language] else { return [] }
        let others = pack.strings.keys.filter { $0 != language }.sorted()
        let written = pack.writtenStrings
        var warnings: [Diagnostic] = []
        // Ids some line or speaker uses, in the order first used, with where.
        var used: [(id: String, what: String, position: SourcePosition)] = []
        var seen = Set<String>()
        for line in book.allLines {
            if seen.insert(line.id).inserted { used.append((line.id, "line", line.position)) }
            if let speaker = line.speaker, seen.insert(speaker).inserted { used.append((speaker, "speaker", line.speakerPosition)) }
        }
        let whole = seen.union(pack.entityNames)
        // Keys of each language file that nothing reads whole: the near misses a hint names.
        var hinted = Set<String>()
        func nearMiss(_ id: String, in other: String) -> String? {
            let file = pack.display("strings/\(other).json")
            let keys = (pack.strings[other] ?? [:]).keys.filter { !whole.contains($0) && defaults[$0] == nil }.sorted()
            guard let near = Suggestion.closest(to: id, among: keys) else { return nil }
            hinted.insert(other + "\u{0}" + near)
            let place = written.first { $0.file == file && $0.id == near }.map { " at \(file):\($0.position.line):\($0.position.column)" }
            return "\(quoted(near))\(place ?? "")"
        }
        for (id, what, position) in used where Pack.written(defaults[id]) != nil {
            let missing = others.filter { pack.strings[$0]?[id] == nil }
            guard !missing.isEmpty else { continue }
            let files = missing.map { pack.display("strings/\($0).json") }
            let hints = missing.compactMap { nearMiss(id, in: $0) }
            let text = what == "speaker" ? "name" : "text"
            warnings.append(Diagnostic(path: book.displayPath, at: position,
                message: "\(what) \(named(id)) has no \(text) in \(Suggestion.list(files)): players of "
                    + "\(missing.count == 1 ? "that language" : "those languages") read it in \(language); add it "
                    + (missing.count == 1 ? "there" : "to each")
                    + (hints.isEmpty ? "" : " (did you mean \(Suggestion.list(hints, conjunction: "or"))?)"),
                severity: .warning))
        }
        warnings += pack.untranslatedStringWarnings(ids: storyNameStrings())
        warnings += emptyTexts(written: written, used: Set(used.map(\.id)))
        if complete && onlyStepsDriveTheStory {
            warnings += unusedNearMisses(written: written, used: used.map(\.id), whole: whole, hinted: hinted)
        }
        return warnings
    }

    /// The story's chapter, ending and option strings the game may show: `chapter.<id>` of
    /// each chapter, `ending.<name>` of each `end` step's ending (and `end`), and
    /// `option.<value>` of each option.
    private func storyNameStrings() -> Set<String> {
        var ids = Set(book.chapters.map { "chapter.\($0.id)" })
        for step in book.chapters.flatMap(\.steps) {
            switch step.kind {
            case let .end(name): ids.insert("ending.\(name)")
            case let .choice(choice): ids.formUnion(choice.options.map { "option.\($0.value)" })
            default: break
            }
        }
        ids.insert("ending.end")
        return ids
    }

    /// A warning at each empty text of a story string in a language other than the default
    /// (the default's lines and speakers are problems, told by the check; its names fall
    /// back to the id, as a missing one does): the player reads the default's text instead.
    private func emptyTexts(written: [Pack.WrittenString], used: Set<String>) -> [Diagnostic] {
        let language = pack.manifest.defaultLanguage
        let names = storyNameStrings()
        let own = pack.display("strings/\(language).json")
        return written.compactMap { string in
            guard used.contains(string.id) || names.contains(string.id) else { return nil }
            let isDefault = string.file == own
            if isDefault && used.contains(string.id) { return nil }
            guard let other = pack.strings.keys.first(where: { pack.display("strings/\($0).json") == string.file }),
                  let text = pack.strings[other]?[string.id], Pack.written(text) == nil else { return nil }
            let fallback = isDefault
                ? "players read the bare name in its place; write it, or remove it"
                : "players of that language read it in \(language); write it there"
            return Diagnostic(path: string.file, at: string.valuePosition,
                              message: "the text of \(quoted(string.id)) is empty, so \(fallback)", severity: .warning)
        }
    }

    /// A warning at each string of the pack's own files that no line, speaker or entity
    /// uses and that is within a typo of a line id or speaker that the story uses: most
    /// likely that id misspelt (a translation's `arival.1` for `arrival.1`), so the text
    /// is never shown. One a missing line's hint has named already is not told again.
    private func unusedNearMisses(written: [Pack.WrittenString], used: [String], whole: Set<String>,
                                  hinted: Set<String>) -> [Diagnostic] {
        let families = ["pack.", "scenario.", "level.", "entity.", "goal.", "chapter.", "ending.", "option."]
        return written.compactMap { string in
            guard !whole.contains(string.id), !families.contains(where: string.id.hasPrefix),
                  let near = Suggestion.closest(to: string.id, among: used) else { return nil }
            let language = pack.strings.keys.first { pack.display("strings/\($0).json") == string.file }
            if let language, hinted.contains(language + "\u{0}" + string.id) { return nil }
            return Diagnostic(path: string.file, at: string.position,
                              message: "string \(quoted(string.id)) is never shown: no line or speaker of the story is "
                                  + "\(quoted(string.id)) (did you mean \(quoted(near))?)", severity: .warning)
        }
    }
}
