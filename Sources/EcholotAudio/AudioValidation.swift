import EcholotCore
import EcholotModel
import Foundation

/// What `echolot validate` adds for audio: every sound a pack's levels name is decoded
/// once, and each problem is reported at the level file's line that names the sound.
public enum AudioValidation {
    /// Diagnostics for every sound file of `pack` that cannot be played where it is used
    /// (entity sounds must also be mono); empty when all are fine.
    public static func diagnostics(for pack: Pack) -> [Diagnostic] {
        var checked: [String: String?] = [:]  // "file|directional" → problem
        var found: [Diagnostic] = []
        func check(_ file: String, directional: Bool, in definition: LevelDefinition, at path: String) {
            let url = pack.soundURL(file)
            // An extending pack may take the file from its base pack, which is not here.
            if pack.manifest.extends != nil, !FileManager.default.fileExists(atPath: url.path) { return }
            let memo = "\(file)|\(directional)"
            let problem = checked[memo] ?? AudioAsset.check(url: url, directional: directional)
            checked[memo] = .some(problem)
            if let problem {
                found.append(definition.source.diagnostic(at: path, "sound file \"sounds/\(file)\": \(problem)"))
            }
        }
        for id in pack.levels.keys.sorted() {
            guard let definition = pack.levels[id] else { continue }
            let level = definition.level
            for (entityID, entity) in level[LevelKeys.entities].nodes {
                guard let sound = entity[EntityKeys.sound] else { continue }
                let path = (definition.entityPaths[entityID] ?? "entities.\(entityID)") + ".sound.file"
                check(sound[SoundKeys.file], directional: true, in: definition, at: path)
            }
            for (index, track) in level[LevelKeys.ambience].enumerated() {
                if let file = track["file"].stringValue {
                    check(file, directional: false, in: definition, at: "ambience[\(index)].file")
                }
            }
            if let file = level[LevelKeys.music]?["file"]?.stringValue {
                check(file, directional: false, in: definition, at: "music.file")
            }
        }
        return found.sortedForDisplay()
    }

    /// Diagnostics for every sound file `book` (the pack's story) names — voices and
    /// ambience — that cannot be played where it is used: a voice that becomes a speaking
    /// entity (over a level, a choice's option, a line with an `azimuth`) must be mono.
    /// Each is reported at its line or step in `story.json`.
    public static func diagnostics(for book: StoryBook, in pack: Pack) -> [Diagnostic] {
        var checked: [String: String?] = [:]  // "file|directional" → problem
        var found: [Diagnostic] = []
        // Resolved as the audio engine will resolve them: inside the pack's sounds/ folders.
        let sounds = SoundFolder(urls: pack.soundFolders)
        func check(_ file: String, directional: Bool, what: String, at position: SourcePosition) {
            let memo = "\(file)|\(directional)"
            let problem: String?
            if let known = checked[memo] {
                problem = known
            } else {
                do {
                    problem = AudioAsset.check(url: try sounds.locate(file), directional: directional)
                } catch {
                    problem = error.description
                }
            }
            checked[memo] = .some(problem)
            if let problem {
                found.append(Diagnostic(path: book.displayPath, at: position, message: "\(what) \"sounds/\(file)\": \(problem)"))
            }
        }
        func voice(of line: StoryLine, directional: Bool) {
            if let file = line.voice { check(file, directional: directional, what: "voice of line '\(line.id)'", at: line.position) }
        }
        func ambience(_ tracks: [Value], at position: SourcePosition) {
            for track in tracks {
                if let file = track.stringValue ?? track["file"].stringValue {
                    check(file, directional: false, what: "ambience", at: position)
                }
            }
        }
        for step in book.chapters.flatMap(\.steps) {
            switch step.kind {
            case let .cutscene(scene):
                for line in scene.lines { voice(of: line, directional: line.azimuth != nil) }
                ambience(scene.ambience, at: step.position)
            case let .level(level):
                for line in level.lines { voice(of: line, directional: true) }
                for part in level.ambienceByDayPart.keys.sorted() { ambience(level.ambienceByDayPart[part] ?? [], at: step.position) }
            case let .choice(choice):
                if let prompt = choice.prompt { voice(of: prompt, directional: false) }
                for option in choice.options { voice(of: option.line, directional: true) }
            default:
                break
            }
        }
        return found.sortedForDisplay()
    }
}
