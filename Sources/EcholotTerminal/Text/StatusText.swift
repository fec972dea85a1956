import EcholotModel

/// What the `i` key tells about a level, in the same lines on both displays: a player who
/// switches between the full screen and `--plain` hears the same status.
enum StatusText {
    /// The heading (or with `tiltOnly` the tilt alone) and what is in view; a tilt back to
    /// level is said as "looking level" when `tiltChanged`, and otherwise left unsaid. With
    /// `complete` an empty view is said too, or, in a level whose sounds are hidden, that
    /// they are not described: a status that leaves the view out reads as one cut short.
    /// The sentences are in `words`, else in the level's (`context`), else in English.
    static func heading(_ level: Level, context: LevelContext?, words: Words? = nil, tiltOnly: Bool = false,
                        tiltChanged: Bool = false, complete: Bool = false) -> String {
        let words = words ?? context?.names.words ?? .english
        let view = level[LevelKeys.view]
        let elevation = Int(saturating: view[ViewKeys.elevation].rounded())
        var line = tiltOnly ? words.looking(elevation)
            : words.facing(view[ViewKeys.center], tilt: elevation != 0 || tiltChanged ? elevation : nil)
        if let context {
            let strip = ViewStrip(level: level, columns: 9, visuals: context.visuals, words: words)
            if let seen = EventText(names: context.names, scene: context.storyScene).inView(strip, level: level) {
                line += " " + seen
            } else if complete {
                line += " " + (context.visuals == .hidden ? words.nothingShown : words.nothingInView)
            }
        }
        return line
    }

    /// The heading and what is in view, each goal, the counters (a level's only: a choice
    /// has none to tell), the tracker and the pause. A choice says no heading: each
    /// option's direction is from where the player faces, and is said after this.
    static func lines(_ frame: LevelFrame, context: LevelContext) -> [String] {
        let level = frame.level
        var lines: [String] = []
        if !context.isChoice { lines.append(heading(level, context: context, complete: true)) }
        let words = context.names.words
        if context.hasGoals {
            let goalText = GoalText(names: context.names)
            for goal in GoalText.orderedGoals(level, paths: context.goalPaths) {
                let line = goalText.status(goal, in: level)
                lines.append(words.goalStatus(line.text, state: line.state, constraint: line.isConstraint))
            }
            lines.append(words.counters(found: frame.found, misses: level[LevelKeys.misses], time: level[LevelKeys.time]))
        }
        if let tracker = frame.tracker { lines.append(tracker) }
        if frame.paused { lines.append(words.gameIsPaused) }
        return lines
    }
}
