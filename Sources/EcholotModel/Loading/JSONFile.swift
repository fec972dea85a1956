/// A small JSON file of the user's read whole and checked (a recording's description, a
/// file of progress records): every problem told as `path:line:col: error: …`.
enum JSONFile {
    /// The value `read` makes of the file at `path` (at most `limit` bytes); `missing` is
    /// what a file that is not there is told as.
    static func read<T>(atPath path: String, limit: Int, missing: String,
                        _ read: (Field) -> T?) throws(PackLoadError) -> T {
        func failure(_ message: String) -> PackLoadError {
            PackLoadError(diagnostics: [Diagnostic(path: path, at: .start, message: message)])
        }
        let bytes: [UInt8]
        switch FileBytes.read(atPath: path, limit: limit) {
        case let .success(read): bytes = read
        case .failure(.missing): throw failure(missing)
        case let .failure(problem): throw failure(problem.message(limit: limit))
        }
        let report = FileReport(displayPath: path)
        let parsed = JSONParser.parse(bytes)
        report.record(parsed.errors)
        guard let root = parsed.root, !report.hasErrors else { throw PackLoadError(diagnostics: report.diagnostics) }
        guard let value = read(Field(node: root, path: "", report: report)), !report.hasErrors else {
            throw PackLoadError(diagnostics: report.diagnostics)
        }
        return value
    }
}
