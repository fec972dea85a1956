import EcholotCore
import EcholotModel
import Foundation

/// Runs a pack's story transcript tests (`tests/*.story.json`) with the pack's Lua rules:
/// what `echolot test PACK` calls for story packs.
public enum StoryTesting {
    /// The outcome of one test file.
    public struct Result: Sendable {
        /// The test file as shown in messages.
        public var test: String
        /// What the story did.
        public var transcript: StoryTranscript?
        /// Every difference and problem; empty when the test passed.
        public var diagnostics: [Diagnostic]
        /// What the rules printed while the story played: the last ``PrintedLines/limit``
        /// lines, after a line saying how many earlier ones were not kept, if any were.
        public var printed: [String] = []

        /// Whether the test passed.
        public var passed: Bool { diagnostics.isEmpty }

        /// How the report names the test: its file on one line (a file's name may hold a
        /// line break, which must not start a line of its own).
        public var label: String { MessageText.oneLine(test) }
    }

    /// Runs every story test of `pack` (or only the files `only` names, as paths inside the
    /// pack: `tests/storm.story.json`); `[]` when the pack has no `story.json` and no story
    /// tests, unless its scripts do not load: that is one failed result, with their
    /// diagnostics. Problems with the story itself fail every test with the story's diagnostics.
    public static func run(_ pack: Pack, standardRules: URL? = nil, only: [String]? = nil) -> [Result] {
        switch PackTests.loadRules(pack, standardRules: standardRules) {
        case let .success(rules):
            return run(pack, rules: rules, only: only)
        case let .failure(error):
            // The story's own problems first, as they stop the tests before the rules run.
            let told = run(pack, rules: nil, only: only)
            return told.isEmpty ? [Result(test: DisplayPath.of("", in: pack), transcript: nil, diagnostics: error.diagnostics(in: pack))]
                : told
        }
    }

    /// ``run(_:standardRules:only:)`` with the pack's rules loaded by the caller, which
    /// `echolot test` does once for its level tests too; `rules` nil when they did not load,
    /// which the caller tells: then only the story's own problems are told here, not the
    /// scripts' again.
    public static func run(_ pack: Pack, rules: PackRules?, only: [String]? = nil) -> [Result] {
        let files = only.map { $0.map { pack.root.appendingPathComponent($0) } } ?? StoryTest.files(in: pack)
        guard let loaded = StoryReader.load(for: pack) else {
            return files.map { Result(test: DisplayPath.of("tests/\($0.lastPathComponent)", in: pack), transcript: nil, diagnostics: [
                Diagnostic(path: DisplayPath.of("tests/\($0.lastPathComponent)", in: pack), line: 1, column: 1,
                           message: "the pack has no \(StoryReader.fileName) to test"),
            ]) }
        }
        let book: StoryBook
        switch loaded {
        case let .success(b): book = b
        case let .failure(error):
            return [Result(test: DisplayPath.of(StoryReader.fileName, in: pack), transcript: nil, diagnostics: error.diagnostics)]
        }
        guard let rules else { return [] }
        // What the scripts printed while they loaded belongs to no test: `echolot test`
        // shows it once, from the level tests' run (PackTests), which takes it first.
        _ = rules.engine.takeOutput()
        return files.map { run(file: $0, book: book, rules: rules) }
    }

    /// Runs one test file against a loaded story.
    public static func run(file: URL, book: StoryBook, rules: PackRules) -> Result {
        let shown = DisplayPath.of("tests/\(file.lastPathComponent)", in: rules.pack)
        let bytes: [UInt8]
        // As the pack's other files: a link out of the pack is refused, not followed.
        switch PackTestFolder.read("tests/\(file.lastPathComponent)", in: rules.pack, limit: StoryTest.maxFileSize) {
        case let .success(read): bytes = read
        case let .failure(problem):
            return Result(test: shown, transcript: nil,
                          diagnostics: [Diagnostic(path: shown, at: .start, message: problem.message)])
        }
        switch StoryTest.read(bytes, displayPath: shown) {
        case let .failure(error):
            return Result(test: shown, transcript: nil, diagnostics: error.diagnostics)
        case let .success(test):
            // Each scene's rules are a reloaded engine of their own, which prints here.
            let (transcript, printed) = rules.engine.keepingPrinted { play(book, rules: rules, script: test.script) }
            return Result(test: shown, transcript: transcript, diagnostics: test.check(transcript), printed: printed)
        }
    }

    /// Plays `book` headlessly with the pack's rules for every scene.
    public static func play(_ book: StoryBook, rules: PackRules, script: StoryScript) -> StoryTranscript {
        // A rule's jump to a chapter the story lacks is told at its emit, as in play.
        rules.engine.storyJumpProblem = book.jumpProblem(to:)
        // A story that loops on a rule's jumps names the rule, as in play.
        let jumps = StoryJumps()
        rules.engine.storyJumps = jumps
        defer { rules.engine.storyJumps = nil }
        return StoryRunner().run(book, pack: rules.pack, script: script, rules: rules.sceneReducers, beginning: rules.storyReducers,
                                 jumps: jumps)
    }
}
