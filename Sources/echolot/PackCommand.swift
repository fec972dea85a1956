import ArgumentParser
import EcholotModel
import Foundation

/// `echolot pack DIR [--out FILE.zip]`: validates a pack folder and builds its archive,
/// byte for byte the same for the same files.
struct PackCommand: LoadsStandardRules {
    static let configuration = CommandConfiguration(
        commandName: "pack",
        abstract: "Validate a pack folder and build its archive to share (<id>-<version>.zip).",
        discussion: """
            Every file of the folder goes in except hidden ones (.git, .DS_Store), under one \
            top folder named after the pack id, in sorted order with fixed dates, so the same \
            folder always gives the same archive. Links are refused: put the file itself there. \
            The pack is checked first exactly as 'echolot validate' checks it (scripts, rules, sounds, \
            story): a problem is told as validate tells it, exit status 1, and no archive is written; \
            warnings and notes are shown and do not stop it.
            """
    )

    /// The pack folder.
    @Argument(help: "The pack folder.")
    var folder: String

    /// Where to write the archive.
    @Option(help: "The archive to write, named .zip (default: <id>-<version>.zip in the current folder, or beside the pack folder when run inside it).")
    var out: String?

    /// Refuses an `--out` that cannot be a file to write, before the pack is validated.
    func validate() throws {
        if let out { try OutputFileOption.check(out, option: "--out", example: "cave-echoes-1.0.0.zip", extension: "zip") }
    }

    /// Validates as `validate` does, then writes the archive; exits 1 with every problem,
    /// writing nothing.
    func run() throws {
        let url = URL(fileURLWithPath: folder)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            Terminal.error("\(MessageText.argument(folder)):1:1: error: not a pack folder (give the folder that holds pack.json)")
            throw ExitCode(1)
        }
        // Exactly `validate`'s checks (scripts, rules, sounds, story, each level's start): an
        // archive of a pack it rejects would be refused by `install`, after being shared.
        let library = PackLibrary.standard()
        let findings = ValidateCommand.findings(path: folder, library: library)
        // An id a shipped pack has is no problem of the pack's own, but install refuses it.
        let taken = findings.report.pack.flatMap { library.shippedIDProblem(of: $0) }.map { [$0] } ?? []
        guard findings.problems.isEmpty, taken.isEmpty, let pack = findings.report.pack else {
            for line in (findings.problems + taken + findings.remarks).sortedForDisplay() { Terminal.error(line.description) }
            throw ExitCode(1)
        }
        // Warnings and notes say what may be a mistake; the pack plays as written.
        for remark in findings.remarks { Terminal.error(remark.description) }
        let id = pack.id
        let shownOutput = out ?? Self.defaultOutput("\(id)-\(pack.manifest.version).zip", packFolder: url)
        let output = URL(fileURLWithPath: shownOutput)
        if let problem = OutputGuard.problem(writing: output, reading: [url] + pack.folders) {
            Terminal.error("\(shownOutput):1:1: error: \(problem)")
            throw ExitCode(1)
        }
        if let refusal = OutputFileOption.replacing(shownOutput, kind: "a zip archive", beginning: "PK", isKind: OutputFileOption.isZip) {
            Terminal.error(refusal)
            throw ExitCode(1)
        }
        do {
            var shown = folder
            while shown.count > 1, shown.hasSuffix("/") { shown.removeLast() }
            let summary = try PackArchiver.write(folder: url, id: id, to: output, displayRoot: shown == "." ? "" : shown)
            let size = (try? FileManager.default.attributesOfItem(atPath: summary.url.path)[.size] as? NSNumber)?.intValue ?? 0
            print("wrote \(shownOutput): \(id) \(pack.manifest.version), \(summary.fileCount) file\(summary.fileCount == 1 ? "" : "s"), "
                + String(format: "%.1f KiB", Double(size) / 1024))
        } catch {
            Terminal.report(error.diagnostics)
            throw ExitCode(1)
        }
    }

    /// Where the archive goes without `--out`, as shown: `name` in the current folder, or
    /// beside the pack folder when the current folder is inside it (`echolot pack .`, as
    /// the new pack's README says), since an archive in the pack would go into the next.
    static func defaultOutput(_ name: String, packFolder: URL) -> String {
        let root = packFolder.standardizedFileURL.resolvingSymlinksInPath().path
        let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL
            .resolvingSymlinksInPath().path
        guard PathInside.isWithin(here, folder: root) else { return name }
        let depth = here == root ? 0 : here.utf8.dropFirst(root.utf8.count + 1).split(separator: UInt8(ascii: "/")).count
        return String(repeating: "../", count: depth + 1) + name
    }
}
