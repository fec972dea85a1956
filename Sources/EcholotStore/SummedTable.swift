import GRDB

/// A table whose rows statistics add up, with what every row Echolot writes there holds.
/// A row that breaks it was edited by hand or damaged: summed, it would show as played
/// a negative count, more wins than runs or an infinite average.
struct SummedTable {
    /// The table's name.
    let name: String
    /// SQL over one row's columns, true for every row Echolot writes.
    let rule: String
    /// The columns a message names a broken row by.
    var shown = "*"

    /// SQL that is 1 for a row breaking ``rule`` (a NULL where a figure belongs breaks it
    /// too), else 0: `max` of it over a range says whether that range holds one.
    var broken: String { "NOT coalesce(\(rule), 0)" }

    /// When `flagged` (the ``broken`` column a query summing the range read) is true, throws
    /// ``UnreadableValue`` naming the first row `WHERE range` that breaks ``rule``, with its
    /// columns, so that the profile is refused as damaged where it is.
    func refuseBroken(flagged: Bool?, _ db: Database, where range: String, arguments: StatementArguments) throws {
        guard flagged == true, let row = try Row.fetchOne(db, sql: "SELECT \(shown) FROM \(name) WHERE (\(range)) AND \(broken) LIMIT 1",
                                         arguments: arguments) else { return }
        let columns = zip(row.columnNames, row.databaseValues).map { "\($0) \($1)" }.joined(separator: ", ")
        throw UnreadableValue(detail: "the table '\(name)' holds figures no run makes: \(columns)")
    }

    /// Per level and quarter hour: the outcomes add up to the runs.
    static let quarterSummary = SummedTable(name: "quarterSummary", rule: """
        \(counts("runs", "won", "lost", "abandoned", "scored", "missesSum")) AND won + lost + abandoned = runs \
        AND \(scores)
        """)
    /// Per quarter hour, over all levels.
    static let quarterTotal = SummedTable(name: "quarterTotal", rule: """
        \(counts("runs", "won", "scored")) AND won <= runs AND \(scores)
        """)
    /// Per tag and quarter hour.
    static let quarterTag = SummedTable(name: "quarterTag", rule: "\(counts("runs", "found", "present")) AND found <= present")
    /// The runs themselves (the quarter hour not yet summed). A score that is no integer
    /// is told by the column as it is read.
    static let run = SummedTable(name: "run", rule: counts("misses"), shown: "id, packID, levelID, outcome, score, misses")
    /// The tag counts of those runs.
    static let foundTag = SummedTable(name: "foundTag", rule: "\(counts("found", "present")) AND found <= present")

    /// Whole numbers, none below 0.
    private static func counts(_ columns: String...) -> String {
        columns.map { "typeof(\($0)) = 'integer' AND \($0) >= 0" }.joined(separator: " AND ")
    }

    /// The scored runs and their scores. A score sum may be a real: SQLite turns a sum too
    /// large for an integer into one (an old profile's huge scores), but never an infinite
    /// one, and it averages no higher than the best score (a real sum's rounding aside). A
    /// best score is there exactly when a run was scored; below 0 it may be, from a rule
    /// written before scores had a range.
    private static let scores = """
        scored <= runs AND typeof(scoreSum) IN ('integer', 'real') AND abs(scoreSum) < 9e999 \
        AND (bestScore IS NULL OR typeof(bestScore) = 'integer') AND (bestScore IS NULL) = (scored = 0) \
        AND (scored = 0 OR scoreSum <= scored * bestScore + abs(scored * bestScore) * 1e-9)
        """
}
