import EcholotCore

extension GameState {
    /// A fresh game state playing an incarnation of `level` (FAA#20, FA#4): a copy that
    /// shares the original's storage until it changes, so the original never changes.
    ///
    /// The random generator is seeded from the level's `seed`, so every incarnation of the
    /// same level draws the same numbers for the same inputs.
    public static func incarnation(of level: Level, packID: String = "", packVersion: String = "") -> GameState {
        var state = GameState()
        var copy = level
        copy[LevelKeys.status] = .ready
        state[Game.level] = copy
        state[Game.pack] = ["id": .string(packID), "version": .string(packVersion)]
        state.random = SeededRandom(seed: UInt64(truncatingIfNeeded: level[LevelKeys.seed]))
        return state
    }
}
