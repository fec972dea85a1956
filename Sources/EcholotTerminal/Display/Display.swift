import EcholotCore
import EcholotModel

/// What the level screen shows that does not come from the state.
public struct LevelContext {
    /// The pack's display name.
    public var packName: String
    /// Names of the pack's things.
    public var names: Names
    /// The level definition's goal paths, for listing goals in file order.
    public var goalPaths: [String: String]
    /// The visuals mode in force (the level's, or `--visuals`).
    public var visuals: Visuals
    /// How the player steers, in words ("arrow keys", "head tracker on 127.0.0.1:4242").
    public var steering: String
    /// The story scene this level is, when a story is played; `nil` for a plain level.
    public var storyScene: StoryScene?
    /// Achievements the player had before the level: earning one again is no news.
    public var earnedBefore: Set<String>

    /// A context.
    public init(packName: String, names: Names, goalPaths: [String: String], visuals: Visuals, steering: String,
                storyScene: StoryScene? = nil, earnedBefore: Set<String> = []) {
        self.earnedBefore = earnedBefore
        self.packName = packName
        self.names = names
        self.goalPaths = goalPaths
        self.visuals = visuals
        self.steering = steering
        self.storyScene = storyScene
    }

    /// Whether this is a level to win, with goals and finds to tell: a cut-scene or a
    /// choice has none.
    public var hasGoals: Bool { storyScene == nil || storyScene == .level }

    /// Whether this is a story's choice, whose options are said with their directions.
    public var isChoice: Bool {
        if case .choice? = storyScene { true } else { false }
    }
}

/// What a level of a story is for: the keys and the opening words depend on it, and the
/// screen keeps the story's lines from scene to scene.
public enum StoryScene: Equatable, Sendable {
    /// A level of the story, played to be won.
    case level
    /// A cut-scene: Enter or space skips the rest of it.
    case cutscene(id: String)
    /// A choice: the options' values in order, picked by number or by turning and
    /// selecting, and the speaker's string id of each option that has one, by value.
    case choice(options: [String], speakers: [String: String])
}

/// One moment of the level screen.
public struct LevelFrame {
    /// The level as it is.
    public var level: Level
    /// Whether the game is paused.
    public var paused: Bool
    /// Wall-clock seconds (the line display waits for the heading to settle with it).
    public var wallTime: Double
    /// The head tracker's state in words, when one is in use.
    public var tracker: String?
    /// Entities picked wrongly so far (``LevelSession/wrongPicks``): found to the store,
    /// not to the player.
    public var wrongPicks: Int

    /// A frame.
    public init(level: Level, paused: Bool, wallTime: Double, tracker: String? = nil, wrongPicks: Int = 0) {
        self.level = level
        self.paused = paused
        self.wallTime = wallTime
        self.tracker = tracker
        self.wrongPicks = wrongPicks
    }

    /// The finds the player is told of: the level's found entities less the wrong picks.
    public var found: Int { LevelFrame.finds(in: level, wrongPicks: wrongPicks) }

    /// The finds in `level` less `wrongPicks`: what every count of finds says (the level
    /// screen, the status, the end page).
    public static func finds(in level: Level, wrongPicks: Int) -> Int { level[LevelKeys.found].count - wrongPicks }
}

/// A way of showing the game: the full screen (cursor movement, a redrawn view strip) or
/// plain lines for screen readers. The game's flow is the same for both.
public protocol Display: AnyObject {
    /// The language of what the display says of itself (the player's, once known; the
    /// game sets it as the player moves between packs).
    var words: Words { get set }
    /// Shows a page from scratch.
    func show(_ page: Page)
    /// The page's highlighted choice moved, or with `edge` did not: the key would have taken
    /// it past that end of the list.
    func selectionMoved(_ page: Page, stoppedAt edge: ListEdge?)
    /// Scrolls the page's text by `pages` screenfuls, back when negative (pages longer
    /// than the screen); says whether it moved, so a key that did nothing can say why.
    func scroll(_ page: Page, pages: Int) -> PageScroll
    /// A one-line message outside the level (a locked choice, an audio notice).
    func notice(_ text: String, style: TextStyle)
    /// A message of several lines, each shown as a line of its own (a problem per line, as
    /// `validate` prints them), never run together.
    func notice(lines: [String], style: TextStyle)
    /// A level begins.
    func levelBegan(_ context: LevelContext, level: Level)
    /// Something happened in the level (a hit, a miss, a goal…), in words.
    func levelSaid(_ text: String, style: TextStyle)
    /// Why the level is about to start over (a watched pack was edited), said now and kept
    /// where the restarted level's first screen would clear it.
    func levelRestarts(_ text: String, style: TextStyle)
    /// The level as it is now; called every tick (the display decides what to redraw).
    func levelFrame(_ frame: LevelFrame)
    /// Everything about the level's state, on request (the `i` key).
    func levelStatus(_ frame: LevelFrame)
    /// The game was paused or goes on.
    func pauseChanged(_ paused: Bool, frame: LevelFrame)
    /// Why the level screen cannot be drawn at the terminal's size, or `nil`.
    func levelTooSmall(goals: Int) -> String?
    /// The terminal that was too small fits the level again: `text` says so, and what goes on.
    func levelFitsAgain(_ text: String)
    /// The terminal changed size: draw everything again.
    func resized()
    /// The player asked for the screen anew (Ctrl-L): false where there is no screen to
    /// draw again (the line mode), so the key is answered as one that does nothing.
    func redraw() -> Bool
    /// The page shown is left: what a key said on it is not about the next one.
    func pageLeft()
    /// Sounds the terminal bell: the only sound a miss makes without an audio device.
    func ring()
    /// The first output failure (the terminal went away), if any.
    var failure: SystemError? { get }
}

extension Display {
    /// Nothing to forget: a display that says each line once.
    public func pageLeft() {}

    /// Nothing to scroll: a display that shows every line of a page at once.
    public func scroll(_ page: Page, pages: Int) -> PageScroll { .nothingToScroll }

    /// Said as any message: each time is news where lines go by.
    public func levelFitsAgain(_ text: String) { levelSaid(text, style: .warning) }

    /// Said as any message: where lines go by, the restart's own words come after it.
    public func levelRestarts(_ text: String, style: TextStyle) { levelSaid(text, style: style) }
}

/// An end of a page's list of choices that a move stopped at (in words: ``Words/edge(_:)``).
public enum ListEdge: Equatable, Sendable {
    /// The first entry (↑ or Home on it).
    case first
    /// The last entry (↓, Tab or End on it).
    case last
    /// The one entry of a list of one.
    case only
}

/// What PgUp or PgDn did to a page's text.
public enum PageScroll: Equatable, Sendable {
    /// It moved.
    case moved
    /// It was at its top already.
    case atTop
    /// It was at its end already.
    case atEnd
    /// The whole text is in sight (or every line was said): there is nothing to scroll.
    case nothingToScroll
}
