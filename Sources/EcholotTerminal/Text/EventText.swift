import EcholotCore
import EcholotModel

/// Level events as sentences: the same words on the full screen and in line mode.
public struct EventText {
    /// Names of the pack's things.
    public let names: Names
    /// Goal sentences.
    public let goals: GoalText

    /// Event sentences using `names`.
    public init(names: Names) {
        self.names = names
        goals = GoalText(names: names)
    }

    /// The sentence for `event` in `level` (the level as it is after the event), and
    /// whether it is good or bad news; `nil` for events that say nothing by themselves.
    public func sentence(_ event: LevelEvent, in level: Level) -> (text: String, style: TextStyle)? {
        switch event {
        case .started:
            return nil
        case let .hit(id, found):
            return ("Hit: \(names.entity(id, in: level)). Found \(found) so far.", .good)
        case let .miss(misses):
            return ("Miss: nothing there. \(misses == 1 ? "1 miss" : "\(misses) misses") so far.", .bad)
        case let .goalMet(id):
            guard let goal = level[LevelKeys.goals][id] else { return nil }
            return ("Goal met: \(goals.status(goal, in: level).text).", .good)
        case let .goalFailed(id):
            guard let goal = level[LevelKeys.goals][id] else { return nil }
            return ("Goal failed: \(goals.status(goal, in: level).text).", .bad)
        case .won:
            return ("You won the level!", .good)
        case .lost:
            return ("The level is lost.", .bad)
        case let .scored(score):
            return ("Score: \(score).", .normal)
        case let .achievement(id, title):
            return ("Achievement earned: \(title ?? id).", .good)
        case let .problem(message):
            return ("A rule failed (the game goes on): \(message)", .warning)
        }
    }

    /// What is in view, for line mode: "In view: Bell 5° right, Bee 40° left."
    public func inView(_ strip: ViewStrip, level: Level) -> String? {
        guard !strip.visible.isEmpty else { return nil }
        let items = strip.visible.sorted { abs($0.relative) < abs($1.relative) }.map { item -> String in
            let found = level[LevelKeys.entities][item.id]?[EntityKeys.found] == true ? " (found)" : ""
            return "\(names.entity(item.id, in: level))\(found) \(Compass.relative(item.relative))"
        }
        return "In view: \(items.joined(separator: ", "))."
    }
}
