import EcholotModel

/// The briefing before a level: its story, every goal and every scoring criterion in
/// words (a scored game shows them all before the start), how it looks and how to steer.
public enum BriefingPage {
    /// The page: Start or Back.
    public static func make(definition: LevelDefinition, names: Names, visuals: Visuals,
                            tracker: Bool, steering: SteeringSettings = SteeringSettings()) -> Page {
        let level = definition.level
        var body: [String] = []
        let description = names.description(level)
        if !description.isEmpty {
            body.append(description)
            body.append("")
        }
        let goals = GoalText.orderedGoals(level, paths: definition.goalPaths)
        let goalText = GoalText(names: names)
        if goals.isEmpty {
            body.append("Goals: none — explore as long as you like, and leave with q.")
        } else {
            body.append("Goals:")
            for goal in goals { body.append("• " + goalText.briefing(goal, in: level)) }
        }
        body.append("")
        body.append("Scoring:")
        for line in ScoringText.criteria(level, words: names.words) { body.append("• " + line) }
        body.append("")
        body.append(visualsSentence(visuals))
        body.append(contentsOf: names.words.levelKeys(tracker: tracker, settings: steering))
        let choices = [Choice("Start", shortcut: "s"), Choice("Back", shortcut: "b")]
        // No PgUp/PgDn: the line mode says every line and has nothing to scroll, and the
        // full screen marks a text longer than itself with "↓ more: PgDn".
        return Page(title: "Briefing: \(names.level(level))", body: body, choices: choices,
                    keys: [.enter("start", spoken: "Enter starts"), .back, .quit])
    }

    /// What the player will see, in one sentence.
    static func visualsSentence(_ visuals: Visuals) -> String {
        switch visuals {
        case .shown: return "Visuals: every sound in view is drawn on the screen."
        case .faded: return "Visuals: faded — only sounds near the middle of the view are drawn, faintly."
        case .hidden: return "Visuals: hidden — nothing is drawn; find everything by ear."
        }
    }
}
