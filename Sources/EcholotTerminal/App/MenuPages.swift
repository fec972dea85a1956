import EcholotModel

/// The menus as pages: packs → scenarios → levels, each choice with its marks.
public enum MenuPages {
    /// The packs, named in `language` where they have strings in it (as their own pages
    /// name them), then any that did not load (not choosable, with their problem).
    public static func packs(_ catalog: PackCatalog, language: String? = nil, selected: Int = 0) -> Page {
        let named = catalog.entries.map { Names(pack: $0.pack, language: language).pack($0.pack) }
        var choices = zip(catalog.entries, named).map { entry, name -> Choice in
            let count = entry.pack.levelOrder.count
            var marks = ["\(count) level\(count == 1 ? "" : "s")"]
            // Packs of one name (a copy of the tutorial under an id of its own) are told
            // apart by their ids, which a screen reader says as the eye would see them.
            if named.filter({ $0 == name }).count > 1 { marks.append("id \(entry.pack.id)") }
            var choice = Choice(name, marks: marks)
            choice.sound = entry.pack.manifest.preview.flatMap(entry.pack.sound)
            return choice
        }
        choices += catalog.problems.map { Choice(lastComponent($0.path), detail: $0.message, unavailable: "broken") }
        var page = Page(title: "Echolot — choose a pack", body: ["Packs of sound-finding games."], choices: choices,
                        selected: selected, keys: Page.menuKeys(choices: choices.count, last: [.quit]))
        page.noWayBack = "This is the list of packs, the first menu: there is nothing to go back to. q quits the game."
        return page
    }

    /// The scenarios of a pack.
    public static func scenarios(_ entry: PackEntry, progress: any ProgressProvider, names: Names, selected: Int = 0) -> Page {
        let pack = entry.pack
        let choices = LevelGroup.groups(of: pack).map { group -> Choice in
            guard let scenario = group.scenario else { return Choice("All levels") }
            let marks = progress.marks(scenario: scenario, in: pack)
            var parts = ["\(scenario.levels.count) level\(scenario.levels.count == 1 ? "" : "s")"]
            if marks.done { parts.append("done") }
            if let locked = marks.locked { parts.append(locked.reason(names, in: pack)) }
            return Choice(names.scenario(scenario), marks: parts, unavailable: marks.locked.map { _ in "locked" })
        }
        var body: [String] = []
        if let description = names.string("pack.description") ?? pack.manifest.description { body.append(description) }
        return Page(title: "\(names.pack(pack)) — choose a scenario", body: body, choices: choices,
                    selected: playable(choices, from: selected))
    }

    /// The levels of a group.
    public static func levels(_ entry: PackEntry, group: LevelGroup, progress: any ProgressProvider, names: Names, selected: Int = 0) -> Page {
        let pack = entry.pack
        let choices = group.levels.map { id -> Choice in
            guard let definition = pack.level(id: id) else { return Choice(id, unavailable: "missing") }
            let marks = progress.marks(level: id, in: pack)
            let name = names.level(definition.level)
            // Not "locked" and "done" at once: what stops it is that the story under way has
            // played it, and what opens it is beginning the story again.
            if marks.locked == .finishedInStory {
                return Choice(name, marks: marks.bestScore.map { ["best \($0)"] } ?? [], unavailable: "played in this story",
                              refusal: LevelLock.finishedInStory.refusal(level: name, names, in: pack))
            }
            var parts: [String] = []
            if marks.done { parts.append("done") }
            if let best = marks.bestScore { parts.append("best \(best)") }
            if let locked = marks.locked { parts.append(locked.reason(names, in: pack)) }
            return Choice(name, marks: parts, unavailable: marks.locked.map { _ in "locked" })
        }
        let title = group.scenario.map { "\(names.scenario($0)) — choose a level" } ?? "\(names.pack(pack)) — choose a level"
        return Page(title: title, choices: choices, selected: playable(choices, from: selected))
    }

    /// `selected`, or when that entry cannot be chosen (a story's level played already, a
    /// level just locked by its play) the first after it that can, else the last before it:
    /// Enter on a menu's first word does something.
    static func playable(_ choices: [Choice], from selected: Int) -> Int {
        guard choices.indices.contains(selected), !choices[selected].enabled else { return selected }
        return choices.indices.dropFirst(selected).first { choices[$0].enabled }
            ?? choices.indices.prefix(selected).last { choices[$0].enabled } ?? selected
    }

    private static func lastComponent(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
