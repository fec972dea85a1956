import EcholotCore

extension GameState {
    /// A fresh game state playing an incarnation of `level` (FAA#20, FA#4): a copy that
    /// shares the original's storage until it changes, so the original never changes.
    /// `earnedBefore` are the achievements the player has earned already (a profile's): the
    /// level starts with them in ``Game/achievements`` (``startWith(earnedBefore:)``).
    ///
    /// The random generator is seeded from the level's `seed`, so every incarnation of the
    /// same level draws the same numbers for the same inputs.
    public static func incarnation(of level: Level, packID: String = "", packVersion: String = "",
                                   earnedBefore: Set<String> = []) -> GameState {
        var state = GameState()
        var copy = level
        copy[LevelKeys.status] = .ready
        state[Game.level] = copy
        state[Game.pack] = ["id": .string(packID), "version": .string(packVersion)]
        state.startWith(earnedBefore: earnedBefore)
        state.random = SeededRandom(seed: UInt64(truncatingIfNeeded: level[LevelKeys.seed]))
        return state
    }

    /// Puts the achievements earned before this game into ``Game/achievements``, each with
    /// an empty record: an earned achievement's rule then no longer runs, and rules read it in
    /// `ctx.game.achievements`. Empty, because the ids are all a recording keeps of them
    /// (``RecordingDescription/earnedBefore``): what the level starts with must replay.
    /// None leaves the state as a game without a profile has it.
    public mutating func startWith(earnedBefore: Set<String>) {
        guard !earnedBefore.isEmpty else { return }
        var achievements = self[Game.achievements]
        for id in earnedBefore where achievements[id] == nil { achievements[id] = .emptyMap }
        self[Game.achievements] = achievements
    }
}
