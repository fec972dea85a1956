import EcholotCore
import EcholotModel

/// The full-screen display: pages with a highlighted choice, and the level screen — a
/// title, the heading, the view strip with its compass, the goals, the counters, the
/// latest messages and the keys. Lines are redrawn only when they change.
public final class ScreenDisplay: Display {
    private let canvas: Canvas
    private let size: () -> (columns: Int, rows: Int)
    private var page: Page?
    private var scrollOffset = 0
    /// Whether the last scroll reached the text's end: a notice that takes a row from the
    /// text then hides its first line in sight, not its last, so the end stays in sight
    /// and PgDn still has nothing to bring.
    private var scrolledToEnd = false
    private var notice: (lines: [String], style: TextStyle)?
    /// Notices given before anything was drawn (a profile that cannot be opened, no sound
    /// device): each would replace the one before, so all stay on the first page.
    private var openingNotices: [(text: String, style: TextStyle)] = []
    private var context: LevelContext?
    /// The language of what this display says of itself.
    public var words = Words.english
    /// The language of what it says in a level: the level's names', as the level's own
    /// sentences are said in.
    private var levelWords: Words { context?.names.words ?? words }
    private var messages: [(text: String, style: TextStyle)] = []
    /// Why the level starts over (``levelRestarts(_:style:)``): the restarted level's
    /// screen begins with it, or an author editing the pack would never see it.
    private var restartNews: (text: String, style: TextStyle)?
    /// The last message that the window fits again (``levelFitsAgain(_:)``).
    private var fitsAgain: String?
    private var frame: LevelFrame?
    private var statusLines: [String] = []
    /// Whether the page shown is the game's first: it points screen-reader users to the
    /// line mode and its variable, which they may not know of.
    private var firstPage = true
    /// The key help packed for the last width drawn at (``helpLines(columns:)``).
    private var help: (columns: Int, lines: [StyledLine])?

    /// The narrowest terminal the level screen fits in.
    public static let minimumColumns = 40
    /// Rows of the level screen besides the goals.
    static let fixedLevelRows = 13

    /// A display drawing through `output` on a screen whose size `size` tells, in colour
    /// unless `colour` is false (`NO_COLOR`).
    public init(output: @escaping (String) throws(SystemError) -> Void, size: @escaping () -> (columns: Int, rows: Int),
                colour: Bool = true) {
        canvas = Canvas(output: output, colour: colour)
        self.size = size
    }

    /// The first output failure.
    public var failure: SystemError? { canvas.failure }

    /// Draws the page.
    public func show(_ page: Page) {
        if let shown = self.page, shown.title != page.title {
            firstPage = false
            openingNotices = []
        }
        self.page = page
        frame = nil
        restartNews = nil
        scrollOffset = 0
        scrolledToEnd = false
        drawPage()
    }

    /// Redraws with the new highlight; a key that stopped at an end of the list says so
    /// above the keys, as the line mode does.
    public func selectionMoved(_ page: Page, stoppedAt edge: ListEdge?) {
        self.page = page
        notice = edge.map { ([words.thatIs($0)], .normal) }
        drawPage()
    }

    /// Scrolls the page's text by `pages` screenfuls: a screenful is the lines of text in
    /// sight, so no line is passed over unseen however small the window.
    public func scroll(_ page: Page, pages: Int) -> PageScroll {
        self.page = page
        let (columns, rows) = size()
        let layout = pageLayout(page, columns: columns, rows: rows)
        guard layout.body.count > layout.visible else { return .nothingToScroll }
        let offset = max(0, min(layout.body.count - layout.visible, scrollOffset + pages * layout.visible))
        guard offset != scrollOffset else { return pages < 0 ? .atTop : .atEnd }
        scrollOffset = offset
        scrolledToEnd = offset + layout.visible >= layout.body.count
        // What a key said before (the text's end, a key that did nothing) is past.
        notice = nil
        drawPage()
        return .moved
    }

    /// Shows the message above the keys line.
    public func notice(_ text: String, style: TextStyle) {
        notice(lines: [text], style: style)
    }

    /// Shows the lines above the keys line, each wrapped on its own.
    public func notice(lines: [String], style: TextStyle) {
        if frame != nil {
            // During a level a notice (an audio problem, a tracker message) is a message.
            for line in lines { levelSaid(line, style: style) }
            drawLevel()
            return
        }
        guard page != nil else { return openingNotices += lines.map { ($0, style) } }
        notice = (lines, style)
        drawPage()
    }

    /// Starts the level screen.
    public func levelBegan(_ context: LevelContext, level: Level) {
        self.context = context
        firstPage = false
        openingNotices = []
        page = nil
        // A story's lines stay on screen from scene to scene: the dialogue reads on.
        if context.storyScene == nil { messages = restartNews.map { [$0] } ?? [] }
        restartNews = nil
        statusLines = []
        notice = nil
        frame = LevelFrame(level: level, paused: false, wallTime: 0)
        drawLevel()
    }

    /// Adds a message under the goals, each of its lines (a choice's options) a message of
    /// its own, as the line mode says them.
    public func levelSaid(_ text: String, style: TextStyle) {
        messages += text.split(separator: "\n", omittingEmptySubsequences: false).map { (String($0), style) }
        if messages.count > 20 { messages.removeFirst(messages.count - 20) }
        statusLines = []
    }

    /// Shows why the level starts over, and keeps it for the restarted level's screen.
    public func levelRestarts(_ text: String, style: TextStyle) {
        levelSaid(text, style: style)
        restartNews = (text, style)
    }

    /// Redraws the level (only changed lines reach the terminal).
    public func levelFrame(_ frame: LevelFrame) {
        self.frame = frame
        drawLevel()
    }

    /// Shows the full status in the message area until the next event.
    public func levelStatus(_ frame: LevelFrame) {
        self.frame = frame
        guard let context else { return }
        statusLines = StatusText.lines(frame, context: context)
        drawLevel()
    }

    /// Shows or clears the pause mark.
    public func pauseChanged(_ paused: Bool, frame: LevelFrame) {
        self.frame = frame
        levelSaid(paused ? levelWords.paused(story: context?.storyScene != nil) : levelWords.goingOn, style: .warning)
        drawLevel()
    }

    /// Why the level screen does not fit, if it does not.
    public func levelTooSmall(goals: Int) -> String? {
        let (columns, rows) = size()
        return tooSmall(columns: columns, rows: rows, goals: goals)?.message
    }

    /// Why a screen of `columns`×`rows` cannot hold the level screen with `goals` goals, and
    /// a size that can, or `nil`. The size keeps the width when it is wide enough: the rows
    /// needed depend on it (the heading and the keys wrap on a narrow screen), so a size
    /// of the narrowest width with this width's rows would not fit.
    private func tooSmall(columns: Int, rows: Int, goals: Int) -> (message: String, fits: (columns: Int, rows: Int))? {
        guard columns < Self.minimumColumns || rows < neededRows(goals: goals, columns: columns) else { return nil }
        let width = max(columns, Self.minimumColumns)
        let fits = (columns: width, rows: neededRows(goals: goals, columns: width))
        return (levelWords.tooSmall(columns: columns, rows: rows, needs: fits), fits)
    }

    /// Says the window fits again in place of the last such message, if still listed: the
    /// window was too small since, so what it said is past, and each return to a size that
    /// fits would add a row saying the same.
    public func levelFitsAgain(_ text: String) {
        if let told = fitsAgain, let index = messages.lastIndex(where: { $0.text == told }) { messages.remove(at: index) }
        fitsAgain = text
        levelSaid(text, style: .warning)
    }

    /// Redraws everything at the new size.
    public func resized() {
        canvas.invalidate()
        if frame != nil { drawLevel() } else if page != nil { drawPage() }
    }

    /// Draws everything again from a cleared screen.
    public func redraw() -> Bool {
        resized()
        return true
    }

    /// Forgets the notice of the page left, which the next page would otherwise show.
    public func pageLeft() {
        notice = nil
    }

    /// Writes the terminal bell (a sound when there is no audio device).
    public func ring() { canvas.write(Escape.bell) }

    // MARK: Pages

    /// A page as drawn at a size: its wrapped text, how many lines of it are in sight at
    /// once (all of them when it fits), and the lines above and below the text.
    private struct PageLayout {
        /// Lines between the title and the text: the pointer to the line mode.
        var head: [StyledLine]
        /// The text, and on a small window the notices given before the first page.
        var body: [StyledLine]
        var visible: Int
        var choices: [StyledLine]
        var bottom: [StyledLine]
        /// Whether the blank lines that only space the page out are drawn: not on a screen
        /// too short for them and what the page says.
        var spaced: Bool
        /// The rows the page needs at this width: the title, the choices, the keys and
        /// what is said above them, and two of the text (a line and the mark that scrolls).
        var needed: Int
    }

    /// The narrowest terminal pages are drawn on: narrower, the keys and a briefing wrap
    /// into a few words a row.
    public static let minimumPageColumns = 30

    /// The page's lines at `columns`×`rows`: drawing and scrolling share it, so a scroll
    /// moves by exactly the lines a screen shows.
    private func pageLayout(_ page: Page, columns: Int, rows: Int) -> PageLayout {
        let width = max(10, columns - 2)
        var choices: [StyledLine] = []
        for (index, choice) in page.choices.enumerated() {
            let number = index < 9 ? "\(index + 1). " : "   "
            // A text mark besides the reverse video: braille displays show no colours.
            let text = (index == page.selected ? "> " : "  ") + number + choice.line
            let style: TextStyle = index == page.selected ? .reverse : (choice.enabled ? .normal : .dim)
            choices.append(StyledLine(text, style))
        }
        // Wrapped: a long notice (a profile's path and its cure) must not lose its point.
        func wrapped(_ notices: [(text: String, style: TextStyle)]) -> [StyledLine] {
            notices.flatMap { notice in TextWrap.lines(notice.text, width: width).map { StyledLine(" " + $0, notice.style) } }
        }
        let opening = wrapped(openingNotices), current = wrapped(notice.map { notice in notice.lines.map { ($0, notice.style) } } ?? [])
        // The keys and the pointer to the line mode wrap rather than lose their ends on a
        // narrow screen: the pointer is all a screen-reader user may get to hear here.
        let help = Self.packed(page.keys.map(\.shown), width: width).map { StyledLine(" " + $0, .dim) }
        // Under the title, where a screen reader reading from the top meets it first; one
        // row where the window allows.
        let hint = !firstPage ? [] : TextWrap.lines(TerminalWidth.columns(words.plainHint) <= width ? words.plainHint : words.shortPlainHint, width: width)
            .map { StyledLine(" " + $0, .dim) }
        var body = page.body.flatMap(Self.wrapped(width: width)).map { StyledLine($0) }
        // The rows left for the text: the choices stay in sight, and a long text scrolls
        // above them.
        func room(spaced: Bool, folded: Bool) -> Int {
            let notices = folded ? current : opening + current
            let blanks = spaced ? 1 + (choices.isEmpty ? 0 : 1) + (notices.isEmpty ? 1 : 0) : 0
            return rows - 1 - hint.count - choices.count - notices.count - help.count - blanks
        }
        // Three blank lines space the page out (after the title, before the choices, above
        // the keys when there is no notice); they go first on a window where they would
        // leave the text but a few rows at a time.
        let spaced = body.count <= room(spaced: true, folded: false) || room(spaced: true, folded: false) > Self.fewRows
        // On a window too small for the text, the notices given before the first page are
        // its first lines, read and scrolled past with it, rather than rows taken from it
        // on every screenful.
        let folded = !spaced && !opening.isEmpty && body.count > room(spaced: false, folded: false)
        let needed = rows - room(spaced: false, folded: true) + min(opening.count + body.count, 2)
        if folded { body = opening + body }
        var bottom = (folded ? current : opening + current) + help
        if spaced {
            if !page.choices.isEmpty { choices.insert(StyledLine(), at: 0) }
            if bottom.count == help.count { bottom.insert(StyledLine(), at: 0) }
        }
        // A text longer than its room gives its last line in sight to the mark that says so.
        let rows = max(2, room(spaced: spaced, folded: folded))
        return PageLayout(head: hint, body: body, visible: body.count > rows ? rows - 1 : body.count, choices: choices,
                          bottom: bottom, spaced: spaced, needed: needed)
    }

    /// Rows of text that the blank lines spacing a page out may leave it, at most, before
    /// they give way: fewer, and a long text would be read a line or two per PgDn.
    static let fewRows = 8

    private func drawPage() {
        guard let page else { return }
        let (columns, rows) = size()
        let layout = pageLayout(page, columns: columns, rows: rows)
        // As the level does: a page cut at the bottom would hide its choices or keys
        // without a word, and leave the player pressing keys at what cannot be seen.
        if columns < Self.minimumPageColumns || rows < layout.needed {
            let width = max(columns, Self.minimumPageColumns)
            let fits = (columns: width, rows: width == columns ? layout.needed : pageLayout(page, columns: width, rows: rows).needed)
            let lines = Self.tooSmallLines(words.pageTooSmall(columns: columns, rows: rows, needs: fits),
                                           short: words.tooSmallShort(needs: fits), columns: columns, rows: rows)
            return canvas.draw(lines, size: (columns, rows))
        }
        var body = layout.body
        if body.count > layout.visible {
            scrollOffset = scrolledToEnd ? body.count - layout.visible : min(scrollOffset, body.count - layout.visible)
            let end = scrollOffset + layout.visible
            body = Array(body[scrollOffset ..< end]) + [StyledLine(words.scrollMark(above: scrollOffset > 0, below: end < body.count))]
        } else {
            scrollOffset = 0
        }
        let top = [StyledLine(" " + page.title, .bold)] + layout.head + (layout.spaced ? [StyledLine()] : []) + body + layout.choices
        let filler = Array(repeating: StyledLine(), count: max(0, rows - top.count - layout.bottom.count))
        // The cursor on the selected choice: screen readers read the line it is on.
        let cursor = page.choices.isEmpty ? nil : top.count - page.choices.count + page.selected
        canvas.draw(top + filler + layout.bottom, size: (columns, rows), cursor: cursor)
    }

    /// A paragraph's lines, indented one column; a bulleted one (`• `) hangs its
    /// continuation lines under the text.
    private static func wrapped(width: Int) -> (String) -> [String] {
        { paragraph in
            guard paragraph.hasPrefix("• ") else { return TextWrap.lines(paragraph, width: width).map { " " + $0 } }
            let lines = TextWrap.lines(String(paragraph.dropFirst(2)), width: width - 2)
            return lines.enumerated().map { ($0.offset == 0 ? " • " : "   ") + $0.element }
        }
    }

    // MARK: The level

    /// The rows the level screen needs at `columns`: the fixed ones, one per goal, and
    /// those the heading and the keys take when they wrap on a narrow screen.
    private func neededRows(goals: Int, columns: Int) -> Int {
        // The heading's rows depend on the width only, so any heading counts them.
        let heading = context.map { Self.headingLines($0, center: 0, elevation: 0, columns: columns).count } ?? 1
        return Self.fixedLevelRows + goals + heading - 1 + helpLines(columns: columns).count - 1
    }

    private func drawLevel() {
        guard let context, let frame else { return }
        let (columns, rows) = size()
        let level = frame.level
        let view = level[LevelKeys.view]
        let goals = GoalText.orderedGoals(level, paths: context.goalPaths)
        if let problem = tooSmall(columns: columns, rows: rows, goals: goals.count) {
            canvas.draw(Self.tooSmallLines(problem.message, short: levelWords.tooSmallShort(needs: problem.fits), columns: columns, rows: rows),
                        size: (columns, rows))
            return
        }
        let elevation = Int(view[ViewKeys.elevation].rounded())
        let heading = Self.headingLines(context, center: view[ViewKeys.center], elevation: elevation, columns: columns)
        let words = context.names.words
        var lines: [StyledLine] = []
        let name = " \(context.packName) · \(Self.sceneTitle(context, level: level))"
        // A long title is cut before the mark, so that the mark stays in view.
        let mark = frame.paused ? "   " + words.pausedMark : ""
        var title = StyledLine(TerminalWidth.cut(name, columns: max(0, columns - TerminalWidth.columns(mark))), .bold)
        if frame.paused { title.append(mark, .warning) }
        lines.append(title)
        lines += heading.map { StyledLine($0) }
        let inner = columns - 2
        let strip = ViewStrip(level: level, columns: inner, visuals: context.visuals, words: words)
        lines.append(StyledLine("┌" + String(repeating: "─", count: inner) + "┐", .dim))
        for row in strip.rows {
            var line = StyledLine("│", .dim)
            for cell in ViewStrip.drawn(row) { line.append(String(cell.character), cell.style) }
            line.append("│", .dim)
            lines.append(line)
        }
        lines.append(StyledLine("└" + String(repeating: "─", count: inner) + "┘", .dim))
        lines.append(StyledLine(" " + strip.compass, .dim))
        // A cut-scene or a choice has no goals to list or finds to count.
        if !context.hasGoals {
            return drawRest(lines, context: context, frame: frame, columns: columns, rows: rows)
        }
        lines.append(StyledLine(" " + words.goalsHeading, .bold))
        let goalText = GoalText(names: context.names)
        for goal in goals {
            var timed = level
            timed[LevelKeys.time] = Self.goalTime(level, for: goal)
            let status = goalText.status(goal, in: timed)
            switch (status.state, status.isConstraint) {
            case (.failed, _): lines.append(StyledLine(" [✗] " + status.text, .bad))
            case (.met, false): lines.append(StyledLine(" [✓] " + status.text, .good))
            case (_, true): lines.append(StyledLine("  •  " + status.text))
            case (.pending, false): lines.append(StyledLine(" [ ] " + status.text))
            }
        }
        // Whole tens of seconds: a screen reader that reads changed lines would hear the
        // clock every second, the whole level long; `i` tells the exact time.
        let tens = Int(saturating: level[LevelKeys.time]) / 10 * 10
        lines.append(StyledLine(" " + words.counters(found: frame.found, misses: level[LevelKeys.misses], tens: tens)))
        drawRest(lines, context: context, frame: frame, columns: columns, rows: rows)
    }

    /// Seconds left to the nearest deadline below which the goals count every second.
    static let urgentSeconds = 10.0

    /// The level's time as `goal` is drawn: while more than ``urgentSeconds`` are left to its
    /// deadline, the time left goes down in whole tens of seconds (60, 50, … 20: the tens
    /// not yet run out, as a whole second not yet run out counts), so a screen reader that
    /// reads changed lines hears it once in ten seconds rather than every second; from then
    /// on the exact time, every second counting, as the line mode's warnings at 10 and 5
    /// seconds do. Each goal against its own deadline: one time for all, from the nearest,
    /// showed a later deadline more time than it had.
    static func goalTime(_ level: Level, for goal: Goal) -> Double {
        let time = level[LevelKeys.time]
        guard goal[GoalKeys.state] != .failed, let deadline = GoalText.deadline(of: goal),
              deadline - time > urgentSeconds else { return time }
        return deadline - ((deadline - time) / 10).rounded(.up) * 10
    }

    /// The screen that says the terminal is too small: the whole message when it fits,
    /// else the `short` one without the title, so that what to do is never cut off.
    private static func tooSmallLines(_ problem: String, short: String, columns: Int, rows: Int) -> [StyledLine] {
        let width = max(10, columns)
        let full = TextWrap.lines(problem, width: width)
        if full.count + 2 <= rows { return [StyledLine("Echolot", .bold), StyledLine()] + full.map { StyledLine($0, .warning) } }
        return TextWrap.lines(short, width: width).map { StyledLine($0, .warning) }
    }

    /// The heading line, or on a narrow screen the heading and tilt on one line and the
    /// visuals and steering on the next: how many lines it takes depends on the width
    /// only, not on the heading, so the screen does not jump as the player turns.
    private static func headingLines(_ context: LevelContext, center: Double, elevation: Int, columns: Int) -> [String] {
        let words = context.names.words
        let moving = words.headingLine(center, tilt: elevation)
        let steady = [words.visuals(context.visuals), context.steering]
        // The longest the moving part can be: "Heading 337° NNW · tilt -90°" (every point
        // abbreviated in three letters or fewer).
        let widest = TerminalWidth.columns(words.headingLine(337, tilt: -90))
        if widest + Self.separator.count + TerminalWidth.columns(steady.joined(separator: Self.separator)) <= columns - 1 {
            return [" " + ([moving] + steady).joined(separator: Self.separator)]
        }
        return [" " + moving] + packed(steady, width: columns - 1).map { " " + $0 }
    }

    /// The key help's lines at `columns`: as many as it takes, so no key is cut off.
    /// Packed once per width, not twice a frame (the rows needed, then the screen).
    private func helpLines(columns: Int) -> [StyledLine] {
        if let help, help.columns == columns { return help.lines }
        let lines = Self.packed(levelWords.levelKeysShort, width: columns - 1).map { StyledLine(" " + $0, .dim) }
        help = (columns, lines)
        return lines
    }

    private static let separator = " · "

    /// `items` joined with " · " into lines of at most `width` columns, breaking only
    /// between items (an item longer than a line is wrapped at its spaces).
    static func packed(_ items: [String], width: Int) -> [String] {
        var lines: [String] = []
        for item in items {
            if let last = lines.last, TerminalWidth.columns(last) + separator.count + TerminalWidth.columns(item) <= width {
                lines[lines.count - 1] = last + separator + item
            } else {
                lines += TextWrap.lines(item, width: width)
            }
        }
        return lines
    }

    /// What a scene of a story is called in the title line.
    private static func sceneTitle(_ context: LevelContext, level: Level) -> String {
        switch context.storyScene {
        case .cutscene?: return context.names.words.cutsceneTitle
        case .choice?: return context.names.words.choiceTitle
        case .level?, nil: return context.names.level(level)
        }
    }

    /// The messages and the key help under the level's own lines.
    private func drawRest(_ top: [StyledLine], context: LevelContext, frame: LevelFrame, columns: Int, rows: Int) {
        var lines = top
        let help = helpLines(columns: columns)
        var extra = statusLines.map { (text: $0, style: TextStyle.normal) }
        if let tracker = frame.tracker, statusLines.isEmpty { lines.append(StyledLine(" " + tracker, .dim)) }
        if extra.isEmpty { extra = messages }
        let room = max(0, rows - lines.count - 1 - help.count)
        lines.append(StyledLine())
        // The status keeps its first lines, the heading and what is in view, which the
        // screen shows nowhere else in words; the messages their newest.
        lines += Self.messageRows(extra, rows: room, columns: columns, first: !statusLines.isEmpty)
        let filler = Array(repeating: StyledLine(), count: max(0, rows - lines.count - help.count))
        canvas.draw(lines + filler + help, size: (columns, rows))
    }

    /// The message area's rows: `messages` wrapped (a story's line or a long notice says all
    /// it says), whole ones only, as many as fit in `room`: the newest, or with `first` the
    /// first. A message's last rows alone would read as all of it: when not even one fits,
    /// its start is shown, ending in ``cutMark``, as a status cut short ends.
    static func messageRows(_ messages: [(text: String, style: TextStyle)], rows room: Int, columns: Int, first: Bool) -> [StyledLine] {
        let wrapped = messages.map { message in TextWrap.lines(" " + message.text, width: columns).map { (text: $0, style: message.style) } }
        var kept: [[(text: String, style: TextStyle)]] = [], used = 0
        for message in first ? wrapped : wrapped.reversed() {
            guard used + message.count <= room else { break }
            kept.append(message)
            used += message.count
        }
        if !first { kept.reverse() }
        var rows = Array(kept.joined())
        if kept.isEmpty, let whole = first ? wrapped.first : wrapped.last { rows = Array(whole.prefix(room)) }
        // Older messages go whole unmarked, as on a tall window once its room runs out; the
        // status's lines left out are what it was asked for.
        let cut = kept.isEmpty ? !wrapped.isEmpty : first && kept.count < wrapped.count
        if cut, let last = rows.last { rows[rows.count - 1].text = cutMarked(last.text, columns: columns) }
        return rows.map { StyledLine($0.text, $0.style) }
    }

    /// Ends a row of a message shown in part: the player knows there is more (on a larger
    /// window, or in `--plain`).
    static let cutMark = " …"

    /// `row` with ``cutMark`` at its end, words dropped from it to make room.
    private static func cutMarked(_ row: String, columns: Int) -> String {
        var row = Substring(row)
        while TerminalWidth.columns(row) + cutMark.count > columns, let space = row.dropFirst().lastIndex(of: " ") { row = row[..<space] }
        return TerminalWidth.prefix(String(row), columns: max(0, columns - cutMark.count)) + cutMark
    }
}
