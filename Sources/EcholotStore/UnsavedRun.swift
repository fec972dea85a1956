import EcholotCore
import EcholotModel

/// An ended run that is still to be written, with the pack it was played in (for its story
/// step and the scenarios it unlocks) — or, for a run written already, the achievements its
/// level's rules awarded after it ended.
public struct UnsavedRun {
    /// The run, its tag counts and achievements.
    public var finished: FinishedRun
    /// The manifest of the pack it was played in (nil: runs only).
    public let manifest: PackManifest?
    /// Whether the run is in the profile already and only `finished.achievements` are left
    /// to write (earned after it ended, when another program held the profile locked).
    public let achievementsOnly: Bool

    /// A run to write later into `manifest`'s pack.
    public init(finished: FinishedRun, manifest: PackManifest?) {
        self.finished = finished
        self.manifest = manifest
        achievementsOnly = false
    }

    /// Achievements to write later for `run`, which the profile holds already.
    public init(achievements: [String: Value], earnedAfter run: Run) {
        finished = FinishedRun(run: run, achievements: achievements)
        manifest = nil
        achievementsOnly = true
    }
}
