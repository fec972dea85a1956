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
}
