/// Braces in a story text that nothing fills: a line fills `{time}` alone (``TimeOfDay``),
/// and the story's other texts — a choice's option (its line, or its `option.<value>`
/// string), a speaker's name, a `chapter.` or `ending.` string — fill none, so `{tme}` or an
/// option's `{time}` would be read out to the player as written, braces and all.
extension StoryChecker {
    /// A warning at each such text of the pack's own strings files (any language), at the
    /// text, with `{time}` when a line's name is a near miss of it.
    func placeholderWarnings() -> [Diagnostic] {
        // The values of the options each line id is the line of: an option is named by its
        // value, as the story's other messages name it, with its line's id, which the text
        // is written under.
        var options: [String: [String]] = [:]
        for step in book.chapters.flatMap(\.steps) {
            guard case let .choice(choice) = step.kind else { continue }
            for option in choice.options where options[option.line.id]?.contains(option.value) != true {
                options[option.line.id, default: []].append(option.value)
            }
        }
        let lines = book.allLines
        let spoken = Set(lines.map(\.id)).subtracting(options.keys)
        let speakers = Set(lines.compactMap(\.speaker))
        var warnings: [Diagnostic] = []
        for string in pack.writtenStrings {
            guard let text = string.text else { continue }
            // What the text is, and what fills it; a line's words, spoken as it begins, are
            // what an id names first.
            let what: String, name: String
            if spoken.contains(string.id) {
                (what, name) = ("line", named(string.id))
            } else if let values = options[string.id] {
                // A line two choices offer is the text of an option of each.
                what = values.count == 1 ? "option" : "options"
                name = Suggestion.list(values.map(named)) + (values == [string.id] ? "" : " (line \(named(string.id)))")
            } else if speakers.contains(string.id) {
                (what, name) = ("speaker", named(string.id))
            } else if ["option.", "chapter.", "ending."].contains(where: string.id.hasPrefix) {
                (what, name) = ("string", named(string.id))
            } else {
                continue
            }
            let filled = what == "line" ? [TimeOfDay.placeholder] : []
            // The file's language: a line's `{time}` is said in it, in words only in some.
            let language = String(string.file.split(separator: "/").last?.dropLast(".json".count) ?? "")
            if what == "line", TimeOfDay.spoken(language) == nil, Placeholders.names(in: text).contains(TimeOfDay.placeholder) {
                warnings.append(Diagnostic(path: string.file, at: string.valuePosition,
                    message: "line \(name): {\(TimeOfDay.placeholder)} is said as digits (21:40), not in words: Echolot says the "
                        + "time in words in \(TimeOfDay.languages.joined(separator: " and ")) only, not in \(quoted(language))",
                    severity: .warning))
            }
            for placeholder in Placeholders.names(in: text) where !filled.contains(placeholder) {
                let hint = Suggestion.closest(to: placeholder, among: filled).map { " (did you mean {\($0)}?)" } ?? ""
                let rule = what == "line" ? "a line's text fills only {\(TimeOfDay.placeholder)}"
                    : "only a line's text is filled, and only its {\(TimeOfDay.placeholder)}"
                warnings.append(Diagnostic(path: string.file, at: string.valuePosition,
                    message: "\(what) \(name): {\(placeholder)} is read out as written, braces and all: \(rule)\(hint)",
                    severity: .warning))
            }
        }
        return warnings
    }
}
