import EcholotCore
import EcholotModel

/// What the end-of-level page offers.
public enum EndChoice: Equatable, Sendable {
    /// Play the next level of the group.
    case next
    /// Play this level again.
    case retry
    /// Back to the level menu.
    case menu
    /// Quit the game.
    case quit
}

/// The page after a level: the outcome, the score and its breakdown, the achievements
/// earned, and what to do next.
public enum EndPage {
    /// The page and the meaning of each of its choices; `wrongPicks` of the found entities
    /// were selected wrongly and are not counted as found; `saved` is false when the
    /// profile could not be opened, so the player does not count on this result; `locked`
    /// says why the level cannot be played again now (a story level this run finished,
    /// ``LevelLock/refusal(level:_:in:)``), which leaves Retry out; `unlocked` names the scenarios this result opened; `finished` says
    /// what this result finished — the scenario, by name, and whether the whole pack, by
    /// its name — told first, as the news of the page. After a win the page starts on the
    /// way forward: the next level, or back to the levels when there is none, never Retry,
    /// which would play the level just won again at a press of Enter.
    public static func make(level: Level, names: Names, left: Bool, achievements: [(id: String, title: String?)],
                            hasNext: Bool, recording: String?, wrongPicks: Int = 0,
                            saved: Bool = true, locked: String? = nil, unlocked: [String] = [],
                            finished: (scenario: String?, pack: String?) = (nil, nil)) -> (page: Page, choices: [EndChoice]) {
        let status = level[LevelKeys.status]
        let words = names.words
        // A win or a loss is the title's first word, just after the level itself said it:
        // a third "You won!" would only be read out again. How a level ended otherwise is not.
        var body: [String] = []
        if let scenario = finished.scenario { body.append(words.scenarioFinished(scenario)) }
        if let pack = finished.pack { body.append(words.packFinished(pack)) }
        if status != .won && status != .lost {
            body += [words.endedEarly(left: left), ""]
        }
        body.append(words.endFigures(time: level[LevelKeys.time], misses: level[LevelKeys.misses],
                                     found: LevelFrame.finds(in: level, wrongPicks: wrongPicks)))
        let goals = GoalText(names: names)
        for goal in GoalText.orderedGoals(level) where goal[GoalKeys.state] == .failed {
            body.append(words.failedGoal(goals.status(goal, in: level).text))
        }
        body += ScoringText.breakdown(level, names: names)
        if achievements.isEmpty {
            if status == .won { body.append(words.noNewAchievements) }
        } else {
            body.append(words.achievementsEarned(achievements.map { names.achievement($0.id, title: $0.title) }))
        }
        if !unlocked.isEmpty { body.append(words.unlocked(unlocked)) }
        if !saved { body.append(words.resultNotSaved) }
        if let recording {
            body.append("")
            body.append(words.recorded(recording))
        }
        var choices: [Choice] = []
        var meanings: [EndChoice] = []
        if hasNext {
            choices.append(Choice(words.nextLevel, shortcut: "n"))
            meanings.append(.next)
        }
        if locked == nil {
            choices.append(Choice(words.retry, shortcut: "r"))
            meanings.append(.retry)
        }
        choices.append(Choice(words.backToLevels, shortcut: "m"))
        meanings.append(.menu)
        choices.append(Choice(words.quit, shortcut: "q"))
        meanings.append(.quit)
        let forward: [EndChoice] = status == .won ? [.next, .menu] : [.retry, .menu]
        let selected = forward.lazy.compactMap { meanings.firstIndex(of: $0) }.first ?? 0
        var page = Page(title: words.endTitle(status, level: names.level(level)), body: body, choices: choices,
                        selected: selected, words: words)
        if let locked { page.withheld["r"] = words.noRetry(locked) }
        return (page, meanings)
    }
}
