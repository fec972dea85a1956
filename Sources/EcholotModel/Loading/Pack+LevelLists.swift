import Foundation

extension Pack {
    /// The sentence telling that the pack has no level `id`, with the one likely meant, else
    /// the ids it has: every level `--level` and a test's `level` take, listed or not, so
    /// that the list names what can be typed. One wording for `run`, `render` and `play`.
    public func noLevelMessage(_ id: String) -> String {
        // "has no level" would send the author looking for a file that is there.
        if unreadLevels.contains(id) {
            return "level \(named(id)) did not load: \(PackLoader.levelFile(id)) has problems (told above)"
        }
        let known = levels.keys.sorted()
        // A player reads a level's name in the menus, not its id, and types that.
        let titled = known.filter { levelNames(of: $0).contains { $0.compare(id, options: .caseInsensitive) == .orderedSame } }
        if !titled.isEmpty {
            return "pack \(named(self.id)) has no level \(named(id)); \(named(id)) is the name of "
                + "\(titled.count == 1 ? "level" : "levels") \(Suggestion.list(titled.map(named), conjunction: "and")): name a level by its id"
        }
        let hint = Suggestion.nameHint(for: id, among: known)
        return "pack \(named(self.id)) has no level \(named(id))"
            + (hint.isEmpty ? "; its levels are: \(Suggestion.few(known))" : hint)
    }

    /// The names level `id` is shown by: its file's `name` and its `level.ID.name` string in
    /// each language of the pack.
    private func levelNames(of id: String) -> [String] {
        let key = "level.\(id).name"
        let written = [levels[id]?.level[LevelKeys.name] ?? ""] + strings.values.compactMap { $0[key] }
        return written.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// A warning at each of the pack's own level files that play never reaches: not in the
    /// manifest's `levels` (or any scenario's) and not a step of the story. An added file is
    /// otherwise silently left out of the menus, since a written list replaces the default
    /// of every file. The base's levels that a list of the pack's own leaves out are told in
    /// one warning at that list, since a base may have many. `storyLevels` are the levels
    /// the story plays (empty without a story); `nil` when the story did not read, so what it
    /// plays is not known and nothing is told. `only` limits the warnings to that level.
    public func unlistedLevelWarnings(storyLevels: Set<String>?, only: String? = nil) -> [Diagnostic] {
        let typos = overrideTypoWarnings(only: only)
        // A misspelt override is told as that alone, not again as a level play never offers.
        return typos + listWarnings(storyLevels: storyLevels, only: only)
            .filter { warning in !typos.contains { $0.path == warning.path } }
    }

    /// A warning at each entry of the pack's own `levels/` that is no level file: a folder
    /// (say, a pack made inside this one) or a file whose name does not end in `.json`.
    /// Loading passes over it without a word, yet `echolot pack` puts it into the archive.
    public func strayLevelFolderWarnings() -> [Diagnostic] {
        let files = PackTestFolder.files(of: self)
        let shipped = "'echolot pack' puts it into the pack's archive all the same"
        return files.visible("levels").sorted().compactMap { name in
            let path = "levels/" + name
            let message: String
            switch files.entry(path) {
            // An empty folder is no file to ship.
            case .directory where !files.visible(path).isEmpty:
                let isPack = files.entry(path + "/pack.json") != .missing
                message = isPack
                    ? "a pack folder inside this pack's levels/ is no level: play never reads it, and \(shipped); "
                        + "move it beside this pack"
                    : "a folder inside levels/ is no level: play never reads what it holds, and \(shipped); move it out of levels/"
            case .file:
                guard !name.hasSuffix(".json") else { return nil }
                message = "not a level: play reads only the files in levels/ whose names end in .json, and \(shipped); "
                    + (name.lowercased().hasSuffix(".json") ? "write .json in lower case" : "move it out of levels/")
            default:
                return nil
            }
            return Diagnostic(path: files.display(path), at: .start, message: message, severity: .warning)
        }
    }

    /// A warning at the `levels` of each scenario of the pack's own `pack.json` that lists
    /// none (`"levels": []`): loading takes it, since a pack may be written scenario by
    /// scenario, but players find it in the menu with nothing to play, and it is never
    /// finished. (A scenario another one unlocks after is refused instead: that one would
    /// never open.)
    public func emptyScenarioWarnings() -> [Diagnostic] {
        manifest.scenarios.enumerated().compactMap { index, scenario in
            // Only a scenario this pack.json writes has a place here: one taken from a base
            // (this pack.json has none) is the base's to fix, told when that is checked.
            // Validate gets a pack only when every scenario of pack.json read, so the
            // indices are pack.json's.
            let path = JSONPath.member(JSONPath.element("scenarios", index), "levels")
            guard scenario.levels.isEmpty, let position = manifestSource.positions[path] else { return nil }
            return Diagnostic(path: manifestSource.displayPath, at: position,
                              message: "scenario \(quoted(scenario.id)) has no levels: players find it in the menu with "
                                  + "nothing to play in it, and it is never finished; list its levels, or remove the scenario",
                              severity: .warning)
        }
    }

    /// Whether `definition` is read from this pack's own folder, not from a base it builds on.
    public func isOwn(_ definition: LevelDefinition) -> Bool {
        PathInside.isBelow(definition.file.standardizedFileURL.resolvingSymlinksInPath().path,
                           folder: root.standardizedFileURL.resolvingSymlinksInPath().path)
    }

    /// A warning at each level of a pack that builds on another whose id is new but close
    /// to one of the base's: `frist-steps` was meant to replace `first-steps`, and instead
    /// adds a level while the base's plays on unchanged.
    private func overrideTypoWarnings(only: String?) -> [Diagnostic] {
        guard manifest.extends != nil else { return [] }
        let based = levels.values.filter { !isOwn($0) }.map(\.id).sorted()
        return levels.values.filter { definition in isOwn(definition) && (only.map { $0 == definition.id } ?? true) }
            .sorted { $0.id < $1.id }
            .compactMap { definition -> Diagnostic? in
                guard let meant = Suggestion.closest(to: definition.id, among: based),
                      !Self.namedAfter(definition.id, meant) else { return nil }
                return Diagnostic(path: definition.source.displayPath, at: definition.source.position(of: "id"),
                                  message: "level \(named(definition.id)) is a level of its own, beside the base's "
                                      + "\(named(meant)); to replace that one, give this file the id \(quoted(meant))",
                                  severity: .warning)
            }
    }

    /// Whether level ids `a` and `b` read as two levels of a series rather than a slip: they
    /// differ only in digits (`cave-4`, `cave-1`), or one is the other with a part added
    /// (`first-steps-2`, `first-steps`).
    private static func namedAfter(_ a: String, _ b: String) -> Bool {
        if a.filter({ !$0.isNumber }) == b.filter({ !$0.isNumber }) { return true }
        let (short, long) = a.count < b.count ? (a, b) : (b, a)
        guard long.hasPrefix(short), let next = long.dropFirst(short.count).first else { return false }
        return next == "-" || next == "_" || next == "." || next.isNumber
    }

    /// The levels (the pack's own and its bases') that play never offers: in no scenario's
    /// `levels` nor the play order, and not among `storyLevels`, those the story plays.
    public func unofferedLevels(storyLevels: Set<String>) -> [String] {
        let played = Set(levelOrder).union(storyLevels)
        return levels.keys.filter { !played.contains($0) }.sorted()
    }

    /// How many levels play offers: every level, the pack's own and its bases', but the
    /// ``unofferedLevels(storyLevels:)``; every level when `storyLevels` is `nil` (a story
    /// with problems, whose levels are not known). The one count `validate`'s `ok` line,
    /// `packs` and `install` tell.
    public func offeredLevelCount(storyLevels: Set<String>?) -> Int {
        levels.count - (storyLevels.map(unofferedLevels) ?? []).count
    }

    /// ``offeredLevelCount(storyLevels:)`` with the levels the pack's story plays, read from its files.
    public var offeredLevelCount: Int {
        offeredLevelCount(storyLevels: StoryReader.levels(playedBy: StoryReader.reading(for: self)))
    }

    /// ``unlistedLevelWarnings(storyLevels:only:)``'s warnings of levels play never reaches.
    private func listWarnings(storyLevels: Set<String>?, only: String?) -> [Diagnostic] {
        guard let storyLevels else { return [] }
        let unoffered = unofferedLevels(storyLevels: storyLevels)
        let scenarios = !manifest.scenarios.isEmpty
        let list = (scenarios ? "any scenario's \"levels\" in pack.json" : "pack.json's \"levels\"")
            + (storyLevels.isEmpty ? "" : " nor a step of the story")
        let target = scenarios ? "a scenario's \"levels\"" : "\"levels\""
        let own = unoffered.compactMap { id -> Diagnostic? in
            guard only.map({ $0 == id }) ?? true, let definition = levels[id], isOwn(definition) else { return nil }
            return Diagnostic(path: definition.source.displayPath, at: .start,
                              message: "level \(named(id)) is not in \(list), so play never offers it; add \(quoted(id)) to \(target) to play it",
                              severity: .warning)
        }
        // A level file given alone is told of itself only.
        guard only == nil, let inherited = inheritedListWarning(unoffered.filter { levels[$0].map(isOwn) == false },
                                                                scenarios: scenarios, list: list, target: target)
        else { return own }
        return own + [inherited]
    }

    /// The warning at the `scenarios` (when `scenarios`) or `levels` of the pack's own
    /// pack.json, which replace the base's, naming the base's levels `ids` it leaves out
    /// (not in `list`; added to `target`, they play): an author who added one scenario of
    /// their own lost the base's levels from the menus without a word. One warning for
    /// them all, since a base may have many. `nil` when there are none, or when the list is
    /// the base's (the base's to fix, told when that is checked).
    private func inheritedListWarning(_ ids: [String], scenarios: Bool, list: String, target: String) -> Diagnostic? {
        // `"scenarios": []` gives the base's scenarios, as no list does.
        guard !ids.isEmpty, !scenarios || manifestSource.positions[JSONPath.element("scenarios", 0)] != nil,
              let position = manifestSource.keyPositions[scenarios ? "scenarios" : "levels"] else { return nil }
        let one = ids.count == 1
        let names = Suggestion.few(ids.map(named), sentence: true)
        let replaced = scenarios ? "this pack's \"scenarios\" replace the base's" : "this pack's \"levels\" replaces the base's play order"
        let them = one ? "it" : "them"
        return Diagnostic(path: manifestSource.displayPath, at: position,
                          message: "the base's level\(one ? " \(names) is" : "s \(names) are") not in \(list), so play never offers "
                              + "\(them): \(replaced); add \(one ? quoted(ids[0]) : "them") to \(target) to play \(them)",
                          severity: .warning)
    }
}
