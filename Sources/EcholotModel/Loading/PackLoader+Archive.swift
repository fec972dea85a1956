import Foundation

/// Loading a pack from a `.zip`: every archive check first, then extraction into a
/// private folder, then the same checks as for a folder, with diagnostics shown inside
/// the archive (`my-pack.zip/levels/one.json:3:5`).
extension PackLoader {
    /// Whether `url` is a file (not a folder) named `*.zip`.
    static func isArchive(_ url: URL) -> Bool {
        guard url.pathExtension.lowercased() == "zip" else { return false }
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }

    /// Checks the archive at `url` and the pack inside it.
    static func checkArchive(_ url: URL, displayRoot: String?, limits: ArchiveLimits = .standard) -> Outcome {
        let shown = displayRoot ?? PackFiles.displayPath(of: url)
        func failed(_ diagnostics: [Diagnostic]) -> Outcome {
            Outcome(diagnostics: diagnostics, levelIDs: [], displayRoot: shown)
        }
        let storage: PackStorage
        do {
            let archive = try PackArchive.open(url, displayPath: shown, limits: limits)
            do {
                storage = try PackStorage.make()
            } catch {
                return failed([Diagnostic(path: shown, at: .start,
                                          message: "cannot make a temporary folder to read it: \(error.localizedDescription)")])
            }
            try archive.extract(into: storage.folder)
        } catch {
            return failed(error.diagnostics)
        }
        var outcome = check(root: storage.folder, displayRoot: shown)
        outcome.pack?.storage = storage
        outcome.partialPack?.storage = storage
        return outcome
    }
}
