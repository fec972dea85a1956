import EcholotCore
import EcholotModel

/// The scoring rule in words: its criteria for the briefing (a scored game shows them all
/// before the start) and the breakdown of a final score. The `standard` rule gets exact
/// sentences; other rules are described from their parameters.
public enum ScoringText {
    /// The parameters of the standard rule: the level's, else the defaults the loaded rule
    /// declares, else those of scripts/scoring/standard.lua (when no rules are at hand).
    struct Standard {
        var parTime = 60.0
        var base = 1000
        var missPenalty = 100
        var timeBonus = 500

        init?(_ rule: PersistentMap<Value>?, defaults: [String: Value] = [:]) {
            guard let rule, rule["type"]?.stringValue == "standard" else { return nil }
            func value(_ name: String) -> Value? { rule[name] ?? defaults[name] }
            if let v = value("parTime")?.doubleValue { parTime = v }
            if let v = value("base")?.intValue { base = v }
            if let v = value("missPenalty")?.intValue { missPenalty = v }
            if let v = value("timeBonus")?.intValue { timeBonus = v }
        }

        /// The bonus for finishing after `time` seconds, as the rule computes it.
        func bonus(time: Double) -> Int {
            guard time < parTime, parTime > 0 else { return 0 }
            return Int(saturating: (Double(timeBonus) * (parTime - time) / parTime).rounded(.down))
        }

        /// What is left of `base` after `misses`, as the rule computes it: compared rather
        /// than multiplied, since a count a rule wrote may be too large to multiply.
        func afterMisses(_ misses: Int) -> Int {
            guard misses > 0, missPenalty > 0 else { return base }
            return misses > base / missPenalty ? 0 : base - missPenalty * misses
        }
    }

    /// The scoring types the engine tells in its own words: a pack's
    /// `scoring.<type>.briefing` string is read for the others only.
    public static let standardTypes: Set<String> = ["standard"]

    /// The criteria, one sentence each, in the words of `names`. A pack's own scoring type
    /// says what its string `scoring.<type>.briefing` says (one criterion, of as many
    /// sentences as it has), each `{field}` the rule's parameter (an entity id read as the
    /// entity's name; one the level leaves out, its default), as a pack's goal type does;
    /// without it, its parameters are listed.
    public static func criteria(_ level: Level, names: Names = Names()) -> [String] {
        let words = names.words
        let rule = level[LevelKeys.scoring]
        guard let rule else { return [words.notScored] }
        let type = rule["type"]?.stringValue
        let defaults = type.flatMap { names.defaults.scoring[$0] } ?? [:]
        if let standard = Standard(rule, defaults: defaults) {
            return words.standardCriteria(base: standard.base, missPenalty: standard.missPenalty, timeBonus: standard.timeBonus,
                                          parTime: standard.parTime)
        }
        if let type, let text = GoalText(names: names).fill("scoring.\(type).briefing", in: level, value: { rule[$0] ?? defaults[$0] }) {
            return [text]
        }
        let parameters = GoalText.parameters(rule, defaults: defaults, without: ["type", "id"], words: words)
        return [words.scoredBy(rule: type, parameters: parameters)]
    }

    /// The final score and how it came about, one line each, in the words of `names` (the
    /// standard rule's parameters the level leaves out at the loaded rule's defaults, as
    /// the briefing told them).
    public static func breakdown(_ level: Level, names: Names = Names()) -> [String] {
        let words = names.words
        guard let score = level[LevelKeys.score] else {
            guard level[LevelKeys.scoring] != nil else { return [] }
            let ended = level[LevelKeys.status] == .won || level[LevelKeys.status] == .lost
            return [ended ? words.noScoreComputed : words.noScoreUnended]
        }
        guard let standard = Standard(level[LevelKeys.scoring], defaults: names.defaults.scoring["standard"] ?? [:]),
              level[LevelKeys.status] == .won else {
            return [words.score(score)]
        }
        let misses = level[LevelKeys.misses]
        let time = level[LevelKeys.time]
        let afterMisses = standard.afterMisses(misses)
        let bonus = standard.bonus(time: time)
        // A rule changed by a pack may compute differently: then the total alone is honest.
        let (total, overflow) = afterMisses.addingReportingOverflow(bonus)
        guard !overflow, total == score else { return [words.score(score)] }
        // The parts are indented under the total.
        var lines = [words.score(score), "  " + words.forTheWin(standard.base)]
        if misses > 0 { lines.append("  " + words.forMisses(standard.base - afterMisses, misses: misses)) }
        lines.append("  " + words.speedBonus(bonus, time: time, parTime: standard.parTime))
        return lines
    }
}
