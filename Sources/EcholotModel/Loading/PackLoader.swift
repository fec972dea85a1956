import EcholotCore
import Foundation

/// Loads and validates packs: `pack.json`, every `levels/*.json` and `strings/*.json`,
/// collecting every problem rather than stopping at the first. A pack is a folder or a
/// `.zip` of one (checked by ``PackArchive``, then extracted to a private folder).
///
/// These load one pack as it is; ``PackLibrary`` also resolves `extends` and
/// `dependencies` against the installed and shipped packs.
public enum PackLoader {
    /// The file a level id would be in, as messages name it: a long id cut in the middle.
    static func levelFile(_ id: String) -> String {
        "levels/\(shortened(id, head: 40, tail: 10)).json"
    }

    /// Loads the pack in the folder (or `.zip`) at `url`; throws every problem found when
    /// there is any.
    public static func load(at url: URL) throws(PackLoadError) -> Pack {
        let result = check(root: url, displayRoot: nil)
        guard let pack = result.pack else { throw PackLoadError(diagnostics: result.diagnostics) }
        return pack
    }

    /// Every problem the model finds in the pack (folder or `.zip`) at `url`, in display
    /// order — those that stop it from loading and those of the sound files its levels and
    /// preview name (``PackSoundCheck``, without decoding); empty when all is well.
    public static func validate(at url: URL) -> [Diagnostic] {
        let outcome = check(root: url, displayRoot: nil)
        guard let pack = outcome.pack ?? outcome.partialPack else { return outcome.diagnostics }
        var sounds = PackSoundCheck(pack: pack)
        let found = sounds.diagnostics(of: Array(pack.levels.values) + outcome.readWithProblems, preview: true)
        return FileReports.told(outcome.diagnostics + found)
    }

    /// What checking a pack gives: the pack when all is well, else the diagnostics, and
    /// what could be learnt of it either way.
    struct Outcome {
        var pack: Pack?
        /// What loaded of a pack with problems in its level or string files, or in its
        /// manifest's `parameters`: its manifest (with the `parameters` entries that read)
        /// and the levels that read cleanly, so `validate` can check those deeper in the
        /// same pass instead of after the first problems are fixed.
        var partialPack: Pack?
        /// Whether every problem is in the manifest's `parameters`: the partial pack then
        /// lacks only the entries told, and what resolving it finds is no echo of a file
        /// that did not read.
        var onlyParameters = false
        /// The levels read with problems whose rule entries the rules can still check
        /// (``LevelReader/ruleCheckable(_:)``): for `validate`, beside the partial pack.
        var partlyRead: [LevelDefinition] = []
        /// Every level read with problems, as far as it read: its sounds are checked in the
        /// same pass (``PackSoundCheck``), though the level is not part of any pack.
        var readWithProblems: [LevelDefinition] = []
        var diagnostics: [Diagnostic]
        var packID: String?
        var levelIDs: [String]
        var displayRoot: String
    }

    /// Checks the whole pack; `displayRoot` overrides how its folder is shown.
    static func check(root url: URL, displayRoot: String?) -> Outcome {
        if isArchive(url) { return checkArchive(url, displayRoot: displayRoot) }
        let files: PackFiles
        switch PackFiles.open(url) {
        case let .failed(diagnostic):
            return Outcome(diagnostics: [diagnostic], levelIDs: [], displayRoot: diagnostic.path)
        case let .opened(opened):
            files = opened
        }
        let pack = displayRoot.map {
            PackFiles(root: files.root, realRoot: files.realRoot, displayRoot: $0)
        } ?? files
        var loader = PackLoading(files: pack)
        return loader.run()
    }
}

/// One run of the pack loader over one pack folder.
struct PackLoading {
    let files: PackFiles
    var diagnostics: [Diagnostic] = []
    /// The levels read with problems that the rules can still check, in file order.
    var partlyRead: [LevelDefinition] = []
    /// Every level read with problems, as far as it read, in file order.
    var readWithProblems: [LevelDefinition] = []

    init(files: PackFiles) {
        self.files = files
    }

    mutating func run() -> PackLoader.Outcome {
        // The manifest.
        let manifestReport = FileReport(displayPath: files.display("pack.json"))
        let manifestReader = ManifestReader(report: manifestReport)
        var manifest: PackManifest?
        var manifestSource = SourceMap(displayPath: manifestReport.displayPath)
        if let root = readJSON("pack.json", report: manifestReport, missing: "this folder has no pack.json, so it is not a pack") {
            manifestSource = SourceMap(displayPath: manifestReport.displayPath, root: root.node)
            manifest = manifestReader.read(root)
        }
        // A problem inside `parameters` leaves the rest of the manifest as written, and the
        // entries that read: merged and checked, their problems are told in the same pass.
        let manifestIsUsable = manifestReport.isConfined(to: "parameters")
        let extends = manifestReader.extendsID
        let assets = AssetChecker()

        // The levels.
        var levels: [String: LevelDefinition] = [:]
        var levelFileIDs: [String] = []
        let levelFolder = checkFolder("levels")
        for name in files.visible("levels") where name.hasSuffix(".json") {
            let id = String(name.dropLast(5))
            levelFileIDs.append(id)
            if let level = readLevel(id: id, file: "levels/" + name, assets: assets) { levels[id] = level }
        }

        // Levels the manifest names must exist.
        if let list = manifestReader.firstLevelList, !manifestReader.levelReferences.isEmpty, levelFileIDs.isEmpty {
            // A folder that is there but cannot be listed was told above: its level files
            // may well be there, so the list is not told to name none.
            let state = levelFolder == .directory ? "has no level files" : levelFolder == .missing ? "is missing" : nil
            if extends == nil, let state {
                list.fail("the manifest lists levels but the folder \"levels/\" \(state)")
            }
        } else if extends == nil {
            let known = Set(levelFileIDs)
            for (id, field) in manifestReader.levelReferences where !known.contains(id) {
                // Told as a case slip, not as a name to take: following "did you mean
                // 'First-Steps'" left the file's id at odds with its name.
                if let other = levelFileIDs.first(where: { $0.lowercased() == id.lowercased() }) {
                    field.fail("unknown level \(quoted(id)) (no file \(PackLoader.levelFile(id)); \(PackLoader.levelFile(other)) "
                        + "differs only in case: a level's file is named as its id, in the same case)")
                    continue
                }
                field.fail("unknown level \(quoted(id)) (no file \(PackLoader.levelFile(id)))"
                    + Suggestion.hint(for: id, among: levelFileIDs))
            }
        }
        diagnostics += manifestReport.diagnostics

        // The strings.
        var strings: [String: [String: String]] = [:]
        var written: [Pack.WrittenString] = []
        // Optional, but one that is there and cannot be read is told as `levels/` is: every
        // translated name would otherwise fall back without a word.
        _ = checkFolder("strings")
        // Two files of one language (`de.json`, `DE.json`): `--lang de` and `--lang DE`
        // would play different ones, and renaming one as the other would overwrite it.
        let doubled = PackLoading.doubledLanguageFiles(files.visible("strings"))
        for group in doubled {
            for name in group {
                let others = group.filter { $0 != name }.map { files.display("strings/" + $0) }
                report("strings/" + name, "\(others.joined(separator: ", ")) \(others.count == 1 ? "holds" : "hold") the strings of the "
                    + "same language (codes are not told apart by case, nor by - and _): keep one file per language, "
                    + "with the texts of both")
            }
        }
        for name in files.visible("strings") where name.hasSuffix(".json") {
            let language = String(name.dropLast(5))
            let file = "strings/" + name
            guard Identifiers.isLanguageCode(language) else {
                report(file, files.undecodableName(file)
                    ?? "\(quoted(language)) is not a language code; name string files like \"en.json\" or \"pt-BR.json\"")
                continue
            }
            let stringsReport = FileReport(displayPath: files.display(file))
            if let root = readJSON(file, report: stringsReport, missing: "file does not exist") {
                if case let .object(members) = root.value {
                    written += members.map { Pack.WrittenString(file: stringsReport.displayPath, member: $0) }
                }
                if let table = StringsReader.read(root) { strings[language] = table }
            }
            diagnostics += stringsReport.diagnostics
        }

        let sortedDiagnostics = diagnostics.sortedForDisplay()
        var outcome = PackLoader.Outcome(pack: nil, diagnostics: sortedDiagnostics, packID: manifest?.id,
                                         levelIDs: levelFileIDs.sorted(), displayRoot: files.displayRoot)
        guard var manifest else { return outcome }
        manifest.levelOrder = PackLoading.levelOrder(manifest, levelIDs: levelFileIDs.sorted())
        var pack = Pack(root: files.root, manifest: manifest, manifestSource: manifestSource,
                        levels: levels, strings: strings, displayRoot: files.displayRoot)
        pack.writtenStrings = written
        pack.settleDefaultLanguage()
        outcome.partlyRead = partlyRead
        outcome.readWithProblems = readWithProblems
        if sortedDiagnostics.isEmpty {
            outcome.pack = pack
        } else if manifestIsUsable {
            outcome.partialPack = pack
            outcome.onlyParameters = sortedDiagnostics.allSatisfy { $0.path == manifestReport.displayPath }
        }
        return outcome
    }

    /// The names among `names` (a `strings/` listing) of strings files that name one
    /// language (`de.json` and `DE.json`, `pt-BR.json` and `pt_BR.json`), in groups.
    static func doubledLanguageFiles(_ names: [String]) -> [[String]] {
        let codes = names.filter { $0.hasSuffix(".json") && Identifiers.isLanguageCode(String($0.dropLast(5))) }
        return Dictionary(grouping: codes) { Pack.languageKey(String($0.dropLast(5))) }.values
            .filter { $0.count > 1 }.map { $0.sorted() }.sorted { $0[0] < $1[0] }
    }

    /// The play order: the scenarios' levels, else the manifest's `levels`, else every level by id.
    static func levelOrder(_ manifest: PackManifest, levelIDs: [String]) -> [String] {
        if !manifest.scenarios.isEmpty {
            var seen: Set<String> = []
            return manifest.scenarios.flatMap(\.levels).filter { seen.insert($0).inserted }
        }
        return manifest.levels ?? levelIDs
    }

    /// Reads and checks one level file.
    mutating func readLevel(id: String, file: String, assets: AssetChecker) -> LevelDefinition? {
        let levelReport = FileReport(displayPath: files.display(file))
        defer { diagnostics += levelReport.diagnostics }
        let missing = files.undecodableName(file) ?? "file does not exist"
        guard let root = readJSON(file, report: levelReport, missing: missing) else { return nil }
        let reader = LevelReader(report: levelReport, assets: assets, fileID: id)
        guard let level = reader.read(root) else { return nil }
        func definition(_ level: Level) -> LevelDefinition {
            LevelDefinition(id: id, level: level, file: files.url(file),
                            source: SourceMap(displayPath: levelReport.displayPath, root: root.node),
                            entityPaths: reader.entityPaths, goalPaths: reader.goalPaths)
        }
        guard levelReport.hasErrors else { return definition(level) }
        readWithProblems.append(definition(level))
        if let checkable = reader.ruleCheckable(level) {
            var partial = definition(checkable)
            partial.toldPaths = reader.unknownReferences
            partlyRead.append(partial)
        }
        return nil
    }

    /// Reads and parses a JSON file of the pack; reports read and syntax problems.
    /// `nil` when there is no document to check.
    func readJSON(_ file: String, report: FileReport, missing: String) -> Field? {
        switch files.read(file, limit: PackFiles.jsonLimit) {
        case let .failure(problem):
            report.error(problem == .file(.missing) ? missing : PackFiles.message(for: problem, limit: PackFiles.jsonLimit),
                         at: .start)
            return nil
        case let .success(bytes):
            let parsed = JSONParser.parse(bytes)
            report.record(parsed.errors)
            return parsed.root.map { Field(node: $0, path: "", report: report) }
        }
    }

    /// Reports what keeps the pack's folder `name` (`levels`, `strings`) from being read:
    /// a link out of the pack, something that is not a folder, or a folder that cannot be
    /// listed. What is there: `.missing` for nothing, `.directory` only for a folder that
    /// lists; anything else was told (a folder that does not list comes back `.special`,
    /// so no caller reads it as one with nothing in it).
    mutating func checkFolder(_ name: String) -> PackFiles.Entry {
        let (entry, problem) = files.folder(name)
        if let problem { report(name, problem) }
        return entry
    }

    /// Records a whole-file problem at 1:1.
    mutating func report(_ file: String, _ message: String) {
        diagnostics.append(Diagnostic(path: files.display(file), at: .start, message: message))
    }
}
