import EcholotCore
import Foundation

/// Reads and checks a pack's `story.json` against the pack (its levels, strings and
/// sounds), reporting every problem as `path:line:col: error: …`.
public enum StoryReader {
    /// The story file's name inside a pack.
    public static let fileName = "story.json"

    /// The story of `pack` — its own `story.json`, else the nearest base's — checked
    /// against the pack as merged; `nil` when neither has one.
    public static func load(for pack: Pack) -> Result<StoryBook, PackLoadError>? {
        reading(for: pack)?.result
    }

    /// What reading the story of `pack` gave, as ``load(for:)`` reads it, with the part of a
    /// story with problems that could be read, and with `remarks` its warnings and notes
    /// (``StoryReading/remarks``); `nil` when there is no story.
    public static func reading(for pack: Pack, remarks: Bool = false) -> StoryReading? {
        guard let (layer, files) = storyFile(of: pack) else { return nil }
        // Told beside whatever the file itself gets wrong: it is pack.json's mistake.
        let unplayed = layer.root == pack.layer.root ? unplayedStory(in: pack).map { [$0] } ?? [] : []
        // Read as the pack's other JSON files are: a link out of the pack, a device or a
        // file too large is told, not read.
        switch files.read(fileName, limit: PackFiles.jsonLimit) {
        case .failure(.file(.missing)):
            return nil
        case let .failure(problem):
            let message = PackFiles.message(for: problem, limit: PackFiles.jsonLimit)
            return StoryReading(readable: nil, problems: ([Diagnostic(path: layer.display(fileName), at: .start, message: message)]
                + unplayed).sortedForDisplay())
        case let .success(bytes):
            let read = reading(bytes, pack: pack, displayPath: layer.display(fileName), remarks: remarks)
            return StoryReading(readable: read.readable, problems: (read.problems + unplayed).sortedForDisplay(), remarks: read.remarks)
        }
    }

    /// The levels a story plays, as ``Pack/unlistedLevelWarnings(storyLevels:only:)`` takes
    /// them: none without a story (`reading` nil), `nil` when it has problems (the part that
    /// read may lack a level step), so its levels are not known.
    public static func levels(playedBy reading: StoryReading?) -> Set<String>? {
        guard let reading else { return [] }
        guard case let .success(book) = reading.result else { return nil }
        return Set(book.chapters.flatMap(\.steps).compactMap { step in
            if case let .level(level) = step.kind { return level.level }
            return nil
        })
    }

    /// The problem of a pack with a `story.json` of its own that is no story pack: it is
    /// played as single levels, so the story would never play, while `validate` and its
    /// tests passed. A pack that extends a story pack and gives another kind is not asked
    /// about the base's story: it plays the base's levels on their own, as packs.md offers.
    static func unplayedStory(in pack: Pack) -> Diagnostic? {
        guard pack.manifest.kind != .story else { return nil }
        let fix = "so it is played as single levels and its \(fileName) never plays; make it a story pack with \"kind\": \"story\""
        guard pack.manifestSource.positions["kind"] != nil else {
            return pack.manifestSource.diagnostic(at: "", "the pack has a \(fileName), but pack.json gives no \"kind\", " + fix)
        }
        return pack.manifestSource.diagnostic(at: "kind", "the pack has a \(fileName), but its kind is "
            + "\(quoted(pack.manifest.kind.rawValue)), " + fix)
    }

    /// Whether `pack` or a base it extends has a `story.json` (read or not, as
    /// ``load(for:)`` sees it: a link leading nowhere is there, and reported by `load`): a
    /// story pack without one is played as single levels, and `validate` reports it.
    public static func exists(in pack: Pack) -> Bool {
        storyFile(of: pack) != nil
    }

    /// The layer whose `story.json` the pack plays, and its files: the pack's own, else the
    /// nearest base's. An extending pack starts as a copy of its base, as its levels and
    /// sounds do; its own file replaces the base's as a whole, since chapters refer to one
    /// another and a story merged from two files by id could loop or strand the player.
    private static func storyFile(of pack: Pack) -> (PackLayer, PackFiles)? {
        for layer in [pack.layer] + pack.bases {
            guard case let .opened(files) = PackFiles.open(layer.root) else { continue }
            if files.entry(fileName) != .missing { return (layer, files) }
        }
        return nil
    }

    /// The problem of a story pack (`"kind": "story"`) that has no `story.json`, nor a base
    /// of it; `nil` for any other pack.
    public static func missingStory(in pack: Pack) -> Diagnostic? {
        guard pack.manifest.kind == .story, !exists(in: pack) else { return nil }
        return pack.manifestSource.diagnostic(
            at: "kind", "a story pack needs a \(fileName) beside pack.json; without one it is played as single levels")
    }

    /// Reads story text for `pack`; the diagnostics name `displayPath`.
    public static func read(_ bytes: [UInt8], pack: Pack, displayPath: String) -> Result<StoryBook, PackLoadError> {
        reading(bytes, pack: pack, displayPath: displayPath).result
    }

    /// Reads story text for `pack`, keeping what could be read of a story with problems, and
    /// with `remarks` its warnings and notes.
    public static func reading(_ bytes: [UInt8], pack: Pack, displayPath: String, remarks: Bool = false) -> StoryReading {
        let report = FileReport(displayPath: displayPath)
        let parsed = JSONParser.parse(bytes)
        for error in parsed.errors { report.error(error.message, at: error.position) }
        guard parsed.errors.isEmpty, let root = parsed.root else { return StoryReading(readable: nil, problems: report.diagnostics) }
        let reader = Reader(report: report, pack: pack)
        let book = reader.book(root, displayPath: displayPath)
        let found = book.map {
            StoryChecker(book: $0, report: report, pack: pack, references: reader.checkedReferences, complete: reader.complete).check(remarks: remarks)
        }
        return StoryReading(readable: book, problems: (report.diagnostics + (found?.elsewhere ?? [])).sortedForDisplay(),
                            remarks: found?.remarks.sortedForDisplay() ?? [])
    }
}

/// What reading a `story.json` gave. A story with problems is no story to play (``result``
/// fails), but what of it could be read is still worth checking: `validate` tells a
/// condition's unknown achievement beside the file's other problems, not after them.
public struct StoryReading {
    /// The chapters and steps as far as they could be read (one that could not is left
    /// out); `nil` when not even the story's outline could be read.
    public let readable: StoryBook?
    /// Every problem of the file, in display order.
    public let problems: [Diagnostic]
    /// What the checks tell without the story failing, in display order: a warning of a story
    /// string in the pack's strings files that nothing shows, a note of checks left out.
    public var remarks: [Diagnostic] = []

    /// The story to play: only one read without any problem.
    public var result: Result<StoryBook, PackLoadError> {
        guard let readable, problems.isEmpty else { return .failure(PackLoadError(diagnostics: problems)) }
        return .success(readable)
    }
}

/// The reader proper: one JSON shape per step kind.
private final class Reader {
    let report: FileReport
    let pack: Pack
    /// Chapter ids named by steps, with where, checked once all chapters are known.
    var references: [(id: String, position: SourcePosition)] = []
    /// Whether every chapter, step and option could be read (what could not is left out).
    var complete = true
    /// The ids of chapters left out for a problem told in them, and whether every chapter's
    /// id was read: a jump to one of them — to any chapter not there, when an id did not
    /// read, since the jump may name that one — is no problem of its own.
    var leftOutChapters: Set<String> = []
    var everyChapterID = true

    /// The chapter references to check once every chapter is known: not those a chapter
    /// left out may answer (``leftOutChapters``), which would be told as what follows from
    /// the problem told in it.
    var checkedReferences: [(id: String, position: SourcePosition)] {
        everyChapterID ? references.filter { !leftOutChapters.contains($0.id) } : []
    }
    /// The first cut-scene and choice of each id, by kind and id, with where its id is and
    /// the variable a choice sets: a second of an id is told naming the first.
    var sceneIDs: [String: (position: SourcePosition, variable: String?)] = [:]

    init(report: FileReport, pack: Pack) {
        self.report = report
        self.pack = pack
    }

    func book(_ root: JSONNode, displayPath: String) -> StoryBook? {
        guard let object = StoryObject(root, "the story", report: report) else { return nil }
        object.rejectUnknown(["start", "chapters"], in: "the story")
        guard let list = object["chapters"] else {
            if object.misspells("chapters") { return nil }
            report.error("the story needs 'chapters', a list of {\"id\", \"steps\"}", at: object.position)
            return nil
        }
        guard case let .array(items) = list.value, !items.isEmpty else {
            report.error("'chapters' must be a non-empty list", at: list.position)
            return nil
        }
        var chapters: [Chapter] = []
        var ids: Set<String> = []  // a set, not a search of the list: a story may have thousands
        for item in items {
            guard let chapter = chapter(item) else {
                complete = false
                continue
            }
            if !ids.insert(chapter.id).inserted {
                // At the second id, the one to change: jumps go to the first.
                let idPosition = StoryObject(item, "a chapter", report: report)?["id"]?.position ?? chapter.position
                report.error("chapter \(named(chapter.id)) is defined twice; jumps go to the first, so give this one another id",
                             at: idPosition)
            }
            chapters.append(chapter)
        }
        let start = object.optionalString("start") ?? chapters.first?.id ?? ""
        if let node = object["start"] { references.append((start, node.position)) }
        return StoryBook(chapters: chapters, start: start, displayPath: displayPath)
    }

    func chapter(_ node: JSONNode) -> Chapter? {
        guard let object = StoryObject(node, "a chapter", report: report) else {
            everyChapterID = false
            return nil
        }
        object.rejectUnknown(["id", "steps"], in: "a chapter",
                             shown: Reader.goesInStrings("its title goes", id: object.text("id").map { "chapter.\($0)" }))
        guard let id = object.string("id", in: "a chapter") else {
            everyChapterID = false
            return nil
        }
        guard let list = object["steps"], case let .array(items) = list.value else {
            if !object.misspells("steps") { report.error("chapter \(named(id)) needs 'steps', a list", at: object.position) }
            leftOutChapters.insert(id)
            return nil
        }
        // It could only pass on to the next chapter (or end the story as "end"), which a
        // goto or an end step says where the jump is made; an empty list is nearly always
        // steps left out or put in the wrong chapter. It is still a chapter, so a jump to
        // it is not told as a second problem.
        if items.isEmpty {
            report.error("chapter \(named(id)) has no steps, so it would only pass on to the chapter after it (or end the "
                + "story, as the last); give it its steps, or remove it and jump there instead", at: list.position)
        }
        let steps = items.compactMap(step)
        if steps.count < items.count { complete = false }
        return Chapter(id: id, steps: steps, position: node.position, idPosition: object["id"]?.position)
    }

    /// Each kind of step with the fields it takes, its kind's key first: what a step's
    /// `rejectUnknown` names, and (all together) what a misspelt kind is told apart from.
    static let steps: [(kind: String, fields: [String])] = [
        ("cutscene", ["cutscene", "lines", "background", "ambience"]),
        ("level", ["level", "onLoss", "ambienceByDayPart", "lines"]),
        ("choice", ["choice", "variable", "prompt", "options"]),
        ("if", ["if", "goto", "retry"]),
        ("goto", ["goto"]),
        ("set", ["set", "value"]),
        ("end", ["end"]),
    ]
    static let kinds = steps.map(\.kind)
    /// The fields steps take besides their kind.
    static let fields = Set(steps.flatMap(\.fields)).subtracting(kinds).sorted()
    /// The fields a step of `kind` takes, its kind's key first.
    static func fields(of kind: String) -> [String] { steps.first { $0.kind == kind }?.fields ?? [kind] }
    /// The day parts, for a message about one that is not.
    static let dayParts = DayPart.allCases.map(\.rawValue).joined(separator: ", ")

    /// Says that `what` (a line's words, a chapter's title) is written in the strings files,
    /// under `id` when the object names it, since the story itself holds no text to translate.
    static func goesInStrings(_ what: String, id: String?) -> String {
        "\(what) in strings/<lang>.json, one file per language, "
            + (id.map { "under \(quoted($0))" } ?? "under its id")
    }

    /// The message for a day part that is not one, with the likely one.
    static func noDayPart(_ part: String) -> String {
        let hint = Suggestion.nameHint(for: part, among: DayPart.allCases.map(\.rawValue))
        return "\(named(part)) is no day part" + (hint.isEmpty ? "; use \(dayParts)" : hint)
    }

    func step(_ node: JSONNode) -> StoryStep? {
        guard let object = StoryObject(node, "a step", report: report) else { return nil }
        // A branch is the one step with two kind keys: `if` with its `goto`.
        guard let kind = object.kind(of: Reader.kinds, fields: Reader.fields, in: "a step", pairing: { found in
            found.contains("if") ? found.filter { $0 != "goto" } : found
        }) else { return nil }
        let made: StepKind?
        switch kind {
        case "cutscene": made = cutscene(object)
        case "level": made = level(object)
        case "choice": made = choice(object)
        case "if": made = branch(object)
        case "goto":
            object.rejectUnknown(Reader.fields(of: "goto"), in: "a goto step")
            made = object.string("goto", in: "a goto step").map { id in
                references.append((id, object["goto"]!.position))
                return .jump(id)
            }
        case "set":
            object.rejectUnknown(Reader.fields(of: "set"), in: "a set step")
            guard let name = object.string("set", in: "a set step") else { return nil }
            guard let value = object["value"] else {
                if !object.misspells("value") { report.error("a set step needs 'value'", at: node.position) }
                return nil
            }
            made = .set(name, value.stateValue)
        default:
            object.rejectUnknown(Reader.fields(of: "end"), in: "an end step")
            made = object.string("end", in: "an end step").map(StepKind.end)
        }
        return made.map { StoryStep($0, at: node.position) }
    }

    /// Reports a second cut-scene or choice (`kind`, as a message names it) with the id of
    /// an earlier one, at its id: a test's play, `cutscene.done` and `choice.made` name a
    /// scene by its id, so the two could not be told apart (two choices of an id also set one
    /// variable, when neither names another).
    func noteSceneID(_ kind: String, _ id: String, at position: SourcePosition, variable: String? = nil) {
        guard let first = sceneIDs[kind + "\u{0}" + id] else {
            sceneIDs[kind + "\u{0}" + id] = (position, variable)
            return
        }
        let shared = variable.flatMap { $0 == first.variable ? ", and both set story variable \(named($0))" : nil } ?? ""
        report.error("\(kind) id \(named(id)) is already used on line \(first.position.line)\(shared); give this \(kind) an id "
            + "of its own: a test's play and the story's actions name a \(kind) by its id", at: position)
    }

    func cutscene(_ object: StoryObject) -> StepKind? {
        object.rejectUnknown(Reader.fields(of: "cutscene"), in: "a cut-scene")
        guard let id = object.string("cutscene", in: "a cut-scene") else { return nil }
        noteSceneID("cut-scene", id, at: object["cutscene"]!.position)
        guard let list = object["lines"], case let .array(items) = list.value, !items.isEmpty else {
            if object.misspells("lines") { return nil }
            // Told at the value when there is one, with what it is instead.
            let found = object["lines"].map { Reader.notAList($0) } ?? ""
            report.error("cut-scene \(named(id)) needs 'lines', a non-empty list" + found, at: object["lines"]?.position ?? object.position)
            return nil
        }
        let background = object["background"].map(background) ?? PersistentMap()
        let ambience = object["ambience"].map(tracks) ?? []
        return .cutscene(Cutscene(id: id, lines: items.compactMap(line), background: background, ambience: ambience))
    }

    /// What `node`, written where a list of lines goes, is instead: `; found an object`,
    /// with the fix when it is one line (`put the line in [ ]`).
    static func notAList(_ node: JSONNode) -> String {
        if case .array = node.value { return "" }
        if case let .object(members) = node.value, members.contains(where: { $0.key == "id" }) {
            return "; found an object: put the line in [ ], as [{\"id\": …}]"
        }
        return "; found \(node.value.typeDescription)"
    }

    func line(_ node: JSONNode) -> StoryLine? {
        // A line written as its id alone: the object to write instead is named.
        if case let .string(id) = node.value {
            report.error("a line must be an object, found a string; write {\"id\": \(Value.string(id).jsonText)}",
                         at: node.position)
            return nil
        }
        guard let object = StoryObject(node, "a line", report: report) else { return nil }
        object.rejectUnknown(["id", "speaker", "voice", "azimuth", "duration"], in: "a line",
                             shown: Reader.goesInStrings("its words go", id: object.text("id")))
        guard let id = object.string("id", in: "a line") else { return nil }
        var voice = object.optionalString("voice")
        let voicePosition = object["voice"]?.position ?? node.position
        if let file = voice, let problem = AssetChecker.pathProblem(file, folder: "sounds") {
            report.error("'voice': \(problem)", at: voicePosition)
            voice = nil
        }
        var seconds = object.number("duration")
        if let duration = seconds, !(duration > 0 && duration <= 600) {
            report.error("'duration' must be more than 0 and at most 600 seconds", at: object["duration"]!.position)
        }
        let voiceFile = voice.flatMap { soundFile($0, what: "voice", at: voicePosition) }
        if voiceFile == nil { voice = nil }
        if seconds == nil, let voice, let voiceFile {
            switch VoiceDuration.seconds(ofFile: voiceFile) {
            case let .success(length): seconds = length
            case let .failure(error):
                // The file's problem, not the line's: told once, however many lines it voices.
                report.error("voice file \(quoted("sounds/" + voice)) cannot be decoded: \(error)", at: voicePosition,
                             about: voice)
            }
        }
        // Without a voice or a duration, the line lasts about as long as reading it aloud —
        // its longest text in any language: the time is the story's state, the same for
        // every player so that a run replays in any language, and no player may have the
        // next line begin over the one they are still hearing, whatever time its `{time}` says.
        let characters = pack.strings.values.compactMap { Pack.written($0[id]).map(TimeOfDay.spokenLength) }.max() ?? 0
        return StoryLine(id: id, speaker: object.optionalString("speaker"), voice: voice, azimuth: object.number("azimuth"),
                         seconds: seconds ?? max(1.5, Double(characters) * 0.06), position: node.position,
                         voicePosition: voicePosition, speakerPosition: object["speaker"]?.position)
    }

    /// The file `file` names in the pack's `sounds/` or a base's; when there is none, says
    /// so at `position` as a level's missing sound is told — once, at its first use, with
    /// how many more places name it — with the likely name, or how to mend it.
    func soundFile(_ file: String, what: String, at position: SourcePosition) -> URL? {
        // Found as a level's sound is and as play finds it (PackSounds): a regular file
        // inside its pack, so a folder is not taken for one, and a link out of the pack is
        // told as what it is rather than as a missing file.
        let resolution = pack.sounds.resolve(file)
        if case let .found(url) = resolution { return url }
        let shown = "\(what) file \(quoted("sounds/" + file))"
        let problem = PackSounds.problem(of: resolution, shown: shown) ?? pack.missingSound(file, what: what, among: soundNames)
        report.error(problem, at: position, about: file)
        return nil
    }

    /// The names in the `sounds/` folders of the pack and its bases, for "did you mean":
    /// listed once, however many lines name a missing file.
    lazy var soundNames: [String] = pack.soundNames()

    /// A cut-scene's background, as a level's: `{"glyph"?, "image"?}`. Anything else would
    /// show nothing, so it is reported.
    func background(_ node: JSONNode) -> PersistentMap<Value> {
        var map = PersistentMap<Value>()
        guard let object = StoryObject(node, "'background'", report: report) else { return map }
        object.rejectUnknown(["glyph", "image"], in: "a background")
        if let glyph = object.optionalString("glyph") {
            // Drawn in every empty column, as a level's background glyph: held to the same check.
            if let problem = EntityReader.glyphProblem(glyph) {
                report.error("'glyph': \(problem)", at: object["glyph"]!.position)
            } else {
                map["glyph"] = .string(glyph)
            }
        }
        if let image = object.optionalString("image") {
            if let problem = AssetChecker.pathProblem(image, folder: "images") {
                report.error("'image': \(problem)", at: object["image"]!.position)
            } else {
                map["image"] = .string(image)
            }
        }
        return map
    }

    /// Ambience tracks as a level's: a list of `{"file": name, …}`. Anything else would
    /// play nothing, so it is reported at the item (a problem with the file, at its name).
    func tracks(_ node: JSONNode) -> [AmbienceTrack] {
        guard case let .array(items) = node.value else {
            report.error("ambience must be a list of sounds {\"file\": name, …}", at: node.position)
            return []
        }
        return items.compactMap { item in
            guard let track = item.stateValue.mapValue, let file = track["file"]?.stringValue,
                  let object = StoryObject(item, "an ambience sound", report: report) else {
                report.error("an ambience sound is {\"file\": name, …}", at: item.position)
                return nil
            }
            // The fields a level's ambient sound takes, held to the same ranges.
            object.rejectUnknown(["file", "volume", "loop"], in: "an ambience sound")
            if let node = object["volume"] {
                guard let volume = object.number("volume") else { return nil }
                guard volume >= 0 && volume <= 4 else {
                    report.error("'volume' must be a number from 0 to 4", at: node.position)
                    return nil
                }
            }
            if let node = object["loop"], node.stateValue.boolValue == nil {
                report.error("'loop' must be true or false, found \(node.value.typeDescription)", at: node.position)
                return nil
            }
            // The same checks a voice's file gets, and a level's ambience.
            let filePosition = object["file"]!.position
            if let problem = AssetChecker.pathProblem(file, folder: "sounds") {
                report.error("ambience 'file': \(problem)", at: filePosition)
                return nil
            }
            guard soundFile(file, what: "ambience", at: filePosition) != nil else { return nil }
            return AmbienceTrack(.map(track), filePosition: filePosition)
        }
    }

    func level(_ object: StoryObject) -> StepKind? {
        object.rejectUnknown(Reader.fields(of: "level"), in: "a level step")
        guard let id = object.string("level", in: "a level step") else { return nil }
        if pack.level(id: id) == nil {
            // As an unknown chapter is told: the likely one, else the list.
            let hint = Suggestion.nameHint(for: id, among: pack.levelOrder)
            report.error("the pack has no level \(named(id))" + (hint.isEmpty ? "; its levels are \(Suggestion.few(pack.levelOrder))" : hint),
                         at: object["level"]!.position)
        }
        var policy = LossPolicy.retry
        if let node = object["onLoss"] {
            switch node.value {
            case .string("retry"): policy = .retry
            case .string("next"): policy = .next
            case let .object(members) where members.count == 1 && members[0].key == "goto":
                if let chapter = StoryObject.string(members[0].value, "'goto'", report: report) {
                    references.append((chapter, members[0].value.position))
                    policy = .chapter(chapter)
                }
            default:
                var hint = ""
                if case let .string(word) = node.value { hint = Suggestion.nameHint(for: word, among: ["next", "retry"]) }
                report.error("'onLoss' must be \"retry\", \"next\" or {\"goto\": chapter}\(hint)", at: node.position)
            }
        }
        var ambience: [String: [AmbienceTrack]] = [:]
        if let node = object["ambienceByDayPart"], let map = StoryObject(node, "'ambienceByDayPart'", report: report) {
            for member in map.members {
                if DayPart(rawValue: member.key) == nil {
                    report.error(Reader.noDayPart(member.key), at: member.keyPosition)
                }
                ambience[member.key] = tracks(member.value)
            }
        }
        var lines: [StoryLine] = []
        if let node = object["lines"] {
            guard case let .array(items) = node.value else {
                report.error("'lines' of a level step must be a list of lines spoken over the level" + Reader.notAList(node),
                             at: node.position)
                return nil
            }
            lines = items.compactMap(line)
        }
        return .level(LevelStep(level: id, onLoss: policy, ambienceByDayPart: ambience, lines: lines))
    }

    func choice(_ object: StoryObject) -> StepKind? {
        object.rejectUnknown(Reader.fields(of: "choice"), in: "a choice")
        guard let id = object.string("choice", in: "a choice") else { return nil }
        let variable = object.optionalString("variable") ?? id
        noteSceneID("choice", id, at: object["choice"]!.position, variable: variable)
        let prompt = object["prompt"].flatMap(line)
        if case let .object(members)? = object["prompt"]?.value, let azimuth = members.first(where: { $0.key == "azimuth" }) {
            // The prompt plays without direction, so the options stand out by theirs: an
            // azimuth there would be ignored without a word.
            report.error("a choice's prompt is heard without direction, apart from its options; remove its 'azimuth'",
                         at: azimuth.keyPosition)
        }
        guard let list = object["options"], case let .array(items) = list.value, !items.isEmpty else {
            if object.misspells("options") { return nil }
            report.error("choice \(named(id)) has no options; give 'options', a list of {\"value\", \"azimuth\", \"line\"}",
                         at: object["options"]?.position ?? object.position)
            return nil
        }
        if items.count == 1 {
            // Nothing to choose: the player would have to find the one voice and pick it.
            report.error("choice \(named(id)) has only one option; give it two or more, or make the line a cut-scene's",
                         at: list.position)
        }
        if items.count > 9 {
            // The keys 1–9 pick an option at once: a tenth could be picked only by turning,
            // and the list would give it a number no key types.
            report.error("choice \(named(id)) has \(items.count) options; give it at most 9, as many as the keys 1–9 pick",
                         at: list.position)
        }
        var options: [ChoiceOption] = []
        for item in items {
            guard let option = StoryObject(item, "an option", report: report) else { continue }
            option.rejectUnknown(["value", "azimuth", "line"], in: "an option")
            guard let value = option.string("value", in: "an option") else { continue }
            guard let azimuth = option.number("azimuth") else {
                // A value of the wrong type is told by `number`, at the value.
                if option["azimuth"] == nil, !option.misspells("azimuth") {
                    report.error("option \(named(value)) needs 'azimuth', the direction it speaks from", at: item.position)
                }
                continue
            }
            guard let lineNode = option["line"], let line = line(lineNode) else {
                if option["line"] == nil, !option.misspells("line") {
                    report.error("option \(named(value)) needs 'line'", at: item.position)
                }
                continue
            }
            // The option's voice speaks from the option's direction: another one on its line
            // would be ignored without a word (the same one, as Night Walk writes it, is not).
            if let own = line.azimuth, Geometry.normalize(azimuth: own) != Geometry.normalize(azimuth: azimuth),
               case let .object(members) = lineNode.value, let node = members.first(where: { $0.key == "azimuth" })?.value {
                report.error("option \(named(value)) is heard from its own 'azimuth' (\(azimuth.authorText)°), not its line's "
                    + "(\(own.authorText)°); remove the line's 'azimuth'", at: node.position)
            }
            // A select picks the option nearest the heading within the view's tolerance:
            // options at least twice that apart are each picked by facing within it of them,
            // and are heard apart; closer ones take each other's picks (at one azimuth, the
            // second could never be picked by turning).
            let reach = ViewKeys.selectTolerance.defaultValue
            if let near = options.first(where: { abs(Geometry.relative(azimuth: azimuth, center: $0.azimuth)) < 2 * reach }) {
                let gap = abs(Geometry.relative(azimuth: azimuth, center: near.azimuth))
                report.error("option \(named(value)) is \(gap.authorText)° from option \(named(near.value)); put options at "
                    + "least \((2 * reach).authorText)° apart, so that facing within \(reach.authorText)° of one (as near as a "
                    + "select needs) always picks that one", at: option["azimuth"]!.position)
            }
            if options.contains(where: { $0.value == value }) {
                // At the second value, the one to change: the pick sets the variable to it,
                // so two alike could not be told apart.
                report.error("choice \(named(id)) offers \(named(value)) twice; give this option a value of its own",
                             at: option["value"]!.position)
                // Left out as an option not read is: the value meant is not known, so a test
                // of it is not told again as one the variable is never given.
                continue
            }
            options.append(ChoiceOption(value: value, azimuth: azimuth, line: line))
        }
        // An option left out would make the choice look as if it never gives its value.
        if options.count < items.count { complete = false }
        return .choice(Choice(id: id, variable: variable, prompt: prompt, options: options))
    }

    func branch(_ object: StoryObject) -> StepKind? {
        object.rejectUnknown(Reader.fields(of: "if"), in: "a branch")
        guard let condition = condition(object["if"]!) else { return nil }
        if let node = object["goto"], let id = StoryObject.string(node, "'goto'", report: report) {
            references.append((id, node.position))
            return .branch(condition, .chapter(id))
        }
        if case .bool(true)? = object["retry"]?.value { return .branch(condition, .retry) }
        // A misspelt `goto` is told once, as the field it most likely is.
        if object.misspells("goto") { return nil }
        report.error("a branch needs 'goto' (a chapter) or \"retry\": true", at: object.position)
        return nil
    }

    func condition(_ node: JSONNode) -> StoryCondition? {
        guard let object = StoryObject(node, "a condition", report: report) else { return nil }
        // Exactly one test, and nothing else: a misspelt `equals` would otherwise compare
        // with `true`, and a second test would be ignored, both without a word.
        let kinds = ["outcome", "variable", "achievement", "dayPart", "not"]
        let tests = kinds.filter { object[$0] != nil }
        guard !tests.isEmpty else {
            // A misspelt test is named, with the likely one, as a step's misspelt kind is.
            if !object.reportsUnknownKind(among: kinds, fields: ["equals"], in: "a condition") {
                report.error("a condition is {\"outcome\"}, {\"variable\", \"equals\"}, {\"achievement\"}, {\"dayPart\"} or {\"not\"}",
                             at: node.position)
            }
            return nil
        }
        guard tests.count == 1, let kind = tests.first else {
            // There is no "and": two tests are two branches, one after the other.
            report.error("a condition tests one thing, found \(tests.joined(separator: " and ")); keep one, and test the other "
                + "in a branch of its own", at: node.position)
            return nil
        }
        let fields = kind == "variable" ? ["variable", "equals"] : [kind]
        object.rejectUnknown(fields, in: "a condition")
        // Not made with a field it does not take: a misspelt `equals` would be checked as
        // testing `true`, and told a second time.
        guard object.members.allSatisfy({ fields.contains($0.key) }) else { return nil }
        if let inner = object["not"] { return condition(inner).map(StoryCondition.not) }
        if let outcome = object.optionalString("outcome") {
            guard outcome == "won" || outcome == "lost" else {
                report.error("'outcome' must be \"won\" or \"lost\"", at: object["outcome"]!.position)
                return nil
            }
            return .outcome(outcome)
        }
        if let name = object.optionalString("variable") {
            let namePosition = object["variable"]!.position
            return .variable(name, object["equals"]?.stateValue ?? .bool(true), name: namePosition,
                             value: object["equals"]?.position ?? namePosition)
        }
        if let id = object.optionalString("achievement") { return .achievement(id, at: object["achievement"]!.position) }
        if let part = object.optionalString("dayPart") {
            guard DayPart(rawValue: part) != nil else {
                report.error(Reader.noDayPart(part), at: object["dayPart"]!.position)
                return nil
            }
            return .dayPart(part)
        }
        return nil  // a test of the wrong type, reported where it is
    }
}
