import EcholotCore

/// Story strings nothing shows: a `chapter.<id>`, `ending.<name>` or `option.<value>` string
/// of the pack whose chapter, ending or option the story does not have, most likely a
/// misspelt name, so the player is shown the bare name instead of the text.
extension StoryChecker {
    /// A family of strings the game looks up by a story name after a prefix.
    private struct StringFamily {
        /// What the ids begin with ("ending.").
        let prefix: String
        /// What the name is, as a message says it ("ending").
        let what: String
        /// The story's names, each once, in file order.
        let names: [String]
    }

    /// A warning for each such string in the pack's own strings files (a base's are its
    /// author's), at its id, with the likely name. Chapters are certain: the story is never
    /// in a chapter it lacks, whatever rules do. Endings and options only when only the
    /// story's steps drive it, since a rule may end the story with any ending or offer any
    /// options. None when a step could not be read (it may be the one to use the string),
    /// nor of an id the game also reads whole: a line's, a speaker's or an entity's name.
    func unusedStrings() -> [Diagnostic] {
        guard complete else { return [] }
        let families = stringFamilies()
        let whole = book.stringIDs.union(pack.entityNames)
        var warnings: [Diagnostic] = []
        for string in pack.writtenStrings where !whole.contains(string.id) {
            guard let family = families.first(where: { string.id.hasPrefix($0.prefix) }) else { continue }
            let name = String(string.id.dropFirst(family.prefix.count))
            guard !family.names.contains(name) else { continue }
            let hint = Suggestion.closest(to: name, among: family.names)
                .map { " (did you mean \(quoted(family.prefix + $0))?)" }
            let known = family.names.isEmpty ? "; it has none" : "; its \(family.what)s are \(Suggestion.few(family.names))"
            warnings.append(Diagnostic(path: string.file, at: string.position,
                message: "string \(quoted(string.id)) is never shown: the story has no \(family.what) \(named(name))"
                    + (hint ?? known), severity: .warning))
        }
        return warnings
    }

    /// The families checked: chapters; and, when only the story's steps drive it, endings
    /// (`end` too when the last chapter can run off its end, which ends the story so) and
    /// options' values.
    private func stringFamilies() -> [StringFamily] {
        let chapters = StringFamily(prefix: "chapter.", what: "chapter", names: Self.once(book.chapters.map(\.id)))
        guard onlyStepsDriveTheStory else { return [chapters] }
        var endings: [String] = [], options: [String] = []
        for step in book.chapters.flatMap(\.steps) {
            switch step.kind {
            case let .end(name): endings.append(name)
            case let .choice(choice): options += choice.options.map(\.value)
            default: break
            }
        }
        if let last = book.chapters.last, !Self.stops(last) { endings.append("end") }
        return [chapters, StringFamily(prefix: "ending.", what: "ending", names: Self.once(endings)),
                StringFamily(prefix: "option.", what: "option", names: Self.once(options))]
    }
}
