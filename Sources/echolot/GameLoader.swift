import ArgumentParser
import EcholotAudio
import EcholotCore
import EcholotModel
import EcholotScript
import EcholotTerminal
import Foundation

/// A level of a loaded pack, ready to become a store: what every command that plays
/// something (`run`, `render`, `play`, `replay`, `test`) starts from.
struct LoadedGame {
    /// The pack the level comes from.
    let pack: Pack
    /// The level's definition (data, source positions).
    let definition: LevelDefinition
    /// The pack's rules: the standard scripts and the pack's own, in one Lua state.
    let rules: PackRules
    /// The problems of the pack's sounds that the level does not play (other levels', the
    /// preview), as warnings: told once, for the pack's author; the level plays.
    var soundWarnings: [Diagnostic] = []

    /// The level's id.
    var levelID: String { definition.id }

    /// The achievements the pack's scripts register: what a starting achievement or
    /// progress record a slip away from one is refused with (`--earned-before`, `--progress-before`).
    var registeredAchievements: [String] { rules.engine.ruleNames(.achievement, for: pack.id) }

    /// Sends what the rules print to stderr as it comes (`print: …`), beside their errors,
    /// for the commands that play without a screen: stdout holds their result alone.
    func showPrints() {
        rules.engine.sendOutput { Terminal.error("print: \($0)") }
    }

    /// A fresh store playing an incarnation of the level: the engine's level reducers,
    /// then the level's Lua rules. Every store gets its own rule session. The level starts
    /// with the achievements `earnedBefore` (a profile's, or a recording's) and the progress
    /// records `progressBefore` of others.
    func makeStore(earnedBefore: Set<String> = [], progressBefore: ProgressRecords = [:]) throws -> Store<GameState> {
        do {
            return try rules.store(for: definition, earnedBefore: earnedBefore, progressBefore: progressBefore)
        } catch {
            Terminal.error(error.description)
            throw ExitCode(1)
        }
    }
}

/// What stops a level from loading, one line each as stderr shows them.
struct LoadProblems: Error {
    /// The lines, in display order; at least one.
    let lines: [String]
    /// Whether the level's sounds are among them (a render then says that it wrote nothing).
    var sounds = false
    /// The problems of the pack's other sounds, told after the lines as warnings.
    var warnings: [Diagnostic] = []
    /// The pack, when what stops it is that it has no such level: `play` reads a pack again
    /// at each start, and an update may have taken the level away.
    var lacking: Pack?

    init(_ lines: [String]) { self.lines = lines }
}

/// Loads packs, levels and input logs for the commands, turning every problem into
/// `path:line:col: error: …` lines on stderr and exit status 1.
enum GameLoader {
    /// Loads `level` of the pack at `path` (a folder, a `.zip` or a pack's id), its bases,
    /// dependencies and rules resolved against the shipped and installed packs.
    /// `soundsRefused` is the line told last when the level's own sounds stop it.
    static func load(pack path: String, level id: String, soundsRefused: String? = nil) throws -> LoadedGame {
        let library = PackLibrary.standard()
        guard let resolved = packPath(path, in: library) else { throw ExitCode(1) }
        return try told(game(at: resolved, shown: path, level: id, in: library), soundsRefused: soundsRefused)
    }

    /// The game `result` holds, or its problems told on stderr and exit status 1; the
    /// warnings about the pack's other sounds are told either way, after the problems, and
    /// `soundsRefused` last when the level's own sounds are among them.
    static func told(_ result: Result<LoadedGame, LoadProblems>, soundsRefused: String? = nil) throws -> LoadedGame {
        switch result {
        case let .success(game):
            Terminal.report(game.soundWarnings)
            return game
        case let .failure(problems):
            for line in problems.lines { Terminal.error(line) }
            Terminal.report(problems.warnings)
            if problems.sounds, let soundsRefused { Terminal.error(soundsRefused) }
            throw ExitCode(1)
        }
    }

    /// `level` of the pack at `path` (a folder or a `.zip`) with its rules, or every problem
    /// that stops it as the lines `load(pack:level:)` tells on stderr; the pack is
    /// named `shown` when it has no such level. For `play`, whose screen is the game's
    /// while a level starts: it tells the problems there, where stderr would be drawn over.
    static func game(at path: String, shown: String, level id: String, in library: PackLibrary) -> Result<LoadedGame, LoadProblems> {
        switch library.load(at: URL(fileURLWithPath: path)) {
        case let .success(pack): return game(of: pack, shown: shown, level: id)
        case let .failure(error): return .failure(LoadProblems(problems(of: error).sortedForDisplay().map(\.description)))
        }
    }

    /// The problems of a pack that does not resolve, with those the rules find in what its
    /// `parameters` entries that read set (``PackLoadError/partial``): what `validate` tells
    /// of it, for the commands that would play it.
    static func problems(of error: PackLoadError) -> [Diagnostic] {
        guard let partial = error.partial, case let .failure(rules) = PackRules.checked(partial) else { return error.diagnostics }
        return FileReports.told(error.diagnostics + rules.diagnostics)
    }

    /// `level` of `pack` (named `shown`, as typed) with the pack's rules, or what stops it:
    /// the rules, or a sound the level names that cannot be played (``AudioValidation/sounds(ofLevel:in:)``).
    static func game(of pack: Pack, shown: String, level id: String) -> Result<LoadedGame, LoadProblems> {
        guard let definition = pack.level(id: id) else {
            var missing = LoadProblems([noLevel(id, in: pack, shown: shown)])
            missing.lacking = pack
            return .failure(missing)
        }
        let sounds = AudioValidation.sounds(ofLevel: id, in: pack)
        let rules = PackRules.checked(pack)
        if case let .success(rules) = rules, sounds.refusing.isEmpty {
            return .success(LoadedGame(pack: pack, definition: definition, rules: rules, soundWarnings: sounds.elsewhere))
        }
        var problems = sounds.refusing
        if case let .failure(error) = rules { problems += error.diagnostics }
        var refused = LoadProblems(problems.sortedForDisplay().map(\.description))
        refused.sounds = !sounds.refusing.isEmpty
        refused.warnings = sounds.elsewhere
        return .failure(refused)
    }

    /// The line telling that `pack`, named `shown` (as typed), has no level `id`, with the
    /// one likely meant or the levels it has (``Pack/noLevelMessage(_:)``), and that `shown`
    /// was read as the folder of that name when it is also a shipped or installed pack's id.
    static func noLevel(_ id: String, in pack: Pack, shown: String) -> String {
        "\(MessageText.argument(shown)): error: \(pack.noLevelMessage(id))\(shadowNote(shown, readAs: pack))"
    }

    /// "; 'x' was read as the folder ./x …" when `shown`, as typed, is the id of a shipped or
    /// installed pack other than `pack`, which a file or folder of that name here stands in
    /// for: the player asked for that pack's level and would not know why it has none.
    static func shadowNote(_ shown: String, readAs pack: Pack) -> String {
        guard looksLikePackID(shown), FileManager.default.fileExists(atPath: shown),
              let entry = PackLibrary.standard().entry(id: shown),
              entry.url.standardizedFileURL.resolvingSymlinksInPath().path
                != pack.root.standardizedFileURL.resolvingSymlinksInPath().path else { return "" }
        let name = MessageText.argument(shown)
        return "; '\(name)' was read as the folder ./\(name), which is there, not as the \(entry.origin.rawValue) pack "
            + "with the id '\(name)' (a path that is there comes first: run from another folder to reach that pack)"
    }

    /// Loads the pack at `path` — a folder, a `.zip`, or the id of a shipped or installed
    /// pack when no such file exists — with its bases and dependencies resolved against
    /// the shipped and (unless `safe`) installed packs.
    static func loadPack(_ path: String, safe: Bool = false) throws -> Pack {
        let library = PackLibrary.standard(safe: safe)
        guard let resolved = packPath(path, in: library, safe: safe) else { throw ExitCode(1) }
        switch library.load(at: URL(fileURLWithPath: resolved)) {
        case let .success(pack):
            return pack
        case let .failure(error):
            Terminal.report(problems(of: error))
            throw ExitCode(1)
        }
    }

    /// The path a PACK argument stands for — every command taking one resolves it here, so
    /// they agree: the argument itself when something is there or it reads as a path (the
    /// loader then says what is wrong with it), else the folder of the shipped or installed
    /// pack with that id. `nil` once stderr says that an id-like argument names neither, or
    /// that the argument is the name of a pack rather than its id.
    static func packPath(_ argument: String, in library: PackLibrary, safe: Bool = false) -> String? {
        let resolved = resolvedPackPath(argument, in: library)
        let nothingThere = resolved == nil || (resolved == argument && !FileManager.default.fileExists(atPath: argument))
        guard nothingThere else { return resolved }
        // Read once, for both messages below: it loads every shipped and installed pack.
        let packs = library.catalog().packs
        // A player who read `echolot packs` types the name it shows; "no such file" would
        // not tell them that a pack is named by its id.
        let named = packsNamed(argument, among: packs)
        if !named.isEmpty {
            Terminal.error(nameGiven(argument, of: named))
            return nil
        }
        if let resolved {
            // A path close to a pack beside it, or a pack's id typed with capitals (which make
            // it a path): say which, rather than the bare "no such file".
            let hint = pathHint(for: argument, orIDs: packs.map(\.pack.id))
            guard !hint.isEmpty else { return resolved }
            Terminal.error("\(MessageText.argument(argument)):1:1: error: \(MessageText.nothingThere)\(hint)")
            return nil
        }
        // "no such file" would send the player looking for a file they never meant; a shipped
        // packs folder that is not there is the cause, not a slip in the id.
        let unread = library.shippedFolderProblem
        let searched = safe ? "no \(unread == nil ? "shipped " : "")pack (installed packs are not loaded with --safe)"
            : unread == nil ? "no shipped or installed pack" : "no installed pack"
        let hint = pathHint(for: argument, orIDs: packs.map(\.pack.id))
        Terminal.error("\(MessageText.argument(argument)):1:1: error: there is \(searched) with the id '\(MessageText.argument(argument))', nor a file or folder of that name\(hint)"
            + (unread.map { ", and \($0)" } ?? "; 'echolot packs --all' lists the packs by id"
                + (library.shippedFolderNote.map { " (\($0))" } ?? "")))
        return nil
    }

    /// " (did you mean 'x'?)" for a PACK argument whose last name is a slip (up to three
    /// letters, fewer in a short name) from a pack folder (one with a pack.json) or a `.zip`
    /// file beside where it points, written as it is written (`demo`, `packs/demo`), or off one
    /// of `ids` (pack ids, for an argument with no folder in it); "" when none is near.
    static func pathHint(for argument: String, orIDs ids: [String] = []) -> String {
        var typed = Substring(argument)
        while typed.count > 1, typed.hasSuffix("/") { typed = typed.dropLast() }
        let slash = typed.lastIndex(of: "/")
        let prefix = slash.map { String(typed[...$0]) } ?? ""
        let last = slash.map { String(typed[typed.index(after: $0)...]) } ?? String(typed)
        let folder = prefix.isEmpty ? "." : prefix
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { name in
            var isFolder: ObjCBool = false
            guard !name.hasPrefix("."), FileManager.default.fileExists(atPath: folder + "/" + name, isDirectory: &isFolder) else { return false }
            return isFolder.boolValue ? FileManager.default.fileExists(atPath: folder + "/" + name + "/pack.json") : name.hasSuffix(".zip")
        }
        // The last name alone is weighed: a long path is no typo of another long path.
        guard let meant = Suggestion.closest(to: last, among: names.sorted() + (prefix.isEmpty ? ids : [])) else { return "" }
        return " (did you mean '\(prefix + meant)'?)"
    }

    /// The packs among `packs` (the shipped and installed ones) whose name, as `echolot
    /// packs` shows it or as pack.json writes it, is `argument` but for case.
    static func packsNamed(_ argument: String, among packs: [CatalogPack]) -> [CatalogPack] {
        packs.filter { entry in
            [Names(pack: entry.pack).pack(entry.pack), entry.pack.manifest.name].contains {
                $0.compare(argument, options: .caseInsensitive) == .orderedSame
            }
        }
    }

    /// The line telling that `argument` is the name of the packs `named` (at least one),
    /// with the command line to type instead: the one typed, the id in the name's place.
    static func nameGiven(_ argument: String, of named: [CatalogPack]) -> String {
        let shown = MessageText.argument(argument)
        let ids = Suggestion.list(named.map { "'\($0.pack.id)'" })
        let packs = named.count == 1 ? "the \(named[0].origin.rawValue) pack with the id \(ids)" : "the packs with the ids \(ids)"
        let typed = Array(CommandLine.arguments.dropFirst())
        // Only an argument typed once can be put back by the id: a pack a recording's
        // description names is not on the command line at all.
        guard typed.count(where: { $0 == argument }) == 1 else {
            return "\(shown):1:1: error: '\(shown)' is the name of \(packs), not a file or folder; name a pack by its id"
        }
        let commands = named.map { entry in
            (["echolot"] + typed.map { $0 == argument ? entry.pack.id : MessageText.argument(Shell.word($0)) }).joined(separator: " ")
        }
        return "\(shown):1:1: error: '\(shown)' is the name of \(packs), not a file or folder; "
            + "name \(named.count == 1 ? "the" : "a") pack by its id: \(Suggestion.list(commands, conjunction: "or"))"
    }

    /// The path ``packPath(_:in:safe:)`` resolves `argument` to, without telling anything:
    /// `nil` for an id-like argument that names neither a file nor a pack.
    static func resolvedPackPath(_ argument: String, in library: PackLibrary) -> String? {
        guard !FileManager.default.fileExists(atPath: argument), looksLikePackID(argument) else { return argument }
        return library.entry(id: argument)?.url.path
    }

    /// Whether `argument` has the form of a pack id (`[a-z0-9][a-z0-9._-]*`) rather than of
    /// a path: a `/`, capitals or an archive's or level's extension make it a path.
    static func looksLikePackID(_ argument: String) -> Bool {
        Identifiers.isPackID(argument) && !argument.hasSuffix(".zip") && !argument.hasSuffix(".json")
    }

    /// Reads the input log at `path` (refusing events later than `latest`, when given), or
    /// an empty log when there is none.
    static func inputLog(_ path: String?, latest: Double? = nil) throws -> InputLog {
        guard let path else { return InputLog() }
        do {
            return try InputLog.read(contentsOf: URL(fileURLWithPath: path), displayPath: path, latest: latest)
        } catch {
            Terminal.report(error.diagnostics)
            throw ExitCode(1)
        }
    }
}

/// Where the commands write messages for people.
enum Terminal {
    /// One line to stderr, after what was printed to stdout before it: piped, stdout is
    /// buffered, and `2>&1` would otherwise show a test's reasons before its FAILED line.
    static func error(_ line: String) {
        fflush(nil)
        writeIgnoringFailure(line + "\n", to: STDERR_FILENO)
    }

    /// Diagnostics to stderr, sorted for reading.
    static func report(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics.sortedForDisplay() { error(diagnostic.description) }
    }
}
