import Foundation

extension Pack {
    /// The sentence telling that the pack has no level `id`, with the one likely meant, else
    /// the ids it has: every level `--level` and a test's `level` take, listed or not, so
    /// that the list names what can be typed. One wording for `run`, `render` and `play`.
    public func noLevelMessage(_ id: String) -> String {
        let known = levels.keys.sorted()
        let hint = Suggestion.nameHint(for: id, among: known)
        return "pack \(named(self.id)) has no level \(named(id))"
            + (hint.isEmpty ? "; its levels are: \(Suggestion.few(known))" : hint)
    }

    /// A warning at each of the pack's own level files that play never reaches: not in the
    /// manifest's `levels` (or any scenario's) and not a step of the story. An added file is
    /// otherwise silently left out of the menus, since a written list replaces the default
    /// of every file. `storyLevels` are the levels the story plays (empty without a story);
    /// `nil` when the story did not read, so what it plays is not known and nothing is told.
    /// `only` limits the warnings to that level.
    public func unlistedLevelWarnings(storyLevels: Set<String>?, only: String? = nil) -> [Diagnostic] {
        guard let storyLevels else { return [] }
        let own = root.standardizedFileURL.resolvingSymlinksInPath().path
        let played = Set(levelOrder).union(storyLevels)
        let scenarios = !manifest.scenarios.isEmpty
        return levels.keys.sorted().compactMap { id -> Diagnostic? in
            guard only.map({ $0 == id }) ?? true, !played.contains(id), let definition = levels[id],
                  PathInside.isBelow(definition.file.standardizedFileURL.resolvingSymlinksInPath().path, folder: own)
            else { return nil }
            let list = scenarios ? "any scenario's \"levels\" in pack.json" : "pack.json's \"levels\""
            let story = storyLevels.isEmpty ? "" : " nor a step of the story"
            let fix = scenarios ? "add \(quoted(id)) to a scenario's \"levels\"" : "add \(quoted(id)) to \"levels\""
            return Diagnostic(path: definition.source.displayPath, at: .start,
                              message: "level \(named(id)) is not in \(list)\(story), so play never offers it; \(fix) to play it",
                              severity: .warning)
        }
    }
}
