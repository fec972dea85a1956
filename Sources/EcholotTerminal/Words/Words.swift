import EcholotModel

/// The engine's own sentences in the language the player reads: every sentence the
/// terminal says of itself is a method of this type (one file per part of the game,
/// `Words+<Part>.swift`), with its text in each language the engine speaks written side
/// by side. A switch over ``Language`` must cover every case, so no translation can
/// leave a sentence out, and another language is one more case the compiler walks
/// through. A pack's own texts come from its strings (``Names``), not from here.
public struct Words: Equatable, Sendable {
    /// A language the engine's own sentences are written in.
    public enum Language: String, CaseIterable, Sendable {
        /// English, the engine's first language and the one any other code falls back to.
        case english = "en"
        /// German, the language of the thesis Echolot comes from.
        case german = "de"
    }

    /// The language of these words.
    public let language: Language

    /// The words of `language`.
    public init(_ language: Language) { self.language = language }

    /// The words for a language code as `--lang` and `defaultLanguage` write it (`de`,
    /// `de-AT`, `DE`, `de_CH`): the language of its first part, or `nil` when the engine
    /// does not speak it (or there is no code).
    public init?(speaking code: String?) {
        let primary = code?.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { $0.lowercased() }
        guard let language = primary.flatMap(Language.init(rawValue:)) else { return nil }
        self.init(language)
    }

    /// The words for the first of `codes` the engine speaks, else English.
    public init(firstOf codes: String?...) {
        self = codes.lazy.compactMap { Words(speaking: $0) }.first ?? .english
    }

    /// The words a player of a pack whose default language is `packLanguage` reads: those
    /// of the language asked for (`--lang`) when one is, English when the engine does not
    /// speak it (the pack's default does not stand in: a French player would read German
    /// menus around French texts); without one, the pack's default's, else English.
    public init(asked: String?, packLanguage: String) {
        self = asked.map { Words(firstOf: $0) } ?? Words(firstOf: packLanguage)
    }

    /// English: what a display says before it knows the player's language.
    public static let english = Words(.english)

    /// `value` as a player reads a number: no `.0` on a whole one, and a decimal comma
    /// in German ("2,5").
    public func number(_ value: Double) -> String {
        decimal(value.authorText)
    }

    /// A number already written with a decimal point (`"4.2"`, `"500.0"`), with the
    /// language's decimal mark: a comma in German. Every figure the engine writes goes
    /// through here, so no German one shows a point.
    func decimal(_ written: String) -> String {
        switch language {
        case .english: written
        case .german: written.replacingOccurrences(of: ".", with: ",")
        }
    }

    /// Items as a sentence lists them: "a, b and c" ("a, b und c").
    public func list(_ items: [String]) -> String {
        switch language {
        case .english: Suggestion.list(items, conjunction: "and")
        case .german: Suggestion.list(items, conjunction: "und")
        }
    }

    /// Items as a sentence offers them, one to pick: "a, b or c" ("a, b oder c").
    public func either(_ items: [String]) -> String {
        switch language {
        case .english: Suggestion.list(items, conjunction: "or")
        case .german: Suggestion.list(items, conjunction: "oder")
        }
    }

    /// "1 second", "60 seconds", "2.5 seconds" ("2,5 Sekunden").
    public func seconds(_ value: Double) -> String {
        switch language {
        case .english: value == 1 ? "1 second" : "\(number(value)) seconds"
        case .german: value == 1 ? "1 Sekunde" : "\(number(value)) Sekunden"
        }
    }

    /// Seconds to one decimal, as the clock of a level is shown: "4.2 s" ("4,2 s").
    public func clock(_ value: Double) -> String {
        decimal("\((value * 10).rounded() / 10) s")
    }

    /// "once", "twice", "3 times" ("einmal", "zweimal", "3-mal").
    public func times(_ count: Int) -> String {
        switch language {
        case .english: count == 1 ? "once" : count == 2 ? "twice" : "\(count) times"
        case .german: count == 1 ? "einmal" : count == 2 ? "zweimal" : "\(count)-mal"
        }
    }

    /// "15 degrees", "2.5 degrees", "1 degree" ("15 Grad").
    public func degrees(_ value: Double) -> String {
        switch language {
        case .english: "\(number(value)) degree\(value == 1 ? "" : "s")"
        case .german: "\(number(value)) Grad"
        }
    }
}
