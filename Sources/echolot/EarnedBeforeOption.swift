import ArgumentParser
import EcholotModel
import EcholotScript

/// `--earned-before ID,…` of `run`, `replay` and `render`: the achievements a level starts with, as it
/// starts with those a profile holds, so that a run a profile played (or a recording of
/// one) can be run again without that profile.
struct EarnedBeforeOption: ParsableArguments {
    @Option(name: .customLong("earned-before"),
            help: "Start the level with these achievements earned already, as a profile holding them does (ids, comma-separated; \"\" for none).")
    var list: String?

    /// The ids given; `nil` when the option is not.
    var ids: Set<String>? { written.map(Set.init) }

    /// The ids as written, in order.
    private var written: [String]? {
        guard let list else { return nil }
        return list.isEmpty ? [] : list.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }

    /// Refuses an id no achievement could have, before anything is played (usage, exit 2):
    /// the first as written.
    func validate() throws {
        for id in written ?? [] {
            if let problem = Identifiers.achievementIDProblem(id) { throw ValidationError("--earned-before: \(problem)") }
        }
    }

    /// Refuses, once the level is loaded, an id a slip away from an achievement the pack's
    /// scripts register, naming the one meant (exit 1, before anything is played), as a
    /// pack test's `earnedBefore` does: the level would start without it, and its hash
    /// would be another. Any other id is taken, as achievements are global.
    func check(against game: LoadedGame) throws {
        let registered = game.registeredAchievements
        let problems = (written ?? []).compactMap { Identifiers.startingAchievementProblem($0, registered: registered) }
        guard !problems.isEmpty else { return }
        for problem in problems { Terminal.error("error: --earned-before: \(problem)") }
        throw ExitCode(1)
    }
}
