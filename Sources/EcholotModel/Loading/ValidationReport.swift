import Foundation

/// The result of validating one path given on the command line: a pack folder, a `.zip`
/// of one, or a level file inside a pack's `levels/` folder.
public struct ValidationReport: Sendable {
    /// The pack's id, when its manifest could be read.
    public var packID: String?
    /// How many levels were checked.
    public var levelCount: Int
    /// Every problem the loader finds, in display order; those of the sound files its
    /// levels name are the sound check's (``PackSoundCheck``), made on ``pack``.
    public var diagnostics: [Diagnostic]
    /// The pack as loaded and resolved, for the checks only a loaded pack allows (scripts,
    /// rules, sound decoding): whole when nothing is wrong; with problems only in level
    /// or string files or in the manifest's `parameters`, its manifest (with the entries
    /// that read) and the levels that loaded (for a single level file, its whole pack: see
    /// ``levelID``). `nil` when the manifest or the resolution fails.
    public var pack: Pack?
    /// The levels of `pack`'s files that read with problems but whose rule entries that
    /// read the rules can still check (the goals and scoring without a problem, in a level
    /// whose entities and attributes have none): told with the file's other problems.
    public var partlyRead: [LevelDefinition] = []
    /// Every level of `pack`'s files that read with problems, as far as it read: the
    /// sounds it names are checked with the file's other problems.
    public var readWithProblems: [LevelDefinition] = []
    /// For a level file given alone, the level's id: `pack` is then its whole pack, whose
    /// deeper checks are to be held to this level.
    public var levelID: String?
    /// For a level file given alone, the file as shown in messages.
    public var levelFile: String?
    /// The levels the pack's story plays, which `validate` sets once the story is read: with
    /// them the summary counts the levels play offers, as ``Pack/offeredLevelCount(storyLevels:)``
    /// does for `packs` and `install`. `nil` (not read, or a story with problems) counts every level.
    public var storyLevels: Set<String>?

    /// Whether nothing is wrong.
    public var isOK: Bool { diagnostics.isEmpty }

    /// `ok: <pack id> (<n> levels)`, the line `echolot validate` prints for a good pack,
    /// counting the levels play offers, with `; <m> more that play never offers` when some
    /// are left out: a count of every file would promise levels no player reaches.
    /// For a level file given alone, `ok: <file> (a level of <pack id>)`: the file is what
    /// was checked, and a count of one level would read as the pack's.
    public var summary: String {
        if let levelFile { return "ok: \(levelFile) (a level of \(packID ?? "?"))" }
        let offered = pack?.offeredLevelCount(storyLevels: storyLevels) ?? levelCount
        let unoffered = levelCount - offered
        let more = unoffered <= 0 ? "" : "; \(unoffered) more that play never offers"
        return "ok: \(packID ?? "?") (\(offered) level\(offered == 1 ? "" : "s")\(more))"
    }
}

extension PackLoader {
    /// Validates a path as the user typed it: a pack folder, a `.zip` pack, or a single level `.json`
    /// file (its pack is the folder above `levels/`; only that file's and the manifest's
    /// problems are reported). Relative paths resolve against `base` (default: the
    /// current directory) and are shown as given. With a `library`, the pack's `extends`
    /// and `dependencies` are resolved against it too (cycles, missing packs, versions,
    /// what the base must provide).
    public static func validate(path: String, relativeTo base: URL? = nil,
                                library: PackLibrary? = nil) -> ValidationReport {
        let url = base.map { URL(fileURLWithPath: path, relativeTo: $0) } ?? URL(fileURLWithPath: path)
        // The path as typed: a path that is not a pack is told by it, echoed as an argument.
        let shown = path.isEmpty ? "." : MessageText.argument(path)
        func failure(_ message: String) -> ValidationReport {
            ValidationReport(packID: nil, levelCount: 0,
                             diagnostics: [Diagnostic(path: shown, at: .start, message: message)])
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            return failure(MessageText.nothingThere)
        }
        if isDirectory.boolValue || isArchive(url) {
            let outcome = resolving(check(root: url, displayRoot: nil), with: library)
            let pack = outcome.pack ?? outcome.partialPack
            return ValidationReport(packID: outcome.packID, levelCount: outcome.levelIDs.count,
                                    diagnostics: outcome.diagnostics, pack: pack,
                                    partlyRead: pack == nil ? [] : outcome.partlyRead,
                                    readWithProblems: pack == nil ? [] : outcome.readWithProblems)
        }
        guard path.hasSuffix(".json") else {
            return failure("expected a pack folder or a level file (levels/<id>.json)")
        }
        let levelsFolder = url.deletingLastPathComponent()
        guard levelsFolder.standardizedFileURL.lastPathComponent == "levels" else {
            return failure(notALevelFile(path, at: url))
        }
        let packRoot = levelsFolder.deletingLastPathComponent()
        var displayRoot = parent(of: parent(of: path))
        while displayRoot.hasPrefix("./") { displayRoot.removeFirst(2) }
        if displayRoot == "." { displayRoot = "" }
        let outcome = resolving(check(root: packRoot, displayRoot: displayRoot), with: library)
        let prefix = displayRoot.isEmpty ? "" : displayRoot.hasSuffix("/") ? displayRoot : displayRoot + "/"
        let levelPath = prefix + "levels/" + url.lastPathComponent
        let manifestPath = prefix + "pack.json"
        let relevant = outcome.diagnostics.filter { $0.path == levelPath || $0.path == manifestPath }
        // The whole pack, so that the level is checked against its scripts as the folder's
        // check would; the deeper checks hold themselves to `levelID`.
        let id = String(url.lastPathComponent.dropLast(5))
        let pack = outcome.pack ?? outcome.partialPack
        return ValidationReport(packID: outcome.packID, levelCount: 1, diagnostics: relevant, pack: pack,
                                partlyRead: pack == nil ? [] : outcome.partlyRead.filter { $0.id == id },
                                readWithProblems: pack == nil ? [] : outcome.readWithProblems.filter { $0.id == id },
                                levelID: id, levelFile: levelPath)
    }

    /// What a `.json` file outside a pack's `levels/` is told: a story transcript is run by
    /// `echolot test`, and a pack's other files (story.json, strings, pack.json) are checked
    /// with their pack, named with the command that checks it, since they mean something
    /// only beside its levels and scripts.
    static func notALevelFile(_ path: String, at url: URL) -> String {
        let name = url.lastPathComponent
        if name.hasSuffix(".story.json") { return storyTranscriptMessage(path, at: url) }
        guard let pack = packFolder(around: path, at: url) else { return "a level file must be inside a pack's levels/ folder" }
        let what = url.deletingLastPathComponent().lastPathComponent == "strings" ? "a strings file" : name
        return "\(what) is checked with its pack, not alone (only a level file is): run 'echolot validate \(pack)'"
    }

    /// What a story transcript (`tests/<name>.story.json`, as `play --record` writes for a
    /// story pack) given where a pack or an input log is wanted is told, by `validate` and
    /// `replay` alike: what it is and the command that runs it, naming its pack when it
    /// lies in one's `tests/` folder. `path` is the file as typed, `url` where it is.
    public static func storyTranscriptMessage(_ path: String, at url: URL) -> String {
        let pack = packFolder(around: path, at: url) ?? "PACK"
        return "this is a story transcript (play --record of a story writes one), not a level's input log nor a pack; "
            + "story transcripts are run from their pack's tests/ folder with 'echolot test \(pack)'"
    }

    /// The pack folder a file lies in, as a shell word of the path as typed: the file's own
    /// folder or the one above (strings/, tests/), whichever holds a pack.json first.
    static func packFolder(around path: String, at url: URL) -> String? {
        enclosingPack(of: path, at: url, depth: 2).map { MessageText.argument(Shell.word($0.folder)) }
    }

    /// The pack a file lies in: the nearest of the `depth` folders above it that holds a
    /// pack.json, as the path typed (`path`, at `url`) writes it (``parent(of:)``), and the
    /// file's path inside it (`tests/first.lua`); nil when none does. Every command that
    /// names a file's pack finds it here, so that they name it alike.
    public static func enclosingPack(of path: String, at url: URL, depth: Int = .max) -> (folder: String, file: String)? {
        var folder = url.standardizedFileURL
        var shown = path
        var inside: [String] = []
        while inside.count < depth, folder.path != "/" {
            inside.insert(folder.lastPathComponent, at: 0)
            folder.deleteLastPathComponent()
            shown = parent(of: shown)
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("pack.json").path) {
                return (shown, inside.joined(separator: "/"))
            }
        }
        return nil
    }

    /// The outcome with the pack resolved against `library` (when given and the pack loaded).
    /// A partial pack that does not resolve is dropped; its resolution problems are told
    /// when all its files read but for `parameters` entries, else once the files that did
    /// not are fixed, since those may be what the problems come from. A pack whose only
    /// resolution problems are in `parameters` entries stays, as partial, with the entries
    /// that read merged (``PackLoadError/partial``), for the rules to check.
    static func resolving(_ outcome: Outcome, with library: PackLibrary?) -> Outcome {
        guard let library else { return outcome }
        if let partial = outcome.partialPack {
            var resolved = outcome
            switch library.resolve(partial) {
            case let .success(done):
                resolved.partialPack = done
            case let .failure(error):
                resolved.partialPack = outcome.onlyParameters ? error.partial : nil
                if outcome.onlyParameters {
                    resolved.diagnostics = (outcome.diagnostics + error.diagnostics).sortedForDisplay()
                }
            }
            return resolved
        }
        guard let pack = outcome.pack else { return outcome }
        var resolved = outcome
        switch library.resolve(pack) {
        case let .success(done):
            resolved.pack = done
            resolved.levelIDs = done.levels.keys.sorted()
        case let .failure(error):
            resolved.pack = nil
            resolved.partialPack = error.partial
            resolved.diagnostics = error.diagnostics
        }
        return resolved
    }

    /// The folder part of a path as typed: `a/b/c.json` → `a/b`, `c.json` → `.`, `.` → `..`.
    static func parent(of path: String) -> String {
        var trimmed = path
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        if trimmed == "." { return ".." }
        if trimmed == ".." || trimmed.hasSuffix("/..") { return trimmed + "/.." }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        let head = String(trimmed[..<slash])
        if head.isEmpty { return "/" }
        return head.hasSuffix("/.") ? String(head.dropLast(2)) : head
    }
}
