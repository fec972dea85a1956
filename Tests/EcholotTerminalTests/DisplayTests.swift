import EcholotCore
import EcholotModel
@testable import EcholotTerminal
import Testing

/// The two displays, without a terminal.
@Suite struct DisplayTests {
    @Test func theLineDisplayListsAPage() {
        let transcript = Transcript()
        let display = LineDisplay(output: transcript.output)
        var page = Page(title: "Menu", body: ["Pick one."], choices: [Choice("A", detail: "done"), Choice("B", unavailable: "locked")])
        display.show(page)
        page.selected = 1
        display.selectionMoved(page, stoppedAt: nil)
        #expect(transcript.text == "\n== Menu ==\nPick one.\n1. A, done\n2. B (locked)\n"
            + "Keys: Up and Down arrows move, Enter chooses, the numbers 1 to 2 choose directly, Esc goes back, q quits.\n"
            + "Selected: A, done\nB (locked), 2 of 2\n")
    }

    @Test func bothDisplaysRingTheBellThroughTheProtocol() {
        for make in [{ (out: Transcript) -> any Display in LineDisplay(output: out.output) },
                     { (out: Transcript) -> any Display in ScreenDisplay(output: out.output, size: { (60, 24) }) }] {
            let transcript = Transcript()
            make(transcript).ring()
            #expect(transcript.text == "\u{07}")
        }
    }

    /// A level's title too long for the screen is cut before the paused mark, which stays
    /// in view (it was cut off with the title's end).
    @Test func aLongTitleKeepsThePausedMark() {
        let transcript = Transcript()
        let display = ScreenDisplay(output: transcript.output, size: { (60, 24) })
        let level = tutorialLevel("first-sound").level
        let context = LevelContext(packName: String(repeating: "Very long pack name ", count: 5), names: Names(pack: tutorial),
                                   goalPaths: [:], visuals: .shown, steering: "arrow keys")
        display.levelBegan(context, level: level)
        transcript.text = ""
        display.levelFrame(LevelFrame(level: level, paused: true, wallTime: 10))
        let shown = transcript.text.replacing(#/\e\[[0-9;]*[A-Za-z]/#, with: "")
        #expect(shown.contains("…   " + Words.english.pausedMark), "\(shown.prefix(400))")
    }

    @Test func theLineDisplaySaysTheHeadingOnceItSettles() {
        let transcript = Transcript()
        let display = LineDisplay(output: transcript.output)
        var level = tutorialLevel("first-sound").level
        let context = LevelContext(packName: "Tutorial", names: Names(pack: tutorial), goalPaths: [:], visuals: .shown, steering: "arrow keys")
        display.levelBegan(context, level: level)
        transcript.text = ""
        level[LevelKeys.view][ViewKeys.center] = 45
        display.levelFrame(LevelFrame(level: level, paused: false, wallTime: 10))
        level[LevelKeys.view][ViewKeys.center] = 60
        display.levelFrame(LevelFrame(level: level, paused: false, wallTime: 10.1))
        #expect(transcript.text.isEmpty, "still turning")
        display.levelFrame(LevelFrame(level: level, paused: false, wallTime: 10.4))
        #expect(transcript.text == "Facing 60° east-north-east. In view: Bell ahead.\n")
    }

    /// Tilting is said like turning, once it settles: the tilt alone when only it changed,
    /// "looking level" when it comes back, and with the heading when both changed.
    @Test func theLineDisplaySaysTheTiltOnceItSettles() {
        let transcript = Transcript()
        let display = LineDisplay(output: transcript.output)
        var level = tutorialLevel("first-sound").level
        let context = LevelContext(packName: "Tutorial", names: Names(pack: tutorial), goalPaths: [:], visuals: .shown, steering: "arrow keys")
        display.levelBegan(context, level: level)
        transcript.text = ""
        level[LevelKeys.view][ViewKeys.elevation] = 10
        display.levelFrame(LevelFrame(level: level, paused: false, wallTime: 10))
        level[LevelKeys.view][ViewKeys.elevation] = 20
        display.levelFrame(LevelFrame(level: level, paused: false, wallTime: 10.1))
        #expect(transcript.text.isEmpty, "still tilting")
        display.levelFrame(LevelFrame(level: level, paused: false, wallTime: 10.4))
        #expect(transcript.text == "Looking 20° up.\n")
        display.levelFrame(LevelFrame(level: level, paused: false, wallTime: 11))
        #expect(transcript.text == "Looking 20° up.\n", "said once")
        level[LevelKeys.view][ViewKeys.center] = 60
        display.levelFrame(LevelFrame(level: level, paused: false, wallTime: 12))
        display.levelFrame(LevelFrame(level: level, paused: false, wallTime: 12.3))
        level[LevelKeys.view][ViewKeys.elevation] = -10
        display.levelFrame(LevelFrame(level: level, paused: false, wallTime: 13))
        display.levelFrame(LevelFrame(level: level, paused: false, wallTime: 13.3))
        level[LevelKeys.view][ViewKeys.center] = 45
        level[LevelKeys.view][ViewKeys.elevation] = 0
        display.levelFrame(LevelFrame(level: level, paused: false, wallTime: 14))
        display.levelFrame(LevelFrame(level: level, paused: false, wallTime: 14.3))
        level[LevelKeys.view][ViewKeys.center] = 60
        display.levelFrame(LevelFrame(level: level, paused: false, wallTime: 15))
        display.levelFrame(LevelFrame(level: level, paused: false, wallTime: 15.3))
        #expect(transcript.text == "Looking 20° up.\nFacing 60° east-north-east, looking 20° up. In view: Bell ahead.\n"
            + "Looking 10° down. In view: Bell ahead.\nFacing 45° north-east, looking level. In view: Bell 15° right.\n"
            + "Facing 60° east-north-east. In view: Bell ahead.\n")
        // A tracker's pitch jittering across a rounding edge is no tilt: said once.
        transcript.text = ""
        for (step, pitch) in [2.45, 2.55, 2.45, 2.55, 2.45, 2.55].enumerated() {
            level[LevelKeys.view][ViewKeys.elevation] = pitch
            display.levelFrame(LevelFrame(level: level, paused: false, wallTime: 20 + 0.3 * Double(step)))
        }
        display.levelFrame(LevelFrame(level: level, paused: false, wallTime: 22))
        #expect(transcript.text == "Looking 3° up. In view: Bell ahead.\n", "\(transcript.text)")
    }

    @Test func theLineDisplayCountsDown() {
        let transcript = Transcript()
        let display = LineDisplay(output: transcript.output)
        var level = tutorialLevel("around-you").level
        level[LevelKeys.status] = .running
        let context = LevelContext(packName: "Tutorial", names: Names(pack: tutorial), goalPaths: [:], visuals: .hidden, steering: "arrow keys")
        display.levelBegan(context, level: level)
        transcript.text = ""
        for time in stride(from: 0.0, through: 56, by: 0.5) {
            level[LevelKeys.time] = time
            display.levelFrame(LevelFrame(level: level, paused: false, wallTime: 0))
        }
        #expect(transcript.text == "30 seconds left.\n10 seconds left.\n5 seconds left.\n")
    }

    @Test func theScreenRedrawsOnlyChangedLines() {
        let transcript = Transcript()
        let display = ScreenDisplay(output: transcript.output, size: { (60, 24) })
        var level = tutorialLevel("first-sound").level
        let context = LevelContext(packName: "Tutorial", names: Names(pack: tutorial), goalPaths: [:], visuals: .shown, steering: "arrow keys")
        display.levelBegan(context, level: level)
        let first = Escape.strip(transcript.text)
        #expect(first.contains("Heading 0° N"))
        #expect(first.contains("[ ] Find the Bell"))
        transcript.text = ""
        display.levelFrame(LevelFrame(level: level, paused: false, wallTime: 0))
        #expect(transcript.text.isEmpty, "nothing changed, nothing written")
        level[LevelKeys.view][ViewKeys.center] = 60
        display.levelFrame(LevelFrame(level: level, paused: false, wallTime: 0))
        #expect(Escape.strip(transcript.text).contains("Heading 60° ENE"))
        #expect(!Escape.strip(transcript.text).contains("Find the Bell"), "the goals did not change")
        #expect(display.levelTooSmall(goals: 1) == nil)
        let small = ScreenDisplay(output: transcript.output, size: { (30, 10) })
        #expect(small.levelTooSmall(goals: 1)?.hasPrefix("The terminal is 30 columns by 10 rows") == true)
    }

    /// The key help is packed once per width: after a resize to a narrow screen it takes
    /// more lines, and every key is still on screen.
    @Test func theKeyHelpFollowsAResize() {
        let transcript = Transcript()
        var columns = 120
        let display = ScreenDisplay(output: transcript.output, size: { (columns, 30) })
        let level = tutorialLevel("first-sound").level
        let context = LevelContext(packName: "Tutorial", names: Names(pack: tutorial), goalPaths: [:], visuals: .shown, steering: "arrow keys")
        display.levelBegan(context, level: level)
        let wide = Escape.strip(transcript.text)
        #expect(wide.contains(Words.english.levelKeysShort.joined(separator: " · ")), "one line at 120 columns")
        columns = 40
        transcript.text = ""
        display.resized()
        let narrow = Escape.strip(transcript.text)
        #expect(!narrow.contains(Words.english.levelKeysShort.joined(separator: " · ")))
        for key in Words.english.levelKeysShort { #expect(narrow.contains(key), "\(key) at 40 columns") }
        #expect(display.levelTooSmall(goals: 1) == nil)
    }

    /// A rule may set a level's time to any finite number, however large: both displays
    /// show it, and a time limit's countdown, rather than trap making a whole number of it.
    @Test func aHugeLevelTimeIsShownRatherThanTrappedOn() {
        var level = tutorialLevel("around-you").level
        level[LevelKeys.status] = .running
        level[LevelKeys.time] = 1e300
        let context = LevelContext(packName: "Tutorial", names: Names(pack: tutorial), goalPaths: [:], visuals: .shown, steering: "arrow keys")
        let screen = Transcript()
        let display = ScreenDisplay(output: screen.output, size: { (80, 24) })
        display.levelBegan(context, level: level)
        display.levelFrame(LevelFrame(level: level, paused: false, wallTime: 0))
        #expect(Escape.strip(screen.text).contains("time \(Int.max / 10 * 10) s"), "\(Escape.strip(screen.text))")
        let lines = Transcript()
        let plain = LineDisplay(output: lines.output)
        plain.levelBegan(context, level: level)
        plain.levelFrame(LevelFrame(level: level, paused: false, wallTime: 0))
        plain.levelStatus(LevelFrame(level: level, paused: false, wallTime: 0))
        #expect(lines.text.contains("Time left: 0 s"), "\(lines.text)")
    }

    /// Each goal's time left is drawn in tens against its own deadline: one time for all,
    /// worked out from the nearest deadline, drew a later one with more time than it had
    /// (a minute's limit beside a 45 s deadline showed 65 s left at 3 s).
    @Test func eachGoalsTimeIsDrawnAgainstItsOwnDeadline() {
        var level = tutorialLevel("around-you").level
        level[LevelKeys.status] = .running
        level[LevelKeys.time] = 3
        let findAll = level[LevelKeys.goals].ids.first { level[LevelKeys.goals][$0]?[GoalKeys.type] == "findAll" }
        if let findAll { level[LevelKeys.goals][findAll]?["deadline"] = .number(45) }
        #expect(findAll != nil)
        let context = LevelContext(packName: "Tutorial", names: Names(pack: tutorial), goalPaths: [:], visuals: .shown, steering: "arrow keys")
        let screen = Transcript()
        let display = ScreenDisplay(output: screen.output, size: { (80, 24) })
        display.levelBegan(context, level: level)
        display.levelFrame(LevelFrame(level: level, paused: false, wallTime: 0))
        let text = Escape.strip(screen.text)
        #expect(text.contains("Time left: 60 s"), "\(text)")
        #expect(!text.contains("Time left: 65 s"), "\(text)")
    }

    /// A wrong pick (the decoy) is found to the store but not to the player: the level
    /// screen's counters and the status leave it out, as the end page does.
    @Test func theCountersLeaveOutWrongPicks() {
        var level = tutorialLevel("first-sound").level
        level[LevelKeys.found] = ["bell"]
        let context = LevelContext(packName: "Tutorial", names: Names(pack: tutorial), goalPaths: [:], visuals: .shown, steering: "arrow keys")
        let screen = Transcript()
        let display = ScreenDisplay(output: screen.output, size: { (60, 24) })
        display.levelBegan(context, level: level)
        display.levelFrame(LevelFrame(level: level, paused: false, wallTime: 0, wrongPicks: 1))
        #expect(Escape.strip(screen.text).contains("Found 0 · misses 0"), "\(Escape.strip(screen.text))")
        let lines = Transcript()
        let plain = LineDisplay(output: lines.output)
        plain.levelBegan(context, level: level)
        plain.levelStatus(LevelFrame(level: level, paused: false, wallTime: 0, wrongPicks: 1))
        #expect(lines.text.contains("Found 0, misses 0"), "\(lines.text)")
    }

    /// A 60 s limit counts down on the full screen in whole tens (each drawn once) and, in
    /// its last 10 s, every second; the counters line shows whole tens of seconds.
    @Test func theTimeLeftIsDrawnInTensUntilTheLastTenSeconds() {
        let definition = tutorialLevel("around-you")
        var level = definition.level
        let context = LevelContext(packName: "Tutorial", names: Names(pack: tutorial), goalPaths: definition.goalPaths,
                                   visuals: .hidden, steering: "arrow keys")
        let screen = Transcript()
        let display = ScreenDisplay(output: screen.output, size: { (80, 24) })
        display.levelBegan(context, level: level)
        var shown: [String] = []
        var counters: [String] = []
        for tenth in 1 ..< 600 {
            screen.text = ""
            level[LevelKeys.time] = Double(tenth) / 10
            display.levelFrame(LevelFrame(level: level, paused: false, wallTime: Double(tenth) / 10))
            let drawn = Escape.strip(screen.text)
            if let left = drawn.firstMatch(of: /Time left: (\d+) s/) { shown.append(String(left.1)) }
            if let time = drawn.firstMatch(of: /· time (\d+) s/) { counters.append(String(time.1)) }
        }
        #expect(shown == ["50", "40", "30", "20", "10", "9", "8", "7", "6", "5", "4", "3", "2", "1"], "\(shown)")
        #expect(counters == ["10", "20", "30", "40", "50"], "\(counters)")
        // Correct at any moment: 55 s left is within the 60 drawn, 9.5 s within the 10.
        for (time, left) in [(5.0, "60"), (50.5, "10"), (49.9, "20")] {
            level[LevelKeys.time] = time
            let fresh = Transcript()
            let again = ScreenDisplay(output: fresh.output, size: { (80, 24) })
            again.levelBegan(context, level: level)
            #expect(Escape.strip(fresh.text).contains("Time left: \(left) s"), "at \(time) s: \(Escape.strip(fresh.text))")
        }
    }

    @Test func styledLinesAreCutByVisibleWidth() {
        var line = StyledLine("abc", .bold)
        line.append("def")
        #expect(Escape.strip(line.rendered(width: 4)) == "abc…", "a cut line ends in an ellipsis")
        #expect(line.rendered(width: 10) == Escape.bold + "abc" + Escape.reset + "def")
    }
}

/// The size a too-small terminal is told to grow to is one the level screen fits in.
@Suite struct TooSmallSizeTests {
    /// At each size, the size named (`needs at least W columns by H rows`) fits Two Voices'
    /// three goals.
    @Test(arguments: [(80, 15), (57, 17), (40, 18), (30, 10), (79, 15), (45, 12)])
    func theSizeNamedFits(columns: Int, rows: Int) throws {
        let definition = tutorialLevel("two-voices")
        let context = LevelContext(packName: "Tutorial", names: Names(pack: tutorial), goalPaths: definition.goalPaths,
                                   visuals: .shown, steering: "arrow keys")
        let transcript = Transcript()
        func display(_ columns: Int, _ rows: Int) -> ScreenDisplay {
            let shown = ScreenDisplay(output: transcript.output, size: { (columns, rows) })
            shown.levelBegan(context, level: definition.level)
            return shown
        }
        let problem = try #require(display(columns, rows).levelTooSmall(goals: 3))
        let named = try #require(problem.firstMatch(of: /needs at least (\d+) columns by (\d+) rows/), "\(problem)")
        let (wide, high) = (try #require(Int(named.1)), try #require(Int(named.2)))
        #expect(display(wide, high).levelTooSmall(goals: 3) == nil, "\(problem) at \(columns)×\(rows)")
    }
}
