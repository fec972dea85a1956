import EcholotCore

extension LevelDefinition {
    /// Every sound file the level names, with the JSON path of the name (for diagnostics):
    /// entity sounds, ambience and music, in the order the file writes them.
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
        // File order, so that "the first use" is the one a reader meets first (a path
        // order would put entities[10] before entities[2]); the path settles the rest.
        return found.map { (reference: $0, position: source.position(of: $0.path)) }
            .sorted { ($0.position, $0.reference.path) < ($1.position, $1.reference.path) }
            .map(\.reference)
    }
}

/// How the other places naming one sound file are told: a problem of the file is the same
/// wherever it is named, so it is told once, at the first, with how many more there are.
public enum SoundUses {
    /// Whether a sound reference's JSON path is an entity's sound (placed in space), not
    /// the ambience or the music.
    public static func isEntitySound(_ path: String) -> Bool { path.hasSuffix(".sound.file") }

    /// The end of the first use's message for `count` other uses: "" for none,
    /// " (also used by 3 more entities)" when all are entities' sounds, else " (also used
    /// in 2 more places)" (the ambience or the music is among them, or a story's lines).
    public static func others(count: Int, entities: Bool) -> String {
        guard count > 0 else { return "" }
        if entities { return " (also used by \(count) more \(count == 1 ? "entity" : "entities"))" }
        return " (also used in \(count) more \(count == 1 ? "place" : "places"))"
    }
}
