import ArgumentParser
import EcholotModel

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
}
