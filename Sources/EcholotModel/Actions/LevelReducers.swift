import EcholotCore

/// The engine's own level reducers (thesis listing A.20): start, time, the view, selection
/// and the outcome. Goals, behaviours and scoring are rules on top (Lua, issue 3).
public enum LevelReducers {
    /// The lens from the game state to its level.
    public static var level: Lens<GameState, Level> { Game.level.lens }
    /// The lens from the game state to its view.
    public static var view: Lens<GameState, View> { level.appending(LevelKeys.view.lens) }

    /// All of them, in the order the store runs them.
    public static var all: [Reducer<GameState>] {
        [start, tick, steering, select, selectEntity, selected, missed, outcome, clock]
    }

    /// `start`: a ready level begins to run (once).
    public static var start: Reducer<GameState> {
        .scoped(
            "level.start", handles: .only(ActionName.start), lens: level
        ) { level, _, context in
            guard level[LevelKeys.status] == .ready else { return }
            level[LevelKeys.status] = .running
            context.emit(Action(ActionName.levelStarted))
        }
    }

    /// `tick {dt}`: simulated time advances while the level runs, and only then.
    public static var tick: Reducer<GameState> {
        .scoped(
            "level.tick", handles: .only(ActionName.tick), lens: level
        ) { level, action, _ in
            let dt = try ActionError.number(action, "dt")
            guard dt >= 0, dt <= 1 else { throw ActionError("tick", "'dt' must be between 0 and 1 second, found \(dt)") }
            guard level[LevelKeys.status] == .running else { return }
            level[LevelKeys.time] = advance(level[LevelKeys.time], by: dt)
        }
    }

    /// `time + dt`, held to the nearest whole number of steps when it is that within
    /// rounding: adding 1/60 s 1,200 times in floating point gives 20.000000000000146, and
    /// a rule's `ctx.time > 20` would fire a tick early. At a fixed step the time is always
    /// `ticks × dt` rounded once, as exact as a Double can be; a run whose step changes
    /// keeps the plain sum wherever it is not a whole number of the new step.
    static func advance(_ time: Double, by dt: Double) -> Double {
        let sum = time + dt
        guard dt > 0 else { return sum }
        let steps = (sum / dt).rounded()
        let exact = steps * dt
        return abs(sum - exact) <= 1e-9 * max(1, sum) ? exact : sum
    }

    /// `turnTo`, `turnBy`, `tiltTo`, `moveTo`: the view follows the player's head (FAA#11–14).
    public static var steering: Reducer<GameState> {
        .scoped(
            "level.view",
            handles: .only(ActionName.turnTo, ActionName.turnBy, ActionName.tiltTo, ActionName.moveTo),
            lens: view
        ) { view, action, _ in
            switch action.name {
            case ActionName.turnTo:
                view[ViewKeys.center] = Geometry.normalize(azimuth: try ActionError.number(action, "azimuth"))
            case ActionName.turnBy:
                let degrees = try ActionError.number(action, "degrees")
                view[ViewKeys.center] = Geometry.normalize(azimuth: view[ViewKeys.center] + degrees)
            case ActionName.tiltTo:
                view[ViewKeys.elevation] = Geometry.clamp(elevation: try ActionError.number(action, "elevation"))
            default:  // moveTo
                view[ViewKeys.center] = Geometry.normalize(azimuth: try ActionError.number(action, "azimuth"))
                if !action["elevation"].isNull {
                    view[ViewKeys.elevation] = Geometry.clamp(elevation: try ActionError.number(action, "elevation"))
                }
            }
        }
    }

    /// `select`: the nearest selectable entity within the tolerance is selected, otherwise
    /// the selection is a miss. Ties go to the entity whose id sorts first.
    public static var select: Reducer<GameState> {
        .scoped(
            "level.select", handles: .only(ActionName.select), lens: level
        ) { level, _, context in
            guard level[LevelKeys.status] == .running else { return }
            level[LevelKeys.selections].countOne()
            if let id = target(in: level) {
                context.emit(Action(ActionName.entitySelected, ["id": .string(id)]))
            } else {
                context.emit(Action(ActionName.selectionMissed, ["azimuth": .number(level[LevelKeys.view][ViewKeys.center])]))
            }
        }
    }

    /// The id of the entity a `select` would pick now, if any.
    public static func target(in level: Level) -> String? {
        let view = level[LevelKeys.view]
        let center = view[ViewKeys.center], tolerance = view[ViewKeys.selectTolerance]
        var best: (id: String, offset: Double)?
        for (id, entity) in level[LevelKeys.entities].nodes
        where entity[EntityKeys.selectable] && !entity[EntityKeys.found] {
            let offset = abs(Geometry.relative(azimuth: entity[EntityKeys.azimuth], center: center))
            guard offset <= tolerance else { continue }
            if let current = best, current.offset < offset || (current.offset == offset && current.id < id) { continue }
            best = (id, offset)
        }
        return best?.id
    }

    /// `selectEntity {id}`: selects that entity directly, if it can be selected.
    public static var selectEntity: Reducer<GameState> {
        .scoped(
            "level.selectEntity", handles: .only(ActionName.selectEntity), lens: level
        ) { level, action, context in
            guard let id = action["id"].stringValue else {
                throw ActionError("selectEntity", "'id' must be a string, found \(action["id"].typeName)")
            }
            guard let entity = level[LevelKeys.entities][id] else {
                // A log or a test written by hand most often misspells the id.
                let hint = Suggestion.nameHint(for: id, among: level[LevelKeys.entities].ids.sorted())
                throw ActionError("selectEntity", "there is no entity \(named(id)) in level '\(level[LevelKeys.id])'\(hint)")
            }
            guard level[LevelKeys.status] == .running, entity[EntityKeys.selectable], !entity[EntityKeys.found] else { return }
            level[LevelKeys.selections].countOne()
            context.emit(Action(ActionName.entitySelected, ["id": .string(id)]))
        }
    }

    /// `entity.selected {id}`: the entity counts as found; its attached actions fire (FAA#17).
    public static var selected: Reducer<GameState> {
        .scoped(
            "level.found", handles: .only(ActionName.entitySelected), lens: level
        ) { level, action, context in
            guard let id = action["id"].stringValue else { return }
            var attached: [Value] = []
            let changed = level.modify(LevelKeys.entities) { entities in
                entities.modify(id) { entity -> Bool in
                    guard !entity[EntityKeys.found] else { return false }
                    entity[EntityKeys.found] = true
                    attached = entity[EntityKeys.actions]
                    return true
                }
            }
            guard changed == true else { return }
            level.modify(LevelKeys.found) { $0.append(id) }
            for case let .map(spec) in attached where spec["on"]?.stringValue == "selected" {
                guard let name = spec["action"]?.stringValue else { continue }
                var payload = spec
                payload["on"] = nil
                payload["action"] = nil
                if payload["entity"] == nil { payload["entity"] = .string(id) }
                context.emit(Action(name, payload))
            }
        }
    }

    /// `selection.missed`: one more miss.
    public static var missed: Reducer<GameState> {
        .scoped(
            "level.missed", handles: .only(ActionName.selectionMissed), lens: level
        ) { level, _, _ in
            level[LevelKeys.misses].countOne()
        }
    }

    /// `level.won` / `level.lost`: the first outcome of a running level sticks.
    public static var outcome: Reducer<GameState> {
        .scoped(
            "level.outcome", handles: .only(ActionName.levelWon, ActionName.levelLost), lens: level
        ) { level, action, _ in
            guard level[LevelKeys.status] == .running else { return }
            level[LevelKeys.status] = action.name == ActionName.levelWon ? .won : .lost
        }
    }
}

extension Int {
    /// Counts one more, stopping at the largest count: a rule may have set a counter of
    /// the level to anything, and counting must never trap.
    mutating func countOne() {
        if self < .max { self += 1 }
    }
}
