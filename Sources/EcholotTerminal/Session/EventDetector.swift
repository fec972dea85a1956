import EcholotCore
import EcholotModel

/// Reads ``LevelEvent``s off store transitions by comparing the states before and after,
/// so it needs no knowledge of which rule did what: Swift reducers and Lua rules alike.
public enum EventDetector {
    /// The events of one transition, in a stable order: selection first, then goals,
    /// outcome, score and achievements.
    public static func events(old: GameState, new: GameState, actions: [Action], rejections: [Rejection]) -> [LevelEvent] {
        let sceneChanged = old[Game.story]["serial"] != new[Game.story]["serial"]
        var events = sceneChanged ? levelEvents(actions, before: old[Game.level]) : levelEvents(old: old, new: new, actions: actions)
        // Picking a choice's option is told as the choice made, not as a found entity.
        if StorySceneKind(scene: old[Game.story]["scene"]?.mapValue) == .choice {
            events.removeAll { if case .hit = $0 { true } else { false } }
        }
        // A pick that fails a goal or loses the level in the same transition was no find.
        let failed = events.contains { event in
            switch event {
            case .goalFailed, .lost: true
            default: false
            }
        }
        if failed {
            events = events.map { if case let .hit(id, _) = $0 { .wrong(id: id) } else { $0 } }
        }
        let earnedBefore = old[Game.achievements], earnedAfter = new[Game.achievements]
        for id in earnedAfter.keys.sorted() where earnedBefore[id] == nil {
            let title = earnedAfter[id]?.mapValue?["title"]?.stringValue
            events.append(.achievement(id: id, title: title))
        }
        for rejection in rejections {
            // A failed tick is undone as any failed action is, so the level's clock does not
            // move while the rule keeps failing: time limits never run out, nothing moves.
            // Told once, a player would otherwise take a frozen level for a running one.
            let frozen = rejection.action.name == ActionName.tick
            events.append(.problem(message: rejection.description, clockStopped: frozen))
        }
        events += storyEvents(actions, before: old[Game.level], after: new)
        return events
    }

    /// A story replaced the level within the transition (a won level gave way to a
    /// cut-scene): the level's last moments are read off the actions, since the state
    /// after holds the next scene.
    static func levelEvents(_ actions: [Action], before: Level) -> [LevelEvent] {
        var events: [LevelEvent] = []
        var found = before[LevelKeys.found].count, misses = before[LevelKeys.misses]
        for action in actions {
            switch action.name {
            case ActionName.entitySelected:
                guard let id = action["id"].stringValue, before[LevelKeys.entities][id]?[EntityKeys.selectable] == true else { continue }
                found += 1
                events.append(.hit(id: id, found: found))
            case ActionName.selectionMissed:
                misses += 1
                events.append(.miss(misses: misses))
            case ActionName.levelWon: events.append(.won)
            case ActionName.levelLost: events.append(.lost)
            default: continue
            }
        }
        return events
    }

    /// What the story's own actions tell: lines, choices, levels entered, the end. `before`
    /// is the level before them: a choice's options are its entities; `after` the state
    /// after them, whose clock a line's `{time}` says (read for a line only: this runs on
    /// every transition).
    static func storyEvents(_ actions: [Action], before: Level, after: GameState) -> [LevelEvent] {
        actions.compactMap { action in
            switch action.name {
            case StoryAction.line:
                return action["id"].stringValue.map {
                    .line(id: $0, speaker: action["speaker"].stringValue, azimuth: action["azimuth"].doubleValue,
                          time: TimeOfDay(announcedIn: after))
                }
            case StoryAction.choice:
                return .choiceOffered(id: action["id"].stringValue ?? "", options: action["options"].listValue?.compactMap(\.stringValue) ?? [])
            case StoryAction.level:
                return .storyLevel(id: action["id"].stringValue ?? "", attempt: action["attempt"].intValue ?? 1)
            case StoryAction.choiceMade:
                return action["option"].stringValue.map {
                    .choiceMade(option: $0, line: before[LevelKeys.entities][$0]?[EntityKeys.name])
                }
            case StoryAction.finished:
                return .storyFinished(ending: action["ending"].stringValue ?? "end")
            case StoryAction.stopped:
                return .storyStopped(message: action["message"].stringValue ?? "")
            default:
                return nil
            }
        }
    }

    /// The level's events, from the states before and after.
    static func levelEvents(old: GameState, new: GameState, actions: [Action]) -> [LevelEvent] {
        var events: [LevelEvent] = []
        let before = old[Game.level], after = new[Game.level]
        if before[LevelKeys.status] == .ready, after[LevelKeys.status] != .ready {
            events.append(.started)
        }
        let foundBefore = before[LevelKeys.found], foundAfter = after[LevelKeys.found]
        if foundAfter.count > foundBefore.count {
            for id in foundAfter.dropFirst(foundBefore.count) {
                events.append(.hit(id: id, found: foundAfter.count))
            }
        }
        let missesBefore = before[LevelKeys.misses], missesAfter = after[LevelKeys.misses]
        if missesAfter > missesBefore {
            events.append(.miss(misses: missesAfter))
        }
        let goalsBefore = before[LevelKeys.goals], goalsAfter = after[LevelKeys.goals]
        let startedNow = actions.contains { $0.name == ActionName.levelStarted }
        for id in goalsAfter.ids.sorted() {
            guard let goal = goalsAfter[id] else { continue }
            let state = goal[GoalKeys.state]
            let earlier = goalsBefore[id].map { $0[GoalKeys.state] } ?? .pending
            guard state != earlier else { continue }
            switch state {
            case .met:
                // Goals that hold from the start (time limits, miss limits) turn "met" as
                // the level starts; that is no news.
                if !startedNow { events.append(.goalMet(id: id)) }
            case .failed:
                events.append(.goalFailed(id: id))
            case .pending:
                continue
            }
        }
        let status = after[LevelKeys.status]
        if status != before[LevelKeys.status] {
            if status == .won { events.append(.won) }
            if status == .lost { events.append(.lost) }
        }
        if let score = after[LevelKeys.score], score != before[LevelKeys.score] {
            events.append(.scored(score))
        }
        return events
    }
}
