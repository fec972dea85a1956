import EcholotCore

/// The story's reducer: decides what comes next when a cut-scene ends, a choice is made or
/// a level is won or lost, and puts the next scene into the state.
///
/// Everything it decides lives in `story` and `level`, so a story replays exactly like a
/// level. Run it after the level reducers and the Lua rules, so they see a finished level
/// before the next scene replaces it.
public struct StoryDirector: Sendable {
    /// The story.
    public let book: StoryBook
    /// The pack's levels by id (pristine; each visit plays an incarnation).
    public let levels: [String: Level]
    /// The levels whose files set the heading they begin at (`view.center`); every other
    /// level begins where the player faces, as cut-scenes and choices do.
    public let fixedHeadings: Set<String>
    /// Steps without a scene that one decision may run before the story stops as looping.
    public var maxSteps = 10_000

    /// A director for `book` over `levels`, of which `fixedHeadings` begin at their own heading.
    public init(book: StoryBook, levels: [String: Level], fixedHeadings: Set<String> = []) {
        self.book = book
        self.levels = levels
        self.fixedHeadings = fixedHeadings
    }

    /// The actions it handles.
    public static let handled: [String] = [
        StoryAction.start, StoryAction.resume, ActionName.tick, ActionName.levelWon, ActionName.levelLost, ActionName.entitySelected,
        StoryAction.cutsceneDone, StoryAction.choiceMade, StoryAction.jump, StoryAction.set,
    ]

    /// The store reducer.
    public var reducer: Reducer<GameState> {
        let director = self
        return Reducer("story", handles: ActionFilter(names: Set(StoryDirector.handled))) { state, action, context in
            try director.reduce(&state, action, &context)
        }
    }

    /// Applies one action.
    func reduce(_ state: inout GameState, _ action: Action, _ context: inout ReducerContext) throws {
        if action.name == StoryAction.start {
            let chapter = action["chapter"].stringValue ?? book.start
            // The variables stay: a story rule's handler for story.start (or for the clock
            // announced before it) runs first, and what it sets is how the story begins.
            let vars = state[Game.story]["vars"]?.mapValue ?? PersistentMap()
            state[Game.story] = ["status": .string(StoryStatus.running.rawValue), "vars": .map(vars), "serial": 0]
            try enter(chapter: chapter, state: &state, context: &context)
            return
        }
        if action.name == StoryAction.resume {
            try resume(action, state: &state, context: &context)
            return
        }
        var story = state[Game.story]
        guard story["status"]?.stringValue == StoryStatus.running.rawValue else { return }
        let scene = story["scene"]?.mapValue ?? PersistentMap()
        let kind = StorySceneKind(scene: scene)
        switch action.name {
        case ActionName.tick where kind == .cutscene:
            try tick(scene: scene, dt: action["dt"].doubleValue ?? 0, state: &state, context: &context)
        case ActionName.tick where kind == .level && scene["ended"] != nil:
            try goOnAfterLevel(scene: scene, state: &state, context: &context)
        case ActionName.tick where kind == .level && scene["jump"] != nil:
            // A rule's jump while the level ran, which the level's rules did not decide in
            // the same batch: the level is left undecided (recorded as abandoned).
            try enter(chapter: scene["jump"]?.stringValue ?? "", state: &state, context: &context)
        case ActionName.tick where kind == .level:
            speakOverLevel(scene: scene, dt: action["dt"].doubleValue ?? 0, state: &state, context: &context)
        case ActionName.tick where kind == .choice && (moved(scene, state) || playedStep(scene) == nil):
            // A story rule moved the place while the choice was offered: it ends unpicked,
            // as a cut-scene does, and the story goes on from the place written.
            try next(state: &state, context: &context)
        case StoryAction.cutsceneDone where kind == .cutscene:
            guard action["id"].isNull || action["id"].stringValue == scene["id"]?.stringValue else { return }
            try next(state: &state, context: &context)
        case ActionName.entitySelected where kind == .choice:
            guard let option = action["id"].stringValue, scene["picked"] == nil else { return }
            story["scene"] = .map(scene.setting("picked", .string(option)))
            state[Game.story] = story
            context.emit(Action(StoryAction.choiceMade, ["id": scene["id"] ?? .null, "option": .string(option)]))
        case StoryAction.choiceMade where kind == .choice:
            try choiceMade(action, scene: scene, state: &state, context: &context)
        case ActionName.levelWon where kind == .level, ActionName.levelLost where kind == .level:
            try levelEnded(action, scene: scene, state: &state, context: &context)
        case StoryAction.jump:
            guard let chapter = action["chapter"].stringValue else {
                throw ActionError("story.jump", "'chapter' must be a chapter id, found \(action["chapter"].typeName)")
            }
            // In a level that has started, the jump waits for the next tick: the action that
            // made it may also win or lose the level further down its batch, and that outcome
            // is the run's (its record, achievements, the story's reaction to it).
            guard kind != .level || state[Game.level][LevelKeys.status] == .ready else {
                story["scene"] = .map(scene.setting("jump", .string(chapter)))
                state[Game.story] = story
                return
            }
            try enter(chapter: chapter, state: &state, context: &context)
        case StoryAction.set:
            guard let name = action["name"].stringValue else {
                throw ActionError("story.set", "'name' must be a variable name, found \(action["name"].typeName)")
            }
            setVariable(name, action["value"], in: &state)
        default:
            return
        }
    }

    // MARK: Scenes

    /// A cut-scene's clock: the current line ends after its seconds, then the next begins.
    private func tick(scene: PersistentMap<Value>, dt: Double, state: inout GameState, context: inout ReducerContext) throws {
        guard scene["done"] == nil else { return }
        // A place a story rule wrote (on a tick or a line) ends the cut-scene as its last line
        // would: its rest is not spoken, and the story goes on from the place at its end.
        guard !moved(scene, state), case let .cutscene(cutscene)? = playedStep(scene)?.kind else {
            state[Game.story]["scene"] = .map(scene.setting("done", true))
            context.emit(Action(StoryAction.cutsceneDone, ["id": scene["id"] ?? .null]))
            return
        }
        var playhead = LinePlayhead(index: scene["line"]?.intValue ?? 0, elapsed: scene["elapsed"]?.doubleValue ?? 0)
        for index in playhead.advance(by: dt, through: cutscene.lines) {
            var level = state[Game.level]
            StoryScenes.speak(cutscene.lines[index], in: &level, view: level[LevelKeys.view])
            state[Game.level] = level
            emitLine(cutscene.lines[index], scene: cutscene.id, context: &context)
        }
        var updated = scene.setting("line", .int(playhead.index)).setting("elapsed", .number(playhead.elapsed))
        if playhead.index >= cutscene.lines.count {
            updated["done"] = true
            context.emit(Action(StoryAction.cutsceneDone, ["id": .string(cutscene.id)]))
        }
        state[Game.story]["scene"] = .map(updated)
    }

    /// Lines over a running level: each begins when the one before ends; the voice is a
    /// non-selectable entity (`@voice`) of the level while it speaks.
    private func speakOverLevel(scene: PersistentMap<Value>, dt: Double, state: inout GameState, context: inout ReducerContext) {
        // Most levels speak no lines, and the rest only for a while: tell that from the
        // scene before looking the step up.
        let spoken = scene["line"]?.intValue ?? -1
        // The scene's own step: a place a rule wrote counts once the level is won or lost.
        guard let total = scene["lines"]?.intValue, spoken < total, state[Game.level][LevelKeys.status] == .running,
              case let .level(step)? = playedStep(scene)?.kind else { return }
        // The first line begins on the level's first tick.
        var playhead = LinePlayhead(index: max(spoken, 0), elapsed: spoken < 0 ? 0 : scene["elapsed"]?.doubleValue ?? 0)
        let begun = spoken < 0 ? 0 ..< 1 : playhead.advance(by: dt, through: step.lines)
        guard playhead.index != spoken else {
            state[Game.story]["scene"] = .map(scene.setting("elapsed", .number(playhead.elapsed)))
            return
        }
        var level = state[Game.level]
        level[LevelKeys.entities].storage["@voice"] = nil  // the line before has ended
        for index in begun {
            let line = step.lines[index]
            let azimuth = line.azimuth ?? level[LevelKeys.view][ViewKeys.center]
            // This line's voice, if it has one, in place of the one before.
            level[LevelKeys.entities].storage["@voice"] = line.voice.map { voice in
                StoryScenes.voiceEntity(id: "@voice", name: line.speaker ?? "voice", line: line, file: voice,
                                        azimuth: azimuth, loop: false, selectable: false).value
            }
            emitLine(line, scene: step.level, context: &context)
        }
        state[Game.level] = level
        state[Game.story]["scene"] = .map(scene.setting("line", .int(playhead.index)).setting("elapsed", .number(playhead.elapsed)))
    }

    /// Goes on from a saved record: its variables and counters come back and the step it
    /// was at is entered again.
    private func resume(_ action: Action, state: inout GameState, context: inout ReducerContext) throws {
        guard var record = action["story"].mapValue else {
            throw ActionError("story.resume", "'story' must be a saved story record, found \(action["story"].typeName)")
        }
        let place = try book.place(of: record).mapError { ActionError("story.resume", "\($0)") }.get()
        let (index, step) = (place.chapter, place.step)
        // The record was saved as its scene began. A level it was in is played again from
        // its start as the same attempt, which the record has counted already.
        let scene = record["scene"]?.mapValue
        let counted = scene?["kind"] == StorySceneKind.level.value ? scene?["id"]?.stringValue : nil
        record["status"] = .string(StoryStatus.running.rawValue)
        record["scene"] = nil
        record["error"] = nil
        state[Game.story] = record
        try run(chapter: index, step: step, counted: counted, state: &state, context: &context)
    }

    private func choiceMade(_ action: Action, scene: PersistentMap<Value>, state: inout GameState,
                            context: inout ReducerContext) throws {
        // The scene's own choice: a place a rule wrote as it was made is where the story goes on.
        guard action["id"].stringValue == scene["id"]?.stringValue, case let .choice(choice)? = playedStep(scene)?.kind else { return }
        guard let option = action["option"].stringValue, choice.options.contains(where: { $0.value == option }) else {
            let given = action["option"].stringValue ?? action["option"].description
            throw ActionError("choice.made", "choice \(named(choice.id)) has no option \(named(given)); its options are "
                + Suggestion.few(choice.options.map(\.value)))
        }
        setVariable(choice.variable, .string(option), in: &state)
        try next(state: &state, context: &context)
    }

    /// A level was won or lost: the outcome is noted, and the story goes on at the next
    /// tick, so the ended level stays in the state for one transition — front ends tell
    /// the win with its score, and the profile records the run, before the next scene.
    private func levelEnded(_ action: Action, scene: PersistentMap<Value>, state: inout GameState,
                            context: inout ReducerContext) throws {
        let won = action.name == ActionName.levelWon
        // The level reducer keeps the first outcome; a later contrary one is ignored here too.
        // The scene says a level is played, whatever place a story rule wrote just before:
        // the story goes on from that place at the next tick.
        guard state[Game.level][LevelKeys.status] == (won ? .won : .lost), scene["ended"] == nil else { return }
        var story = state[Game.story]
        story["outcome"] = .string(won ? "won" : "lost")
        story["scene"] = .map(scene.setting("ended", true))
        state[Game.story] = story
    }

    /// The tick after a level ended: on with the story, retry, the loss's chapter, or
    /// where a rule's `story.jump` during the level said. A
    /// place a story rule moved away from a level step goes on from there, as after a
    /// cut-scene; one that is no place stops the story (``next(state:context:)``).
    private func goOnAfterLevel(scene: PersistentMap<Value>, state: inout GameState, context: inout ReducerContext) throws {
        // A rule's jump as the level was played or decided goes where it says, as it would
        // have at once had the level not been played.
        if let chapter = scene["jump"]?.stringValue { return try enter(chapter: chapter, state: &state, context: &context) }
        if state[Game.story]["outcome"]?.stringValue == "won" { return try next(state: &state, context: &context) }
        // Lost: a step that is no integer would otherwise be read as the chapter's first, a
        // level step to retry.
        if let problem = noPlace(state) { return stopAtNoPlace(problem, state: &state, context: &context) }
        guard case let .level(step)? = currentStep(state)?.kind else { return try next(state: &state, context: &context) }
        switch step.onLoss {
        case .retry:
            try run(chapter: chapterIndex(state), step: stepIndex(state), state: &state, context: &context)
        case .next: try next(state: &state, context: &context)
        case let .chapter(id): try enter(chapter: id, state: &state, context: &context)
        }
    }

    // MARK: Sequencing

    /// Goes on with the step after the current one.
    private func next(state: inout GameState, context: inout ReducerContext) throws {
        if let problem = noPlace(state) { return stopAtNoPlace(problem, state: &state, context: &context) }
        let step = stepIndex(state)
        guard step >= 0, step < .max else { return noStep(chapter: chapterIndex(state), step: step, state: &state, context: &context) }
        try run(chapter: chapterIndex(state), step: step + 1, state: &state, context: &context)
    }

    /// What is wrong with the record's place when a story rule wrote one the story does not
    /// have, as ``stopAtNoPlace(_:state:context:)`` tells it; nil for a chapter of the story
    /// and an integer step. Such a place stops the story, told, rather than ending it as if
    /// its last chapter were over or going on from its first step.
    private func noPlace(_ state: GameState) -> String? {
        let story = state[Game.story]
        switch story["chapter"] {
        case nil: return "has no chapter"
        case let .string(id)? where book.chapterIndex(id) == nil:
            return "is \(StoryBook.undefinedChapter(id))"
        case .string?: break
        case let other?: return "is chapter \(shown(other)), which is no chapter id"
        }
        switch story["step"] {
        case nil: return "has no step"
        case let step? where step.intValue == nil: return "is step \(shown(step)), which is no step number"
        default: return nil
        }
    }

    /// A value a rule wrote, as a message names it: a whole list or object is named by its
    /// type, as it may be long.
    private func shown(_ value: Value) -> String {
        switch value {
        case let .string(text): return named(text)
        case .list: return "a list"
        case .map: return "an object"
        default: return value.jsonText
        }
    }

    /// Stops the story at a place that is no step of it. The record's place (`step`,
    /// `lastLevel`) is the director's, but a story rule can write the record: such a place
    /// stops the story, told, rather than the game.
    private func noStep(chapter: Int, step: Int, state: inout GameState, context: inout ReducerContext) {
        // The chapter by its id where it is one of the story's, as the record holds it.
        let shown = book.chapters.indices.contains(chapter) ? named(book.chapters[chapter].id) : "\(chapter)"
        stopAtNoPlace("(chapter \(shown), step \(step)) is no step of the story", state: &state, context: &context)
    }

    /// Stops the story at a place a story rule wrote, saying what is wrong with `place`.
    private func stopAtNoPlace(_ place: String, state: inout GameState, context: inout ReducerContext) {
        stop("the story's place \(place); only the story itself moves it (a story rule writes story.vars, or emits story.jump)",
             state: &state, context: &context)
    }

    /// Starts chapter `id`, or stops the story when there is none.
    private func enter(chapter id: String, state: inout GameState, context: inout ReducerContext) throws {
        guard let index = book.chapterIndex(id) else {
            return stop("the story names \(StoryBook.undefinedChapter(id))", state: &state, context: &context)
        }
        try run(chapter: index, step: 0, state: &state, context: &context)
    }

    /// Runs steps from (chapter, step) until one plays a scene, the story ends, or too many
    /// steps pass without a scene — a loop, which stops the story instead of hanging it.
    /// `counted` names a level whose attempt the story record counted already (a resumed
    /// one): when the first step plays it, it is that attempt again, not a new one.
    private func run(chapter startChapter: Int, step startStep: Int, counted: String? = nil, state: inout GameState,
                     context: inout ReducerContext) throws {
        var chapter = startChapter, step = startStep
        for _ in 0..<maxSteps {
            guard chapter >= 0, step >= 0 else { return noStep(chapter: chapter, step: step, state: &state, context: &context) }
            guard chapter < book.chapters.count else { return finish("end", state: &state, context: &context) }
            let steps = book.chapters[chapter].steps
            guard step < steps.count else {
                chapter += 1
                step = 0
                continue
            }
            state[Game.story]["chapter"] = .string(book.chapters[chapter].id)
            state[Game.story]["step"] = .int(step)
            switch steps[step].kind {
            case let .cutscene(scene):
                guard !scene.lines.isEmpty else { step += 1; continue }
                beginScene(["kind": StorySceneKind.cutscene.value, "id": .string(scene.id), "line": 0, "elapsed": 0.0], state: &state,
                           level: StoryScenes.cutscene(scene, line: 0, view: state[Game.level][LevelKeys.view]))
                emitLine(scene.lines[0], scene: scene.id, context: &context)
                return
            case let .level(levelStep):
                guard var level = levels[levelStep.level] else {
                    return stop("\(where_(chapter, step)): the pack has no level \(named(levelStep.level))", state: &state, context: &context)
                }
                if let part = state[Game.clock]?["dayPart"]?.stringValue, let tracks = levelStep.ambienceByDayPart[part] {
                    level[LevelKeys.ambience] = tracks.map(\.sound)
                }
                // A player with headphones who turned in the scene before still faces that way:
                // a level that turned them back to its file's default would move every sound.
                if !fixedHeadings.contains(levelStep.level) {
                    level[LevelKeys.view][ViewKeys.center] = state[Game.level][LevelKeys.view][ViewKeys.center]
                }
                let before = state[Game.story]["attempts"]?.mapValue?[levelStep.level]?.intValue ?? 0
                let again = counted == levelStep.level && (chapter, step) == (startChapter, startStep) && before > 0
                let attempt = again ? before : before == .max ? before : before + 1  // a count a rule wrote
                state[Game.story]["attempts"] = .map((state[Game.story]["attempts"]?.mapValue ?? PersistentMap())
                    .setting(levelStep.level, .int(attempt)))
                state[Game.story]["lastLevel"] = ["chapter": .int(chapter), "step": .int(step)]
                var scene: PersistentMap<Value> = ["kind": StorySceneKind.level.value, "id": .string(levelStep.level), "attempt": .int(attempt)]
                if !levelStep.lines.isEmpty { scene["lines"] = .int(levelStep.lines.count) }
                beginScene(scene, state: &state, level: level)
                context.random = SeededRandom(seed: UInt64(truncatingIfNeeded: level[LevelKeys.seed]))
                context.emit(Action(StoryAction.level, ["id": .string(levelStep.level), "attempt": .int(attempt)]))
                return
            case let .choice(choice):
                guard !choice.options.isEmpty else {
                    return stop("\(where_(chapter, step)): choice \(named(choice.id)) has no options", state: &state, context: &context)
                }
                beginScene(["kind": StorySceneKind.choice.value, "id": .string(choice.id),
                            "options": .list(choice.options.map { .string($0.value) })], state: &state,
                           level: StoryScenes.choice(choice, view: state[Game.level][LevelKeys.view]))
                if let prompt = choice.prompt { emitLine(prompt, scene: choice.id, context: &context) }
                context.emit(Action(StoryAction.choice, [
                    "id": .string(choice.id), "options": .list(choice.options.map { .string($0.value) }),
                ]))
                return
            case let .branch(condition, target):
                guard condition.holds(in: state) else { step += 1; continue }
                switch target {
                case let .chapter(id):
                    guard let index = book.chapterIndex(id) else {
                        return stop("\(where_(chapter, step)): no chapter \(named(id))", state: &state, context: &context)
                    }
                    (chapter, step) = (index, 0)
                case .retry:
                    guard let last = state[Game.story]["lastLevel"]?.mapValue,
                          let c = last["chapter"]?.intValue, let s = last["step"]?.intValue else {
                        return stop("\(where_(chapter, step)): 'retry' before any level was played", state: &state, context: &context)
                    }
                    (chapter, step) = (c, s)
                }
            case let .jump(id):
                guard let index = book.chapterIndex(id) else {
                    return stop("\(where_(chapter, step)): no chapter \(named(id))", state: &state, context: &context)
                }
                (chapter, step) = (index, 0)
            case let .set(name, value):
                setVariable(name, value, in: &state)
                step += 1
            case let .end(ending):
                return finish(ending, state: &state, context: &context)
            }
        }
        let id = book.chapters[min(chapter, book.chapters.count - 1)].id
        stop("the story ran \(maxSteps) steps without reaching a level, choice or cut-scene (last in chapter \(named(id))); "
            + "its jumps loop", state: &state, context: &context)
    }

    /// Puts a new scene into the state; `serial` tells runners a new scene began. The scene
    /// keeps the place it plays, so a place a story rule writes is told from it.
    private func beginScene(_ scene: PersistentMap<Value>, state: inout GameState, level: Level) {
        var story = state[Game.story]
        story["scene"] = .map(scene.setting("chapter", story["chapter"] ?? .null).setting("step", story["step"] ?? .null))
        // Wrapping past the largest integer (a rule may write it) is still a change.
        story["serial"] = .int((story["serial"]?.intValue ?? 0) &+ 1)
        state[Game.story] = story
        var fresh = level
        fresh[LevelKeys.status] = .ready
        state[Game.level] = fresh
    }

    private func finish(_ ending: String, state: inout GameState, context: inout ReducerContext) {
        state[Game.story]["status"] = .string(StoryStatus.finished.rawValue)
        state[Game.story]["ending"] = .string(ending)
        state[Game.story]["scene"] = ["kind": "none"]
        context.emit(Action(StoryAction.finished, ["ending": .string(ending)]))
    }

    /// Stops the story with a message: a running game never loops or crashes on a bad story.
    private func stop(_ message: String, state: inout GameState, context: inout ReducerContext) {
        state[Game.story]["status"] = .string(StoryStatus.stopped.rawValue)
        state[Game.story]["error"] = .string(message)
        state[Game.story]["scene"] = ["kind": "none"]
        context.emit(Action(StoryAction.stopped, ["message": .string(message)]))
    }

    private func emitLine(_ line: StoryLine, scene: String, context: inout ReducerContext) {
        var payload: PersistentMap<Value> = ["id": .string(line.id), "scene": .string(scene)]
        if let speaker = line.speaker { payload["speaker"] = .string(speaker) }
        if let azimuth = line.azimuth { payload["azimuth"] = .number(azimuth) }
        context.emit(Action(StoryAction.line, payload))
    }

    private func setVariable(_ name: String, _ value: Value, in state: inout GameState) {
        let vars = state[Game.story]["vars"]?.mapValue ?? PersistentMap()
        state[Game.story]["vars"] = .map(vars.setting(name, value))
    }

    // MARK: Reading the position

    private func chapterIndex(_ state: GameState) -> Int {
        state[Game.story]["chapter"]?.stringValue.flatMap(book.chapterIndex) ?? book.chapters.count
    }

    private func stepIndex(_ state: GameState) -> Int { state[Game.story]["step"]?.intValue ?? 0 }

    private func currentStep(_ state: GameState) -> StoryStep? { step(chapter: chapterIndex(state), step: stepIndex(state)) }

    /// The step at (chapter, step) by index, if the story has one there.
    private func step(chapter c: Int, step s: Int) -> StoryStep? {
        guard book.chapters.indices.contains(c), book.chapters[c].steps.indices.contains(s) else { return nil }
        return book.chapters[c].steps[s]
    }

    /// The step the scene plays: the place it began at, whatever a rule wrote since.
    private func playedStep(_ scene: PersistentMap<Value>) -> StoryStep? {
        guard let id = scene["chapter"]?.stringValue, let c = book.chapterIndex(id), let s = scene["step"]?.intValue else { return nil }
        return step(chapter: c, step: s)
    }

    /// Whether a story rule moved the story's place away from the step its scene plays:
    /// the scene then ends as at its end (as it does when the scene names no step at all,
    /// `playedStep` nil, which the callers ask only when it was not moved).
    private func moved(_ scene: PersistentMap<Value>, _ state: GameState) -> Bool {
        let story = state[Game.story]
        return story["chapter"]?.stringValue != scene["chapter"]?.stringValue || story["step"]?.intValue != scene["step"]?.intValue
    }

    /// `story.json:line:col` of a step, for run-time messages.
    private func where_(_ chapter: Int, _ step: Int) -> String {
        let position = book.chapters[chapter].steps[step].position
        return "\(StoryReader.fileName):\(position.line):\(position.column)"
    }
}

extension PersistentMap where Value == EcholotCore.Value {
    /// A copy with `key` set to `value`.
    func setting(_ key: String, _ value: Value) -> PersistentMap {
        var copy = self
        copy[key] = value
        return copy
    }
}
