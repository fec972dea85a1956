import EcholotCore

/// Where a story rule last emitted `story.jump`, as the rules' engine notes it: what a story
/// that loops on a rule's jumps names. One is shared by the engine and the session it plays.
public final class StoryJumps: @unchecked Sendable {
    /// The jump's script as the pack knows it, with its line (`scripts/story.lua:3`), and its pack.
    public var last: (site: String, pack: String)?

    /// None noted yet.
    public init() {}
}

/// One play of a story, scene by scene: the store of the scene being played, rebuilt with
/// the rules of each new scene's level (a level's Lua rules know only that level), and
/// the story's clock. ``StoryRunner`` drives it from scripted inputs; `echolot play`
/// from the keyboard.
public final class StorySession {
    /// The pack the story belongs to.
    public let pack: Pack
    /// The story's clock, when the time of day is announced.
    public let clock: StoryClock?
    /// The achievements the story began with, earned before it (the profile's): every scene
    /// starts with them in ``Game/achievements``, beside those earned in earlier scenes.
    public let earnedBefore: Set<String>
    /// The progress records of unearned achievements the story began with (the profile's):
    /// the first scene starts with them, and each later one with them as earlier scenes left them.
    public let progressBefore: ProgressRecords
    /// The store playing the current scene; a new one after each ``enterScene()``.
    public private(set) var store: Store<GameState>
    private let director: StoryDirector
    private let rules: (Level) throws -> [Reducer<GameState>]
    private var enteredSerial = -1
    /// Called with each scene's new store before it starts (a profile's recorder attaches
    /// to the stores of level scenes here).
    public var onEnterScene: ((Store<GameState>) -> Void)?
    /// How often one scene may begin with no inputs played between: once more stops the play
    /// (``sceneLoop()``). A story rule that jumps back to a scene (on a tick, on
    /// `cutscene.done`) makes scenes without end, and a cut-scene takes no inputs to run out
    /// of; 10 leaves room for a rule that brings the player back a few times, counting.
    public var maxCutsceneVisits = 10
    /// Where the rules' jumps are noted, to name the one a loop comes from.
    public var jumps: StoryJumps?
    private var visits: [String: Int] = [:]

    /// A session of `book` in `pack`; `rules` gives the rule reducers of each scene's
    /// level (they run after the engine's level reducers and before the story's), and
    /// `beginning` those of the store the story begins in, before any scene: the story's
    /// own rule only, as achievements and game reducers run in levels. Throws what
    /// `beginning` throws.
    public init(_ book: StoryBook, pack: Pack, clock: StoryClock? = nil, earnedBefore: Set<String> = [],
                progressBefore: ProgressRecords = [:],
                rules: @escaping (Level) throws -> [Reducer<GameState>],
                beginning: () throws -> [Reducer<GameState>] = { [] }) throws {
        self.pack = pack
        self.clock = clock
        self.earnedBefore = earnedBefore
        self.progressBefore = progressBefore
        self.rules = rules
        director = StoryDirector(book: book, levels: pack.levels.mapValues(\.level),
                                 fixedHeadings: Set(pack.levels.filter { $0.value.setsHeading }.keys))
        var state = GameState()
        state[Game.pack] = ["id": .string(pack.id), "version": .string(pack.manifest.version)]
        // A story rule runs only where there is a record: this one lets it see the first
        // clock and story.start, and keep what it writes to `vars` as the story begins.
        state[Game.story] = ["vars": .emptyMap]
        state.startWith(earnedBefore: earnedBefore, progressBefore: progressBefore)
        // The story's rules see its beginning as they see every later scene: the first
        // story.line or story.level is emitted in this store, before any scene is entered.
        store = Store(state: state, reducers: LevelReducers.all + (try beginning()) + [director.reducer])
    }

    /// The actions that begin the story: the time (with a clock), then `story.start`, or
    /// `story.resume` from a saved record.
    public func beginning(resume record: PersistentMap<Value>? = nil) -> [Action] {
        var actions: [Action] = []
        if let clock { actions.append(clock.announcement) }
        if let record {
            actions.append(Action(StoryAction.resume, ["story": .map(record)]))
        } else {
            actions.append(Action(StoryAction.start))
        }
        return actions
    }

    /// The story record: status, chapter, step, scene, variables.
    public var story: PersistentMap<Value> { store.state[Game.story] }
    /// Grows with every scene the story begins.
    public var serial: Int { story["serial"]?.intValue ?? 0 }
    /// Whether the story goes on (not finished, not stopped).
    public var isRunning: Bool { story["status"]?.stringValue == StoryStatus.running.rawValue }
    /// The current scene's kind (`nil` between scenes and after the end) and id.
    public var scene: (kind: StorySceneKind?, id: String) {
        let scene = story["scene"]?.mapValue ?? PersistentMap()
        return (StorySceneKind(scene: scene), scene["id"]?.stringValue ?? "")
    }

    /// Whether a scene began that has no store of its own yet: call ``enterScene()``.
    public var hasNewScene: Bool { isRunning && serial != enteredSerial }

    /// Whether the scene entered last is over: another began, or the story ended.
    public func sceneIsOver(_ state: GameState) -> Bool {
        state[Game.story]["serial"]?.intValue != enteredSerial
            || state[Game.story]["status"]?.stringValue != StoryStatus.running.rawValue
    }

    /// The player (or a test's play) put inputs into a scene: scenes entered from now on are
    /// counted afresh.
    public func inputsPlayed() {
        visits = [:]
        jumps?.last = nil
    }

    /// Counts the scene just entered, before any inputs are played in it; the message that
    /// stops the play when it is entered once too often. It names the rule whose
    /// `story.jump` was the last, when one was noted since inputs were played. (A test's
    /// level or choice always takes a play's inputs, so a test counts its cut-scenes only.)
    public func sceneLoop() -> String? {
        guard case let (kind?, id) = scene else { return nil }
        let visit = visits[id, default: 0] + 1
        visits[id] = visit
        guard visit > maxCutsceneVisits else { return nil }
        let entered = "the story entered \(kind.named(id)) \(maxCutsceneVisits + 1) times with no inputs played between them"
        let stops = "a run stops after \(maxCutsceneVisits) such entries"
        guard let jump = jumps?.last else { return "\(entered): it loops (does a story rule jump back to it?); \(stops)" }
        return "\(jump.site): error: \(entered): it loops, and the last jump back came from this line, a story rule of "
            + "pack \(named(jump.pack)): jump back only a few times (count them in story.vars) or on what the player does; \(stops)"
    }

    /// Builds the store for the scene that began, with its level's rules, from the state
    /// as it is; the caller starts it (`start`) like any level.
    @discardableResult
    public func enterScene() throws -> Store<GameState> {
        let reducers = try rules(store.state[Game.level])
        store = Store(state: store.state, reducers: LevelReducers.all + reducers + [director.reducer])
        enteredSerial = serial
        onEnterScene?(store)
        return store
    }
}
