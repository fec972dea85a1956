import EcholotCore

/// The names of the actions the engine itself defines; everything else comes from rules.
public enum ActionName {
    /// Starts the level incarnation: time runs, selections count (FAA#8).
    public static let start = "start"
    /// Advances simulated time by `dt` seconds.
    public static let tick = "tick"
    /// Turns the view to an absolute `azimuth`.
    public static let turnTo = "turnTo"
    /// Turns the view by `degrees` (positive: clockwise).
    public static let turnBy = "turnBy"
    /// Tilts the view to an `elevation`.
    public static let tiltTo = "tiltTo"
    /// Scrolls the view to `azimuth` (and `elevation`, if given) — the editor's input.
    public static let moveTo = "moveTo"
    /// Selects whatever is nearest the view center within the tolerance.
    public static let select = "select"
    /// Selects the entity `id` directly (a pointer, a test, a menu).
    public static let selectEntity = "selectEntity"
    /// The time of day `{hour, minute}` for stories.
    public static let clock = "clock"
    /// Ends a run.
    public static let end = "end"
    /// Emitted: entity `id` was selected.
    public static let entitySelected = "entity.selected"
    /// Emitted: a selection hit nothing.
    public static let selectionMissed = "selection.missed"
    /// Emitted: the level is won.
    public static let levelWon = "level.won"
    /// Emitted: the level is lost.
    public static let levelLost = "level.lost"
    /// Emitted once by `start`.
    public static let levelStarted = "level.started"

    /// The actions an input log may contain.
    public static let inputs: Set<String> = [
        start, turnTo, turnBy, tiltTo, moveTo, select, selectEntity, clock, end,
    ]
}

extension Action {
    /// `tick {dt}`.
    public static func tick(_ dt: Double) -> Action { Action(ActionName.tick, ["dt": .number(dt)]) }
    /// `turnTo {azimuth}`.
    public static func turnTo(_ azimuth: Double) -> Action { Action(ActionName.turnTo, ["azimuth": .number(azimuth)]) }
    /// `turnBy {degrees}`.
    public static func turnBy(_ degrees: Double) -> Action { Action(ActionName.turnBy, ["degrees": .number(degrees)]) }
    /// `tiltTo {elevation}`.
    public static func tiltTo(_ elevation: Double) -> Action { Action(ActionName.tiltTo, ["elevation": .number(elevation)]) }
    /// `select {}`.
    public static var select: Action { Action(ActionName.select) }
    /// `selectEntity {id}`.
    public static func selectEntity(_ id: String) -> Action { Action(ActionName.selectEntity, ["id": .string(id)]) }
    /// `start {}`.
    public static var start: Action { Action(ActionName.start) }
}

/// A problem with an action's payload, reported when the store rejects it.
public struct ActionError: Error, CustomStringConvertible {
    /// What is wrong.
    public let description: String

    /// Creates an error with a sentence.
    public init(_ description: String) { self.description = description }

    /// The payload field `field` as a finite number, or an error naming it.
    static func number(_ action: Action, _ field: String) throws -> Double {
        guard let d = action[field].doubleValue, d.isFinite else {
            throw ActionError("\(action.name): '\(field)' must be a finite number, found \(action[field].typeName)")
        }
        return d
    }
}
