import EcholotCore
import EcholotModel

/// Reads ``LevelEvent``s off store transitions by comparing the states before and after,
/// so it needs no knowledge of which rule did what: Swift reducers and Lua rules alike.
public enum EventDetector {
    /// The events of one transition, in a stable order: selection first, then goals,
    /// outcome, score and achievements.
    public static func events(old: GameState, new: GameState, actions: [Action], rejections: [Rejection]) -> [LevelEvent] {
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
        let earnedBefore = old[Game.achievements], earnedAfter = new[Game.achievements]
        for id in earnedAfter.keys.sorted() where earnedBefore[id] == nil {
            let title = earnedAfter[id]?.mapValue?["title"]?.stringValue
            events.append(.achievement(id: id, title: title))
        }
        for rejection in rejections {
            events.append(.problem(rejection.description))
        }
        return events
    }
}
