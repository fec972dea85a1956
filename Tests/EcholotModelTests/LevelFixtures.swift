import EcholotCore
@testable import EcholotModel

/// A level built in code: entities at the given azimuths, ids `e0`, `e1`, …
func level(entities azimuths: [Double], tolerance: Double = 15) -> Level {
    var level = Level()
    level[LevelKeys.id] = "test"
    level[LevelKeys.seed] = 7
    var view = View()
    view[ViewKeys.selectTolerance] = tolerance
    level[LevelKeys.view] = view
    var entities = NodeMap<EntityKind>()
    for (i, azimuth) in azimuths.enumerated() {
        var entity = Entity()
        entity[EntityKeys.id] = "e\(i)"
        entity[EntityKeys.azimuth] = azimuth
        entities["e\(i)"] = entity
    }
    level[LevelKeys.entities] = entities
    return level
}

/// A started store on an incarnation of `level` with the engine's level reducers.
func startedStore(_ level: Level) -> Store<GameState> {
    let store = Store(state: GameState.incarnation(of: level), reducers: LevelReducers.all)
    store.dispatch(.start)
    return store
}

extension Store where State == GameState {
    /// The level being played.
    var level: Level { state[Game.level] }
}
