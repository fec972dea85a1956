import EcholotCore
import EcholotModel

/// What a recorder still has to write into the profile, kept while another program holds
/// it locked: an ended run, or achievements earned after their run was written.
public enum UnsavedRun {
    /// An ended run with its tag counts and achievements, and the manifest of the pack it
    /// was played in (for its story step and the scenarios it unlocks; nil: the run only).
    case run(FinishedRun, manifest: PackManifest?)
    /// Achievements a level's rules awarded after `earnedAfter` ended and was written (a
    /// rule reacting to the win itself), with the progress records of those not earned as
    /// they stand then (rules that count the win itself change them after it).
    case achievements([String: Value], earnedAfter: Run, progress: ProgressRecords)

    /// The run this is, or the one its achievements belong to.
    public var run: Run {
        switch self {
        case let .run(finished, _): return finished.run
        case let .achievements(_, run, _): return run
        }
    }

    /// The achievements this holds, by id.
    public var achievements: [String: Value] {
        switch self {
        case let .run(finished, _): return finished.achievements
        case let .achievements(achievements, _, _): return achievements
        }
    }

    /// Whether this is an ended run, not achievements for one written already.
    public var isRun: Bool {
        if case .run = self { return true }
        return false
    }

    /// The progress records this saves, by id.
    public var progress: ProgressRecords {
        switch self {
        case let .run(finished, _): return finished.progress
        case let .achievements(_, _, progress): return progress
        }
    }

    /// Adds achievements earned after this was kept (an id it has already keeps its
    /// details), and replaces the progress records with `progress`, newer.
    public mutating func add(achievements fresh: [String: Value], progress: ProgressRecords) {
        switch self {
        case .run(var finished, let manifest):
            finished.achievements.merge(fresh) { first, _ in first }
            finished.progress = progress
            self = .run(finished, manifest: manifest)
        case .achievements(var achievements, let run, _):
            achievements.merge(fresh) { first, _ in first }
            self = .achievements(achievements, earnedAfter: run, progress: progress)
        }
    }
}
