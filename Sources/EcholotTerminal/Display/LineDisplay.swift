import EcholotCore
import EcholotModel

/// The accessible line mode (`--plain`, and `TERM=dumb`): everything is said as whole
/// plain lines, in order, with no cursor movement and no colours, so a terminal screen
/// reader reads each line once as it appears. The heading and the tilt are said when
/// they settle rather than on every tick, and a time limit is announced as it runs out.
public final class LineDisplay: Display {
    private let output: (String) throws(SystemError) -> Void
    /// The first output failure.
    public private(set) var failure: SystemError?

    private var context: LevelContext?
    /// The language of what this display says of itself.
    public var words = Words.english
    /// The language of what it says in a level: the level's names', as the level's own
    /// sentences are said in.
    private var levelWords: Words { context?.names.words ?? words }
    private var spokenHeading: Double?
    private var spokenElevation: Double?
    private var settling = ViewSettling()
    private var announcedTimeLeft: Int?

    /// How long the heading and the tilt must stay put before they are said.
    public static let settleSeconds = 0.25
    /// Seconds left at which a time limit is announced.
    public static let countdown = [60, 30, 10, 5]

    /// A line display writing through `output` (a terminal, or anything in tests).
    public init(output: @escaping (String) throws(SystemError) -> Void) {
        self.output = output
    }

    /// Says one line (made safe for the terminal: see ``TerminalText``).
    public func say(_ line: String) {
        write(TerminalText.safe(line) + "\n")
    }

    /// Writes the terminal bell (BEL, no escape sequence): without an audio device it is
    /// the only sound a miss makes, and screen-reader users need it most.
    public func ring() {
        write(Escape.bell)
    }

    /// Writes `text` unless an earlier write failed; keeps the first failure.
    private func write(_ text: String) {
        guard failure == nil else { return }
        do {
            try output(text)
        } catch {
            failure = error
        }
    }

    /// Lists the page: title, text, numbered choices, the keys.
    public func show(_ page: Page) {
        say("")
        say("== \(page.title) ==")
        for paragraph in page.body { say(paragraph) }
        for (index, choice) in page.choices.enumerated() {
            say("\(index + 1). \(choice.spokenLine)")
        }
        say(page.spokenHelp)
        // Even in a menu of one entry: every menu ends by saying where Enter goes.
        if page.choices.indices.contains(page.selected) {
            say(words.selected(page.choices[page.selected].spokenLine))
        }
    }

    /// Says the highlighted choice and where it is in the list, and that it is an end of the
    /// list when the key stopped there.
    public func selectionMoved(_ page: Page, stoppedAt edge: ListEdge?) {
        guard page.choices.indices.contains(page.selected) else { return }
        let choice = page.choices[page.selected]
        say(words.entry(choice.spokenLine, page.selected + 1, of: page.choices.count, stoppedAt: edge))
    }

    /// Says the message.
    public func notice(_ text: String, style: TextStyle) { say(text) }

    /// Says each line as one printed line.
    public func notice(lines: [String], style: TextStyle) {
        for line in lines { say(line) }
    }

    /// Says the level's start: its name, heading and what is in view. A choice says
    /// neither heading nor view: its question and its options, each with its direction,
    /// come next and are what the player must hear first (in view is one of them again).
    public func levelBegan(_ context: LevelContext, level: Level) {
        self.context = context
        spokenHeading = nil
        spokenElevation = nil
        settling = ViewSettling()
        announcedTimeLeft = nil
        switch context.storyScene {
        case .cutscene?:
            say(levelWords.cutsceneBegins)
            sayHeading(level)
        case .choice?: say(levelWords.choiceBegins)
        case .level?, nil:
            say(levelWords.levelBegins(context.names.level(level), steering: context.steering))
            // A story's level has no briefing page: its goals are said as it begins.
            if context.storyScene != nil {
                let goalText = GoalText(names: context.names)
                for goal in GoalText.orderedGoals(level, paths: context.goalPaths) {
                    say(levelWords.goal(goalText.briefing(goal, in: level)))
                }
            }
            sayHeading(level)
        }
        spokenHeading = level[LevelKeys.view][ViewKeys.center]
        spokenElevation = level[LevelKeys.view][ViewKeys.elevation]
    }

    /// Says the event, each of its lines (a choice's options) as a line of its own.
    public func levelSaid(_ text: String, style: TextStyle) {
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) { say(String(line)) }
    }

    /// Says the heading and the tilt once they settle, and the time left at the countdown
    /// marks.
    public func levelFrame(_ frame: LevelFrame) {
        let view = frame.level[LevelKeys.view]
        let heading = view[ViewKeys.center], elevation = view[ViewKeys.elevation]
        settling.see(heading: heading, elevation: elevation, at: frame.wallTime)
        if let spoken = spokenHeading, let spokenTilt = spokenElevation, settling.isSettled(at: frame.wallTime) {
            let newHeading = abs(Geometry.relative(azimuth: heading, center: spoken)) >= 1
            // Whole degrees apart, as the heading: a tracker's pitch jittering across a
            // rounding edge (2.45°, 2.55°) would otherwise be said as a tilt each time.
            let newTilt = abs(elevation - spokenTilt) >= 1
            if newHeading || newTilt {
                spokenHeading = heading
                spokenElevation = elevation
                // A tilt alone is said as a tilt: the heading did not change, and the
                // player pressed ↑ or ↓ (or nodded) to hear what is above or below.
                sayHeading(frame.level, tiltOnly: !newHeading, tiltChanged: newTilt)
            }
        }
        announceTime(frame.level)
    }

    /// Says the heading, what is in view, each goal, and the counters (``StatusText``). A
    /// choice's question and options are said after this, as when it began.
    public func levelStatus(_ frame: LevelFrame) {
        guard let context else { return }
        for line in StatusText.lines(frame, context: context) { say(line) }
    }

    /// Says whether the game is paused.
    public func pauseChanged(_ paused: Bool, frame: LevelFrame) {
        say(paused ? levelWords.paused(story: context?.storyScene != nil) : levelWords.goingOn)
    }

    /// Lines fit any terminal.
    public func levelTooSmall(goals: Int) -> String? { nil }

    /// Lines need no redrawing.
    public func resized() {}

    /// Lines already said are not said again: there is no screen to draw anew.
    public func redraw() -> Bool { false }

    /// Says the heading (or with `tiltOnly` the tilt alone) and what is in view.
    private func sayHeading(_ level: Level, tiltOnly: Bool = false, tiltChanged: Bool = false) {
        say(StatusText.heading(level, context: context, words: levelWords, tiltOnly: tiltOnly, tiltChanged: tiltChanged))
    }

    private func announceTime(_ level: Level) {
        guard level[LevelKeys.status] == .running else { return }
        for goal in level[LevelKeys.goals].nodes.map(\.node) where goal[GoalKeys.state] != .failed {
            guard let seconds = GoalText.deadline(of: goal) else { continue }
            let left = Int(saturating: (seconds - level[LevelKeys.time]).rounded(.up))
            guard let mark = Self.countdown.first(where: { left <= $0 && left > $0 - 1 }),
                  announcedTimeLeft.map({ mark < $0 }) ?? (seconds > Double(mark)) else { continue }
            announcedTimeLeft = mark
            say(levelWords.secondsLeft(mark))
        }
    }
}
