/// Braces in a story text that nothing fills: a line fills `{time}` alone (``TimeOfDay``),
/// and a choice's option (its line, or its `option.<value>` string) fills none, so `{tme}`
/// or an option's `{time}` would be read out to the player as written, braces and all.
extension StoryChecker {
    /// A warning at each such text of the pack's own strings files (any language), at the
    /// text, with `{time}` when a line's name is a near miss of it.
    func placeholderWarnings() -> [Diagnostic] {
        var options: Set<String> = []
        for step in book.chapters.flatMap(\.steps) {
            guard case let .choice(choice) = step.kind else { continue }
            for option in choice.options { options.formUnion([option.line.id, "option.\(option.value)"]) }
        }
        let lines = Set(book.allLines.map(\.id))
        var warnings: [Diagnostic] = []
        for string in pack.writtenStrings {
            guard let text = string.text else { continue }
            // An option's words are shown as the choice is offered, before any line's time.
            let isOption = options.contains(string.id)
            guard isOption || lines.contains(string.id) else { continue }
            let filled = isOption ? [] : [TimeOfDay.placeholder]
            for name in Placeholders.names(in: text) where !filled.contains(name) {
                let hint = Suggestion.closest(to: name, among: filled).map { " (did you mean {\($0)}?)" } ?? ""
                let rule = isOption ? "a choice's option fills none, not even {\(TimeOfDay.placeholder)}"
                    : "a line's text fills only {\(TimeOfDay.placeholder)}"
                warnings.append(Diagnostic(path: string.file, at: string.valuePosition,
                    message: "\(lines.contains(string.id) ? (isOption ? "option" : "line") : "string") \(named(string.id)): {\(name)} is read out as written, braces and "
                        + "all: \(rule)\(hint)", severity: .warning))
            }
        }
        return warnings
    }
}
