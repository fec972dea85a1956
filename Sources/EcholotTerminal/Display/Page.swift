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
    /// Which keys do what, in one line.
    public var help: String
    /// Keys of choices this page leaves out, with why: said when one is pressed, as a number
    /// past the end is, so a player who knows the key from other pages hears why it does
    /// nothing here.
    public var withheld: [Character: String] = [:]

    /// A page.
    public init(title: String, body: [String] = [], choices: [Choice], selected: Int = 0, help: String = Page.standardHelp) {
        self.title = title
        self.body = body
        self.choices = choices
        self.selected = choices.isEmpty ? 0 : max(0, min(selected, choices.count - 1))
        self.help = help
    }

    /// The keys of a menu.
    public static let standardHelp = "↑/↓ choose · Enter select · 1–9 jump · Esc back · q quit"

    /// The keys of the list of packs: there is nothing to go back to, so Esc ends the game.
    public static let packsHelp = "↑/↓ choose · Enter select · 1–9 jump · Esc or q quit"
}

/// One choice of a page.
public struct Choice: Equatable, Sendable {
    /// What it is called.
    public var label: String
    /// Marks after the label: "done · best 1380", "finish The Basics first".
    public var detail: String
    /// Why it cannot be chosen, in a word said right after its label ("locked", "broken",
    /// "missing"); nil when it can be.
    public var unavailable: String?
    /// A letter that chooses it directly ("r" for Retry).
    public var shortcut: Character?

    /// Whether it can be chosen (a locked level cannot).
    public var enabled: Bool { unavailable == nil }

    /// A choice.
    public init(_ label: String, detail: String = "", unavailable: String? = nil, shortcut: Character? = nil) {
        self.label = label
        self.detail = detail
        self.unavailable = unavailable
        self.shortcut = shortcut
    }

    /// The label with its letter and marks, as one line: "Retry (r)",
    /// "Two Voices — done · best 1380", "Lost Cave (locked) — finish “The Basics” first".
    public var line: String {
        var named = shortcut.map { "\(label) (\($0))" } ?? label
        // Before the detail, which can be long (a broken pack's error): a line cut to the
        // screen's width must still say that the entry cannot be chosen, and why.
        if let unavailable { named += " (\(unavailable))" }
        return detail.isEmpty ? named : "\(named) — \(detail)"
    }
}
