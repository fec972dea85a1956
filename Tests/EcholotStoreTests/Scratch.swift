import EcholotCore
import EcholotModel
import EcholotStore
import Foundation
import GRDB

/// A temporary folder per test, removed afterwards: every test works on real SQLite files.
final class Scratch {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("echolot-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit {
        // Folders made read-only by a test must be writable again to be removed.
        chmod(folder.path, 0o755)
        try? FileManager.default.removeItem(at: folder)
    }

    /// A path inside the folder.
    func url(_ name: String) -> URL { folder.appendingPathComponent(name) }

    /// A fresh profile in the folder.
    func profile(_ name: String = "profile.sqlite") throws -> Profile {
        try Profile.open(at: url(name))
    }

    /// A profile in the folder holding `runs` runs, all of them in the file itself (its WAL
    /// emptied into it), so that bytes written over the file are all there is of it.
    func checkpointedProfile(_ name: String = "profile.sqlite", runs: Int) throws -> URL {
        let profile = try self.profile(name)
        for index in 0..<runs { try profile.record(Fixture.run("level-\(index)")) }
        let queue = try DatabaseQueue(path: url(name).path)
        _ = try queue.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
        try queue.close()
        return url(name)
    }
}

/// Builders for the runs, manifests and states the tests record.
enum Fixture {
    /// A fixed moment: Saturday 2026-11-21 12:00 UTC.
    static let noon = Date(timeIntervalSince1970: 1_795_262_400)

    /// UTC days, so that windows do not depend on the machine's time zone.
    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? TimeZone.current
        return calendar
    }()

    /// A run of `level` in the pack `scored` that ended `outcome`.
    static func run(_ level: String, _ outcome: RunOutcome = .won, score: Int? = 100,
                    misses: Int = 0, at date: Date = noon) -> FinishedRun {
        run("scored", level, outcome, score: score, misses: misses, at: date)
    }

    /// A run of `level` in `pack` that ended `outcome`.
    static func run(_ pack: String, _ level: String, _ outcome: RunOutcome = .won, score: Int? = 100,
                    misses: Int = 0, at date: Date = noon) -> FinishedRun {
        FinishedRun(run: Run(recordedAt: date, packID: pack, packVersion: "1.0.0", levelID: level, outcome: outcome,
                             score: score, seconds: 12.5, misses: misses, seed: 1, parameters: #"{"goals":{},"scoring":null}"#))
    }

    /// A manifest of kind `kind` with the given scenarios (levels in scenario order).
    static func manifest(_ id: String = "scored", kind: PackKind = .scored, scenarios: [Scenario]) -> PackManifest {
        PackManifest(id: id, name: id, version: "1.0.0", api: 1, kind: kind, scenarios: scenarios,
                     levelOrder: scenarios.flatMap(\.levels))
    }

    /// A level with entities `(id, tags, selectable)`, one `find` goal and standard scoring.
    static func level(_ id: String, entities: [(String, [String])]) -> Level {
        var level = Level()
        level[LevelKeys.id] = id
        level[LevelKeys.seed] = 7
        var nodes = NodeMap<EntityKind>()
        for (index, (entityID, tags)) in entities.enumerated() {
            var entity = Entity()
            entity[EntityKeys.id] = entityID
            entity[EntityKeys.tags] = tags
            entity[EntityKeys.azimuth] = Double(index * 90)
            nodes[entityID] = entity
        }
        level[LevelKeys.entities] = nodes
        var goal = Goal()
        goal[GoalKeys.id] = "find"
        goal[GoalKeys.type] = "findAll"
        goal["tag"] = "bird"
        var goals = NodeMap<GoalKind>()
        goals["find"] = goal
        level[LevelKeys.goals] = goals
        level[LevelKeys.scoring] = ["type": "standard", "parTime": 30]
        return level
    }

    /// Stands in for the Lua rules (issue 3): when every entity is found the level is won
    /// with a score of 500 - 10 per miss, and a found `bee` earns the `bee-keeper` achievement.
    static var rules: Reducer<GameState> {
        Reducer("test rules", handles: .only(ActionName.entitySelected)) { state, action, context in
            if action["id"].stringValue == "bee" {
                state[Game.achievements]["bee-keeper"] = ["name": "Bee keeper"]
            }
            let level = state[Game.level]
            guard level[LevelKeys.found].count == level[LevelKeys.entities].count else { return }
            state[Game.level][LevelKeys.score] = 500 - 10 * level[LevelKeys.misses]
            context.emit(Action(ActionName.levelWon))
        }
    }

    /// A store playing `level` of `pack` with the engine's reducers and the stand-in rules.
    static func store(_ level: Level, pack: String = "scored") -> Store<GameState> {
        Store(state: GameState.incarnation(of: level, packID: pack, packVersion: "2.1.0"),
              reducers: LevelReducers.all + [rules])
    }
}
