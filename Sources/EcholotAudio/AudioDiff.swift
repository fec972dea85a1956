import EcholotCore
import EcholotModel

/// What a diff changed that the audio engine plays, sorted out in one pass over the
/// changes (a diff with 128 moving entities has 128 changes on every tick).
struct AudioDiff {
    /// Which entities changed, and how.
    enum Entities {
        /// None did.
        case none
        /// These did, each with its changes (paths relative to the entity), in diff order.
        case some([(id: String, changes: ArraySlice<ElementChange>)])
        /// The entity collection (or the level) was replaced: look at every entity again.
        case all
    }

    /// Whether the view changed (the listener must turn).
    private(set) var view = false
    /// Whether the ambience list changed.
    private(set) var ambience = false
    /// Whether the music changed.
    private(set) var music = false
    /// Which entities changed.
    private(set) var entities = Entities.none

    private static let level = Game.level.name
    private static let viewName = LevelKeys.view.name
    private static let entitiesName = LevelKeys.entities.name
    private static let ambienceName = LevelKeys.ambience.name
    private static let musicName = LevelKeys.music.name

    /// Sorts out `diff`.
    init(_ diff: Diff) {
        var flat: [ElementChange] = []
        var runs: [(id: String, start: Int)] = []
        var everything = false
        for change in diff.changes {
            let path = change.path
            if path.isEmpty || (path[0] == Self.level && path.count == 1) {
                everything = true
                break
            }
            guard path[0] == Self.level else { continue }
            switch path[1] {
            case Self.viewName: view = true
            case Self.ambienceName: ambience = true
            case Self.musicName: music = true
            case Self.entitiesName:
                guard path.count > 2 else {
                    entities = .all
                    continue
                }
                // The diff walks depth-first, so one entity's changes come in one run.
                if runs.last?.id != path[2] { runs.append((path[2], flat.count)) }
                flat.append(ElementChange(path: path[3...], new: change.new))
            default: continue
            }
        }
        if everything {
            (view, ambience, music, entities) = (true, true, true, .all)
            return
        }
        guard case .none = entities, !runs.isEmpty else { return }
        var grouped: [(id: String, changes: ArraySlice<ElementChange>)] = []
        grouped.reserveCapacity(runs.count)
        for (index, run) in runs.enumerated() {
            let end = index + 1 < runs.count ? runs[index + 1].start : flat.count
            grouped.append((run.id, flat[run.start ..< end]))
        }
        entities = .some(grouped)
    }
}
