import GRDB

/// A stored value that does not read back as what Echolot wrote there — the file was
/// edited by hand or damaged. ``ProfileError/from(_:path:)`` makes it the profile's
/// "damaged" error; GRDB's non-throwing row subscripts would trap instead.
struct UnreadableValue: Error {
    /// Which column held what, for the message.
    let detail: String
}

extension Row {
    /// The value at `index` as `Value` (an optional reads NULL as nil), or
    /// ``UnreadableValue`` naming the column and what it holds.
    func read<Value: DatabaseValueConvertible>(_ index: Int, as type: Value.Type = Value.self) throws -> Value {
        do {
            return try decode(Value.self, atIndex: index)
        } catch {
            let name = Array(columnNames)[index]
            let value = Array(databaseValues)[index]
            throw UnreadableValue(detail: "the column '\(name)' holds \(value), which Echolot never stores there")
        }
    }
}
