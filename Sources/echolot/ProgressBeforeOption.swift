import ArgumentParser
import EcholotModel

/// `--progress-before FILE.json` of `run` and `replay`: the progress records of achievements
/// not earned that a level starts with, as it starts with those a profile holds (FAA#31),
/// so that a run a profile played (or a recording of one) can be run again without it.
struct ProgressBeforeOption: ParsableArguments {
    @Option(name: .customLong("progress-before"), help: ArgumentHelp(
        "Start the level with these progress records of achievements not earned, as a profile holding them does "
            + "(a JSON file: an object of achievement id → record).", valueName: "file"))
    var file: String?

    /// The records of the file given; `nil` when the option is not. Its problems are told as
    /// `path:line:col: error: …`, exit status 1, before anything is played; an id a slip away
    /// from an achievement `game`'s scripts register is one, as with `--earned-before`.
    func records(for game: LoadedGame) throws -> ProgressRecords? {
        guard let file else { return nil }
        do {
            return try AchievementProgress.read(file: file, registered: game.registeredAchievements)
        } catch {
            Terminal.report(error.diagnostics)
            throw ExitCode(1)
        }
    }
}
