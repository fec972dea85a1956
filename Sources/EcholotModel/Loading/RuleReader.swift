import EcholotCore

/// Checks a rule entry (a goal, behaviour or scoring): `{type, id?, …parameters}`.
///
/// Parameters are open (the script that registers the rule declares them); the loader
/// checks only what it can know: `entity` and `entities` name entities of the level.
struct RuleReader {
    /// A rule as read: its map (type, id when given, parameters) and its parts.
    struct Rule {
        var map: PersistentMap<Value>
        var type: String
        var id: String?
        var idField: Field?
    }

    let level: LevelReader

    /// Reads a rule; `reserved` names parameters that would clash with engine attributes.
    func read(_ field: Field, reserved: Set<String>) -> Rule? {
        guard let object = field.object(known: ["type", "id"]) else { return nil }
        var map = PersistentMap<Value>()
        var type: String?
        if let typeField = object.required("type"), let name = typeField.nonEmptyString() {
            type = name
            map["type"] = .string(name)
        }
        var id: String?
        let idField = object.optional("id")
        if let idField, let given = idField.identifier() {
            id = given
            map["id"] = .string(given)
        }
        for member in object.extra {
            let parameter = Field(node: member.value, path: JSONPath.member(field.path, member.key), report: field.report)
            if reserved.contains(member.key) {
                field.report.error(at: parameter.path, "\(quoted(member.key)) is reserved and cannot be a parameter",
                                   member.keyPosition)
                continue
            }
            if member.key == "entity" { level.references.append((parameter, false)) }
            if member.key == "entities" { level.references.append((parameter, true)) }
            let value = parameter.treeValue
            if !value.isNull { map[member.key] = value }
        }
        guard let type else { return nil }
        return Rule(map: map, type: type, id: id, idField: idField)
    }
}
