import EcholotCore

extension GameState {
    /// A fresh game state playing an incarnation of `level` (FAA#20, FA#4): a copy that
    /// shares the original's storage until it changes, so the original never changes.
    /// `earnedBefore` are the achievements the player has earned already (a profile's): the
    /// level starts with them in ``Game/achievements`` (``startWith(earnedBefore:progressBefore:)``),
    /// and with `progressBefore`, the progress records of those not earned yet.
    ///
    /// The random generator is seeded from the level's `seed`, so every incarnation of the
    /// same level draws the same numbers for the same inputs.
    public static func incarnation(of level: Level, packID: String = "", packVersion: String = "",
                                   earnedBefore: Set<String> = [], progressBefore: ProgressRecords = [:]) -> GameState {
        var state = GameState()
        var copy = level
        copy[LevelKeys.status] = .ready
        state[Game.level] = copy
        state[Game.pack] = ["id": .string(packID), "version": .string(packVersion)]
        state.startWith(earnedBefore: earnedBefore, progressBefore: progressBefore)
        state.random = SeededRandom(seed: UInt64(truncatingIfNeeded: level[LevelKeys.seed]))
        return state
    }

    /// Puts the achievements earned before this game into ``Game/achievements``, each with
    /// an empty record: an earned achievement's rule then no longer runs, and rules read it in
    /// `ctx.game.achievements`. Empty, because the ids are all a recording keeps of them
    /// (``RecordingDescription/earnedBefore``): what the level starts with must replay.
    ///
    /// `progressBefore` are the progress records of achievements not earned yet, as earlier
    /// levels left them (FAA#31: an achievement spans levels): each goes into
    /// ``Game/achievementProgress``, where its rule finds it as its focus. One of an id in
    /// `earnedBefore` is left out, as its rule no longer runs.
    /// None leaves the state as a game without a profile has it.
    public mutating func startWith(earnedBefore: Set<String>, progressBefore: ProgressRecords = [:]) {
        if !earnedBefore.isEmpty {
            var achievements = self[Game.achievements]
            for id in earnedBefore where achievements[id] == nil { achievements[id] = .emptyMap }
            self[Game.achievements] = achievements
        }
        let carried = progressBefore.filter { !earnedBefore.contains($0.key) && self[Game.achievements][$0.key] == nil }
        guard !carried.isEmpty else { return }
        var progress = self[Game.achievementProgress]
        for (id, record) in carried { progress[id] = .map(record) }
        self[Game.achievementProgress] = progress
    }

    /// The progress records of the achievements not earned in this state: what a level
    /// leaves for the next one (a profile keeps them).
    public var unearnedProgress: ProgressRecords {
        let earned = self[Game.achievements]
        var records: ProgressRecords = [:]
        for (id, record) in self[Game.achievementProgress] where earned[id] == nil {
            if let map = record.mapValue { records[id] = map }
        }
        return records
    }
}
