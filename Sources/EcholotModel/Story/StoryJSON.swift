import EcholotCore

/// A JSON object of `story.json` being read: member lookup, unknown-key checks and
/// `path:line:col` diagnostics in one place, so the reader stays about the story.
struct StoryObject {
    let members: [JSONMember]
    let position: SourcePosition
    let report: FileReport

    /// The object at `node`, or a diagnostic saying what was expected.
    init?(_ node: JSONNode, _ what: String, report: FileReport) {
        guard case let .object(members) = node.value else {
            report.error("\(what) must be an object, found \(node.value.typeDescription)", at: node.position)
            return nil
        }
        self.members = members
        self.position = node.position
        self.report = report
    }

    /// The member named `key`.
    subscript(key: String) -> JSONNode? { members.first { $0.key == key }?.value }

    /// Keys an author may write a line's words or a chapter's title under: the story keeps
    /// what is shown in the strings files, one per language, so it is told where it goes.
    static let textKeys: Set<String> = ["text", "title", "name", "words", "caption", "label"]

    /// Reports every member not in `known`: with the likely name when it looks misspelt (as
    /// a misspelt kind is told), else with the fields there are; a text written in place
    /// (``textKeys``), with `shown`, the clause that says which string it belongs in.
    func rejectUnknown(_ known: [String], in what: String, shown: String? = nil) {
        for member in members where !known.contains(member.key) {
            let hint = Suggestion.nameHint(for: member.key, among: known)
            let advice = hint.isEmpty ? shown.flatMap { StoryObject.textKeys.contains(member.key) ? "; \($0)" : nil } : hint
            report.error("\(what) has no field \(named(member.key))" + (advice ?? "; it takes \(known.joined(separator: ", "))"),
                         at: member.keyPosition)
        }
    }

    /// Whether a member's key looks like `key` misspelt: `rejectUnknown` tells it with the
    /// likely name, so `key` missing is not told a second time.
    func misspells(_ key: String) -> Bool {
        self[key] == nil && members.contains { Suggestion.closest(to: $0.key, among: [key]) != nil }
    }

    /// Which one of `kinds` the object is, found by key (after `pairing` drops keys that
    /// belong to another, as `goto` to `if`); reported, naming what it found, unless
    /// exactly one is there. `fields` are the other fields the kinds take.
    func kind(of kinds: [String], fields: [String] = [], in what: String,
              pairing: ([String]) -> [String] = { $0 }) -> String? {
        let found = pairing(kinds.filter { self[$0] != nil })
        if found.isEmpty, reportsUnknownKind(among: kinds, fields: fields, in: what) { return nil }
        guard found.count == 1, let kind = found.first else {
            // The kinds end with "or", and what was found stands apart, so the list does not
            // run on into it.
            let needed = "\(what) needs exactly one of \(Suggestion.list(kinds, conjunction: "or"))"
            let noun = what.split(separator: " ", maxSplits: 1).last.map(String.init) ?? what
            let others = found.count == 2 ? "the other a \(noun) of its own" : "the others \(noun)s of their own"
            report.error(needed + (found.isEmpty ? "; it has none" : "; it has \(Suggestion.list(found)): keep one, and make \(others)"),
                         at: position)
            return nil
        }
        return kind
    }

    /// Reports the member that stands where one of `kinds` should, when the object has none
    /// of them: the author wrote a kind, but not one of these, so it is named, not "found
    /// none". Whether there was one.
    func reportsUnknownKind(among kinds: [String], fields: [String], in what: String) -> Bool {
        guard let key = unknownKind(among: kinds, fields: fields) else { return false }
        // A kind written as a longer word of it (`ending` for `end`) is too far for a typo.
        let longer = kinds.filter { $0.count >= 3 && key.key.lowercased().hasPrefix($0) }
        let hint = longer.count == 1 ? " (did you mean '\(longer[0])'?)" : Suggestion.nameHint(for: key.key, among: kinds)
        let kindsSaid = hint.isEmpty ? "; it is one of \(kinds.joined(separator: ", "))" : hint
        report.error("\(what) has no kind \(named(key.key))" + kindsSaid, at: key.keyPosition)
        return true
    }

    /// The member that stands where a kind should: one close to a kind's name, else the
    /// only member there is unless it is one of `fields`; `nil` when the object only lacks
    /// its kind.
    private func unknownKind(among kinds: [String], fields: [String]) -> JSONMember? {
        let unknown = members.filter { !fields.contains($0.key) }
        return unknown.first { Suggestion.closest(to: $0.key, among: kinds) != nil }
            ?? (members.count == 1 ? unknown.first : nil)
    }

    /// A required string.
    func string(_ key: String, in what: String) -> String? {
        guard let node = self[key] else {
            if !misspells(key) { report.error("\(what) needs the field \(named(key))", at: position) }
            return nil
        }
        return StoryObject.string(node, "\(named(key))", report: report)
    }

    /// The string at `key` when there is one, told nothing when not: for another field's
    /// message, before `string` reads (and reports) it.
    func text(_ key: String) -> String? {
        guard case let .string(s)? = self[key]?.value, !s.isEmpty else { return nil }
        return s
    }

    /// An optional string.
    func optionalString(_ key: String) -> String? {
        self[key].flatMap { StoryObject.string($0, "\(named(key))", report: report) }
    }

    /// An optional number.
    func number(_ key: String) -> Double? {
        guard let node = self[key] else { return nil }
        guard let d = node.value.doubleValue else {
            report.error("\(named(key)) must be a number, found \(node.value.typeDescription)", at: node.position)
            return nil
        }
        return d
    }

    /// The non-empty string at `node`.
    static func string(_ node: JSONNode, _ what: String, report: FileReport) -> String? {
        guard case let .string(s) = node.value, !s.isEmpty else {
            let found = node.value == .string("") ? "an empty string" : node.value.typeDescription
            report.error("\(what) must be a non-empty string, found \(found)", at: node.position)
            return nil
        }
        return s
    }
}


extension JSONNode {
    /// The JSON value as a state value (objects become maps, arrays lists).
    var stateValue: EcholotCore.Value {
        switch value {
        case .null: return .null
        case let .bool(b): return .bool(b)
        case let .integer(i): return .int(i)
        case let .number(d): return .number(d)
        case let .string(s): return .string(s)
        case let .array(items): return .list(items.map(\.stateValue))
        case let .object(members):
            var map = PersistentMap<EcholotCore.Value>()
            for member in members { map[member.key] = member.value.stateValue }
            return .map(map)
        }
    }
}
