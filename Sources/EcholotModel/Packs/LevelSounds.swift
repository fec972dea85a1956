import EcholotCore

extension LevelDefinition {
    /// Every sound file the level names, with the JSON path of the name (for diagnostics):
    /// entity sounds, ambience and music.
    public var soundReferences: [(file: String, path: String)] {
        var found: [(file: String, path: String)] = []
        for (entityID, entity) in level[LevelKeys.entities].nodes {
            guard let sound = entity[EntityKeys.sound] else { continue }
            found.append((sound[SoundKeys.file], (entityPaths[entityID] ?? "entities") + ".sound.file"))
        }
        for (index, track) in level[LevelKeys.ambience].enumerated() {
            if let file = track["file"].stringValue { found.append((file, "ambience[\(index)].file")) }
        }
        if let file = level[LevelKeys.music]?["file"]?.stringValue { found.append((file, "music.file")) }
        return found.sorted { $0.path < $1.path }
    }
}
