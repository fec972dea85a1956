import EcholotCore

extension Game {
    /// The story's record: `{status, chapter, step, scene, vars, outcome, error}`. Lua rules
    /// registered with `echolot.story` get it as their focus.
    public static let story = Key<GameKind, PersistentMap<Value>>("story", default: PersistentMap())
}

/// The names of the story's actions.
public enum StoryAction {
    /// Input: begins the story at its start chapter (or `{chapter}`).
    public static let start = "story.start"
    /// Input: goes on from a saved `story` record `{story}` (its chapter, step and
    /// variables), entering the scene it was in.
    public static let resume = "story.resume"
    /// Emitted: a line begins `{id, speaker?, cutscene}`.
    public static let line = "story.line"
    /// Emitted: a choice is offered `{id, options: [value…]}`.
    public static let choice = "story.choice"
    /// Emitted: a level is entered `{id, attempt}`.
    public static let level = "story.level"
    /// Emitted: the story ended `{ending}`.
    public static let finished = "story.finished"
    /// Emitted: the story stopped on an error `{message}`.
    public static let stopped = "story.stopped"
    /// Emitted when a cut-scene's last line ends; dispatch it to skip the rest of one.
    public static let cutsceneDone = "cutscene.done"
    /// Emitted when a choice's option was picked `{id, option}`.
    public static let choiceMade = "choice.made"
    /// From rules: continue with `{chapter}` once the current scene is over.
    public static let jump = "story.jump"
    /// From rules: set story variable `{name, value}`.
    public static let set = "story.set"
}

/// The kinds of scene a story plays, as `story.scene.kind` holds them (between scenes and
/// after the end it holds `"none"`) and as story tests' plays and recordings name them.
public enum StorySceneKind: String, Sendable, CaseIterable {
    /// A level played to its win or loss.
    case level
    /// Options to turn to and pick one of.
    case choice
    /// Lines spoken one after another; it ends by itself or is skipped.
    case cutscene

    /// The kind as the story record stores it.
    public var value: Value { .string(rawValue) }

    /// The kind of the scene a story record's `scene` holds; `nil` between scenes.
    public init?(scene: PersistentMap<Value>?) {
        guard let name = scene?["kind"]?.stringValue else { return nil }
        self.init(rawValue: name)
    }
}

/// The status values of `story.status`.
public enum StoryStatus: String, Sendable {
    /// Playing.
    case running
    /// Reached an end step or fell off the last chapter.
    case finished
    /// Stopped on an error the story cannot get past (a jump loop, an unknown chapter).
    case stopped
}
