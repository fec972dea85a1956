import ArgumentParser
import EcholotAudio
import EcholotModel
import EcholotScript
import Foundation

/// `echolot test PACK`: runs the pack's tests — level tests (`tests/*.lua`) and story
/// transcript tests (`tests/*.story.json`) — through the real engine and Lua rules.
struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run a pack's tests: level tests (tests/*.lua) and story transcripts (tests/*.story.json).",
        discussion: """
            Each level test names a level and an input log and asserts outcome, score, misses, \
            found entities and achievements. Each story test plays chapters with given inputs \
            and choices and asserts the exact sequence of lines, choices, levels and variables. \
            Prints 'ok: …' or the problems per test; exits 1 when any test fails. A pack with \
            no tests passes, with a note on stderr saying there is nothing to run; a test file \
            the run does not look for (in a subfolder of tests/, in a folder named like tests/ \
            such as test/, or with a slip in its .lua or .story.json) is told as a warning after \
            the count; a tests/ that cannot be read, or is no folder, is an error and \
            counted as 'FAILED: <pack>/tests: reading the tests'. Tests \
            play no sound; sounds that play would refuse are told as warnings after the count. \
            A pack file that does not read (a level, strings, pack.json) is told at its place and \
            counted as 'FAILED: <file>: loading the pack'; the tests of the levels that load \
            still run, and a test of a level that did not load fails.
            """
    )

    /// The pack folder, archive or id.
    @Argument(help: "The pack to test (a folder, a .zip, or a shipped or installed pack's id).")
    var pack: String

    /// Runs every test and prints one line per test, problems on stderr.
    func run() throws {
        let library = PackLibrary.standard()
        guard let path = GameLoader.packPath(self.pack, in: library) else { throw ExitCode(1) }
        var readable = library.loadReadable(at: URL(fileURLWithPath: path))
        if readable.onlyParameters {
            // As the other commands tell such a pack: with what the rules find in the entries.
            readable.problems = GameLoader.problems(of: PackLoadError(diagnostics: readable.problems, partial: readable.pack))
        }
        // Not a pack at all (nothing there, a file): no test run to count.
        guard readable.pack != nil || Self.isPack(path) else {
            Terminal.report(readable.problems)
            throw ExitCode(1)
        }
        var passed = 0, failed = 0
        // What the scripts print while they load comes once, before the tests.
        /// One test's report: its verdict, then what the rules printed under the test it
        /// belongs to (a modder's way to look in), then its problems.
        func report(_ shown: String, passed ok: Bool, printed: [String], problems: () -> Void) {
            if ok { passed += 1 } else { failed += 1 }
            print("\(ok ? "ok" : "FAILED"): \(shown)")
            for line in printed { print("  print: \(line)") }
            if !ok { problems() }
        }
        // A file that does not read fails as a script that does not load does: counted, so
        // that stdout alone says the run failed, and told at its place.
        for (file, problems) in Self.byFile(readable.problems) {
            report("\(MessageText.oneLine(file)): loading the pack", passed: false, printed: []) { Terminal.report(problems) }
        }
        guard let pack = readable.pack else {
            print("\(passed) passed, \(failed) failed")
            throw ExitCode(1)
        }
        // A tests/ that cannot be read hides every test: counted, or the run would pass.
        let tests = PackTestFolder(pack)
        if let problem = tests.problem {
            report("\(MessageText.oneLine(problem.path)): reading the tests", passed: false, printed: []) { Terminal.report([problem]) }
        }
        for result in PackTests.run(pack, loadingPrinted: { print("print: \($0)") }) {
            let shown = result.label
            report(shown, passed: result.passed, printed: result.printed) {
                // On stderr alone a mismatch must still say which test it is about; the
                // diagnostics (`path:line:col: error: …`) say where they are already.
                for problem in result.problems {
                    Terminal.error(problem.contains(": error: ") ? problem : "\(shown): \(problem)")
                }
            }
        }
        // What loading printed was shown above, from the level tests' load of the same scripts.
        for result in StoryTesting.run(pack) {
            report(result.label, passed: result.passed, printed: result.printed) { Terminal.report(result.diagnostics) }
        }
        print("\(passed) passed, \(failed) failed")
        // Said after the count, beside the note that may follow: a test the run did not
        // find (`test/`, `tests/more/`, `.lau`) would otherwise pass by not running.
        Terminal.report(tests.warnings)
        // The tests pass without sound, so the author would first hear of these from a player.
        let sounds = AudioValidation.warnings(for: pack)
        if !sounds.isEmpty {
            Terminal.report(sounds)
            Terminal.error("note: the tests play no sound, but play refuses a level (or story) whose sounds have problems; "
                + "fix \(sounds.count == 1 ? "this one" : "these \(sounds.count)") before sharing the pack")
        }
        if failed > 0 { throw ExitCode(1) }
        // Nothing failed, but nothing was checked either: a pack author reading only the
        // count would take it for a tested pack.
        if passed == 0 {
            Terminal.error("\(pack.display("tests")): note: no tests to run; a test is a tests/*.lua or tests/*.story.json file (docs/modding.md, \"Pack tests\")")
        }
    }

    /// Whether `path` holds a pack, however broken: a folder with a pack.json, or an archive.
    static func isPack(_ path: String) -> Bool {
        path.hasSuffix(".zip") || FileManager.default.fileExists(atPath: URL(fileURLWithPath: path).appendingPathComponent("pack.json").path)
    }

    /// `problems` by file, in display order.
    static func byFile(_ problems: [Diagnostic]) -> [(file: String, problems: [Diagnostic])] {
        var files: [(file: String, problems: [Diagnostic])] = []
        for problem in problems.sortedForDisplay() {
            if files.last?.file == problem.path { files[files.count - 1].problems.append(problem) } else { files.append((problem.path, [problem])) }
        }
        return files
    }
}
