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
        // A win or a loss is the title's first word, just after the level itself said it:
        // a third "You won!" would only be read out again. How a level ended otherwise is not.
        var body: [String] = []
        if let scenario = finished.scenario { body.append("“\(scenario)” is finished.") }
        if let pack = finished.pack { body.append("You have finished every level of \(pack).") }
        if status != .won && status != .lost {
            body += [left ? "You left the level before the end." : "The level stopped.", ""]
        }
        // Commas, as the `i` line has them: a screen reader reads "·" out as "middle dot".
        body.append("Time: \(names.words.clock(level[LevelKeys.time])), misses: \(level[LevelKeys.misses]), found: \(LevelFrame.finds(in: level, wrongPicks: wrongPicks))")
        let goals = GoalText(names: names)
        for goal in GoalText.orderedGoals(level) where goal[GoalKeys.state] == .failed {
            body.append("Failed: \(goals.status(goal, in: level).text).")
        }
        body += ScoringText.breakdown(level, words: names.words)
        if achievements.isEmpty {
            if status == .won { body.append("No new achievements.") }
        } else {
            body.append("Achievements earned: " + achievements.map { $0.title ?? $0.id }.joined(separator: ", ") + ".")
        }
        if !unlocked.isEmpty {
            body.append("Unlocked: " + Suggestion.list(unlocked.map { "“\($0)”" }) + ".")
        }
        if !saved {
            body.append("Not saved: the profile could not be opened, so this result and its achievements are kept "
                + "only until the game ends.")
        }
        if let recording {
            body.append("")
            body.append("Recorded to \(recording); replay it with: echolot replay \(Shell.word(recording))")
        }
        var choices: [Choice] = []
        var meanings: [EndChoice] = []
        if hasNext {
            choices.append(Choice("Next level", shortcut: "n"))
            meanings.append(.next)
        }
        if locked == nil {
            choices.append(Choice("Retry", shortcut: "r"))
            meanings.append(.retry)
        }
        choices.append(Choice("Back to the levels", shortcut: "m"))
        meanings.append(.menu)
        choices.append(Choice("Quit", shortcut: "q"))
        meanings.append(.quit)
        let forward: [EndChoice] = status == .won ? [.next, .menu] : [.retry, .menu]
        let selected = forward.lazy.compactMap { meanings.firstIndex(of: $0) }.first ?? 0
        let title = "\(status == .won ? "Won" : status == .lost ? "Lost" : "Left"): \(names.level(level))"
        var page = Page(title: title, body: body, choices: choices, selected: selected)
        if let locked { page.withheld["r"] = "There is no Retry: \(locked)" }
        return (page, meanings)
    }
}
