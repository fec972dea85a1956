import EcholotModel

/// The menus as pages: packs → scenarios → levels, each choice with its marks.
public enum MenuPages {
    /// The packs, named in `language` where they have strings in it (as their own pages
    /// name them), then any that did not load (not choosable, with their problem); the
    /// page is in `language` where the engine speaks it, else in English.
    public static func packs(_ catalog: PackCatalog, language: String? = nil, selected: Int = 0) -> Page {
        let words = Words(firstOf: language)
        let named = catalog.entries.map { Names(pack: $0.pack, language: language).pack($0.pack) }
        var choices = zip(catalog.entries, named).map { entry, name -> Choice in
            // A pack of rules alone is installed, so it is listed, but opens no empty page:
            // choosing it says why there is nothing to play, as `echolot play` of it does.
            if entry.pack.levels.isEmpty {
                return Choice(name, marks: [], unavailable: words.noLevels, refusal: words.packHasNoLevels(name))
            }
            let count = entry.pack.levelOrder.count
            var marks = [words.levelCount(count)]
            // Packs of one name (a copy of the tutorial under an id of its own) are told
            // apart by their ids, which a screen reader says as the eye would see them.
            if named.filter({ $0 == name }).count > 1 { marks.append(words.packID(entry.pack.id)) }
            var choice = Choice(name, marks: marks)
            choice.sound = entry.pack.manifest.preview.flatMap(entry.pack.sound)
            return choice
        }
        choices += catalog.problems.map {
            // The loader's words stay as the loader wrote them; the game's own stand-in for
            // none is said in the player's language.
            let problem = $0.message == PackCatalog.doesNotLoad ? words.doesNotLoad : $0.message
            return Choice(lastComponent($0.path), detail: problem, unavailable: words.broken)
        }
        var page = Page(title: words.packsTitle, body: [words.packsIntroduction], choices: choices,
                        selected: selected, keys: Page.menuKeys(choices: choices.count, words: words, last: [words.quitKey]),
                        words: words)
        page.noWayBack = words.noWayBackFromPacks
        return page
    }

    /// The scenarios of a pack.
    public static func scenarios(_ entry: PackEntry, progress: any ProgressProvider, names: Names, selected: Int = 0) -> Page {
        let pack = entry.pack
        let words = names.words
        let choices = LevelGroup.groups(of: pack).map { group -> Choice in
            guard let scenario = group.scenario else { return Choice(words.allLevels) }
            // Said before any lock: opened or not, there is nothing in it to play.
            if scenario.levels.isEmpty {
                let name = names.scenario(scenario)
                return Choice(name, marks: [], unavailable: words.noLevels, refusal: words.scenarioHasNoLevels(name))
            }
            let marks = progress.marks(scenario: scenario, in: pack)
            var parts = [words.levelCount(scenario.levels.count)]
            if marks.done { parts.append(words.done) }
            if let locked = marks.locked { parts.append(locked.reason(names, in: pack, words: words)) }
            return Choice(names.scenario(scenario), marks: parts, unavailable: marks.locked.map { _ in words.locked })
        }
        var body: [String] = []
        if let description = names.string("pack.description") ?? pack.manifest.description { body.append(description) }
        return Page(title: words.chooseScenario(in: names.pack(pack)), body: body, choices: choices,
                    selected: playable(choices, from: selected), words: words)
    }

    /// The levels of a group.
    public static func levels(_ entry: PackEntry, group: LevelGroup, progress: any ProgressProvider, names: Names, selected: Int = 0) -> Page {
        let pack = entry.pack
        let words = names.words
        let choices = group.levels.map { id -> Choice in
            guard let definition = pack.level(id: id) else { return Choice(id, unavailable: words.missing) }
            let marks = progress.marks(level: id, in: pack)
            let name = names.level(definition.level)
            // Not "locked" and "done" at once: what stops it is that the story under way has
            // played it, and what opens it is beginning the story again.
            if marks.locked == .finishedInStory {
                return Choice(name, marks: marks.bestScore.map { [words.best($0)] } ?? [], unavailable: words.playedInStory,
                              refusal: LevelLock.finishedInStory.refusal(level: name, names, in: pack))
            }
            var parts: [String] = []
            if marks.done { parts.append(words.done) }
            if let best = marks.bestScore { parts.append(words.best(best)) }
            if let locked = marks.locked { parts.append(locked.reason(names, in: pack, words: words)) }
            return Choice(name, marks: parts, unavailable: marks.locked.map { _ in words.locked })
        }
        let title = words.chooseLevel(in: group.scenario.map(names.scenario) ?? names.pack(pack))
        // A page of no entries would say nothing of why.
        let body = group.scenario != nil && choices.isEmpty ? [words.noLevelsHere] : []
        return Page(title: title, body: body, choices: choices, selected: playable(choices, from: selected), words: words)
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
