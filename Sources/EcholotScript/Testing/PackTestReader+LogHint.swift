import EcholotModel
import Foundation

extension PackTestReader {
    /// What likely went wrong with an input log `file` that is not there: a path written
    /// from the pack's folder (`tests/win.jsonl`), whose `tests/` is read twice, or a slip
    /// from one of the logs in `tests/`; "" when neither.
    func missingLogHint(_ file: String) -> String {
        let inTests = file.hasPrefix("tests/") ? String(file.dropFirst("tests/".count)) : nil
        if let inTests, FileManager.default.fileExists(atPath: folder.appendingPathComponent(inTests).path) {
            return " (paths are relative to tests/: write \"\(inTests)\")"
        }
        let logs = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".jsonl") } ?? []
        return Suggestion.nameHint(for: inTests ?? file, among: logs.sorted())
    }
}
