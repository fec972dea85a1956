import EcholotModel

/// An ended run that is still to be written, with the pack it was played in (for its story
/// step and the scenarios it unlocks).
public struct UnsavedRun {
    /// The run, its tag counts and achievements.
    public var finished: FinishedRun
    /// The manifest of the pack it was played in (nil: runs only).
    public let manifest: PackManifest?

    /// A run to write later into `manifest`'s pack.
    public init(finished: FinishedRun, manifest: PackManifest?) {
        self.finished = finished
        self.manifest = manifest
    }
}
