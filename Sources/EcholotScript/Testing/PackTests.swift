import EcholotCore
import EcholotModel
import Foundation

/// Runs a pack's tests (`tests/*.lua`): what `echolot test PACK` does for them.
public enum PackTests {
    /// The pack's test files, sorted by name.
    public static func files(in pack: Pack) -> [URL] {
        PackTestFolder(pack).levelTests.map { pack.root.appendingPathComponent($0) }
    }

    /// Loads the pack's rules and runs every test (or only the files `only` names, as paths
    /// inside the pack: `tests/first-steps.lua`); a pack whose scripts do not load fails
    /// with their errors. What the scripts print while they load goes to `loadingPrinted`,
    /// once: it belongs to no test.
    public static func run(_ pack: Pack, standardRules: URL? = nil, only: [String]? = nil,
                           loadingPrinted: (String) -> Void = { _ in }) -> [PackTestResult] {
        run(pack, loaded: loadRules(pack, standardRules: standardRules), only: only, loadingPrinted: loadingPrinted)
    }

    /// The pack's rules, or why they did not load: loaded once by `echolot test` for its
    /// level tests and its story tests alike, so a script that does not load is told once.
    public static func loadRules(_ pack: Pack, standardRules: URL? = nil) -> Result<PackRules, ScriptLoadError> {
        Result { () throws(ScriptLoadError) in try PackRules.load(pack, standardRules: standardRules) }
    }

    /// ``run(_:standardRules:only:loadingPrinted:)`` with the rules as `loaded`: rules that
    /// did not load fail the run with one result for each of their errors.
    public static func run(_ pack: Pack, loaded: Result<PackRules, ScriptLoadError>, only: [String]? = nil,
                           loadingPrinted: (String) -> Void = { _ in }) -> [PackTestResult] {
        let rules: PackRules
        switch loaded {
        case let .success(loaded): rules = loaded
        case let .failure(error):
            return error.errors.map {
                PackTestResult(test: nil, file: $0.source?.displayPath ?? DisplayPath.of("", in: pack),
                               name: "loading the scripts", result: nil, problems: [$0.description])
            }
        }
        rules.engine.takeOutput().forEach(loadingPrinted)
        return run(rules, only: only)
    }

    /// Runs every test of the pack `rules` holds, or only the files `only` names.
    public static func run(_ rules: PackRules, only: [String]? = nil) -> [PackTestResult] {
        let files = only.map { $0.map { rules.pack.root.appendingPathComponent($0) } } ?? files(in: rules.pack)
        return files.flatMap { run(file: $0, rules: rules) }
    }

    /// Runs the tests of one file.
    public static func run(file: URL, rules: PackRules) -> [PackTestResult] {
        let pack = rules.pack
        let relative = "tests/" + file.lastPathComponent
        let source = ScriptSource(pack: pack.id, file: relative, displayPath: DisplayPath.of(relative, in: pack))
        func broken(_ message: String) -> [PackTestResult] {
            [PackTestResult(test: nil, file: source.displayPath, name: relative, result: nil, problems: [message])]
        }
        let data: [UInt8]
        // As the pack's other files: a link out of the pack is refused, not followed.
        switch PackTestFolder.read(relative, in: pack, limit: ScriptFiles.sizeLimit) {
        case let .success(bytes): data = bytes
        case let .failure(problem): return broken("\(source.displayPath):1:1: error: \(problem.message)")
        }
        let tests: [(name: String, anchor: String?, test: Result<PackTest, PackTestReader.Problems>)]
        do {
            let value = try rules.engine.evaluateData(source: source, text: data)
            tests = try PackTestReader(source: source, folder: file.deletingLastPathComponent(), pack: pack,
                                       achievements: rules.engine.ruleNames(.achievement, for: pack.id))
                .tests(from: value)
        } catch let error as ScriptError {
            return broken(error.description)
        } catch let error as PackTestReader.Problem {
            let at = position(of: error, after: nil, in: data)
            return broken(Diagnostic(path: source.displayPath, at: at, message: error.message).description)
        } catch {
            return broken("\(source.displayPath):1:1: error: \(error)")
        }
        return tests.enumerated().map { index, entry in
            let (name, anchor, test) = entry
            // An unnamed test among others is told from them by its place in the list.
            let item = anchor == nil && tests.count > 1 ? (index + 1, of: tests.count) : nil
            func placed(_ problem: PackTestReader.Problem) -> SourcePosition {
                position(of: problem, after: anchor, item: item, in: data)
            }
            switch test {
            case let .success(test):
                return run(test, rules: rules, field: { placed(PackTestReader.Problem(message: "", field: $0)) },
                           event: { placed(PackTestReader.Problem(message: "", event: $0)) })
            case let .failure(problems):
                // In the file's order, each followed by what it brings of another file.
                let placed = problems.list.map { (at: placed($0), problem: $0) }.enumerated()
                    .sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
                let told = placed.flatMap { [Diagnostic(path: source.displayPath, at: $0.at, message: $0.problem.message)] + $0.problem.elsewhere }
                return PackTestResult(test: nil, file: source.displayPath, name: name, result: nil, problems: told.map(\.description))
            }
        }
    }

    /// Plays one test's level through its log and compares the result; `field` says where
    /// in the test's file a field (`level`, `outcome`, …) is written, and `event` where an
    /// event of its inline `input` is (1-based), for the problems.
    public static func run(_ test: PackTest, rules: PackRules,
                           field: (String) -> SourcePosition = { _ in .start },
                           event: (Int) -> SourcePosition = { _ in .start }) -> PackTestResult {
        // What reading the test file printed is shown under its first test to run; the
        // level plays in an engine of its own, which prints where the loaded one does.
        var (result, printed) = rules.engine.keepingPrinted { play(test, rules: rules, field: field, event: event) }
        result.printed = printed
        return result
    }

    /// ``run(_:rules:field:event:)`` but for what the rules print.
    private static func play(_ test: PackTest, rules: PackRules, field: (String) -> SourcePosition,
                             event: (Int) -> SourcePosition) -> PackTestResult {
        let shown = test.source.displayPath
        // The reader refuses a test of a level the pack does not have, with its other problems.
        guard let level = rules.pack.level(id: test.level) else {
            let message = test.problem(rules.pack.noLevelMessage(test.level))
            return PackTestResult(test: test, file: shown, name: test.name, result: nil,
                                  problems: [Diagnostic(path: shown, at: field("level"), message: message).description])
        }
        // As `echolot run` does: a level that does not check against the rules (a goal type
        // no script registers, a parameter out of range) is not played, its problems are told.
        let invalid = rules.validate(level)
        guard invalid.isEmpty else {
            return PackTestResult(test: test, file: shown, name: test.name, result: nil, problems: invalid.map(\.description))
        }
        let store: Store<GameState>
        do {
            store = try rules.store(for: level, earnedBefore: test.earnedBefore, progressBefore: test.progressBefore)
        } catch {
            return PackTestResult(test: test, file: shown, name: test.name, result: nil, problems: [error.description])
        }
        func told(_ at: SourcePosition, _ sentence: String) -> String {
            Diagnostic(path: shown, at: at, message: test.problem(sentence)).description
        }
        // An inline event the level refuses is told where the test writes it, as a
        // problem the reader finds in one is.
        let runner = LevelRunner(maxSeconds: test.maxSeconds, stallLimit: LevelRunner.reportStallLimit)
        let result = runner.run(store, log: test.log) { input, sentence in
            told(event(input.line), "input event \(input.line): \(sentence)")
        }
        var problems = result.errors
        if let stalledAt = result.stalledAt {
            problems.append(told(field("input"), "stopped at \(stalledAt.secondsText) s of the input: "
                + "the level's clock had not moved for \(LevelRunner.reportStallLimit) ticks, each failing on the error above"))
        }
        // In the order the test writes them, as a reader goes through the file.
        let mismatches = test.expect.mismatches(in: result).enumerated()
            .sorted { (field($0.element.field), $0.offset) < (field($1.element.field), $1.offset) }.map(\.element)
        problems += mismatchProblems(mismatches, afterErrors: !result.errors.isEmpty, told: { told(field($0), $1) })
        return PackTestResult(test: test, file: shown, name: test.name, result: result, problems: problems)
    }

    /// The expectations a run did not meet, as problems: each at its own field — unless the
    /// run had errors, which usually explain them all, and one line at the first says so
    /// rather than four lines each looking like a mistake of its own.
    private static func mismatchProblems(_ mismatches: [PackTestMismatch], afterErrors: Bool,
                                         told: (_ field: String, _ sentence: String) -> String) -> [String] {
        guard afterErrors, let first = mismatches.first else { return mismatches.map { told($0.field, $0.sentence) } }
        let what = mismatches.count == 1 ? "an expectation" : "\(mismatches.count) expectations"
        return [told(first.field, "after the error above, \(what) did not hold: " + mismatches.map(\.sentence).joined(separator: "; "))]
    }
}
