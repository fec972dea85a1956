import EcholotCore
import EcholotModel

/// Game states built with the typed keys, as the pack loader would build them.
enum TestLevels {
    /// An entity with a sound.
    static func entity(
        _ id: String, azimuth: Double, elevation: Double = 0, distance: Double = 1.5,
        file: String, volume: Double = 1, loop: Bool = true, playing: Bool = true
    ) -> Entity {
        var entity = Entity()
        entity[EntityKeys.id] = id
        entity[EntityKeys.azimuth] = azimuth
        entity[EntityKeys.elevation] = elevation
        entity[EntityKeys.distance] = distance
        var sound = Sound()
        sound[SoundKeys.file] = file
        sound[SoundKeys.volume] = volume
        sound[SoundKeys.loop] = loop
        sound[SoundKeys.playing] = playing
        entity[EntityKeys.sound] = sound
        return entity
    }

    /// A game state playing a level with these entities, view center and ambience.
    static func state(_ entities: [Entity], center: Double = 0, ambience: [String] = [], ambienceVolume: Double = 1) -> GameState {
        var level = Level()
        level[LevelKeys.id] = "test"
        level.modify(LevelKeys.view) { $0[ViewKeys.center] = center }
        level.modify(LevelKeys.entities) { map in
            for entity in entities { map[entity[EntityKeys.id]] = entity }
        }
        level[LevelKeys.ambience] = ambience.map { ["file": .string($0), "volume": .number(ambienceVolume), "loop": true] }
        var state = GameState()
        state[Game.level] = level
        return state
    }

    /// `state` with one entity changed.
    static func changing(_ state: GameState, entity id: String, _ body: (inout Entity) -> Void) -> GameState {
        var copy = state
        copy.modify(Game.level) { level in
            level.modify(LevelKeys.entities) { $0.modify(id, body) }
        }
        return copy
    }

    /// `state` with the view turned to `center`.
    static func turning(_ state: GameState, to center: Double) -> GameState {
        var copy = state
        copy.modify(Game.level) { $0.modify(LevelKeys.view) { $0[ViewKeys.center] = center } }
        return copy
    }

    /// `state` without the entity `id`.
    static func removing(_ state: GameState, entity id: String) -> GameState {
        var copy = state
        copy.modify(Game.level) { $0.modify(LevelKeys.entities) { $0[id] = nil } }
        return copy
    }
}
