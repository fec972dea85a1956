import EcholotAudio

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How the player left a page.
public enum PageOutcome: Equatable, Sendable {
    /// Picked the choice at this index.
    case chose(Int)
    /// Went back (Esc, Backspace; never ←, which turns in a level).
    case back
    /// Quit the game (q).
    case quit
    /// Stop at once: Ctrl-C (SIGINT) or a termination signal, by number; a terminal that
    /// went away is its hang-up (SIGHUP), whether or not the signal came first.
    case interrupted(Int32)
}

/// Runs a ``Page`` with the keyboard: ↑/↓ (or k/j) move, Enter picks, a digit or a
/// choice's letter picks directly, Esc/Backspace go back, q quits, PgUp/PgDn scroll,
/// `?`/`h` shows the page again. Locked choices say why instead of opening, and so do
/// the letters of choices a page leaves out.
///
/// The arrows, space and Enter also play the level, so none of ←, →, space picks or
/// leaves a page, and a page shown right after a level ignores keys for a moment: a
/// player still turning or selecting when the level ends must not start the next one.
public struct PagePresenter {
    let pump: EventPump
    let display: any Display
    /// Plays the selected choice's ``Choice/sound``; nil when nothing can sound.
    let previews: PreviewPlayer?

    /// Seconds between two reads of the input, however idle the page. A key is known to
    /// have come only after the last read that found nothing: waiting without end for it
    /// would date each key to the one before, and a deliberate press right after a quick
    /// one would pass for a held key's repeat and go unanswered.
    static let readEvery = 0.1

    /// A presenter reading keys from `pump` and showing on `display`, playing choices'
    /// sounds with `previews`.
    public init(pump: EventPump, display: any Display, previews: PreviewPlayer? = nil) {
        self.pump = pump
        self.display = display
        self.previews = previews
    }

    /// Shows `page` and waits for the player's choice; keys that may have been typed in
    /// the first `settle` seconds are dropped (and so are keys left over from the screen
    /// before). Without a settle, keys typed ahead on the screen before count here.
    public func run(_ start: Page, settle: Double = 0) throws(SystemError) -> PageOutcome {
        var page = start
        var told = HeldKey()
        display.show(page)
        hear(page)
        // A preview never sounds on past its page: the next page, or the level, has the ears.
        // Nor does what a key said on it stay, as if it were about the next page.
        defer {
            previews?.stop()
            display.pageLeft()
        }
        let open = MonotonicClock.now() + settle
        var toldMoment = false
        while true {
            // The terminal gone can reach us as a failed write or the end of input before
            // its SIGHUP does: either way it is the hang-up, not the player quitting.
            if display.failure != nil { return .interrupted(SIGHUP) }
            // Input is read once the page is open: keys read after that were typed on the
            // open page, whereas a busy game (or one stopped by Ctrl-Z) reads keys typed
            // before it late.
            let wake = try pump.wait(timeout: Self.readEvery, readingAfter: settle > 0 ? open : -.infinity)
            if let signal = wake.termination { return .interrupted(signal) }
            if wake.terminalGone { return .interrupted(SIGHUP) }
            if wake.resized { display.resized() }
            if wake.resumed { sayBack(page) }
            if settle > 0, wake.keysSince < open {
                if wake.keys.contains(.interrupt) { return .interrupted(SIGINT) }
                // Answered once: silence would leave a player who pressed a key on the page
                // wondering whether it was heard.
                if !wake.keys.isEmpty, !toldMoment {
                    toldMoment = true
                    display.notice(page.words.keysNotTaken(settle: settle), style: .normal)
                }
                continue
            }
            for (index, key) in wake.keys.enumerated() {
                if let outcome = handle(key, page: &page, since: wake.keysSince, told: &told) {
                    pump.unread(wake, after: index)
                    return outcome
                }
            }
        }
    }

    /// Says that the game is back, on `page` and at which entry: the line mode writes no
    /// screen anew, and the shell's words would otherwise be the last a player heard.
    private func sayBack(_ page: Page) {
        let selected = page.choices.indices.contains(page.selected)
            ? page.words.selected(page.choices[page.selected].spokenLine) : nil
        display.notice(page.words.backInTheGame(page.title, then: selected), style: .normal)
    }

    /// Says that `key` does nothing on `page`, once per press rather than for each
    /// repeat of a held key (a space still held from the level): silence would leave a
    /// player who cannot see the screen wondering whether it was heard.
    private func tellDoesNothing(_ key: Key, on page: Page, since: Double, told: inout HeldKey) {
        tell(page.words.doesNothingOnPage(key), for: key, since: since, told: &told)
    }

    /// Says `text` about `key`, once per press rather than for each repeat of a held key.
    private func tell(_ text: String, for key: Key, since: Double, told: inout HeldKey, style: TextStyle = .normal) {
        guard !told.repeats(key, since: since) else { return }
        display.notice(text, style: style)
    }

    private func handle(_ key: Key, page: inout Page, since: Double, told: inout HeldKey) -> PageOutcome? {
        switch key {
        case .up, .character("k"), .backTab:
            move(&page, by: -1, key: key, since: since, told: &told)
        case .down, .character("j"), .tab:
            move(&page, by: 1, key: key, since: since, told: &told)
        case .home:
            move(&page, by: -page.choices.count, key: key, since: since, told: &told)
        case .end:
            move(&page, by: page.choices.count, key: key, since: since, told: &told)
        case .enter:
            return pick(page.selected, page: page, key: key, since: since, told: &told)
        case .escape, .backspace:
            guard let stay = page.noWayBack else { return .back }
            tell(stay, for: key, since: since, told: &told)
        case .character("q"), .character("Q"), .endOfInput:
            return .quit
        case .interrupt:
            return .interrupted(SIGINT)
        case .pageUp, .pageDown:
            switch display.scroll(page, pages: key == .pageUp ? -1 : 1) {
            case .moved: break
            case .atTop: tell(page.words.atTopOfText, for: key, since: since, told: &told)
            case .atEnd: tell(page.words.atEndOfText, for: key, since: since, told: &told)
            case .nothingToScroll: tellDoesNothing(key, on: page, since: since, told: &told)
            }
        case .character("?"), .character("h"), .f1:
            display.show(page)
        case .control("L"):
            // As in other terminal programs: the screen drawn anew after something wrote on it.
            if !display.redraw() { tellDoesNothing(key, on: page, since: since, told: &told) }
        case .paste:
            tell(page.words.pasteIgnored, for: key, since: since, told: &told)
        case let .character(c):
            if let digit = c.wholeNumberValue, (0 ... 9).contains(digit) {
                // Silence would leave a player who cannot see the list wondering; 0 is
                // answered too, as a number a player may well try.
                guard digit >= 1, digit <= page.choices.count else {
                    tell(page.words.noEntry(digit, count: page.choices.count), for: key, since: since, told: &told,
                         style: .warning)
                    return nil
                }
                return pick(digit - 1, page: page, key: key, since: since, told: &told)
            }
            let lower = Character(c.lowercased())
            if let index = page.choices.firstIndex(where: { $0.shortcut == lower }) {
                return pick(index, page: page, key: key, since: since, told: &told)
            }
            if let reason = page.withheld[lower] {
                tell(reason, for: key, since: since, told: &told, style: .warning)
            } else {
                tellDoesNothing(key, on: page, since: since, told: &told)
            }
        default:
            tellDoesNothing(key, on: page, since: since, told: &told)
        }
        return nil
    }

    private func move(_ page: inout Page, by step: Int, key: Key, since: Double, told: inout HeldKey) {
        guard !page.choices.isEmpty else { return }
        // At either end the entry is said again, and that it is the end: silence would
        // leave a player who cannot see the list unsure whether the key was taken, and the
        // entry alone that there is nothing past it. Once per press, though: a key held
        // into the end would say the same line for every repeat the terminal sends.
        let before = page.selected
        page.selected = max(0, min(page.choices.count - 1, page.selected + step))
        guard page.selected == before else {
            // Moved: the end reached next is news, however soon the key comes again.
            told = HeldKey()
            display.selectionMoved(page, stoppedAt: nil)
            hear(page)
            return
        }
        guard !told.repeats(key, since: since) else { return }
        display.selectionMoved(page, stoppedAt: page.choices.count == 1 ? .only : step > 0 ? .last : .first)
    }

    /// Plays the selected choice's sound, cutting off the one before; a sound that cannot
    /// play is told once, and the menu goes on.
    private func hear(_ page: Page) {
        guard let previews, page.choices.indices.contains(page.selected) else { return }
        let choice = page.choices[page.selected]
        guard let sound = choice.sound else {
            previews.stop()
            return
        }
        if let problem = previews.play(sound) {
            display.notice(page.words.previewFails(choice.label, problem: problem), style: .warning)
        }
    }

    private func pick(_ index: Int, page: Page, key: Key, since: Double, told: inout HeldKey) -> PageOutcome? {
        guard page.choices.indices.contains(index) else { return nil }
        let choice = page.choices[index]
        guard choice.enabled else {
            tell(choice.refusalText(page.words), for: key, since: since, told: &told, style: .warning)
            return nil
        }
        return .chose(index)
    }
}
