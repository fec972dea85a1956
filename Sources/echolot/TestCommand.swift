import ArgumentParser
import EcholotAudio
import EcholotModel
import EcholotScript
import Foundation

/// `echolot test PACK`: runs the pack's tests — level tests (`tests/*.lua`) and story
/// transcript tests (`tests/*.story.json`) — through the real engine and Lua rules.
struct TestCommand: LoadsStandardRules {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run a pack's tests: level tests (tests/*.lua) and story transcripts (tests/*.story.json).",
        discussion: """
            With no PACK, the current folder is tested when it holds pack.json. Each TEST after \
            PACK is a test file of the pack, run alone: written as inside the pack \
            (tests/first-steps.lua), from the current folder (my-pack/tests/first-steps.lua) or \
            by its name in tests/ (first-steps.lua); a name the pack has no test of is told with \
            the one likely meant, and nothing runs. A test file given as PACK runs alone, in the \
            pack whose tests/ holds it (echolot test my-pack/tests/first-steps.lua). \
            Each level test names a level and an input log and asserts outcome, score, misses, \
            found entities and achievements. Each story test plays chapters with given inputs \
            and choices and asserts the exact sequence of lines, choices, levels and variables. \
            Prints 'ok: …' or the problems per test; exits 1 when any test fails. A pack with \
            no tests passes, with a note on stderr saying there is nothing to run; a test file \
            the run does not look for (in a subfolder of tests/, in a folder named like tests/ \
            such as test/, or with a slip in its .lua or .story.json) is told as a warning after \
            the count of a run of every test; a tests/ that cannot be read, or is no folder, is an error and \
            counted as 'FAILED: <pack>/tests: reading the tests'. Tests \
            play no sound; sounds that play would refuse are told as warnings after the count: \
            those of the levels (and story) the tests play decoded, as play decodes them, \
            the other levels' only as far as they are seen without decoding them (validate \
            decodes every one). \
            A pack file that does not read (a level, strings, pack.json) is told at its place and \
            counted as 'FAILED: <file>: loading the pack'; the tests of the levels that load \
            still run, and a test of a level that did not load fails.
            """
    )

    /// The pack folder, archive or id, or a test file in a pack's `tests/`; `nil` for the
    /// current folder.
    @Argument(help: ArgumentHelp("The pack to test (a folder, a .zip, or a shipped or installed pack's id), or one test file of a pack; "
        + "by default the current folder, when it holds pack.json.", valueName: "pack"))
    var pack: String?

    /// The test files to run alone.
    @Argument(help: ArgumentHelp("Test files of the pack to run, alone (tests/first-steps.lua, as inside the pack or from the current folder); "
        + "every test when none is given.", valueName: "test"))
    var tests: [String] = []

    /// A run with no PACK outside a pack folder: which pack is meant cannot be guessed.
    func validate() throws {
        if pack == nil, !FileManager.default.fileExists(atPath: "pack.json") {
            throw ValidationError("give the pack to test ('echolot test my-pack'): the current folder has no pack.json")
        }
    }

    /// Runs every test (or those named) and prints one line per test, problems on stderr.
    func run() throws {
        let library = PackLibrary.standard()
        // A test file given as the pack runs alone, in the pack it is a test of.
        var argument = self.pack ?? ".", selection = tests
        if let found = try Self.pack(ofTestFile: argument) {
            argument = found.pack
            // As written, so that a file in a subfolder of tests/ is told as it was typed.
            selection.insert(self.pack ?? found.test, at: 0)
        } else if let named = self.pack, Self.isTestName(named) {
            // In a pack folder, a test's name alone (`first-steps.lua`) is the test meant.
            argument = "."
            selection.insert(named, at: 0)
        }
        guard let path = GameLoader.packPath(argument, in: library) else { throw ExitCode(1) }
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
        let tests = PackTestFolder(pack)
        // Tests named, every one found before any runs: a slip fails at once, not after the rest.
        // A tests/ that cannot be read is the cause to tell, not the names it hides.
        var only: [String]?
        if !selection.isEmpty, tests.problem == nil {
            var problems: [String] = []
            only = selection.compactMap { named in
                switch Self.test(named, of: pack, among: tests) {
                case let .success(found): return found
                case let .failure(problem):
                    problems.append(problem.message)
                    return nil
                }
            }
            guard problems.isEmpty else {
                problems.forEach(Terminal.error)
                throw ExitCode(1)
            }
            // A test named twice (by two of its names) runs once.
            var seen: Set<String> = []
            only = only?.filter { seen.insert($0).inserted }
        }
        // A tests/ that cannot be read hides every test: counted, or the run would pass.
        if let problem = tests.problem {
            report("\(MessageText.oneLine(problem.path)): reading the tests", passed: false, printed: []) { Terminal.report([problem]) }
        }
        // The tests run are those listed here: the runs do not list tests/ again.
        let levels = only.map { $0.filter(tests.levelTests.contains) } ?? tests.levelTests
        // The levels the tests play: their sounds are the ones decoded for the warnings below.
        var played: Set<String> = []
        // Loaded once for the level tests and the story's: a script that does not load is
        // one failure, told with the level tests, as in a pack without a story.
        let rules = PackTests.loadRules(pack)
        for result in PackTests.run(pack, loaded: rules, only: levels, loadingPrinted: { print("print: \($0)") }) {
            if let level = result.test?.level { played.insert(level) }
            let shown = result.label
            report(shown, passed: result.passed, printed: result.printed) {
                // On stderr alone a mismatch must still say which test it is about; the
                // diagnostics (`path:line:col: error: …`) say where they are already.
                for problem in result.problems {
                    Terminal.error(problem.contains(": error: ") ? problem : "\(shown): \(problem)")
                }
            }
        }
        // What loading printed was shown above, with the level tests. Level tests named
        // alone do not need the story, which is the pack's as a whole.
        // A run of every test checks the story even with no story test: a story that does
        // not read fails it.
        let stories = only.map { $0.filter(tests.storyTests.contains) }
        let storyChecked = stories?.isEmpty != true
        for result in storyChecked ? StoryTesting.run(pack, rules: try? rules.get(), only: stories ?? tests.storyTests) : [] {
            report(result.label, passed: result.passed, printed: result.printed) { Terminal.report(result.diagnostics) }
        }
        print("\(passed) passed, \(failed) failed")
        // Said after the count, beside the note that may follow: a test the run did not
        // find (`test/`, `tests/more/`, `.lau`) would otherwise pass by not running.
        if only == nil { Terminal.report(tests.warnings) }
        // The tests pass without sound, so the author would first hear of these from a player.
        let sounds = AudioValidation.warnings(for: pack, played: played, story: storyChecked)
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

    /// The pack `argument` is a test file of, as `argument` writes its folder (`my-pack`,
    /// `.`, `..`), and the test's path inside it; nil when `argument` is no file in a pack.
    /// Throws, told, for a file of a pack outside its `tests/`: "not a pack folder" alone
    /// would not say how to test its pack.
    static func pack(ofTestFile argument: String) throws -> (pack: String, test: String)? {
        var isFolder: ObjCBool = false
        guard !argument.hasSuffix(".zip"), FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder),
              !isFolder.boolValue,
              let (shown, test) = PackLoader.enclosingPack(of: argument, at: URL(fileURLWithPath: argument)) else { return nil }
        guard test.hasPrefix(PackTestFolder.name + "/") else {
            Terminal.error("\(MessageText.argument(argument)):1:1: error: not a pack folder, nor a test file "
                + "(a test is a tests/*.lua or tests/*.story.json file); to run the tests of its pack: echolot test \(MessageText.argument(shown))")
            throw ExitCode(1)
        }
        return (shown, test)
    }

    /// Whether `argument`, which names nothing here, is the name of a test in the current
    /// folder's tests/, the current folder a pack.
    static func isTestName(_ argument: String) -> Bool {
        let manager = FileManager.default
        return !argument.contains("/") && !manager.fileExists(atPath: argument) && manager.fileExists(atPath: "pack.json")
            && manager.fileExists(atPath: PackTestFolder.name + "/" + argument)
    }

    /// Why a TEST argument names no test of the pack: the line to tell.
    struct NotATest: Error {
        var message: String
    }

    /// The test of `pack` that `named` names, as a path inside the pack: written as inside
    /// the pack (`tests/first-steps.lua`), from the current folder (`my-pack/tests/…`), or
    /// by its name in tests/ (`first-steps.lua`) — any reading that finds one test.
    static func test(_ named: String, of pack: Pack, among tests: PackTestFolder) -> Result<String, NotATest> {
        let all = tests.all
        var inPack = named
        while inPack.hasPrefix("./") { inPack.removeFirst(2) }
        let root = pack.root.standardizedFileURL.resolvingSymlinksInPath().path + "/"
        let fromHere = URL(fileURLWithPath: named).standardizedFileURL.resolvingSymlinksInPath().path
        // From the current folder, as a path inside the pack (for an archive, never).
        let here = fromHere.hasPrefix(root) ? String(fromHere.dropFirst(root.count)) : nil
        let readings = [inPack, PackTestFolder.name + "/" + inPack] + (here.map { [$0] } ?? [])
        let found = Array(Set(readings.filter(all.contains))).sorted()
        let shown = MessageText.argument(named)
        if found.count == 1 { return .success(found[0]) }
        if found.count > 1 {
            return .failure(NotATest(message: "\(shown):1:1: error: names more than one test of the pack (\(Suggestion.list(found, conjunction: "or"))); write it as inside the pack"))
        }
        // Said as a path inside the pack, so the one likely meant is found however it was written.
        let written = here ?? (inPack.hasPrefix(PackTestFolder.name + "/") ? inPack : PackTestFolder.name + "/" + inPack)
        let packName = "pack '\(MessageText.argument(pack.id))'"
        if FileManager.default.fileExists(atPath: pack.root.appendingPathComponent(written).path) {
            return .failure(NotATest(message: "\(shown):1:1: error: not a test of \(packName): tests are tests/*.lua and tests/*.story.json"))
        }
        let hint = Suggestion.nameHint(for: written, among: all)
        let listed = all.isEmpty ? "; it has no tests" : hint.isEmpty ? "; its tests: \(Suggestion.few(all))" : ""
        return .failure(NotATest(message: "\(shown):1:1: error: no test '\(MessageText.argument(written))' in \(packName)\(hint)\(listed)"))
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
