import EcholotCore

/// Whether the story can end: a story whose every way leads round again would keep the player
/// forever, and `validate` would pass it. Worked out by playing the steps through every
/// choice, level outcome and branch, with the variables the steps set, so a loop the player
/// can leave (a lost level retried, a choice that leads on) is not told.
extension StoryChecker {
    /// Where the story stands as its steps see it: the step, the variables (as JSON texts,
    /// which are alike for values a branch holds alike for), and the last level's outcome
    /// and step, which an `outcome` test and a `retry` read.
    struct Moment: Hashable {
        var place: Place
        var vars: [String: String] = [:]
        var outcome: String?
        var lastLevel: Place?
    }

    /// Every moment the story's steps can come to from its start, and where each can go
    /// (`nil`: out of the story, by an end, running off the last chapter, or a stop).
    struct Moments {
        /// The values the steps give variables, by JSON text, to test a moment's.
        var values: [String: Value] = [:]
        var all: [Moment] = []
        var ways: [[Int?]] = []
        var index: [Moment: Int] = [:]
    }

    /// The most moments worked out: past it (variables set to many values in many
    /// combinations) the check is left out rather than slow `validate` down.
    static let momentLimit = 50_000

    /// Reports, once, a story that can come to a loop it never leaves, whatever the player
    /// chooses, wins or loses: at the step that leads back, as never ending when that is so
    /// from its start. Else a `retry` that plays its level again even when it was won, so
    /// that winning never goes on. Only when the steps alone move the story, all of it was
    /// read, and no loop of jumps or variable test that never holds was told, which would
    /// be told again as what follows from it.
    func checkEnding() {
        guard reachedPlaces() != nil, let moments = playThrough() else { return }
        var canEnd = Array(repeating: false, count: moments.all.count)
        var sources = Array(repeating: [Int](), count: moments.all.count)
        var pending: [Int] = []
        for (from, ways) in moments.ways.enumerated() {
            for way in ways {
                if let to = way { sources[to].append(from) } else if !canEnd[from] { canEnd[from] = true; pending.append(from) }
            }
        }
        while let moment = pending.popLast() {
            for from in sources[moment] where !canEnd[from] {
                canEnd[from] = true
                pending.append(from)
            }
        }
        guard !reportLoopForever(moments, canEnd: canEnd) else { return }
        reportRetriesAfterWins(moments)
    }

    /// Plays the steps from the start through every way they can go; `nil` past
    /// ``momentLimit``.
    private func playThrough() -> Moments? {
        guard let first = start(of: book.start) else { return nil }
        var moments = Moments()
        func give(_ value: Value) { moments.values[value.jsonText] = moments.values[value.jsonText] ?? value }
        for step in book.chapters.flatMap(\.steps) {
            switch step.kind {
            case let .set(_, value): give(value)
            case let .choice(choice): choice.options.forEach { give(.string($0.value)) }
            default: break
            }
        }
        func add(_ moment: Moment) -> Int {
            if let known = moments.index[moment] { return known }
            moments.index[moment] = moments.all.count
            moments.all.append(moment)
            moments.ways.append([])
            return moments.all.count - 1
        }
        _ = add(Moment(place: first))
        var next = 0
        while next < moments.all.count {
            guard moments.all.count <= Self.momentLimit else { return nil }
            let ways = self.ways(from: moments.all[next], values: moments.values)
            moments.ways[next] = ways.map { $0.map(add) }
            next += 1
        }
        return moments
    }

    /// Where the story goes from `moment`'s step: a level on when won, where its `onLoss`
    /// says when lost; a choice on with each option's value; a branch whichever ways its
    /// condition can go (an achievement or a day part either way). `nil` leaves the story.
    private func ways(from moment: Moment, values: [String: Value]) -> [Moment?] {
        let place = moment.place
        let next = resolve(place.chapter, place.step + 1)
        func at(_ target: Place?, _ change: (inout Moment) -> Void = { _ in }) -> Moment? {
            guard let target else { return nil }
            var moved = moment
            moved.place = target
            change(&moved)
            return moved
        }
        switch book.chapters[place.chapter].steps[place.step].kind {
        case .end: return [nil]
        case .cutscene: return [at(next)]
        case let .set(name, value): return [at(next) { $0.vars[name] = value.jsonText }]
        case let .jump(id): return [at(start(of: id))]
        case let .choice(choice):
            return choice.options.map { option in at(next) { $0.vars[choice.variable] = Value.string(option.value).jsonText } }
        case let .level(step):
            let lost: Place?
            switch step.onLoss {
            case .retry: lost = place
            case .next: lost = next
            case let .chapter(id): lost = start(of: id)
            }
            return [at(next) { ($0.outcome, $0.lastLevel) = ("won", place) }, at(lost) { ($0.outcome, $0.lastLevel) = ("lost", place) }]
        case let .branch(condition, target):
            let taken: Moment?
            switch target {
            case let .chapter(id): taken = at(start(of: id))
            case .retry: taken = moment.lastLevel.flatMap { at($0) }  // before any level it stops the story
            }
            switch holds(condition, in: moment, values: values) {
            case true?: return [taken]
            case false?: return [at(next)]
            case nil: return [taken, at(next)]
            }
        }
    }

    /// Whether `condition` holds at `moment`; `nil` when the steps do not decide it.
    private func holds(_ condition: StoryCondition, in moment: Moment, values: [String: Value]) -> Bool? {
        switch condition {
        case let .outcome(outcome): return moment.outcome == outcome
        case let .variable(name, value, _, _):
            return (moment.vars[name].flatMap { values[$0] } ?? .null).equalsAsJSON(value)
        case let .not(inner): return holds(inner, in: moment, values: values).map(!)
        case .achievement, .dayPart: return nil
        }
    }

    /// Reports the loop of moments that cannot end, at the first step in the file that leads
    /// back into it (a level's retry after a loss aside: winning leaves that); whether it
    /// told one.
    private func reportLoopForever(_ moments: Moments, canEnd: [Bool]) -> Bool {
        var back = Set<Place>()
        for (from, moment) in moments.all.enumerated() where !canEnd[from] {
            for case let to? in moments.ways[from] {
                let target = moments.all[to].place
                let retriedAfterLoss = target == moment.place && isLevel(moment.place)
                if (target.chapter, target.step) <= (moment.place.chapter, moment.place.step), !retriedAfterLoss {
                    back.insert(moment.place)
                }
            }
        }
        let sorted = back.sorted { ($0.chapter, $0.step) < ($1.chapter, $1.step) }
        guard let first = sorted.first else { return false }
        let step = book.chapters[first.chapter].steps[first.step]
        let lines = Self.once(sorted.dropFirst().map { "\(book.chapters[$0.chapter].steps[$0.step].position.line)" })
            .filter { $0 != "\(step.position.line)" }
        let also = lines.isEmpty ? "" : " (as does the step on line\(lines.count == 1 ? "" : "s") \(Suggestion.list(lines)))"
        let never = "no path reaches an end step or the end of the last chapter, whatever the player chooses, wins or loses"
        if !canEnd[0] {
            report.error("the story never ends: from its start \(never); \(describe(step)) leads back\(also); give the story a "
                + "way to an end step", at: step.position)
        } else {
            report.error("the story can come to loop here forever: once it does, \(never); \(describe(step)) leads back\(also); "
                + "give the loop a way out to an end step", at: step.position)
        }
        return true
    }

    /// Reports each `retry` that plays its level again when it was won, every time the story
    /// comes to it after a win: winning never goes on past it. A retry after a loss is left
    /// alone: the player can win next time.
    private func reportRetriesAfterWins(_ moments: Moments) {
        var wins: [Place: [Moment]] = [:]
        for moment in moments.all where isRetry(moment.place) && moment.outcome == "won" {
            wins[moment.place, default: []].append(moment)
        }
        for (place, arrivals) in wins.sorted(by: { ($0.key.chapter, $0.key.step) < ($1.key.chapter, $1.key.step) }) {
            guard case let .branch(condition, _) = book.chapters[place.chapter].steps[place.step].kind,
                  arrivals.allSatisfy({ holds(condition, in: $0, values: moments.values) == true }) else { continue }
            let levels = Self.once(arrivals.compactMap(\.lastLevel).compactMap { last -> String? in
                guard case let .level(step) = book.chapters[last.chapter].steps[last.step].kind else { return nil }
                return step.level
            })
            let level = levels.count == 1 ? "level \(named(levels[0]))" : "the last level"
            report.error("this retry plays \(level) again even when it was won: its condition holds every time the story comes "
                + "here after a win, so winning never goes on past it; retry only after a loss (test {\"outcome\": \"lost\"}), "
                + "or make its condition one a win can leave", at: book.chapters[place.chapter].steps[place.step].position)
        }
    }

    /// How a message names the step that leads back.
    private func describe(_ step: StoryStep) -> String {
        switch step.kind {
        case .jump: return "this goto"
        case .branch(_, .retry): return "this retry"
        case .branch: return "this branch"
        case .level: return "this level's 'onLoss'"
        default: return "this step"
        }
    }
}
