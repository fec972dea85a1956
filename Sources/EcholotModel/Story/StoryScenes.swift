import EcholotCore

/// The levels a story puts into the state while a cut-scene or a choice plays: voices are
/// entities (so audio places them by azimuth and `select` picks them), the background and
/// ambience are the level's. Their ids start with `@` so no pack level can clash.
enum StoryScenes {
    /// The level shown while `line` of `scene` is spoken; the view keeps the player's heading.
    static func cutscene(_ scene: Cutscene, line index: Int, view: View) -> Level {
        var level = Level()
        level[LevelKeys.id] = "@cutscene/\(scene.id)"
        level[LevelKeys.name] = scene.id
        level[LevelKeys.background] = scene.background
        level[LevelKeys.ambience] = scene.ambience.map(\.sound)
        level[LevelKeys.view] = view
        if index < scene.lines.count {
            speak(scene.lines[index], in: &level, view: view)
        }
        return level
    }

    /// Places the line's voice: at its azimuth as an entity, or without a direction as
    /// the level's music slot (heard the same whichever way the player turns).
    static func speak(_ line: StoryLine, in level: inout Level, view: View) {
        var entities = NodeMap<EntityKind>()
        level[LevelKeys.music] = nil
        if let voice = line.voice {
            if let azimuth = line.azimuth {
                // Named by who speaks, as over a level: the line itself is said as it begins.
                entities.storage["voice"] = voiceEntity(id: "voice", name: line.speaker ?? line.id, line: line, file: voice,
                                                        azimuth: azimuth, loop: false, selectable: false).value
            } else {
                level[LevelKeys.music] = ["file": .string(voice), "loop": false, "volume": 1]
            }
        }
        level[LevelKeys.entities] = entities
    }

    /// The level of a choice: one selectable entity per option, looping its voice. The view
    /// keeps the player's heading but selects within the default tolerance, not the level
    /// before's: `validate` keeps options twice that apart, so facing within it of one
    /// always picks that one.
    static func choice(_ choice: Choice, view: View) -> Level {
        var level = Level()
        level[LevelKeys.id] = "@choice/\(choice.id)"
        level[LevelKeys.name] = choice.id
        var view = view
        view[ViewKeys.selectTolerance] = ViewKeys.selectTolerance.defaultValue
        level[LevelKeys.view] = view
        var entities = NodeMap<EntityKind>()
        for option in choice.options {
            let entity = voiceEntity(id: option.value, name: option.line.id, line: option.line, file: option.line.voice,
                                     azimuth: option.azimuth, loop: true, selectable: true)
            entities.storage[option.value] = entity.value
        }
        level[LevelKeys.entities] = entities
        if let prompt = choice.prompt, let voice = prompt.voice {
            level[LevelKeys.music] = ["file": .string(voice), "loop": false, "volume": 1]
        }
        return level
    }

    /// An entity that speaks `line`, called `name` (a string id: the speaker's, or for an
    /// option the line's, whose text is what the player picks).
    static func voiceEntity(id: String, name: String, line: StoryLine, file: String?, azimuth: Double,
                            loop: Bool, selectable: Bool) -> Entity {
        var entity = Entity()
        entity[EntityKeys.id] = id
        entity[EntityKeys.name] = name
        entity[EntityKeys.glyph] = selectable ? "?" : "\""
        entity[EntityKeys.azimuth] = Geometry.normalize(azimuth: azimuth)
        entity[EntityKeys.selectable] = selectable
        if let file {
            var sound = Sound()
            sound[SoundKeys.file] = file
            sound[SoundKeys.loop] = loop
            entity[EntityKeys.sound] = sound
        }
        return entity
    }
}
