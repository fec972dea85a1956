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

    /// Emitted by the rules layer: goal `id` is met.
    public static let goalMet = "goal.met"
    /// Emitted by the rules layer: goal `id` has failed.
    public static let goalFailed = "goal.failed"
    /// Emitted by the rules layer: achievement `id` is earned.
    public static let achievementEarned = "achievement.earned"

    /// The actions an input log may contain.
    public static let inputs: Set<String> = [
        start, turnTo, turnBy, tiltTo, moveTo, select, selectEntity, clock, end,
    ]

    /// Every action a rule can handle by its exact name: what the engine dispatches and
    /// follows up with, what the rules layer and the story emit. Besides these there are
    /// only the ``families``. Not `end`: it stops a run before any store sees it, so a rule
    /// on it would never run.
    public static let handleable: Set<String> = inputs.subtracting([end]).union([
        tick, entitySelected, selectionMissed, levelWon, levelLost, levelStarted,
        goalMet, goalFailed, achievementEarned, StoryAction.cutsceneDone, StoryAction.choiceMade,
    ])

    /// The families whose actions rules name themselves: a pack's own (`pack.*`) and the
    /// story's (`story.*`).
    public static let families = ["pack.", "story."]

    /// The actions a rule may emit (`ctx.emit`) by their exact name; besides these, the
    /// ``families``.
    public static let emittable = [goalMet, goalFailed, levelWon, levelLost]

    /// Why a rule (or an entity's action) cannot emit the action `name`, with the likely
    /// name when it is a slip (`pakc.bell`, `goal.mett`); nil when it can.
    public static func problem(emitting name: String) -> String? {
        if let announced = StoryAction.problem(emitting: name) { return announced }
        if emittable.contains(name) || families.contains(where: name.hasPrefix) { return nil }
        var likely = Suggestion.closest(to: name, among: emittable)
        if likely == nil, let dot = name.firstIndex(of: ".") {
            likely = Suggestion.closest(to: String(name[...dot]), among: families).map { $0 + name[name.index(after: dot)...] }
        }
        return "rules may emit \(emittable.joined(separator: ", ")), "
            + "\(families.map { $0 + "*" }.joined(separator: " and ")) actions, not \(named(name))"
            + (likely.map { " (did you mean '\($0)'?)" } ?? "")
    }

    /// Why a rule cannot handle the action `name` (or the family `prefix.*`), with the
    /// nearest name there is; nil when it can.
    public static func problem(handling name: String) -> String? {
        if name.contains("*"), !name.hasSuffix(".*") || name.dropLast(2).contains("*") {
            return "only a trailing '.*' can match a family of actions"
        }
        if families.contains(where: name.hasPrefix) || handleable.contains(name) { return nil }
        if name == end {
            return "'end' stops a run before any rule sees it, so this would never run; "
                + "a level that is decided sends level.won or level.lost"
        }
        if name.hasSuffix(".*") {
            let prefix = String(name.dropLast())
            if families.contains(prefix) || handleable.contains(where: { $0.hasPrefix(prefix) }) { return nil }
            return "no action's name begins with \(named(prefix)); a pack's own actions are named pack.*"
        }
        return "no action is named so\(Suggestion.nameHint(for: name, among: handleable.sorted()))"
            + "; a pack's own actions are named pack.*"
    }
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
public struct ActionError: ActionPayloadError, CustomStringConvertible {
    /// The action whose payload is wrong.
    public let action: String
    /// What is wrong, without the action's name: a message placed at the input that
    /// dispatched the action names it there already.
    public let sentence: String

    /// Creates an error about `action`'s payload.
    public init(_ action: String, _ sentence: String) {
        self.action = action
        self.sentence = sentence
    }

    /// `action: sentence`.
    public var description: String { "\(action): \(sentence)" }
    /// The payload field `field` as a finite number, or an error naming it.
    static func number(_ action: Action, _ field: String) throws -> Double {
        guard let d = action[field].doubleValue, d.isFinite else {
            throw ActionError(action.name, "'\(field)' must be a finite number, found \(action[field].typeName)")
        }
        return d
    }
}
