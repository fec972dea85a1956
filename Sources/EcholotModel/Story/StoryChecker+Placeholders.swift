/// Braces in a line's text that nothing fills: a line fills `{time}` alone (``TimeOfDay``),
/// so `{tme}` or `{hour}` would be read out to the player as written, braces and all.
extension StoryChecker {
    /// A warning at each line text of the pack's own strings files (any language) with a
    /// `{name}` other than `{time}`, at the text, with `{time}` when it is a near miss.
    func placeholderWarnings() -> [Diagnostic] {
        let lines = Set(book.allLines.map(\.id))
        let filled = [TimeOfDay.placeholder]
        var warnings: [Diagnostic] = []
        for string in pack.writtenStrings where lines.contains(string.id) {
            guard let text = string.text else { continue }
            for name in Placeholders.names(in: text) where !filled.contains(name) {
                let hint = Suggestion.closest(to: name, among: filled).map { " (did you mean {\($0)}?)" } ?? ""
                warnings.append(Diagnostic(path: string.file, at: string.valuePosition,
                    message: "line \(named(string.id)): {\(name)} is read out as written, braces and all: a line's text "
                        + "fills only {\(TimeOfDay.placeholder)}\(hint)", severity: .warning))
            }
        }
        return warnings
    }
}
