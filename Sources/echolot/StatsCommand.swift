import ArgumentParser
import EcholotStore
import EcholotModel
import EcholotTerminal
import Foundation

/// `echolot stats [--window week|2weeks|month] [--json] [--plain] [--profile PATH] [--lang L]`: what the
/// player did lately — runs, win rate, scores, misses per level, finds per tag, and per day.
struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Show statistics of your recorded runs: a table and charts, or JSON.",
        discussion: """
            The window ends now and starts at local midnight 7, 14 or 30 days back (today \
            included). Runs are read from the profile: --profile PATH, else $ECHOLOT_PROFILE, \
            else the data directory ($XDG_DATA_HOME/echolot/profile.sqlite). Each day's figures \
            are a table; a terminal also gets them as bar charts; --plain, TERM=dumb or ECHOLOT_PLAIN=1 give sentences. \
            --lang de gives them in German. See docs/progress.md.
            """
    )

    @Option(name: .long, help: "week, 2weeks or month.")
    var window: String = StatsWindow.week.rawValue

    @Flag(name: .long, help: "Print one JSON object instead of tables and charts.")
    var json = false

    @Flag(name: .long, help: "A sentence a line for screen readers, each figure named, no tables or charts (also when TERM=dumb or ECHOLOT_PLAIN=1; piped output gets the tables without charts).")
    var plain = false

    @Option(name: .long, help: "The profile database to read (default: $ECHOLOT_PROFILE, else the data directory).")
    var profile: String?

    @Option(name: [.customLong("lang"), .customLong("language")], help: "The language of the statistics (en or de, else English) and of the levels' names, as in play (default: English, each level named in its pack's language); --json is the same in every language.")
    var language: String?

    /// Usage errors exit 2.
    func validate() throws {
        try ProfileAccess.validate(explicit: profile)
        guard StatsWindow(rawValue: window) != nil else {
            throw ValidationError("--window must be week, 2weeks or month, not '\(window)'")
        }
    }

    /// Reads the statistics and prints them; a profile that cannot be read exits 1.
    func run() throws {
        let span = StatsWindow(rawValue: window) ?? .week
        let statistics: Statistics
        do {
            // No profile yet, or an empty file, reads as nothing played, and stays as it is.
            statistics = try ProfileAccess.openForReading(explicit: profile).statistics(window: span)
        } catch let error as ProfileError {
            Terminal.error(error.description)
            throw ExitCode(1)
        }
        // Scanning the packs is for naming levels; a window without runs names none.
        var shown = statistics
        if !statistics.levels.isEmpty {
            // --json is read by programs, which must get the same object whatever the
            // player reads in: its names are in each pack's own language.
            let (named, untold) = Self.named(statistics, in: .standard(), language: json ? nil : language)
            shown = named
            // As play says it: a language no pack has texts in falls back without a word.
            if let language, untold {
                Terminal.error("note: no pack of these levels has texts in '\(MessageText.argument(language))'; each is named in its pack's own language")
            }
        }
        if json {
            print(shown.json.jsonText)
        } else {
            print(shown.text(layout, in: Words(firstOf: language)), terminator: "")
        }
    }

    /// `statistics` with each level named as the game names it (`Tutorial, The First Sound`),
    /// in `language` where the pack has it, when its pack is shipped or installed and loads;
    /// a level of any other pack, or one its pack no longer has, keeps its ids. With it,
    /// whether no pack found has texts in `language`.
    static func named(_ statistics: Statistics, in library: PackLibrary, language: String? = nil)
        -> (statistics: Statistics, languageUntold: Bool) {
        var named = statistics
        var packs: [String: Pack] = [:]
        for id in Set(statistics.levels.map(\.packID)) {
            packs[id] = try? library.load(id: id)?.get()
        }
        let untold = language.map { language in
            !packs.values.contains { $0.hasTexts(in: language) }
        } ?? false
        for index in named.levels.indices {
            let level = named.levels[index]
            guard let pack = packs[level.packID], let definition = pack.level(id: level.levelID) else { continue }
            let names = Names(pack: pack, language: language)
            named.levels[index].name = "\(names.pack(pack)), \(names.level(definition.level))"
        }
        return (named, untold)
    }

    /// Sentences for a screen reader (`--plain`, `ECHOLOT_PLAIN=1`, `TERM=dumb`); bar charts only for a
    /// sighted reader's terminal, whose block characters say nothing piped into a file.
    private var layout: StatisticsLayout {
        if LineMode.wanted(plain: plain) { return .sentences }
        return isatty(STDOUT_FILENO) == 1 ? .charts : .tables
    }
}
