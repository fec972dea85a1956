import Foundation

/// A loaded, fully validated pack: its manifest, its levels and its strings. When it
/// extends another pack, levels and strings are already merged (the pack's own win) and
/// sounds resolve through ``bases``.
public struct Pack: Sendable {
    /// The pack folder (for a `.zip`, the private folder it was extracted to).
    public var root: URL
    /// The manifest.
    public var manifest: PackManifest
    /// Where each value of `pack.json` is.
    public var manifestSource: SourceMap
    /// Every level, by id.
    public var levels: [String: LevelDefinition]
    /// Localised strings: language → string id → text.
    public var strings: [String: [String: String]]
    /// The ids the pack's own `strings/<lang>.json` files write, file by file in the order
    /// written, with where: kept from the loader's one reading of them, for the checks that
    /// tell a string at its place. A base's files are its author's, and a file that cannot
    /// be read is told by the loader: neither is here. Only ``PackLoader`` fills it: a Pack
    /// made by its initializer has none, and the checks reading it find nothing to tell.
    public internal(set) var writtenStrings: [WrittenString] = []
    /// How the pack folder is shown in diagnostics (`levels/tutorial`, `my-pack.zip`).
    public var displayRoot: String
    /// The packs this one extends, nearest first; empty when it extends none or has not
    /// been resolved (see ``PackLibrary``).
    public var bases: [PackLayer]
    /// Every pack whose scripts a game of this pack loads, in load order: dependencies
    /// and bases before the packs that need them, this pack last.
    public var loadOrder: [PackLayer]
    /// Keeps an extracted archive's folder alive while the pack is in use.
    public var storage: PackStorage?
    /// The ids of this pack's level files that did not read, in a pack loaded as far as it
    /// reads (``PackLibrary/loadReadable(at:)``): none is in ``levels``, not even a base's
    /// level of the same id, which the file was written to replace.
    public var unreadLevels: Set<String> = []

    /// Creates a pack.
    public init(root: URL, manifest: PackManifest, manifestSource: SourceMap,
                levels: [String: LevelDefinition], strings: [String: [String: String]],
                displayRoot: String? = nil, bases: [PackLayer] = [], loadOrder: [PackLayer]? = nil,
                storage: PackStorage? = nil) {
        self.root = root
        self.manifest = manifest
        self.manifestSource = manifestSource
        self.levels = levels
        self.strings = strings
        self.displayRoot = displayRoot ?? PackFiles.displayPath(of: root)
        self.bases = bases
        self.storage = storage
        self.loadOrder = []
        self.loadOrder = loadOrder ?? [layer]
    }

    /// The pack's id.
    public var id: String { manifest.id }

    /// Level ids in play order.
    public var levelOrder: [String] { manifest.levelOrder }

    /// The level with this id, if the pack has it.
    public func level(id: String) -> LevelDefinition? { levels[id] }

    /// This pack's own folder as a layer (scripts, sounds).
    public var layer: PackLayer {
        PackLayer(manifest: manifest, root: root, displayRoot: displayRoot, storage: storage)
    }

    /// The folder sound file names are relative to.
    public var soundsFolder: URL { PackSounds.soundsFolder(of: root) }

    /// Every folder a game of this pack reads: its own, its bases' and its dependencies'
    /// (``loadOrder`` holds them all, this pack last).
    public var folders: [URL] { loadOrder.map(\.root) }

    /// Where the pack's sound names resolve: its own `sounds/`, then its bases'.
    public var sounds: PackSounds { PackSounds(packs: ([layer] + bases).map(\.root)) }

    /// The sound file `file` names: the pack's own, else the nearest base's that has it,
    /// as play finds it (``PackSounds``); nil when no layer has it.
    public func sound(_ file: String) -> URL? {
        sounds.file(file)
    }

    /// How a path inside the pack is shown in diagnostics.
    public func display(_ relative: String) -> String {
        layer.display(relative)
    }

    /// Whether the pack has texts in `language`: strings of it or of its language without
    /// the region (`de` for `de-AT`), or it is the pack's own language. One it lacks falls
    /// back word for word to the default, which play and stats say.
    public func hasTexts(in language: String) -> Bool {
        let own = self.language(language)
        return own == manifest.defaultLanguage || strings[own] != nil
    }

    /// The language whose texts a player asking for `language` reads when the pack has
    /// none of exactly that one (whatever its case): its language without the region
    /// (`de` for `de-AT`), else the default language; nil when the pack has it.
    public func languageStandingIn(for language: String) -> String? {
        let plays = hasTexts(in: language) ? self.language(language) : manifest.defaultLanguage
        return Self.languageKey(plays) == Self.languageKey(language) ? nil : plays
    }

    /// A localised string: the language's, else the default language's, else `nil`. An
    /// empty text (or one of spaces) counts as none: translation tools write `""` for what
    /// is not translated yet, and the player would read nothing.
    public func string(_ id: String, language: String) -> String? {
        Self.written(strings[self.language(language)]?[id]) ?? Self.written(strings[manifest.defaultLanguage]?[id])
    }

    /// `text` unless it is empty or only white space, which shows nothing.
    public static func written(_ text: String?) -> String? {
        guard let text, text.contains(where: { !$0.isWhitespace }) else { return nil }
        return text
    }

    /// The language of the pack's own that `requested` names, ignoring case and whether a
    /// region is joined by `-` or `_` (`--lang de` finds `strings/DE.json`, `pt-br` finds
    /// `pt-BR.json`), else the one of its language without the region (`de-AT` plays
    /// `de.json`, as the engine's own words do): language codes are not told apart by case,
    /// and a player should not have to match a file name's. `requested` itself when the
    /// pack has no such language.
    public func language(_ requested: String) -> String {
        if requested == manifest.defaultLanguage || strings[requested] != nil { return requested }
        return Self.language(requested, among: [manifest.defaultLanguage] + strings.keys.sorted()) ?? requested
    }

    /// The one of `known` (languages as files name them) that `requested` names, by
    /// ``language(_:)``'s rule; nil when none does. The one rule for `--lang` and for
    /// `pack.json`'s `defaultLanguage`.
    public static func language(_ requested: String, among known: [String]) -> String? {
        if known.contains(requested) { return requested }
        let key = languageKey(requested)
        if let same = known.first(where: { languageKey($0) == key }) { return same }
        let primary = primaryLanguage(requested)
        guard primary != key else { return nil }
        return known.first { languageKey($0) == primary }
    }

    /// `defaultLanguage` as the strings file it names, by the rule `--lang` follows
    /// (``language(_:among:)``): `"DE"` and, with only `de.json`, `"de-DE"` play `de.json`,
    /// in a scored pack as in a story. As written when no file is named by it.
    mutating func settleDefaultLanguage() {
        if let own = Self.language(manifest.defaultLanguage, among: strings.keys.sorted()) { manifest.defaultLanguage = own }
    }

    /// A language code as codes are compared: lower case, a region joined by `-`.
    static func languageKey(_ code: String) -> String {
        code.lowercased().replacingOccurrences(of: "_", with: "-")
    }

    /// The language `code` is of, without its region: `en` for `en-GB`, `EN` and `en_gb`.
    static func primaryLanguage(_ code: String) -> String {
        String(languageKey(code).prefix { $0 != "-" })
    }
}

/// One level of a pack as loaded: the pristine level node (each play makes an
/// incarnation from it) and where its values came from.
public struct LevelDefinition: Sendable {
    /// The level's id (its file name without `.json`).
    public var id: String
    /// The level as the state tree stores it, defaults applied.
    public var level: Level
    /// The level file.
    public var file: URL
    /// Where each value of the file is, for diagnostics about it.
    public var source: SourceMap
    /// The JSON path of each entity, by entity id (`"bell"` → `"entities[0]"`).
    public var entityPaths: [String: String]
    /// The JSON path of each goal, by goal id (`"timeLimit"` → `"goals[1]"`).
    public var goalPaths: [String: String]
    /// The paths of rule parameters whose problem the level's reader has told (an entity
    /// that is not there): the rules leave them to it, so each is told once.
    public var toldPaths: Set<String> = []

    /// Whether the level file (or a pack's `parameters` over it) sets the heading the level
    /// begins at: a story keeps the player's heading into any other level.
    public var setsHeading: Bool {
        let path = JSONPath.member(JSONPath.member("", "view"), "center")
        return source.positions[path] != nil || source.origins[path] != nil
    }

    /// The level's entities in the order of its file, for messages told in that order.
    public var entitiesInFileOrder: [(id: String, node: Entity)] {
        level[LevelKeys.entities].nodes.sorted { (entityPaths[$0.id] ?? "", $0.id) < (entityPaths[$1.id] ?? "", $1.id) }
    }

    /// Creates a level definition.
    public init(id: String, level: Level, file: URL, source: SourceMap,
                entityPaths: [String: String] = [:], goalPaths: [String: String] = [:]) {
        self.id = id
        self.level = level
        self.file = file
        self.source = source
        self.entityPaths = entityPaths
        self.goalPaths = goalPaths
    }
}
