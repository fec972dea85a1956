import EcholotCore

/// A JSON value being checked: knows its JSON path and where to report problems.
struct Field {
    let node: JSONNode
    let path: String
    let report: FileReport

    var position: SourcePosition { node.position }
    var value: JSONValue { node.value }

    /// Reports a problem with this value.
    func fail(_ message: String) {
        report.error(at: path, message, node.position)
    }

    /// Reports that the value has the wrong type.
    func expected(_ what: String) {
        fail("expected \(what), found \(node.value.typeDescription)")
    }

    func string() -> String? {
        guard case let .string(s) = node.value else {
            expected("a string")
            return nil
        }
        return s
    }

    func nonEmptyString() -> String? {
        guard let s = string() else { return nil }
        if s.isEmpty {
            fail("expected a non-empty string")
            return nil
        }
        return s
    }

    func bool() -> Bool? {
        guard case let .bool(b) = node.value else {
            expected("a boolean (true or false)")
            return nil
        }
        return b
    }

    func number() -> Double? {
        guard let d = node.value.doubleValue else {
            expected("a number")
            return nil
        }
        return d
    }

    /// An integer. A whole number written as `2.0` or `1e3` counts: JSON does not tell
    /// them apart, and many tools write every number with a decimal point.
    func integer() -> Int? {
        switch node.value {
        case let .integer(i):
            return i
        case let .number(d) where d.rounded() == d && abs(d) < 1e15:
            return Int(d)
        case let .number(d) where d.rounded() == d:
            // Whole, but past what a double holds exactly: "expected an integer" alone
            // would read as if 1e30 were not one.
            fail("expected an integer, found \(d.authorText), which is too large (at most 15 digits)")
            return nil
        case let .number(d):
            fail("expected an integer, found \(d.authorText)")
            return nil
        default:
            expected("an integer")
            return nil
        }
    }

    /// An integer within `bounds`; a number beyond them — `1e300` too, which no `Int`
    /// holds — is refused here, so no later conversion traps.
    func integer(in bounds: ClosedRange<Int>) -> Int? {
        let message = "expected an integer from \(bounds.lowerBound) to \(bounds.upperBound)"
        // A whole number too large to write without an exponent is out of range, not a decimal.
        if case let .number(d) = node.value, d.rounded() == d, abs(d) >= 1e15 {
            fail("\(message), found \(d.authorText)")
            return nil
        }
        guard let i = integer() else { return nil }
        guard bounds.contains(i) else {
            fail("\(message), found \(i)")
            return nil
        }
        return i
    }

    /// A number within `lower...upper` (either bound may be open-ended or exclusive).
    func number(from lower: Double? = nil, exclusiveLower: Bool = false, to upper: Double? = nil) -> Double? {
        guard let d = number() else { return nil }
        let tooLow = lower.map { exclusiveLower ? d <= $0 : d < $0 } ?? false
        let tooHigh = upper.map { d > $0 } ?? false
        guard tooLow || tooHigh else { return d }
        switch (lower, upper) {
        case let (l?, u?):
            fail("expected a number from \(l.authorText) to \(u.authorText), found \(d.authorText)")
        case let (l?, nil):
            fail("expected a number \(exclusiveLower ? "greater than" : "of at least") \(l.authorText), found \(d.authorText)")
        case let (nil, u?):
            fail("expected a number of at most \(u.authorText), found \(d.authorText)")
        case (nil, nil):
            break
        }
        return nil
    }

    /// One of the given words.
    func oneOf(_ choices: [String]) -> String? {
        guard let s = string() else { return nil }
        guard choices.contains(s) else {
            let list = choices.map { "\(quoted($0))" }.joined(separator: ", ")
            fail("expected one of \(list), found \(quoted(s))" + Suggestion.hint(for: s, among: choices))
            return nil
        }
        return s
    }

    /// An id matching the pattern `[A-Za-z0-9_][A-Za-z0-9._-]*`; `what` names it in messages.
    func identifier(_ what: String = "id") -> String? {
        guard let s = string() else { return nil }
        guard Identifiers.isValidID(s) else {
            fail("\(quoted(s)) is not a valid \(what): "
                + "use letters, digits, '.', '_' and '-', starting with a letter, digit or '_'")
            return nil
        }
        return s
    }

    /// The elements, each as a field.
    func array() -> [Field]? {
        guard case let .array(items) = node.value else {
            expected("an array")
            return nil
        }
        return items.enumerated().map { Field(node: $0.element, path: JSONPath.element(path, $0.offset), report: report) }
    }

    /// The members, for checking, when this is an object.
    func object(known: [String]) -> ObjectFields? {
        guard case let .object(members) = node.value else {
            expected("an object")
            return nil
        }
        return ObjectFields(field: self, members: members, known: known)
    }

    /// The value as the state tree stores it.
    var treeValue: Value { node.value.treeValue }
}

/// The members of a JSON object being checked: takes fields by name and reports the
/// missing required ones and the unknown ones.
final class ObjectFields {
    let field: Field
    let members: [JSONMember]
    /// The field names this object may have (for closed objects and suggestions).
    let known: [String]

    init(field: Field, members: [JSONMember], known: [String]) {
        self.field = field
        self.members = members
        self.known = known
    }

    var path: String { field.path }
    var report: FileReport { field.report }

    /// The member `key`, if present.
    func optional(_ key: String) -> Field? {
        guard let member = members.first(where: { $0.key == key }) else { return nil }
        return Field(node: member.value, path: JSONPath.member(path, key), report: report)
    }

    /// The member `key`; reports it missing when absent. A member whose name is `key`
    /// misspelt (the known name nearest to it) is told instead, at its key, as the unknown
    /// field it is: one message for one slip, where the typo is, not two.
    func required(_ key: String) -> Field? {
        guard let found = optional(key) else {
            if let misspelt = extra.first(where: { Suggestion.closest(to: $0.key, among: known) == key }) {
                tellUnknown(misspelt)
                return nil
            }
            // Told at the object, whose other members read as written.
            report.error(at: path, "missing required field \(quoted(key))", field.position,
                         concerning: JSONPath.member(path, key))
            return nil
        }
        return found
    }

    /// The members whose names are not in `known`, in file order.
    var extra: [JSONMember] { members.filter { !known.contains($0.key) } }

    /// Reports every member whose name is not in `known`: this object is closed. Where the
    /// object has a member `ownFields` for names of the author's own (a level's or an
    /// entity's `attributes`), a name that is no near miss of a known one is told to go
    /// there, since it is most likely meant as one.
    func rejectUnknown(ownFields: String? = nil) {
        for member in extra { tellUnknown(member, ownFields: ownFields) }
    }

    /// Where the unknown members told so far are: `required` may tell a misspelt one
    /// before or after `rejectUnknown` does, and each is told once.
    private var toldUnknown: Set<SourcePosition> = []

    /// Reports `member` as an unknown field, with the likely name (or, when none is near,
    /// where fields of the author's own go), unless it was told.
    private func tellUnknown(_ member: JSONMember, ownFields: String? = nil) {
        guard toldUnknown.insert(member.keyPosition).inserted else { return }
        let hint = Suggestion.hint(for: member.key, among: known)
        let place = hint.isEmpty ? ownFields.map { "; fields of your own go under \(quoted($0))" } ?? "" : hint
        report.error(at: JSONPath.member(path, member.key), "unknown field \(quoted(member.key))" + place, member.keyPosition)
    }
}
