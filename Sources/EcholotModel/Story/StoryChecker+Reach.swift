import EcholotCore

/// What the story's steps reach: a `retry` that comes only before any level (it would stop
/// the story, with no level to retry), and steps and chapters never reached.
extension StoryChecker {
    /// Reports what the story certainly never plays, when only its steps move it (a rule
    /// may jump to any chapter, or write any place): the steps after a chapter's `end` or
    /// `goto`, since steps enter a chapter only at its start, and a chapter nothing the
    /// story reaches jumps to or goes on into.
    func checkUnreached() {
        guard onlyStepsDriveTheStory else { return }
        var unreached = Set<Int>()
        if let reached = reachedPlaces() {
            let chapters = Set(reached.map(\.chapter))
            for (index, chapter) in book.chapters.enumerated()
            where !chapter.steps.isEmpty && !chapters.contains(index) && book.chapterIndex(chapter.id) == index {
                unreached.insert(index)
                // One that only the chapter before, never reached either, would go on into is
                // told by that one's problem.
                if index > 0, unreached.contains(index - 1), !Self.stops(book.chapters[index - 1]) { continue }
                report.error("chapter \(named(chapter.id)) is never reached: nothing the story reaches jumps to it or goes on "
                    + "into it; jump to it from a step that is reached, or remove it", at: chapter.idPosition)
            }
        }
        for (index, chapter) in book.chapters.enumerated() where !unreached.contains(index) {
            guard let last = chapter.steps.indices.dropLast().first(where: { Self.stops(chapter.steps[$0]) }) else { continue }
            let (key, does): (String, String)
            switch chapter.steps[last].kind {
            case let .jump(id): (key, does) = ("goto", "always jumps to chapter \(named(id))")
            default: (key, does) = ("end", "ends the story")
            }
            let rest = chapter.steps.count - last - 2
            let these = rest == 0 ? "this step is" : "this step and the \(rest) after it are"
            report.error("\(these) never reached: the '\(key)' before \(rest == 0 ? "it" : "them") \(does); remove "
                + "\(rest == 0 ? "it" : "them"), or move \(rest == 0 ? "it" : "them") before the '\(key)'",
                         at: chapter.steps[last + 1].position)
        }
    }

    /// Whether the step goes nowhere after it: an `end`, or a `goto`.
    private static func stops(_ step: StoryStep) -> Bool {
        switch step.kind {
        case .end, .jump: return true
        default: return false
        }
    }

    /// Whether the chapter's last step goes nowhere after it, so the chapter never goes on
    /// into the next.
    static func stops(_ chapter: Chapter) -> Bool {
        chapter.steps.last.map(stops) ?? false
    }

    /// Reports each branch's `retry` that can only be reached before any level is played:
    /// one the story certainly runs as it begins, whatever scripts do (the start clears the
    /// last level, and no rule runs between its first steps); and, when only the story's
    /// steps move it, one no path of steps reaches after a level.
    func checkRetries() {
        var told = Set<Place>()
        if let place = retryAtStart() {
            told.insert(place)
            report.error("this branch retries the last level as the story begins, before any level is played, which stops "
                + "the story; put it after a level step", at: book.chapters[place.chapter].steps[place.step].position)
        }
        guard let reached = reachedPlaces() else { return }
        let afterLevel = reach(from: reached.filter { isLevel($0) }.flatMap(followers))
        for place in reached.sorted(by: { ($0.chapter, $0.step) < ($1.chapter, $1.step) })
        where isRetry(place) && !afterLevel.contains(place) && !told.contains(place) {
            report.error("this branch's 'retry' is only ever reached before any level is played, when there is no level to "
                + "retry (it would stop the story); put it after a level step", at: book.chapters[place.chapter].steps[place.step].position)
        }
    }

    /// The step of a `retry` the story runs for certain as it begins, with its condition
    /// holding: followed from the start through steps that do not wait for the player,
    /// as long as where each goes is known (a `set` step's value, a jump; a branch only on
    /// an outcome, which no level has given yet, or, when only steps drive the story, on a
    /// variable the steps so far have set). Not when a step could not be read: the story
    /// without it would begin otherwise than as written.
    private func retryAtStart() -> Place? {
        guard complete, let first = start(of: book.start) else { return nil }
        var place = first
        var vars: [String: Value] = [:]
        var seen = Set<Place>()  // a loop of jumps is told by checkLoops
        while seen.insert(place).inserted {
            let next = resolve(place.chapter, place.step + 1)
            switch book.chapters[place.chapter].steps[place.step].kind {
            case let .set(name, value):
                vars[name] = value
                guard let next else { return nil }
                place = next
            case let .jump(id):
                guard let target = start(of: id) else { return nil }
                place = target
            case let .branch(condition, target):
                guard let holds = holdsAtStart(condition, vars: vars) else { return nil }
                if holds, target == .retry { return place }
                if holds, case let .chapter(id) = target {
                    guard let target = start(of: id) else { return nil }
                    place = target
                } else {
                    guard let next else { return nil }
                    place = next
                }
            default:
                return nil
            }
        }
        return nil
    }

    /// Whether `condition` holds as the story begins, when that is known: there is no
    /// outcome yet, and without scripts a variable holds what the steps so far set, else null.
    private func holdsAtStart(_ condition: StoryCondition, vars: [String: Value]) -> Bool? {
        switch condition {
        case .outcome: return false
        case let .variable(name, value, _, _): return onlyStepsDriveTheStory ? (vars[name] ?? .null).equalsAsJSON(value) : nil
        case let .not(inner): return holdsAtStart(inner, vars: vars).map(!)
        case .achievement, .dayPart: return nil
        }
    }

    /// Every step the story's steps can reach from its start, taking every branch both
    /// ways; `nil` when that is not known: a rule may move the story, a step could not be
    /// read, or a chapter named is not there (each told on its own).
    func reachedPlaces() -> Set<Place>? {
        guard onlyStepsDriveTheStory, complete, book.chapterIndex(book.start) != nil,
              references.allSatisfy({ book.chapterIndex($0.id) != nil }),
              let first = start(of: book.start) else { return nil }
        return reach(from: [first])
    }

    /// The places reachable from `starts`, themselves included; walked with a list, not
    /// recursion, so a story of thousands of steps is no deeper a walk.
    private func reach(from starts: [Place]) -> Set<Place> {
        var seen = Set(starts)
        var pending = starts
        while let place = pending.popLast() {
            for next in followers(place) where seen.insert(next).inserted { pending.append(next) }
        }
        return seen
    }

    /// Where the story can go from a step, waiting for the player or not: a level goes on
    /// when won, and where its `onLoss` says when lost; a choice goes on after the pick.
    private func followers(_ place: Place) -> [Place] {
        let next = resolve(place.chapter, place.step + 1)
        switch book.chapters[place.chapter].steps[place.step].kind {
        case .end: return []
        case let .jump(id): return start(of: id).map { [$0] } ?? []
        case let .branch(_, .chapter(id)): return [next, start(of: id)].compactMap { $0 }
        case let .level(step):
            guard case let .chapter(id) = step.onLoss else { return next.map { [$0] } ?? [] }
            return [next, start(of: id)].compactMap { $0 }
        case .cutscene, .choice, .set, .branch(_, .retry): return next.map { [$0] } ?? []
        }
    }

    /// Whether the step at `place` is a level's.
    func isLevel(_ place: Place) -> Bool {
        if case .level = book.chapters[place.chapter].steps[place.step].kind { return true }
        return false
    }

    /// Whether the step at `place` is a branch that retries.
    func isRetry(_ place: Place) -> Bool {
        if case .branch(_, .retry) = book.chapters[place.chapter].steps[place.step].kind { return true }
        return false
    }
}
