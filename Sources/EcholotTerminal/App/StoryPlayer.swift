import EcholotCore
import EcholotModel

/// Where `echolot play` finds a pack's story as it would be played now: `nil` when the
/// pack has none, a failure when its `story.json` does not load. The command line reads
/// the packs (under `--watch`, the watched pack's last version that loaded).
public typealias StorySource = (PackEntry) -> Result<PlayableStory, PackLoadError>?

/// A pack's story and the way to play it with the rules of the same version of the pack,
/// so a book is never paired with another version's rules.
public struct PlayableStory {
    /// The chapters and steps.
    public let book: StoryBook
    /// A session of ``book`` with its version's Lua rules per scene and a clock at the
    /// player's local time, beginning with the achievements the player has earned already
    /// and the progress records of the others.
    public let session: (_ earnedBefore: Set<String>, _ progressBefore: ProgressRecords) throws -> StorySession

    /// A story played by sessions from `session`.
    public init(book: StoryBook,
                session: @escaping (_ earnedBefore: Set<String>, _ progressBefore: ProgressRecords) throws -> StorySession) {
        self.book = book
        self.session = session
    }
}

/// Plays a story in the level loop, scene by scene: cut-scenes (their lines said as the
/// voices speak; Enter skips), choices (turn and select, or press the option's number)
/// and levels, each scene in a store built for it. Where the story stands is saved
/// through the progress provider whenever a scene begins, so quitting and coming back
/// resumes at that scene.
final class StoryPlayer {
    /// How the story's play ended.
    enum Ending {
        /// The story finished or stopped; the sentences of its end, to show on a page.
        case over([String])
        /// The player left (the place is saved).
        case left
        /// The game must stop (a signal, the terminal gone).
        case stop(LevelExit)
        /// The pack being authored changed (`--watch`): the story is to go on from the
        /// saved scene, in the new version.
        case reload
    }

    private let session: StorySession
    private let book: StoryBook
    private let entry: PackEntry
    private let names: Names
    private let progress: any ProgressProvider
    private let settings: SteeringSettings
    private let visuals: Visuals?
    private let steering: String
    /// The play as a transcript test (`--record`), when one is being made.
    private(set) var recording: StoryRecording?

    /// A player of `session`'s story (`book`) in `entry`'s pack.
    init(session: StorySession, book: StoryBook, entry: PackEntry, names: Names, progress: any ProgressProvider,
         settings: SteeringSettings, visuals: Visuals?, steering: String) {
        self.session = session
        self.book = book
        self.entry = entry
        self.names = names
        self.progress = progress
        self.settings = settings
        self.visuals = visuals
        self.steering = steering
    }

    /// Plays from the beginning, or from `resume` (a saved story record), until the story
    /// ends or the player leaves; with `record`, a play from the beginning is kept as a
    /// transcript test in ``recording``. `watch` is polled as in a single level: when it
    /// says a new version of the pack loaded, the scene ends unrecorded and so does the play.
    func run(resume: PersistentMap<Value>?, record: Bool, display: any Display, pump: EventPump, audio: AudioOutput,
             tracker: OpenTrackReceiver?, feedback: any Feedback, watch: (() -> Bool)? = nil) throws(SystemError) -> Ending {
        let texts = EventText(names: names)
        var pending: [LevelEvent] = []
        if record, resume == nil { recording = StoryRecording(clock: session.clock?.time, earnedBefore: session.earnedBefore,
                                                               progressBefore: session.progressBefore) }
        defer { finishRecording() }
        for action in session.beginning(resume: resume) {
            let transition = session.store.dispatch(action)
            recording?.transcript.record(transition.actions)
            pending += EventDetector.events(old: transition.old, new: transition.new,
                                            actions: transition.actions, rejections: transition.rejections)
        }
        // Where the player faced as the scene before ended, to tell a level that turns them.
        var facedBefore: Double?
        var first = true
        while session.hasNewScene {
            progress.storySaved(session.story, in: entry.pack)
            let store: Store<GameState>
            do {
                store = try session.enterScene()
            } catch {
                return .over([names.words.storyCannotGoOn("\(error)")])
            }
            // A rule that jumps back to a scene for ever is stopped as a test stops it, not
            // played at every tick's pace.
            if let loop = session.sceneLoop() { return .over([names.words.storyLoops(loop)]) }
            let engine = audio.play(store, pack: entry.pack)
            // What the scene starts with (the profile's, earlier scenes'): not earned in it.
            let startedWith = Set(store.state[Game.achievements].keys)
            let (kind, id) = session.scene
            let scene = sceneKind(kind, id: id)
            let inputs = recording == nil ? nil : InputList()
            // One observer: the recording's transcript, the level as it was decided (the story
            // moves on a tick later, so the store's last state is the next scene), and where
            // the player faced in the scene's last state.
            var decided: GameState?
            var faced: Double?
            store.observe { [unowned self] transition in
                recording?.transcript.record(transition.actions)
                let status = transition.new[Game.level][LevelKeys.status]
                if scene == .level, decided == nil, status == .won || status == .lost { decided = transition.new }
                if !session.sceneIsOver(transition.old) { faced = transition.old[Game.level][LevelKeys.view][ViewKeys.center] }
            }
            let levelSession = LevelSession(store: store, recorder: inputs, scene: { [session] in session.sceneIsOver($0) },
                                            clock: session.clock, pending: pending)
            let level = store.state[Game.level]
            let context = LevelContext(
                packName: names.pack(entry.pack), names: names,
                goalPaths: entry.pack.level(id: level[LevelKeys.id])?.goalPaths ?? [:],
                visuals: visuals ?? level[LevelKeys.view][ViewKeys.visuals], steering: steering, storyScene: scene,
                earnedBefore: progress.earnedAchievements())
            let loop = LevelLoop(
                session: levelSession, steering: Steering(session: levelSession, settings: settings), pump: pump,
                display: display, context: context, tracker: tracker, feedback: feedback, watch: watch,
                settle: PlayApp.settleAfterLevel, waitsToStart: scene == .level,
                opening: opening(scene, level: level, resumed: first && resume != nil, facedBefore: facedBefore)
            )
            let exit = try loop.run()
            first = false
            facedBefore = faced
            levelSession.end()
            withExtendedLifetime(engine) {}
            switch exit {
            case .reload:
                // An authoring restart, not a play: nothing goes into the history, and a
                // recording, which must play the story from its beginning, ends.
                progress.levelDiscarded(in: entry.pack)
                recording = nil
                return .reload
            case .finished, .left, .interrupted:
                if let inputs, let kind { recording?.scenes.append(StoryRecording.Scene(kind: kind, id: id, events: inputs.events)) }
                if scene == .level, loop.endedBeforeItsStart {
                    // Left at its start prompt, its clock never ran: no run of it, as a
                    // level's briefing left before its Start records none.
                    progress.levelDiscarded(in: entry.pack)
                } else if scene == .level {
                    let result = RunResult(state: decided ?? store.state, earnedBefore: startedWith)
                    progress.levelEnded(level: level[LevelKeys.id], in: entry.pack, result: result)
                }
            }
            if levelSession.tookInputs { session.inputsPlayed() }
            pending = levelSession.nextSceneEvents
            if exit == .left { return .left }
            if exit != .finished { return .stop(exit) }
        }
        progress.storySaved(session.story, in: entry.pack)
        let level = session.store.state[Game.level]
        return .over(pending.compactMap { texts.sentence($0, in: level)?.text })
    }

    /// What a scene says after its first words about where the player faces: a resumed
    /// choice, whose first words leave the heading out (its options' directions are from
    /// it), says it, as a new story's first scenes do; a level whose file sets its heading
    /// says it turned the player, who otherwise keeps facing where the scene before left them.
    private func opening(_ scene: StoryScene, level: Level, resumed: Bool, facedBefore: Double?) -> [String] {
        let heading = level[LevelKeys.view][ViewKeys.center]
        switch scene {
        case .choice where resumed:
            return [names.words.facing(heading, tilt: nil)]
        case .level:
            guard let facedBefore, abs(Geometry.relative(azimuth: heading, center: facedBefore)) >= 1 else { return [] }
            return [names.words.levelTurnsYou(to: heading)]
        default:
            return []
        }
    }

    /// The story's end state goes into the recording's transcript.
    private func finishRecording() {
        guard recording != nil else { return }
        let story = session.story
        recording?.transcript.variables = story["vars"]?.mapValue ?? PersistentMap()
        recording?.transcript.status = story["status"]?.stringValue ?? StoryStatus.running.rawValue
        recording?.transcript.ending = story["ending"]?.stringValue
    }

    /// What the scene just begun is, for the loop's keys and words.
    private func sceneKind(_ kind: StorySceneKind?, id: String) -> StoryScene {
        switch kind {
        case .cutscene?: return .cutscene(id: id)
        case .choice?:
            let scene = session.story["scene"]?.mapValue
            return .choice(options: scene?["options"]?.listValue?.compactMap(\.stringValue) ?? [], speakers: speakers(of: scene))
        default: return .level
        }
    }

    /// Who speaks each option of the choice `scene` (by value): the state names only the
    /// values, the book's step the choice was begun at has the lines.
    private func speakers(of scene: PersistentMap<Value>?) -> [String: String] {
        guard let chapter = scene?["chapter"]?.stringValue.flatMap(book.chapterIndex),
              let step = scene?["step"]?.intValue, book.chapters[chapter].steps.indices.contains(step),
              case let .choice(choice) = book.chapters[chapter].steps[step].kind,
              choice.id == scene?["id"]?.stringValue else { return [:] }
        return choice.options.reduce(into: [:]) { speakers, option in speakers[option.value] = option.line.speaker }
    }
}
