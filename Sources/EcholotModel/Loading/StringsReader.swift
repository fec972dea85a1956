/// Checks a `strings/<lang>.json` file: one object of string id → text.
enum StringsReader {
    /// The table, or `nil` when the root is not an object.
    static func read(_ root: Field) -> [String: String]? {
        guard let object = root.object(known: []) else { return nil }
        var table: [String: String] = [:]
        for member in object.members {
            let field = Field(node: member.value, path: "string \(quoted(member.key))", report: root.report)
            if member.key.isEmpty {
                root.report.error("a string id must not be empty", at: member.keyPosition)
                continue
            }
            if let text = field.string() { table[member.key] = text }
        }
        return table
    }
}
