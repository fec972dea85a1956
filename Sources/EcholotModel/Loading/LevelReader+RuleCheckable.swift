import EcholotCore

/// What of a level file with problems the rules can still check.
extension LevelReader {
    /// The level as read from a file with problems, keeping only the goals and scoring that
    /// read without one, so their rule problems are told with the file's others. `nil`
    /// when its entities or attributes have a problem (a rule entry names entities, and a
    /// rule's check looks at them: it would judge a level the file does not describe), or
    /// when no rule entry is left. A rule entry whose only problem is an entity it names
    /// that the level lacks is kept: its other parameters are told in the same run
    /// (``unknownReferences``, which the rules do not tell again).
    func ruleCheckable(_ level: Level) -> Level? {
        let told = unknownReferences
        guard !report.touches("entities", apartFrom: told), !report.touches("attributes") else { return nil }
        var level = level
        var goals = level[LevelKeys.goals]
        for id in goals.ids where report.touches(goalPaths[id] ?? "goals", apartFrom: told) { goals[id] = nil }
        level[LevelKeys.goals] = goals
        if report.touches("scoring", apartFrom: told) { level[LevelKeys.scoring] = nil }
        let behaviours = level[LevelKeys.entities].nodes.contains { !$0.node[EntityKeys.behaviours].isEmpty }
        guard goals.count > 0 || level[LevelKeys.scoring] != nil || behaviours else { return nil }
        return level
    }
}
