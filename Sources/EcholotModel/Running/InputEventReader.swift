import EcholotCore

/// Checks input events one by one, in order: an input log's lines and a pack test's
/// `input` list go through the same checks, so neither takes what the other refuses.
public struct InputEventReader {
    /// What is wrong: where (the start of the event when it has no positions), the field it
    /// is about (`nil` for the event as a whole), and the sentence.
    public typealias Report = (_ position: SourcePosition, _ field: String?, _ message: String) -> Void

    /// The latest `t` an event may have (`nil`: any), for a caller that plays the whole log.
    public var latest: Double?
    /// The `t` of the events read so far, which the next may not go back before.
    private var previousT = 0.0

    /// The actions this reader takes, with their payload fields.
    private let payloads: [String: [(field: String, required: Bool, kind: PayloadKind)]]

    /// A reader for one sequence of events; a story's play may also skip a cut-scene
    /// (`cutscene.done {id}`), which a level's input log may not.
    public init(latest: Double? = nil, skippingCutscenes: Bool = false) {
        self.latest = latest
        payloads = skippingCutscenes ? Self.levelPayloads.merging([StoryAction.cutsceneDone: [("id", true, .string)]]) { $1 }
            : Self.levelPayloads
    }

    /// The payload fields each input action of a level takes.
    private static let levelPayloads: [String: [(field: String, required: Bool, kind: PayloadKind)]] = [
        ActionName.start: [],
        ActionName.turnTo: [("azimuth", true, .number)],
        ActionName.turnBy: [("degrees", true, .number)],
        ActionName.tiltTo: [("elevation", true, .number)],
        ActionName.moveTo: [("azimuth", true, .number), ("elevation", false, .number)],
        ActionName.select: [],
        ActionName.selectEntity: [("id", true, .string)],
        ActionName.clock: [("hour", true, .hour), ("minute", true, .minute)],
        ActionName.end: [],
    ]

    private enum PayloadKind { case number, string, hour, minute }

    /// The event `{"t": seconds, "action": NAME, …payload}` whose members are given, or
    /// `nil` after reporting every problem with it.
    public mutating func event(from members: [JSONMember], at position: SourcePosition,
                               report: Report) -> (t: Double, action: Action)? {
        var fields: [String: JSONMember] = [:]
        for member in members { fields[member.key] = member }
        var ok = true
        guard let tMember = fields["t"] else {
            report(position, nil, "missing field 't' (seconds since the start)")
            return nil
        }
        guard let t = tMember.value.value.doubleValue, t.isFinite, t >= 0 else {
            let found = tMember.value.value.doubleValue.flatMap { $0.isFinite ? $0.authorText : nil } ?? tMember.value.value.typeDescription
            report(tMember.value.position, "t", "'t' must be a number of seconds ≥ 0, found \(found)")
            return nil
        }
        if let latest, t > latest {
            report(tMember.value.position, "t", "'t' is \(t.authorText) s, later than the \(latest.authorText) s a run may last")
            ok = false
        }
        if t < previousT {
            report(tMember.value.position, "t", "'t' goes back in time (\(t) after \(previousT)); events must be in time order")
            ok = false
        }
        previousT = max(previousT, t)
        guard let actionMember = fields["action"] else {
            report(position, nil, "missing field 'action'")
            return nil
        }
        guard case let .string(name) = actionMember.value.value else {
            report(actionMember.value.position, "action", "'action' must be a string, found \(actionMember.value.value.typeDescription)")
            return nil
        }
        guard let spec = payloads[name] else {
            let known = payloads.keys.sorted()
            let message = Suggestion.closest(to: name, among: known).map { "unknown action \(named(name)) (did you mean \(named($0))?)" }
                ?? "unknown action \(named(name)); an input may be \(known.joined(separator: ", "))"
            report(actionMember.value.position, "action", message)
            return nil
        }
        var payload = PersistentMap<Value>()
        var misspelt: Set<String> = []  // absent fields a key stands for, told there once
        for member in members where member.key != "t" && member.key != "action" {
            guard let field = spec.first(where: { $0.field == member.key }) else {
                // Worked out only for a key the action does not take, not for every event.
                let absent = spec.map(\.field).filter { fields[$0] == nil }
                if let meant = Suggestion.closest(to: member.key, among: absent) { misspelt.insert(meant) }
                report(member.keyPosition, member.key,
                       "\(named(name)) takes no field \(named(member.key))" + Suggestion.nameHint(for: member.key, among: absent))
                ok = false
                continue
            }
            let value = member.value
            switch field.kind {
            case .number:
                guard let d = value.value.doubleValue, d.isFinite else {
                    report(value.position, member.key, "\(named(member.key)) must be a number, found \(value.value.typeDescription)")
                    ok = false
                    continue
                }
                payload[member.key] = .number(d)
            case .string:
                guard case let .string(s) = value.value else {
                    report(value.position, member.key, "\(named(member.key)) must be a string, found \(value.value.typeDescription)")
                    ok = false
                    continue
                }
                payload[member.key] = .string(s)
            case .hour, .minute:
                let limit = field.kind == .hour ? 23 : 59
                guard case let .integer(i) = value.value, (0...limit).contains(i) else {
                    report(value.position, member.key, "\(named(member.key)) must be a whole number from 0 to \(limit)")
                    ok = false
                    continue
                }
                payload[member.key] = .int(i)
            }
        }
        for field in spec where field.required && fields[field.field] == nil && !misspelt.contains(field.field) {
            report(position, nil, "\(named(name)) needs the field \(named(field.field))")
            ok = false
        }
        return ok ? (t, Action(name, payload)) : nil
    }
}
