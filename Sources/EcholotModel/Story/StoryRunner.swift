import EcholotCore

/// The inputs of a headless story run: a start time and, for each level or choice the
/// story enters, the input log to play there (times relative to the scene's start).
public struct StoryScript: Sendable {
    /// One scene's inputs.
    public struct Play: Sendable {
        /// The kind of scene the inputs are for.
        public var kind: StorySceneKind
        /// The id of that scene (kind and id are checked when the scene begins).
        public var scene: String
        /// What the player does there.
        public var log: InputLog
        /// Where the play is written (a story test's `plays` entry), for its errors.
        public var position: SourcePosition?
        /// Where each of the log's inputs is written, in order, for the errors an input
        /// itself causes; empty when they are not written anywhere.
        public var inputPositions: [SourcePosition]

        /// Creates a play.
        public init(kind: StorySceneKind, scene: String, log: InputLog, position: SourcePosition? = nil,
                    inputPositions: [SourcePosition] = []) {
            self.kind = kind
            self.scene = scene
            self.log = log
            self.position = position
            self.inputPositions = inputPositions
        }

        /// `level 'x'`, as messages name the scene.
        var label: String { kind.named(scene) }
    }

    /// The time of day at the start; `nil`: no clock is announced.
    public var clock: TimeOfDay?
    /// The scenes' inputs, in the order the story enters them.
    public var plays: [Play]
    /// The achievements the story begins with, as a profile that holds them begins it.
    public var earnedBefore: Set<String>
    /// The progress records of unearned achievements the story begins with, as a profile
    /// that holds them begins it.
    public var progressBefore: ProgressRecords

    /// Creates a script.
    public init(clock: TimeOfDay? = nil, plays: [Play] = [], earnedBefore: Set<String> = [],
                progressBefore: ProgressRecords = [:]) {
        self.clock = clock
        self.plays = plays
        self.earnedBefore = earnedBefore
        self.progressBefore = progressBefore
    }
}

/// Plays a whole story headlessly: scene after scene, rebuilding the store's rules for
/// each level, ticking cut-scenes, feeding each level and choice its inputs, and
/// announcing `clock` at the start and each simulated minute. Same inputs ⇒ same run.
public struct StoryRunner {
    /// Simulated seconds per tick.
    public var step: Double
    /// A scene that goes on longer than this after its last input (or its start, without
    /// any) stops the run. Inputs themselves are played at their times, however late: a
    /// player may well take more than ten minutes over a level, and its recording must
    /// replay.
    public var maxSceneSeconds: Double
    /// How often one cut-scene may begin with no play's inputs taken between: once more
    /// stops the run, as it stops `echolot play` (``StorySession/maxCutsceneVisits``). A
    /// recorded play has a play for every cut-scene, so a player's own loop replays.
    public var maxCutsceneVisits: Int

    /// A runner with the given step, per-scene cap and cut-scene repeats.
    public init(step: Double = 1.0 / 60.0, maxSceneSeconds: Double = 600, maxCutsceneVisits: Int = 10) {
        self.step = step
        self.maxSceneSeconds = maxSceneSeconds
        self.maxCutsceneVisits = maxCutsceneVisits
    }

    /// Runs `book` of `pack`; `rules` gives the rule reducers for each scene's level (they
    /// run after the engine's level reducers and before the story's), `beginning` those
    /// the story begins with (see ``StorySession``); `jumps` is where their engine notes the
    /// rules' jumps, for a loop to name the rule.
    public func run(_ book: StoryBook, pack: Pack, script: StoryScript,
                    rules: @escaping (Level) throws -> [Reducer<GameState>],
                    beginning: () throws -> [Reducer<GameState>] = { [] }, jumps: StoryJumps? = nil) -> StoryTranscript {
        var transcript = StoryTranscript()
        let clock = script.clock.map { StoryClock(time: $0, step: step) }
        let session: StorySession
        do {
            session = try StorySession(book, pack: pack, clock: clock, earnedBefore: script.earnedBefore,
                                       progressBefore: script.progressBefore, rules: rules, beginning: beginning)
        } catch {
            // The rules the story begins with do not load: the run fails before any scene.
            transcript.errors.append(StoryRunError(describing: error, at: script.plays.first?.position))
            return transcript
        }
        func send(_ action: Action) {
            let transition = session.store.dispatch(action)
            transcript.record(transition.actions)
            transcript.errors += transition.rejections.map { StoryRunError(describing: $0) }
        }
        func tick() {
            send(.tick(step))
            if let announcement = clock?.tick() { send(announcement) }
        }
        var plays = script.plays[...]
        // Where the errors of a scene are reported: its play; for a scene without one, the
        // play the run was on its way to, or the last one when the inputs ran out.
        var playing: SourcePosition?, lastPlayed: SourcePosition?
        func place(from first: Int) {
            let position = playing ?? plays.first?.position ?? lastPlayed
            for i in first..<transcript.errors.count where transcript.errors[i].position == nil {
                transcript.errors[i].position = position
            }
        }
        session.maxCutsceneVisits = maxCutsceneVisits
        session.jumps = jumps
        for action in session.beginning() { send(action) }
        place(from: 0)  // errors before any scene: at the first play
        sceneLoop: while session.hasNewScene {
            let first = transcript.errors.count
            playing = nil
            defer {
                place(from: first)
                lastPlayed = playing ?? lastPlayed
            }
            do {
                try session.enterScene()
            } catch {
                transcript.errors.append(StoryRunError(describing: error))
                break
            }
            send(.start)
            let (kind, id) = session.scene
            let label = "\(kind?.rawValue ?? "no scene") \(named(id))"
            var log = InputLog()
            var inputPositions: [SourcePosition] = []
            if kind == .cutscene, plays.first?.kind == kind, plays.first?.scene == id {
                // A cut-scene plays on its own; a play for it gives its inputs (a skip).
                let play = plays.removeFirst()
                log = play.log
                inputPositions = play.inputPositions
                playing = play.position
            } else if kind == .level || kind == .choice {
                guard let play = plays.popFirst() else {
                    transcript.errors.append(StoryRunError("no inputs left for \(label)"))
                    break
                }
                playing = play.position
                guard play.kind == kind, play.scene == id else {
                    transcript.errors.append(StoryRunError("the inputs are for \(play.label), but the story entered \(label)"))
                    break
                }
                log = play.log
                inputPositions = play.inputPositions
            }
            if playing != nil {
                session.inputsPlayed()
            } else if let loop = session.sceneLoop() {
                transcript.errors.append(StoryRunError(loop))
                break
            }
            var sceneTicks = 0
            func sceneOver() -> Bool { session.sceneIsOver(session.store.state) }
            for (index, event) in log.events.enumerated() {
                while !sceneOver(), Double(sceneTicks + 1) * step <= event.t + 1e-9 {
                    tick()
                    sceneTicks += 1
                }
                if sceneOver() { continue sceneLoop }
                if event.action.name == ActionName.end { break sceneLoop }
                // What the input itself gets wrong is told at the input, in the test's words.
                let before = transcript.errors.count
                if let problem = Self.unknownEntity(in: event.action, state: session.store.state, scene: session.scene) {
                    transcript.errors.append(StoryRunError(problem))
                } else {
                    send(event.action)
                }
                if index < inputPositions.count {
                    for i in before..<transcript.errors.count where transcript.errors[i].position == nil {
                        transcript.errors[i].position = inputPositions[index]
                    }
                }
            }
            let maxTicks = sceneTicks + Int((maxSceneSeconds / step).rounded(.down))
            while !sceneOver(), sceneTicks < maxTicks {
                tick()
                sceneTicks += 1
            }
            if !sceneOver() {
                transcript.errors.append(StoryRunError("\(label) did not end within \(Int(maxSceneSeconds)) s of its inputs"))
                break
            }
        }
        let final = session.story
        transcript.variables = final["vars"]?.mapValue ?? PersistentMap()
        transcript.status = final["status"]?.stringValue ?? StoryStatus.running.rawValue
        transcript.ending = final["ending"]?.stringValue
        transcript.stateHash = session.store.state.tree.stableHashHex
        for rest in plays {
            transcript.errors.append(StoryRunError("inputs for \(rest.label) were not used", at: rest.position))
        }
        return transcript
    }

    /// What is wrong with a `selectEntity` input naming nothing the scene has, said as a
    /// test's author knows the scene (a choice's options, a level's entities) rather than
    /// as the engine's rejection of the action; `nil` for any other input.
    static func unknownEntity(in action: Action, state: GameState, scene: (kind: StorySceneKind?, id: String)) -> String? {
        guard action.name == ActionName.selectEntity, let id = action["id"].stringValue,
              state[Game.level][LevelKeys.entities][id] == nil, let kind = scene.kind else { return nil }
        let known: [String], what: (one: String, all: String)
        switch kind {
        case .choice:
            known = state[Game.story]["scene"]?.mapValue?["options"]?.listValue?.compactMap(\.stringValue) ?? []
            what = ("option", "options")
        case .level:
            known = state[Game.level][LevelKeys.entities].nodes.map(\.0).sorted()
            what = ("entity", "entities")
        case .cutscene:
            return nil
        }
        let hint = Suggestion.nameHint(for: id, among: known)
        let listed = known.isEmpty ? "; it has none" : "; its \(what.all) are \(Suggestion.few(known))"
        return "\(kind.rawValue) \(named(scene.id)) has no \(what.one) \(named(id))" + (hint.isEmpty ? listed : hint)
    }
}
