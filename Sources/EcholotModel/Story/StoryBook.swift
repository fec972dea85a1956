import EcholotCore

/// A pack's story as read from `story.json`: chapters of steps, played in order.
///
/// Chapters are data (like levels) so that `validate` can point at every step with file,
/// line and column; Lua rules registered with `echolot.story` react to what the story does.
public struct StoryBook: Sendable {
    /// The chapters in file order; falling off the end of one continues with the next.
    public var chapters: [Chapter]
    /// The chapter the story starts with (default: the first).
    public var start: String
    /// How `story.json` is shown in diagnostics.
    public var displayPath: String

    /// Creates a story.
    public init(chapters: [Chapter], start: String, displayPath: String) {
        self.chapters = chapters
        self.start = start
        self.displayPath = displayPath
        // The director asks on every tick of a scene; the first chapter of an id wins.
        indices = Dictionary(chapters.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    private let indices: [String: Int]

    /// The index of the chapter with this id.
    public func chapterIndex(_ id: String) -> Int? { indices[id] }

    /// A chapter id the story does not have, as run-time messages name it: the file by its
    /// name in the pack, not the path typed, so a run tells the same from any directory.
    static func undefinedChapter(_ id: String) -> String {
        "chapter \(named(id)), which \(StoryReader.fileName) does not define"
    }

    /// Why a rule's jump to `id` would stop the story, with the chapter likely meant; nil
    /// for a chapter the story has. Told at the rule's `ctx.emit`, where its line is known.
    public func jumpProblem(to id: String) -> String? {
        let ids = chapters.map(\.id)
        guard !ids.contains(id) else { return nil }
        return "the story names " + Self.undefinedChapter(id) + Suggestion.nameHint(for: id, among: ids)
    }

    /// The string ids the story reads whole: its lines' ids and their speakers.
    public var stringIDs: Set<String> {
        Set(allLines.flatMap { [$0.id] + ($0.speaker.map { [$0] } ?? []) })
    }

    /// Every line the story can speak (cut-scene lines, lines over levels, choice prompts
    /// and options).
    public var allLines: [StoryLine] {
        chapters.flatMap(\.steps).flatMap { step -> [StoryLine] in
            switch step.kind {
            case let .cutscene(scene): return scene.lines
            case let .level(step): return step.lines
            case let .choice(choice): return (choice.prompt.map { [$0] } ?? []) + choice.options.map(\.line)
            default: return []
            }
        }
    }

    /// A problem for each achievement a branch's condition names that is not in
    /// `registered` (the names the pack's rules register, as `validate` knows them): such a
    /// condition could never hold, and the branch would silently never be taken. A name
    /// that `misplaced` knows as a rule of another kind is told as what it is.
    public func unknownAchievements(registered: [String], misplaced: (String) -> String? = { _ in nil }) -> [Diagnostic] {
        chapters.flatMap(\.steps).flatMap { step -> [Diagnostic] in
            guard case let .branch(condition, _) = step.kind else { return [] }
            return condition.achievements.filter { !registered.contains($0.name) }.map { name, position in
                let hint = Suggestion.nameHint(for: name, among: registered)
                let listed = registered.isEmpty ? "; no script registers any" : "; the achievements are \(Suggestion.few(registered))"
                return Diagnostic(path: displayPath, at: position, message: misplaced(name)
                                  ?? "unknown achievement \(named(name)): no script registers it" + (hint.isEmpty ? listed : hint))
            }
        }
    }
}

/// A named, ordered list of steps.
public struct Chapter: Sendable {
    /// Stable id, unique in the story.
    public var id: String
    /// The steps in play order.
    public var steps: [StoryStep]
    /// Where the chapter is in `story.json`.
    public var position: SourcePosition
    /// Where its id is in `story.json`, for a problem of the chapter as a whole.
    public var idPosition: SourcePosition

    /// Creates a chapter; `idPosition` defaults to `position`.
    public init(id: String, steps: [StoryStep], position: SourcePosition, idPosition: SourcePosition? = nil) {
        self.id = id
        self.steps = steps
        self.position = position
        self.idPosition = idPosition ?? position
    }
}

/// One step of a chapter and where it is written.
public struct StoryStep: Sendable {
    /// What the step does.
    public var kind: StepKind
    /// Where the step is in `story.json`.
    public var position: SourcePosition

    /// Creates a step.
    public init(_ kind: StepKind, at position: SourcePosition) {
        self.kind = kind
        self.position = position
    }
}

/// What a step does.
public enum StepKind: Sendable {
    /// Plays lines one after another, then goes on.
    case cutscene(Cutscene)
    /// Plays a level of the pack until it is won or lost.
    case level(LevelStep)
    /// Offers options by ear; the pick sets a story variable.
    case choice(Choice)
    /// Jumps (or retries the last level) when a condition holds; otherwise goes on.
    case branch(StoryCondition, BranchTarget)
    /// Continues with another chapter.
    case jump(String)
    /// Sets a story variable.
    case set(String, Value)
    /// Ends the story with an ending name.
    case end(String)
}

/// Where a branch goes.
public enum BranchTarget: Sendable, Equatable {
    /// To the start of a chapter.
    case chapter(String)
    /// Back into the last level played (a new incarnation).
    case retry
}

/// What happens when a level is lost.
public enum LossPolicy: Sendable, Equatable {
    /// Play a new incarnation of the same level (the default: story levels must be won).
    case retry
    /// Go on with the next step; `story.outcome` says `lost` for a branch to test.
    case next
    /// Continue with a chapter.
    case chapter(String)
}

/// A level step.
public struct LevelStep: Sendable {
    /// The id of a level of the pack.
    public var level: String
    /// What a loss does.
    public var onLoss: LossPolicy
    /// Ambience by day part (`night` → tracks), replacing the level's own when the clock
    /// announced that part.
    public var ambienceByDayPart: [String: [AmbienceTrack]]
    /// Lines spoken over the running level, one after another from its start (a cut-scene
    /// that does not stop the play).
    public var lines: [StoryLine]

    /// Creates a level step.
    public init(level: String, onLoss: LossPolicy = .retry, ambienceByDayPart: [String: [AmbienceTrack]] = [:],
                lines: [StoryLine] = []) {
        self.level = level
        self.onLoss = onLoss
        self.ambienceByDayPart = ambienceByDayPart
        self.lines = lines
    }
}

/// A cut-scene: lines spoken one after another over a static background and ambience.
public struct Cutscene: Sendable {
    /// Stable id.
    public var id: String
    /// The lines in order.
    public var lines: [StoryLine]
    /// The background glyph shown meanwhile (a level's `background`).
    public var background: PersistentMap<Value>
    /// Non-directional looping sounds meanwhile (a level's `ambience`).
    public var ambience: [AmbienceTrack]

    /// Creates a cut-scene.
    public init(id: String, lines: [StoryLine], background: PersistentMap<Value> = PersistentMap(),
                ambience: [AmbienceTrack] = []) {
        self.id = id
        self.lines = lines
        self.background = background
        self.ambience = ambience
    }
}

/// One spoken line: its text comes from `strings/<lang>.json` by ``id``.
public struct StoryLine: Sendable {
    /// Stable line id (the key in the strings files; voice files are named after it).
    public var id: String
    /// Who speaks (a string id too, shown before the text).
    public var speaker: String?
    /// A voice file in `sounds/`.
    public var voice: String?
    /// Where the speaker is, in degrees clockwise (0 ahead); `nil`: no direction.
    public var azimuth: Double?
    /// How long the line lasts in seconds: the `duration` given, else the voice's length,
    /// else a reading time from its longest text in any language; fixed at load so replays
    /// are exact.
    public var seconds: Double
    /// Where the line is in `story.json`.
    public var position: SourcePosition
    /// Where the voice's file name is in `story.json`: a problem with the file belongs to
    /// the name, not to the whole line.
    public var voicePosition: SourcePosition
    /// Where the speaker's string id is in `story.json`, for a speaker with no name.
    public var speakerPosition: SourcePosition

    /// Creates a line; `voicePosition` and `speakerPosition` default to `position`.
    public init(id: String, speaker: String? = nil, voice: String? = nil, azimuth: Double? = nil,
                seconds: Double, position: SourcePosition = .start, voicePosition: SourcePosition? = nil,
                speakerPosition: SourcePosition? = nil) {
        self.id = id
        self.speaker = speaker
        self.voice = voice
        self.azimuth = azimuth
        self.seconds = seconds
        self.position = position
        self.voicePosition = voicePosition ?? position
        self.speakerPosition = speakerPosition ?? position
    }
}

/// One ambience sound of a story (a cut-scene's, or a level step's for a day part) and
/// where its file is named, so a file that cannot be played is reported at its name.
public struct AmbienceTrack: Sendable {
    /// The sound as a level's `ambience` holds it: `{"file", "volume"?, "loop"?}`.
    public var sound: Value
    /// Where the `file` value is in `story.json`.
    public var filePosition: SourcePosition

    /// Creates a track.
    public init(_ sound: Value, filePosition: SourcePosition = .start) {
        self.sound = sound
        self.filePosition = filePosition
    }

    /// The file name in `sounds/`, if the sound names one.
    public var file: String? { sound["file"].stringValue }
}

/// A choice by ear: each option speaks from its own direction; turning to one and
/// selecting it (or picking it by key) sets ``variable`` to the option's value.
public struct Choice: Sendable {
    /// Stable id.
    public var id: String
    /// The story variable the pick sets.
    public var variable: String
    /// A line spoken before the options (optional).
    public var prompt: StoryLine?
    /// The options, at least one.
    public var options: [ChoiceOption]

    /// Creates a choice.
    public init(id: String, variable: String, prompt: StoryLine? = nil, options: [ChoiceOption]) {
        self.id = id
        self.variable = variable
        self.prompt = prompt
        self.options = options
    }
}

/// One option of a choice.
public struct ChoiceOption: Sendable {
    /// The value the variable gets; also the option's entity id.
    public var value: String
    /// Where the option speaks from.
    public var azimuth: Double
    /// What it says.
    public var line: StoryLine

    /// Creates an option.
    public init(value: String, azimuth: Double, line: StoryLine) {
        self.value = value
        self.azimuth = azimuth
        self.line = line
    }
}
