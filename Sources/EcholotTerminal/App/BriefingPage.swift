import EcholotModel

/// The briefing before a level: its story, every goal and every scoring criterion in
/// words (a scored game shows them all before the start), how it looks and how to steer.
public enum BriefingPage {
    /// The page: Start or Back.
    public static func make(definition: LevelDefinition, names: Names, visuals: Visuals,
                            tracker: Bool, steering: SteeringSettings = SteeringSettings()) -> Page {
        let level = definition.level
        let words = names.words
        var body: [String] = []
        let description = names.description(level)
        if !description.isEmpty {
            body.append(description)
            body.append("")
        }
        let goals = GoalText.orderedGoals(level, paths: definition.goalPaths)
        let goalText = GoalText(names: names)
        if goals.isEmpty {
            body.append(words.noGoals)
        } else {
            body.append(words.briefingGoalsHeading)
            for goal in goals { body.append("• " + goalText.briefing(goal, in: level)) }
        }
        body.append("")
        body.append(words.scoringHeading)
        for line in ScoringText.criteria(level, names: names) { body.append("• " + line) }
        body.append("")
        body.append(words.visualsSentence(visuals))
        body.append(contentsOf: words.levelKeys(tracker: tracker, settings: steering))
        let choices = [Choice(words.start, shortcut: "s"), Choice(words.back, shortcut: "b")]
        // No PgUp/PgDn: the line mode says every line and has nothing to scroll, and the
        // full screen marks a text longer than itself with "↓ more: PgDn".
        return Page(title: words.briefingTitle(names.level(level)), body: body, choices: choices,
                    keys: [words.startKey, words.backKey, words.quitKey], words: words)
    }
}
