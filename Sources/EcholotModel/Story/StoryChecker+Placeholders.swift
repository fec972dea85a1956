/// Braces in a story text that nothing fills: a line fills `{time}` alone (``TimeOfDay``),
/// and the story's other texts — a choice's option (its line, or its `option.<value>`
/// string), a speaker's name, a `chapter.` or `ending.` string — fill none, so `{tme}` or an
/// option's `{time}` would be read out to the player as written, braces and all.
extension StoryChecker {
    /// A warning at each such text of the pack's own strings files (any language), at the
    /// text, with `{time}` when a line's name is a near miss of it.
    func placeholderWarnings() -> [Diagnostic] {
        var options: Set<String> = []
        for step in book.chapters.flatMap(\.steps) {
            guard case let .choice(choice) = step.kind else { continue }
            options.formUnion(choice.options.map(\.line.id))
        }
        let lines = book.allLines
        let spoken = Set(lines.map(\.id)).subtracting(options)
        let speakers = Set(lines.compactMap(\.speaker))
        var warnings: [Diagnostic] = []
        for string in pack.writtenStrings {
            guard let text = string.text else { continue }
            // What the text is, and what fills it; a line's words, spoken as it begins, are
            // what an id names first.
            let what: String
            if spoken.contains(string.id) {
                what = "line"
            } else if options.contains(string.id) {
                what = "option"
            } else if speakers.contains(string.id) {
                what = "speaker"
            } else if ["option.", "chapter.", "ending."].contains(where: string.id.hasPrefix) {
                what = "string"
            } else {
                continue
            }
            let filled = what == "line" ? [TimeOfDay.placeholder] : []
            for name in Placeholders.names(in: text) where !filled.contains(name) {
                let hint = Suggestion.closest(to: name, among: filled).map { " (did you mean {\($0)}?)" } ?? ""
                let rule = what == "line" ? "a line's text fills only {\(TimeOfDay.placeholder)}"
                    : "only a line's text is filled, and only its {\(TimeOfDay.placeholder)}"
                warnings.append(Diagnostic(path: string.file, at: string.valuePosition,
                    message: "\(what) \(named(string.id)): {\(name)} is read out as written, braces and all: \(rule)\(hint)",
                    severity: .warning))
            }
        }
        return warnings
    }
}
