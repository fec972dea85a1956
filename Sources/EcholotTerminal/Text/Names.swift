import EcholotCore
import EcholotModel

/// The names a player reads for a pack's things: localised strings by their stable ids
/// (`level.<id>.name`, `entity.<level>.<id>.name`, …) when the pack has them, else the
/// names in the files, else the ids.
public struct Names: Sendable {
    /// The pack's strings for the chosen language, falling back to its default language.
    private let strings: [String: String]
    /// Ids the pack gives an empty text in every language it falls back through (a voiced
    /// line heard without words): a voice named by one has no words to read for a name.
    private var wordless: Set<String> = []
    /// The engine's own sentences in the same language, so that a player reads one
    /// language: the one asked for (`--lang`) when the engine speaks it, even where the
    /// pack lacks it, else the pack's default language's, else English.
    public let words: Words
    /// The defaults of the pack's goal and scoring types' parameters: a `{field}` of their
    /// strings that a level leaves to its default says the default.
    public let defaults: RuleDefaults
    /// The ids whose text is the default language's, standing in for a translation that
    /// lacks them, that language and the engine's words in it; and the language of the
    /// translation's own texts: what a `{field}` or a line's `{time}` of a text is filled
    /// in, so that an English sentence does not read "a, b und c" or "Viertel vor neun".
    private let standingIn: (ids: Set<String>, language: String, words: Words)
    /// The language of the texts a translation gives (the file's, `de` for `--lang de-AT`).
    private let chosenLanguage: String

    /// Names from `pack`'s strings in `language` (default: the pack's own), its rules'
    /// parameters defaulting to `defaults`.
    /// An empty text counts as none (``Pack/written(_:)``): a translation's falls back to
    /// the default language's, and the default's to the name in the files or the id.
    public init(pack: Pack, language: String? = nil, defaults: RuleDefaults = RuleDefaults()) {
        let own = pack.manifest.defaultLanguage
        let fallback = (pack.strings[own] ?? [:]).compactMapValues(Pack.written)
        let file = language.map { pack.language($0) }
        let chosen = file.flatMap { pack.strings[$0] }?.compactMapValues(Pack.written) ?? [:]
        strings = fallback.merging(chosen) { _, preferred in preferred }
        wordless = Set((pack.strings[own] ?? [:]).keys).subtracting(strings.keys)
        words = Words(asked: language, packLanguage: own)
        self.defaults = defaults
        chosenLanguage = file ?? own
        standingIn = (Set(fallback.keys).subtracting(chosen.keys), own, Words(firstOf: own))
    }

    /// Names from a string table (tests, packs without strings), with the engine's
    /// sentences in `words`.
    public init(strings: [String: String] = [:], words: Words = .english, defaults: RuleDefaults = RuleDefaults()) {
        self.strings = strings
        self.words = words
        self.defaults = defaults
        chosenLanguage = words.language.rawValue
        standingIn = ([], chosenLanguage, words)
    }

    /// The string with this id, if the pack has it.
    public func string(_ id: String) -> String? { strings[id] }

    /// The engine's words to fill into the string with this id: those of the language it
    /// is written in (a list's "and", a decimal mark).
    public func words(forString id: String) -> Words {
        standingIn.ids.contains(id) ? standingIn.words : words
    }

    /// The language the string with this id is written in, as its file names it: the
    /// translation's, or the default language's where that stands in. A line's `{time}` is
    /// said in it.
    public func language(ofString id: String) -> String {
        standingIn.ids.contains(id) ? standingIn.language : chosenLanguage
    }

    /// The pack's display name.
    public func pack(_ pack: Pack) -> String { strings["pack.name"] ?? pack.manifest.name }

    /// A scenario's display name.
    public func scenario(_ scenario: Scenario) -> String { strings["scenario.\(scenario.id).name"] ?? scenario.name }

    /// The display name of `pack`'s scenario `id`, or the id itself if it has none.
    public func scenario(id: String, in pack: Pack) -> String {
        pack.manifest.scenarios.first { $0.id == id }.map(scenario) ?? id
    }

    /// A level's display name.
    public func level(_ level: Level) -> String {
        let id = level[LevelKeys.id]
        let name = level[LevelKeys.name]
        return strings["level.\(id).name"] ?? (name.isEmpty ? id : name)
    }

    /// A level's briefing text.
    public func description(_ level: Level) -> String {
        strings["level.\(level[LevelKeys.id]).description"] ?? level[LevelKeys.description]
    }

    /// An achievement's title: the pack's `achievement.<id>.title` string, else the
    /// engine's own words for a standard one, else the `title` its script gives, else its id.
    public func achievement(_ id: String, title: String?) -> String {
        strings["achievement.\(id).title"] ?? words.standardAchievement(id, title: title) ?? title ?? id
    }

    /// How goals name the tag `tag`: its `tag.<tag>.name` string, so that a translation
    /// can give it in the player's language, else the tag as the level writes it.
    public func tag(_ tag: String) -> String { strings["tag.\(tag).name"] ?? tag }

    /// An entity's display name.
    public func entity(_ id: String, in level: Level) -> String {
        if let text = strings["entity.\(level[LevelKeys.id]).\(id).name"] { return text }
        let name = level[LevelKeys.entities][id]?[EntityKeys.name] ?? ""
        // A story's voices are named by their line or speaker id: say the text. A line
        // without words names its voice by the entity's id, never by the line's raw id.
        return name.isEmpty || wordless.contains(name) ? id : strings[name] ?? name
    }
}
