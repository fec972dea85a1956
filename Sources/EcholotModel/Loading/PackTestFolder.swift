import Foundation

/// The tests a pack's `tests/` folder holds — `tests/*.lua` and `tests/*.story.json`, the
/// only files `echolot test` runs — and the test files written where it does not look
/// (a subfolder of `tests/`, a `test/` folder, a `.lau` file): a run that skipped them
/// without a word would pass with the tests unrun.
public struct PackTestFolder: Sendable {
    /// The folder's name inside the pack.
    public static let name = "tests"
    /// How a level test's name ends.
    public static let levelSuffix = ".lua"

    /// The level tests, sorted, as paths inside the pack (`tests/first-steps.lua`).
    public var levelTests: [String] = []
    /// The story tests, sorted, as paths inside the pack (`tests/storm.story.json`).
    public var storyTests: [String] = []
    /// What keeps `tests/` from being read, at its 1:1: a folder that cannot be listed,
    /// something that is not a folder (a link leading nowhere, a pipe), a link out of the
    /// pack. Its tests cannot be found, so the run must not pass as one with none.
    public var problem: Diagnostic?
    /// Test files no run finds, each at its 1:1 as a warning: a test in a subfolder of
    /// `tests/`, one whose name ends in a slip of `.lua` or `.story.json`, a folder beside
    /// `tests/` named like it that holds tests.
    public var warnings: [Diagnostic] = []

    /// Every test of the pack, level tests first, as the run takes them.
    public var all: [String] { levelTests + storyTests }

    /// Lists the tests folder of `pack` (for an archive, of the folder it was extracted to).
    public init(_ pack: Pack) {
        self.init(files: Self.files(of: pack))
    }

    /// The files of `pack`'s own folder, seen as its loading saw them.
    static func files(of pack: Pack) -> PackFiles {
        PackFiles(root: pack.root, realRoot: PackFiles.realPath(pack.root.path) ?? pack.root.path, displayRoot: pack.displayRoot)
    }

    /// Reads the test `relative` (`tests/first-steps.lua`) of `pack` as its other files are
    /// read: a link out of the pack (or leading nowhere), a pipe or a file over `limit`
    /// bytes is refused, with the message to tell at the file's 1:1.
    public static func read(_ relative: String, in pack: Pack, limit: Int) -> Result<[UInt8], Unreadable> {
        let files = files(of: pack)
        return files.read(relative, limit: limit).mapError { problem in
            // Listed, then missing: a name that is not UTF-8, told as scripts and levels are.
            if let undecodable = files.undecodableName(relative) { return Unreadable(message: undecodable) }
            guard case let .file(problem) = problem else { return Unreadable(message: PackFiles.message(for: problem, limit: limit)) }
            return Unreadable(message: "cannot read the test file: \(problem.message(limit: limit))")
        }
    }

    /// Why a test file is not read: what to tell at its 1:1.
    public struct Unreadable: Error, Sendable {
        /// The message.
        public var message: String
    }

    /// Lists the tests folder of the pack `files` sees.
    init(files: PackFiles) {
        let folder = Self.name
        let (entry, problem) = files.folder(folder)
        self.problem = problem.map { Diagnostic(path: files.display(folder), at: .start, message: $0) }
        for name in entry == .directory ? files.visible(folder) : [] {
            let relative = folder + "/" + name
            if name.hasSuffix(StoryTest.suffix) {
                storyTests.append(relative)
            } else if name.hasSuffix(Self.levelSuffix) {
                levelTests.append(relative)
            } else if files.entry(relative) == .directory {
                // Input logs live in subfolders (`tests/logs/`); a test there is not run.
                for test in Self.testFiles(below: relative, in: files) {
                    warnings.append(Diagnostic(path: files.display(test), at: .start, message:
                        "not run: tests are tests/*.lua and tests/*.story.json; move it up", severity: .warning))
                }
            } else if let meant = Self.nearMiss(name) {
                warnings.append(Diagnostic(path: files.display(relative), at: .start, message:
                    "not run: a test's name ends in \(meant), not \(meant == StoryTest.suffix ? Self.storyEnding(name) : Self.lastExtension(name)); rename it",
                    severity: .warning))
            }
        }
        warnings += Self.misnamedFolders(named: folder, in: files, holding: { Self.testFiles(below: $0, in: files) },
                                         what: "tests", fix: "move its tests into \(folder)/")
    }

    /// The test files (`.lua`, `.story.json`) anywhere below the folder `relative`.
    static func testFiles(below relative: String, in files: PackFiles) -> [String] {
        Self.files(below: relative, in: files) { $0.hasSuffix(StoryTest.suffix) || $0.hasSuffix(levelSuffix) }
    }

    /// The files anywhere below the folder `relative` whose names `keep` picks, hidden
    /// names left out, sorted; no deeper than a few folders, through no link out of the pack.
    static func files(below relative: String, in files: PackFiles, depth: Int = 0, where keep: (String) -> Bool) -> [String] {
        guard depth < 8 else { return [] }
        var found: [String] = []
        for name in files.visible(relative) {
            let path = relative + "/" + name
            if files.entry(path) == .directory {
                found += Self.files(below: path, in: files, depth: depth + 1, where: keep)
            } else if keep(name), case .file = files.entry(path) {
                found.append(path)
            }
        }
        return found
    }

    /// The folders of the pack named like `name` (`test`, `Tests`, `tset` for `tests`) for
    /// which `holding` finds files, each as a warning at its 1:1; not the folder itself,
    /// which a file system that ignores case finds by any of them. `what` names the files
    /// in the message, `fix` says where they go when the folder `name` exists too.
    static func misnamedFolders(named name: String, in files: PackFiles, holding: (String) -> [String],
                                what: String, fix: String) -> [Diagnostic] {
        let real = PackFiles.realPath(files.url(name).path)
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: files.root.path)) ?? []).sorted()
        return names.filter { !ArchivePath.isHidden($0) }.compactMap { folder in
            guard folder != name, folder.lowercased() == name || Suggestion.isOneEdit(folder.lowercased(), name),
                  files.entry(folder) == .directory, PackFiles.realPath(files.url(folder).path) != real,
                  !holding(folder).isEmpty
            else { return nil }
            return Diagnostic(path: files.display(folder), at: .start,
                              message: "\(what) are read from \(name)/, not \(folder)/; \(real == nil ? "rename the folder" : fix)",
                              severity: .warning)
        }
    }

    /// The ending `name` was likely meant to have, when its own is a slip of one
    /// (`.lau`, `.LUA`, `.stroy.json`, `.story.jsno`); nil for any other name, such as an
    /// input log's (`win.jsonl`, `notes.txt`, `moves.json`).
    static func nearMiss(_ name: String) -> String? {
        // An editor's backup or swap file (`first.lua~`, `.first.lua.swp`, `first.lua.bak`)
        // or a compiled chunk is no slip: renamed, it would replace the test it copies.
        let kept = ["~", ".bak", ".orig", ".swp", ".swo", ".luac", ".tmp"]
        guard !kept.contains(where: { name.lowercased().hasSuffix($0) }) else { return nil }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false).map { $0.lowercased() }
        guard parts.count >= 2 else { return nil }
        func near(_ part: String, _ meant: String) -> Bool {
            part == meant || Suggestion.isOneEdit(part, meant)
        }
        if near(parts[parts.count - 1], "lua"), parts[parts.count - 1].count > 1 { return levelSuffix }
        // Logs are JSON Lines (`.jsonl`): one beside a story test is no slip of one.
        if parts.count >= 3, near(parts[parts.count - 2], "story"), near(parts[parts.count - 1], "json"),
           parts[parts.count - 1] != "jsonl" {
            return StoryTest.suffix
        }
        return nil
    }

    /// `.ext` of `name`.
    static func lastExtension(_ name: String) -> String {
        "." + (name.split(separator: ".", omittingEmptySubsequences: false).last.map(String.init) ?? "")
    }

    /// `.story.json` as `name` spells it (`.stroy.json`).
    static func storyEnding(_ name: String) -> String {
        "." + name.split(separator: ".", omittingEmptySubsequences: false).suffix(2).joined(separator: ".")
    }
}
