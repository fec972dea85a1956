import ArgumentParser
import EcholotAudio
import EcholotModel
import EcholotScript
import EcholotTerminal
import Foundation

/// `echolot validate PATH…`: checks packs (or single level files) and reports every problem.
struct ValidateCommand: LoadsStandardRules {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check packs or level files and report every problem as path:line:col: error: message.",
        discussion: """
            Each PATH is a pack folder, a .zip of one, a shipped or installed pack's id, or a level \
            file inside a pack's levels/ folder (then its pack's manifest is checked too, and the level \
            against the pack's scripts as the folder's check would; the story and strings are checked \
            with the folder). Problems go to stderr, one per line; for \
            each good pack, 'ok: <pack id> (<n> levels)' goes to stdout, counting the levels play offers \
            ('; <m> more that play never offers' after them when some are left out), for a good level file \
            'ok: <file> (a level of <pack id>)'. Warnings (a string that names nothing of the pack or its \
            story, a {name} in a string that players would hear as written, a level file that pack.json's "levels" and the story leave out, so play never \
            offers it, the levels of a base that an extending pack's own "levels" or "scenarios" leave out, a scenario with no levels, a test file that 'echolot test' does not run: in a subfolder of tests/, \
            in a folder named like tests/, or with a slip in its .lua or .story.json; a tests/ that cannot be read) and notes (story checks left out, and why) go to stderr as path:line:col: \
            warning: or note: lines, and \
            do not fail the pack. A pack named twice (by \
            the same words, by its id and its folder, or through a link) is checked once. A problem \
            is told once: a pack whose problems were all told for a PATH before it (a cycle they \
            are all in, a level file of a pack checked before) gets '<pack id>: not valid, for the \
            problem told above at <file>' on stdout.
            """
    )

    /// Pack folders or level files to check.
    @Argument(help: "Pack folders, .zip archives, pack ids or level .json files.")
    var paths: [String]

    /// Validates every path, prints the problems, warnings, notes and the summaries; exits 1
    /// on any problem.
    func run() throws {
        var failed = false
        // Bases and dependencies resolve against the shipped and installed packs.
        let library = PackLibrary.standard()
        // A problem of several packs named (a cycle they are all in) is told once.
        var told = ToldDiagnostics()
        // A second report of the same pack would say nothing new, twice as long.
        var checked: Set<NamedPack> = []
        for argument in paths {
            guard checked.insert(NamedPack(argument, in: library)).inserted else { continue }
            // A pack's id names it here as for `test` and `run`.
            guard let path = GameLoader.packPath(argument, in: library) else {
                failed = true
                continue
            }
            let findings = Self.findings(path: path, library: library)
            let report = findings.report, problems = findings.problems
            // A copy of a shipped pack plays from its folder, but `pack` and `install` refuse
            // it: an author who took validate's word alone would learn that only then.
            let taken = report.pack.flatMap { library.shippedIDProblem(of: $0, severity: .warning) }
            let remarks = told.untold(findings.remarks + (taken.map { [$0] } ?? []))
            if problems.isEmpty {
                for remark in remarks { Terminal.error(remark.description) }
                print(report.summary)
            } else {
                failed = true
                let untold = told.untold(problems)
                for problem in (untold + remarks).sortedForDisplay() { Terminal.error(problem.description) }
                // Told for a path before it (a cycle they are all in, a level file of it), its
                // problems are not told again; without a line of its own, only the exit
                // status would say that this pack failed.
                if untold.isEmpty {
                    print(Self.toldAbove(MessageText.argument(report.packID ?? argument), at: told.toldPath(of: problems[0]) ?? problems[0].path,
                                         count: problems.count))
                }
            }
        }
        if failed { throw ExitCode(1) }
    }

    /// What `validate` finds for one PATH (resolved, not an id): every problem, in display
    /// order, and the warnings and notes that do not fail it. `pack` builds its archive only
    /// when this finds no problem, so that what it shares is what `validate` passes and
    /// `install` takes.
    static func findings(path: String, library: PackLibrary)
        -> (report: ValidationReport, problems: [Diagnostic], remarks: [Diagnostic]) {
        var report = PackLoader.validate(path: path, library: library)
        var found = report.diagnostics
        var remarks: [Diagnostic] = []
        if let pack = report.pack {
            let deep = deepFindings(of: pack, whole: report.isOK, partlyRead: report.partlyRead,
                                    readWithProblems: report.readWithProblems, onlyLevel: report.levelID)
            found += deep.problems
            remarks = deep.remarks
            report.storyLevels = deep.storyLevels
            // Tests written where `test` does not look pass by not running; the pack's
            // check, before it is shared, is where its author looks for such slips.
            // A tests/ that cannot be read fails `echolot test`; the pack still plays, so
            // here it is a warning, told before the pack is shared.
            if report.levelID == nil {
                let tests = PackTestFolder(pack)
                remarks += tests.problem.map { problem in
                    var warning = problem
                    warning.severity = .warning
                    warning.message += "; 'echolot test' cannot run the pack's tests"
                    return [warning]
                } ?? []
                remarks += tests.warnings
                // What levels/ holds besides levels is passed over by play and shipped by `pack`.
                remarks += pack.strayLevelFolderWarnings()
                // What strings/ holds besides strings files is passed over: a translation left out.
                remarks += pack.strayStringsFileWarnings()
                // Loading takes a scenario with no levels; the menu could only offer nothing.
                remarks += pack.emptyScenarioWarnings()
            }
            // A script loading does not read leaves its rules unknown at every level that
            // names them; the slip that caused it is told where it is.
            remarks += PackScriptFolder.warnings(of: pack)
        }
        // Loading and the deeper checks may each find problems in one file: it is told
        // in one cap, with one count.
        return (report, FileReports.told(found), remarks)
    }

    /// What a PATH argument names, so that two spellings of one pack are checked once.
    enum NamedPack: Hashable {
        /// A file or folder there is, however it was reached (links, `./`, an id).
        case file(FileIdentity)
        /// A path where nothing is: told once, with the pack beside it that was likely meant.
        case missing(String)
        /// An id no pack has.
        case unknownID(String)

        /// What `argument` names, resolved as ``GameLoader/packPath(_:in:safe:)`` resolves it.
        init(_ argument: String, in library: PackLibrary) {
            guard let path = GameLoader.resolvedPackPath(argument, in: library) else {
                self = .unknownID(argument)
                return
            }
            if let identity = FileIdentity(path: path) {
                self = .file(identity)
            } else {
                self = .missing(URL(fileURLWithPath: path).standardizedFileURL.path)
            }
        }
    }

    /// The line for the pack `name` whose `count` problems were all told for a path before
    /// it, the first in the file told as `path`, as `packs --plain` says it: `b: not valid,
    /// for the problem told above at a/pack.json`.
    static func toldAbove(_ name: String, at path: String, count: Int) -> String {
        let first = MessageText.oneLine(path)
        let told = count == 1 ? "the problem told above at \(first)" : "the \(count) problems told above, the first at \(first)"
        return "\(name): not valid, for \(told)"
    }

    /// What only a loaded pack shows: scripts that do not load, rule names and parameters
    /// in its levels (and in the rule entries that read of the levels `partlyRead`, whose
    /// files have other problems), sounds that cannot be played, and, for a `whole` pack, its story
    /// (which names levels and strings that may be the ones that did not load, and
    /// achievements its scripts register) and, when all else is sound, what starting each
    /// level shows (a rule that fails then, a level won at once). `install` refuses a pack with any of them. In
    /// display order, each file held to one cap (``FileReports/told(_:)``) over all checks.
    static func deepProblems(of pack: Pack, whole: Bool, partlyRead: [LevelDefinition] = []) -> [Diagnostic] {
        deepFindings(of: pack, whole: whole, partlyRead: partlyRead).problems
    }

    /// ``deepProblems(of:whole:partlyRead:)`` with what the story's checks tell without the
    /// pack failing (``StoryReading/remarks``, levels play never reaches), which `validate`
    /// shows and `install` does not; the sounds of `readWithProblems` (levels whose files
    /// have other problems) are checked too. With `onlyLevel` (a level file given alone), that
    /// level is checked against the pack's scripts as the folder's check would check it,
    /// and the story and strings, which are the pack's as a whole, are left to that check.
    /// `storyLevels` are the levels a `whole` pack's story plays (`nil`: not known), for the
    /// count of the levels play offers.
    static func deepFindings(of pack: Pack, whole: Bool, partlyRead: [LevelDefinition] = [],
                             readWithProblems: [LevelDefinition] = [], onlyLevel: String? = nil)
        -> (problems: [Diagnostic], remarks: [Diagnostic], storyLevels: Set<String>?) {
        var problems: [Diagnostic] = []
        var rules: PackRules?
        // The rules check and start every level of the pack they hold: held to the one level.
        var checked = pack
        if let onlyLevel { checked.levels = pack.levels.filter { $0.key == onlyLevel } }
        do {
            let loaded = try PackRules.load(checked)
            rules = loaded
            problems += loaded.validate() + partlyRead.flatMap(loaded.validate)
        } catch {
            problems += error.diagnostics(in: pack)
        }
        problems += AudioValidation.diagnostics(for: pack, levels: onlyLevel.map { [$0] }, readWithProblems: readWithProblems)
        guard whole else { return (FileReports.told(problems), [], nil) }
        if let onlyLevel {
            let remarks = (pack.unlistedLevelWarnings(storyLevels: StoryReader.levels(playedBy: StoryReader.reading(for: pack)), only: onlyLevel)
                + AudioValidation.crowdWarnings(for: pack, only: onlyLevel)).sortedForDisplay()
            if problems.isEmpty, let rules { problems = rules.startProblems() }
            return (FileReports.told(problems), remarks, nil)
        }
        if let missing = StoryReader.missingStory(in: pack) { problems.append(missing) }
        var remarks: [Diagnostic] = []
        // A story's lines and speakers are read by their ids, whatever those look like.
        var readWhole: Set<String> = []
        let storyReading = StoryReader.reading(for: pack, remarks: true)
        if let reading = storyReading {
            problems += reading.problems
            remarks = reading.remarks
            if let book = reading.readable { readWhole = book.stringIDs }
            // Achievement names are known only from the rules, as a level's rule types are;
            // when the scripts do not load, that is the problem told. The story's other
            // problems do not hide them: the reader reports none about achievement names.
            if let book = reading.readable, let rules {
                problems += book.unknownAchievements(registered: rules.engine.ruleNames(.achievement, for: pack.id)) {
                    rules.engine.misplacedRule($0, as: .achievement, for: pack.id)
                }
            }
            if case let .success(book) = reading.result { problems += AudioValidation.diagnostics(for: book, in: pack) }
        }
        // Which goal types there are, and which ids a script may hand the game, are known
        // once the scripts load; until then, what stops them is the problem told.
        var neverShown: [(id: String, warning: Diagnostic)] = []
        if let rules {
            let scripted = rules.engine.stringLiterals(inPacks: Set(pack.loadOrder.map(\.manifest.id)))
            let goalTypes = rules.engine.ruleNames(.goal, for: pack.id)
            let scoringTypes = rules.engine.ruleNames(.scoring, for: pack.id)
            // The parameter names of each of `types` (of `kind`) the game reads strings for.
            func parameters(_ kind: RuleKind, _ types: [String], toldByTheEngine standard: Set<String>) -> [String: [String]] {
                var names: [String: [String]] = [:]
                for type in types where !standard.contains(type) {
                    names[type] = rules.engine.rule(kind, named: type, for: pack.id)?.params.map(\.name)
                }
                return names
            }
            neverShown = pack.unusedStrings(goalTypes: goalTypes, scoringTypes: scoringTypes, toldByTheEngine: GoalText.standardTypes,
                                            standardScoring: ScoringText.standardTypes, readWhole: readWhole.union(scripted))
            let placeholders = pack.placeholderWarnings(
                parameters: parameters(.goal, goalTypes, toldByTheEngine: GoalText.standardTypes),
                scoringParameters: parameters(.scoring, scoringTypes, toldByTheEngine: ScoringText.standardTypes))
            remarks = (remarks + neverShown.map(\.warning) + placeholders).sortedForDisplay()
        }
        let played = StoryReader.levels(playedBy: storyReading)
        remarks = (remarks + (rules?.engine.replacedStandardRuleNotes(for: pack.id) ?? [])
            + pack.unlistedLevelWarnings(storyLevels: played)
            + pack.untranslatedStringWarnings(neverShown: Set(neverShown.map(\.id))) + pack.untranslatedLevelTextWarnings() + pack.baseTranslationWarnings() + pack.shadowedTextWarnings()
            + pack.languageFileNameWarnings() + pack.defaultLanguageWarnings() + AudioValidation.crowdWarnings(for: pack)).sortedForDisplay()
        // Starting each level is the last check, of a pack sound otherwise: a level with
        // problems may not start, or start as it was not meant to.
        if problems.isEmpty, let rules { problems = rules.startProblems() }
        return (FileReports.told(problems), remarks, played)
    }
}
