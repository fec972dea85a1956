import ArgumentParser
import EcholotModel
import Foundation

/// `echolot validate PATH…`: checks packs (or single level files) and reports every problem.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check packs or level files and report every problem as path:line:col: error: message.",
        discussion: """
            Each PATH is a pack folder, or a level file inside a pack's levels/ folder (then \
            its pack's manifest is checked too). Problems go to stderr, one per line; for \
            each good pack, 'ok: <pack id> (<n> levels)' goes to stdout.
            """
    )

    /// Pack folders or level files to check.
    @Argument(help: "Pack folders or level .json files.")
    var paths: [String]

    /// Validates every path, prints the problems and the summaries; exits 1 on any problem.
    func run() throws {
        var failed = false
        for path in paths {
            let report = PackLoader.validate(path: path)
            if report.isOK {
                print(report.summary)
            } else {
                failed = true
                let text = report.diagnostics.map { $0.description + "\n" }.joined()
                FileHandle.standardError.write(Data(text.utf8))
            }
        }
        if failed { throw ExitCode(1) }
    }
}
