import EcholotModel

/// A pack being authored while it is played (`echolot play DIR --watch`): the game polls
/// it and restarts the current level when a new version loads. The command line builds
/// it, because only it can load the pack's scripts to tell a good version from a broken one.
public protocol PackReloader: AnyObject {
    /// The watched pack's path, as its ``PackEntry`` has it.
    var path: String { get }
    /// The last version that loaded: what is played while an edit is broken.
    var pack: Pack { get }
    /// What changed since the last poll: a new version, or the problems of a broken one;
    /// `nil` when no file changed.
    func poll() -> PackWatcher.Change?
}
