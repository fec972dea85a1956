import EcholotCore

/// The values a pack's goal and scoring types give the parameters a level leaves out, by
/// type: what a `goal.<type>.briefing` or `scoring.<type>.briefing` string's `{field}` reads
/// when the level's entry does not write that field. They live beside the state, not in
/// it: a level's goals hold what its file writes, so recorded runs keep their state hash.
public struct RuleDefaults: Sendable, Equatable {
    /// Each goal type's parameters with a default, by type, then parameter name.
    public var goals: [String: [String: Value]]
    /// Each scoring type's parameters with a default, by type, then parameter name.
    public var scoring: [String: [String: Value]]

    /// Defaults of `goals` and `scoring` types; none by default.
    public init(goals: [String: [String: Value]] = [:], scoring: [String: [String: Value]] = [:]) {
        self.goals = goals
        self.scoring = scoring
    }
}
