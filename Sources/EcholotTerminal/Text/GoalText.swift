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
        let words = names.words
        switch type {
        case "find":
            if let id = goal["entity"].stringValue { return words.findBriefing(entity: names.entity(id, in: level)) }
            if let tag = goal["tag"].stringValue { return words.findBriefing(tag: names.tag(tag)) }
        case "findAll":
            if let tag = goal["tag"].stringValue {
                return words.findAllBriefing(tag: names.tag(tag), members: tagged(tag, in: level).map { names.entity($0, in: level) })
            }
        case "findInOrder":
            if let ids = goal["entities"].listValue?.compactMap(\.stringValue), !ids.isEmpty {
                return words.findInOrderBriefing(ids.map { names.entity($0, in: level) })
            }
        case "timeLimit":
            if let seconds = goal["seconds"].doubleValue { return words.timeLimitBriefing(seconds: seconds) }
        case "maxMisses":
            if let misses = goal["misses"].intValue { return words.maxMissesBriefing(misses) }
        case "avoid":
            if let id = goal["entity"].stringValue { return words.avoidBriefing(entity: names.entity(id, in: level)) }
            if let tag = goal["tag"].stringValue { return words.avoidBriefing(tag: names.tag(tag)) }
        default:
            // A type of the pack's own says what its strings say, when they say it.
            if let text = fill("goal.\(type).briefing", goal, in: level) { return text }
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
        let words = names.words
        switch type {
        case "find":
            if let id = goal["entity"].stringValue {
                let text = words.findLine(entity: names.entity(id, in: level), found: state == .met)
                return GoalLine(text: text, state: state, isConstraint: false)
            }
            if let tag = goal["tag"].stringValue {
                return GoalLine(text: words.findLine(tag: names.tag(tag), found: state == .met), state: state, isConstraint: false)
            }
        case "findAll":
            if let tag = goal["tag"].stringValue {
                let members = tagged(tag, in: level)
                let left = members.filter { !found.contains($0) }.map { names.entity($0, in: level) }
                let text = words.findAllLine(tag: names.tag(tag), found: members.count - left.count, of: members.count,
                                             left: state == .pending ? left : [])
                return GoalLine(text: text, state: state, isConstraint: false)
            }
        case "findInOrder":
            if let ids = goal["entities"].listValue?.compactMap(\.stringValue), !ids.isEmpty {
                let done = ids.prefix { found.contains($0) }.count
                let next = state == .pending && done < ids.count ? names.entity(ids[done], in: level) : nil
                let text = words.inOrderLine(done: done, of: ids.count, next: next, broken: state == .failed)
                return GoalLine(text: text, state: state, isConstraint: false)
            }
        case "timeLimit":
            if let seconds = goal["seconds"].doubleValue {
                let left = max(0, seconds - level[LevelKeys.time])
                let text = words.timeLine(left: state == .failed ? nil : Int(saturating: left.rounded(.up)))
                return GoalLine(text: text, state: state, isConstraint: true)
            }
        case "maxMisses":
            if let allowed = goal["misses"].intValue {
                let text = words.missesLine(misses: level[LevelKeys.misses], allowed: allowed, failed: state == .failed)
                return GoalLine(text: text, state: state, isConstraint: true)
            }
        case "avoid":
            let what: Words.Avoided = goal["entity"].stringValue.map { .entity(names.entity($0, in: level)) }
                ?? goal["tag"].stringValue.map { .tag(names.tag($0)) } ?? .decoy
            return GoalLine(text: words.avoidLine(what, failed: state == .failed), state: state, isConstraint: true)
        default:
            break
        }
        var text = fill("goal.\(type).line", goal, in: level)
            ?? words.goalState(id: goal[GoalKeys.id], state: state)
        if state != .failed, let deadline = Self.deadline(of: goal) {
            text += words.timeLeftNote(Int(saturating: max(0, deadline - level[LevelKeys.time]).rounded(.up)))
        }
        return GoalLine(text: text, state: state, isConstraint: false)
    }

    /// The pack's string `id` with each `{field}` replaced by the goal's value of that
    /// field as a player reads it, or by its type's default for a parameter the level leaves
    /// out; a field the goal does not have stays as written, so a misspelt one shows where
    /// it is. Nil when the pack has no such string.
    private func fill(_ id: String, _ goal: Goal, in level: Level) -> String? {
        let defaults = names.defaults.goals[goal[GoalKeys.type]] ?? [:]
        return fill(id, in: level) { field in
            let value = goal[field]
            return value.isNull ? defaults[field] : value
        }
    }

    /// The pack's string `id` with each `{field}` replaced by `value(field)` as a player
    /// reads it (``spoken(_:in:words:)``, in the language the string is written in), a
    /// pack's goal or scoring rule being told by its strings; a field without a value stays
    /// as written. Nil when the pack has no such string.
    func fill(_ id: String, in level: Level, value: (String) -> Value?) -> String? {
        guard let template = names.string(id) else { return nil }
        let words = names.words(forString: id)
        return Placeholders.fill(template) { field in
            guard let value = value(field), !value.isNull else { return nil }
            return spoken(value, in: level, words: words)
        }
    }

    /// A goal's value in words: an entity's id becomes its name, a tag with a string of its
    /// own (`tag.<tag>.name`) that string (any other text stays as it is), a list a list in
    /// words, a whole number loses its `.0`.
    private func spoken(_ value: Value, in level: Level, words: Words) -> String {
        switch value {
        case let .string(text):
            return level[LevelKeys.entities][text] != nil ? names.entity(text, in: level) : names.tag(text)
        case let .list(items): return words.list(items.map { spoken($0, in: level, words: words) })
        default: return Self.plain(value, words: words)
        }
    }

    /// What a goal of an unknown type asks, from its type and parameters (one the level
    /// leaves out at its default, as the rule plays it).
    private func generic(_ goal: Goal) -> String {
        let parameters = Self.parameters(goal.attributes, defaults: names.defaults.goals[goal[GoalKeys.type]] ?? [:],
                                         without: GoalKeys.engineFields, words: names.words)
        return names.words.genericGoal(type: goal[GoalKeys.type], parameters: parameters)
    }

    /// A rule entry's parameters in words, by name ("seconds 20"): those `given`, and those
    /// it leaves to `defaults`, as the rule plays them; the fields `without` are left out.
    static func parameters(_ given: PersistentMap<Value>, defaults: [String: Value], without: Set<String>, words: Words) -> [String] {
        let written = Dictionary(given.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        return written.merging(defaults) { level, _ in level }.sorted { $0.key < $1.key }
            .filter { !without.contains($0.key) }
            .map { "\($0.key) \(plain($0.value, words: words))" }
    }

    /// Ids of the entities carrying `tag`, sorted.
    private func tagged(_ tag: String, in level: Level) -> [String] {
        level[LevelKeys.entities].nodes.filter { $0.node[EntityKeys.tags].contains(tag) }.map(\.id).sorted()
    }

    /// A value as a player of `words` reads it: a number with its decimal comma in German.
    static func plain(_ value: Value, words: Words) -> String {
        switch value {
        case let .string(s): return s
        case let .number(d): return words.number(d)
        case let .list(items): return items.map { plain($0, words: words) }.joined(separator: words.valueSeparator)
        default: return value.description
        }
    }
}
