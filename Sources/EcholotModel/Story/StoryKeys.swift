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

    /// Why a rule cannot emit `name`, one of the story's own announcements or the front
    /// end's inputs, with what to do instead; nil for any other name. The transcript, the
    /// terminal and the director take these as what happened: a rule's `story.finished`
    /// told the player the story ended and then played on.
    public static func problem(emitting name: String) -> String? {
        let instead: String
        switch name {
        case finished: instead = "that it reached an end step; to end the story, emit story.jump to a chapter whose steps end it (an \"end\" step)"
        case stopped: instead = "that it stopped on an error; to end the story, emit story.jump to a chapter whose steps end it (an \"end\" step)"
        case line: instead = "that a line begins; to speak lines, emit story.jump to a chapter whose cut-scene says them"
        case choice: instead = "that a choice is offered; to offer one, emit story.jump to a chapter whose choice step offers it"
        case level: instead = "that a level is entered; to play one, emit story.jump to a chapter whose level step plays it"
        case start, resume: return "\(name) is the front end's input that \(name == start ? "begins" : "resumes") the story, not a request a rule can make; "
            + "to move the story, emit story.jump"
        default: return nil
        }
        return "\(name) is the story's own announcement \(instead); rules may emit story.jump and story.set, and story.* names of their own"
    }
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
