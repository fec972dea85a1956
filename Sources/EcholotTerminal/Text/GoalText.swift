import EcholotCore
import EcholotModel

/// A goal's state as the HUD shows it: a line and whether it is open, met or failed.
public struct GoalLine: Equatable, Sendable {
    /// What the goal says now ("Time left: 42 s").
    public var text: String
    /// Where it stands.
    public var state: GoalState
    /// Whether the goal holds from the start and can only fail (time and miss limits,
    /// decoys): its "met" is no achievement, so no tick mark is shown.
    public var isConstraint: Bool
}

/// Goals in words: one sentence each for the briefing (every goal, before the start)
/// and one line each for the HUD (how each stands now). The standard goal types get
/// their own sentences; a pack's own type gets its strings `goal.<type>.briefing` and
/// `goal.<type>.line` with the goal's fields filled in, or else is described from its
/// parameters.
public struct GoalText {
    /// Where entity names come from.
    public let names: Names

    /// Goal texts using `names`.
    public init(names: Names) { self.names = names }

    /// The goals of `level` in the order of its file when `paths` (the level
    /// definition's goal paths, `"find"` → `"goals[0]"`) say it, else by id.
    public static func orderedGoals(_ level: Level, paths: [String: String] = [:]) -> [Goal] {
        func index(_ id: String) -> Int {
            guard let path = paths[id], let open = path.firstIndex(of: "["), let close = path.firstIndex(of: "]"),
                  let n = Int(path[path.index(after: open) ..< close]) else { return Int.max }
            return n
        }
        return level[LevelKeys.goals].nodes.map(\.node).sorted { a, b in
            let (x, y) = (a[GoalKeys.id], b[GoalKeys.id])
            let (ix, iy) = (index(x), index(y))
            return ix != iy ? ix < iy : x < y
        }
    }

    /// The briefing sentence of `goal`.
    public func briefing(_ goal: Goal, in level: Level) -> String {
        let type = goal[GoalKeys.type]
        switch type {
        case "find":
            if let id = goal["entity"].stringValue {
                return "Find the \(names.entity(id, in: level)) and select it."
            }
            if let tag = goal["tag"].stringValue {
                return "Find one sound tagged “\(tag)” and select it."
            }
        case "findAll":
            if let tag = goal["tag"].stringValue {
                let members = tagged(tag, in: level).map { names.entity($0, in: level) }
                return "Find all \(members.count) sounds tagged “\(tag)” — \(Suggestion.list(members)) — and select each of them, in any order."
            }
        case "findInOrder":
            if let ids = goal["entities"].listValue?.compactMap(\.stringValue), !ids.isEmpty {
                let named = ids.map { names.entity($0, in: level) }
                return "Find \(named.joined(separator: ", then ")), in this order; selecting one of them out of turn loses the level."
            }
        case "timeLimit":
            if let seconds = goal["seconds"].doubleValue {
                return "Do it within \(names.words.seconds(seconds)); when the time is up, the level is lost."
            }
        case "maxMisses":
            if let misses = goal["misses"].intValue {
                if misses == 0 { return "Do not miss even once: a selection that hits nothing loses the level." }
                return "You may miss at most \(names.words.times(misses)); miss number \(misses + 1) loses the level."
            }
        case "avoid":
            if let id = goal["entity"].stringValue {
                return "Never select the \(names.entity(id, in: level)): selecting it loses the level."
            }
            if let tag = goal["tag"].stringValue {
                return "Never select a sound tagged “\(tag)”: selecting one loses the level."
            }
        default:
            // A type of the pack's own says what its strings say, when they say it.
            if let template = names.string("goal.\(type).briefing") { return fill(template, goal, in: level) }
        }
        return generic(goal)
    }

    /// The goal types the engine tells in its own words: a pack's `goal.<type>.briefing`
    /// and `goal.<type>.line` strings are read for the others only.
    public static let standardTypes: Set<String> = ["find", "findAll", "findInOrder", "timeLimit", "maxMisses", "avoid"]

    /// When `goal` must be met or held by, in the level's time: a `timeLimit`'s `seconds`,
    /// or the `deadline` a pack's goal sets (docs/modding.md), so that players hear any
    /// goal's time run out, not only the standard one's; nil when it has none. `timeLimit`
    /// is read from its parameter rather than made to set `deadline` too: a new field in its
    /// state would change the state hash of every recorded run of a level that has one.
    public static func deadline(of goal: Goal) -> Double? {
        let deadline = goal[goal[GoalKeys.type] == "timeLimit" ? "seconds" : "deadline"].doubleValue
        return deadline.flatMap { $0.isFinite ? $0 : nil }
    }

    /// The HUD line of `goal` in the level as it is now.
    public func status(_ goal: Goal, in level: Level) -> GoalLine {
        let state = goal[GoalKeys.state]
        let type = goal[GoalKeys.type]
        let found = Set(level[LevelKeys.found])
        switch type {
        case "find":
            if let id = goal["entity"].stringValue {
                let name = names.entity(id, in: level)
                return GoalLine(text: state == .met ? "\(name) found" : "Find the \(name)", state: state, isConstraint: false)
            }
            if let tag = goal["tag"].stringValue {
                return GoalLine(text: state == .met ? "A “\(tag)” found" : "Find one “\(tag)”", state: state, isConstraint: false)
            }
        case "findAll":
            if let tag = goal["tag"].stringValue {
                let members = tagged(tag, in: level)
                let left = members.filter { !found.contains($0) }.map { names.entity($0, in: level) }
                var text = "“\(tag)” found: \(members.count - left.count) of \(members.count)"
                if !left.isEmpty, state == .pending { text += "; still to find: \(Suggestion.list(left))" }
                return GoalLine(text: text, state: state, isConstraint: false)
            }
        case "findInOrder":
            if let ids = goal["entities"].listValue?.compactMap(\.stringValue), !ids.isEmpty {
                let done = ids.prefix { found.contains($0) }.count
                var text = "In order: \(done) of \(ids.count)"
                if state == .pending, done < ids.count { text += "; next: \(names.entity(ids[done], in: level))" }
                if state == .failed { text += "; the order was broken" }
                return GoalLine(text: text, state: state, isConstraint: false)
            }
        case "timeLimit":
            if let seconds = goal["seconds"].doubleValue {
                let left = max(0, seconds - level[LevelKeys.time])
                let text = state == .failed ? "Time is up" : "Time left: \(Int(saturating: left.rounded(.up))) s"
                return GoalLine(text: text, state: state, isConstraint: true)
            }
        case "maxMisses":
            if let allowed = goal["misses"].intValue {
                let misses = level[LevelKeys.misses]
                // "0 of 0" would be read out as a sum to work out.
                let text = state == .failed ? "Too many misses (\(misses))"
                    : allowed == 0 ? "No miss allowed"
                    : "Misses left: \(max(0, allowed - misses)) of \(allowed)"
                return GoalLine(text: text, state: state, isConstraint: true)
            }
        case "avoid":
            let what = goal["entity"].stringValue.map { "the \(names.entity($0, in: level))" }
                ?? goal["tag"].stringValue.map { "every “\($0)”" } ?? "the decoy"
            return GoalLine(text: state == .failed ? "You selected \(what)" : "Leave \(what) alone", state: state, isConstraint: true)
        default:
            break
        }
        var text = names.string("goal.\(type).line").map { fill($0, goal, in: level) } ?? "\(goal[GoalKeys.id]): \(state.rawValue)"
        if state != .failed, let deadline = Self.deadline(of: goal) {
            text += " (\(Int(saturating: max(0, deadline - level[LevelKeys.time]).rounded(.up))) s left)"
        }
        return GoalLine(text: text, state: state, isConstraint: false)
    }

    /// `template` with each `{field}` replaced by the goal's value of that field as a
    /// player reads it (``spoken(_:in:)``); a field the goal does not have stays as
    /// written, so a misspelt one shows where it is.
    private func fill(_ template: String, _ goal: Goal, in level: Level) -> String {
        var text = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            text += rest[..<open]
            let value = goal[String(rest[rest.index(after: open) ..< close])]
            text += value.isNull ? String(rest[open ... close]) : spoken(value, in: level)
            rest = rest[rest.index(after: close)...]
        }
        return text + rest
    }

    /// A goal's value in words: an entity's id becomes its name (any other text stays as
    /// it is), a list a list in words, a whole number loses its `.0`.
    private func spoken(_ value: Value, in level: Level) -> String {
        switch value {
        case let .string(text): return names.entity(text, in: level)
        case let .list(items): return Suggestion.list(items.map { spoken($0, in: level) })
        default: return Self.plain(value)
        }
    }

    /// What a goal of an unknown type asks, from its type and parameters.
    private func generic(_ goal: Goal) -> String {
        let reserved: Set = ["type", "id", "state", "progress", "deadline"]
        let parameters = goal.attributes.sorted { $0.key < $1.key }
            .filter { !reserved.contains($0.key) }
            .map { "\($0.key) \(Self.plain($0.value))" }
        let type = goal[GoalKeys.type]
        return parameters.isEmpty
            ? "Goal “\(type)”: met when its rule says so."
            : "Goal “\(type)” with \(Suggestion.list(parameters)): met when its rule says so."
    }

    /// Ids of the entities carrying `tag`, sorted.
    private func tagged(_ tag: String, in level: Level) -> [String] {
        level[LevelKeys.entities].nodes.filter { $0.node[EntityKeys.tags].contains(tag) }.map(\.id).sorted()
    }

    /// A value as a player reads it.
    static func plain(_ value: Value) -> String {
        switch value {
        case let .string(s): return s
        case let .number(d): return d.authorText
        case let .list(items): return items.map(plain).joined(separator: ", ")
        default: return value.description
        }
    }
}
