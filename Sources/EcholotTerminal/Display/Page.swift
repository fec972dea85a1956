import Foundation

/// A page of text with a list of choices: every screen that is not the level itself (the
/// menus, the briefing, the end of a level) is one, so both displays — full screen and
/// plain lines — present them the same way and keys work the same on all of them.
public struct Page: Equatable, Sendable {
    /// The heading.
    public var title: String
    /// Paragraphs of text; an empty string is a blank line.
    public var body: [String]
    /// What can be chosen, in order.
    public var choices: [Choice]
    /// The highlighted choice.
    public var selected: Int
    /// The keys the page names, in order.
    public var keys: [KeyHint]
    /// Keys of choices this page leaves out, with why: said when one is pressed, as a number
    /// past the end is, so a player who knows the key from other pages hears why it does
    /// nothing here.
    public var withheld: [Character: String] = [:]
    /// What Esc and Backspace say on a page there is nothing to go back from (the list of
    /// packs), where they would otherwise end the game: a player pressing Esc again and
    /// again to get back to the start must not quit by accident. `nil`: they go back.
    public var noWayBack: String?
    /// The language the page is written in: its keys, and what its keys say of themselves
    /// (``PagePresenter``), are in it too.
    public let words: Words

    /// A page in `words`; without `keys`, a menu's keys for its number of choices
    /// (``menuKeys(choices:words:last:)``).
    public init(title: String, body: [String] = [], choices: [Choice], selected: Int = 0, keys: [KeyHint]? = nil,
                words: Words = .english) {
        self.title = title
        self.body = body
        self.choices = choices
        self.selected = choices.isEmpty ? 0 : max(0, min(selected, choices.count - 1))
        self.words = words
        self.keys = keys ?? Page.menuKeys(choices: choices.count, words: words)
    }

    /// The keys as a sentence for the line mode: words and commas, which a screen reader
    /// reads as they are meant, where it reads "↑/↓" and "·" out as symbols.
    public var spokenHelp: String { words.spokenKeys(keys) }

    /// The keys of a menu of `count` choices in `words`, ending with `last` (by default Esc
    /// back, q quit): the arrows and the numbers only where there is more than one entry to
    /// move between, and the numbers as far as there are entries (1–3), so no key is named
    /// that does nothing useful.
    public static func menuKeys(choices count: Int, words: Words, last: [KeyHint]? = nil) -> [KeyHint] {
        let last = last ?? [words.backKey, words.quitKey]
        guard count > 1 else { return [words.chooseKey] + last }
        return [words.moveKeys, words.chooseKey, words.numberKeys(to: min(count, 9))] + last
    }
}

/// A key a page names: as the full screen shows it ("Esc back") and as the line mode says it
/// ("Esc goes back").
public struct KeyHint: Equatable, Sendable {
    /// The short form, symbols and all, for the full screen's key line.
    public var shown: String
    /// The same in words, for a screen reader.
    public var spoken: String

    /// A key named `shown` on the full screen and `spoken` in the line mode.
    public init(_ shown: String, spoken: String) {
        self.shown = shown
        self.spoken = spoken
    }

    /// Enter, doing `verb` ("Enter start"), said as `spoken` ("Enter starts").
    public static func enter(_ verb: String, spoken: String) -> KeyHint { KeyHint("Enter \(verb)", spoken: spoken) }
}

/// One choice of a page.
public struct Choice: Equatable, Sendable {
    /// What it is called.
    public var label: String
    /// Marks after the label, each a few words: "done", "best 1380", "finish The Basics first".
    public var marks: [String]
    /// Why it cannot be chosen, in a word said right after its label ("locked", "broken",
    /// "missing"); nil when it can be.
    public var unavailable: String?
    /// What picking it says when that is not "LABEL is UNAVAILABLE (MARKS).": a sentence of
    /// its own for a state that word and marks would tell unclearly.
    public var refusal: String?
    /// A letter that chooses it directly ("r" for Retry).
    public var shortcut: Character?
    /// A short sound played while it is selected (a pack's preview): a player choosing by
    /// ear hears what the entry is before picking it.
    public var sound: URL?

    /// Whether it can be chosen (a locked level cannot).
    public var enabled: Bool { unavailable == nil }

    /// A choice with `detail` as its one mark, if any.
    public init(_ label: String, detail: String = "", unavailable: String? = nil, shortcut: Character? = nil) {
        self.init(label, marks: detail.isEmpty ? [] : [detail], unavailable: unavailable, shortcut: shortcut)
    }

    /// A choice with its marks, each told apart from the others.
    public init(_ label: String, marks: [String], unavailable: String? = nil, refusal: String? = nil, shortcut: Character? = nil) {
        self.label = label
        self.marks = marks
        self.unavailable = unavailable
        self.refusal = refusal
        self.shortcut = shortcut
    }

    /// The marks as the full screen shows them: "done · best 1380".
    public var detail: String { marks.joined(separator: " · ") }

    /// The label with its letter and marks, as one line of the full screen: "Retry (r)",
    /// "Two Voices — done · best 1380", "Lost Cave (locked) — finish “The Basics” first".
    public var line: String {
        detail.isEmpty ? named : "\(named) — \(detail)"
    }

    /// The same line for the line mode, in commas: "Two Voices, done, best 1380", which a
    /// screen reader reads as pauses where it reads "—" and "·" out as symbols.
    public var spokenLine: String {
        ([named] + marks).joined(separator: ", ")
    }

    /// What picking it says in `words` when it cannot be chosen: its ``refusal``, or
    /// "LABEL is UNAVAILABLE (MARKS).", the marks in commas, as the line mode says them.
    public func refusalText(_ words: Words) -> String {
        refusal ?? words.refusal(of: label, unavailable: unavailable, marks: marks)
    }

    /// The label with its letter and, before the marks, which can be long (a broken pack's
    /// error), the word that says it cannot be chosen: a line cut to the screen's width
    /// must still say that, and why.
    private var named: String {
        var named = shortcut.map { "\(label) (\($0))" } ?? label
        if let unavailable { named += " (\(unavailable))" }
        return named
    }
}
