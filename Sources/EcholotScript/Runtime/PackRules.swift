import EcholotCore
import EcholotModel
import Foundation

/// A pack's rules, ready to check and play its levels: a ``ScriptEngine`` with the
/// standard rules and the pack's scripts loaded.
///
/// Every level plays in a ``ScriptEngine/reloaded()`` copy of the loaded engine, in which
/// no other code of the pack has run: no earlier level, no `check` function of validation,
/// no pack test's file. What a script keeps in its own locals or globals never carries
/// into a level, so the level plays as its replay does (a replay loads the pack afresh).
public final class PackRules {
    /// The pack.
    public let pack: Pack
    /// The engine as loaded: validation and pack-test files run here, never a level.
    public let engine: ScriptEngine

    private init(pack: Pack, engine: ScriptEngine) {
        self.pack = pack
        self.engine = engine
    }

    /// Loads the standard rules (from `standardRules`, else ``StandardRules/folder()``) and
    /// the pack's `scripts/`.
    public static func load(_ pack: Pack, standardRules: URL? = nil,
                            limits: ScriptLimits = ScriptLimits()) throws(ScriptLoadError) -> PackRules {
        let engine: ScriptEngine
        do {
            engine = try ScriptEngine(limits: limits)
        } catch {
            throw ScriptLoadError(errors: [error])
        }
        guard let folder = standardRules ?? StandardRules.folder() else {
            throw ScriptLoadError(errors: [ScriptError(kind: .engine,
                message: StandardRules.explicitFolderProblem()
                    ?? "cannot find the standard rules (a scripts/ folder); set \(StandardRules.environmentVariable)")])
        }
        // One check for the whole pack, so the `sounds/` folders are listed once.
        var sounds = PackSoundCheck(pack: pack)
        engine.soundProblem = { file in sounds.problem(ofFile: file) }
        try engine.loadStandardRules(from: folder)
        // Every layer, dependencies and bases first: a pack that extends another plays with
        // its base's scripts, and its own rules shadow the base's by name.
        for layer in pack.loadOrder { try engine.loadPack(layer) }
        return PackRules(pack: pack, engine: engine)
    }

    /// Loads the rules and checks every level against them: the pack's rules, or every
    /// problem as diagnostics (scripts that do not load, rule entries that do not check).
    /// What a front end needs before it plays a pack.
    public static func checked(_ pack: Pack, standardRules: URL? = nil) -> Result<PackRules, PackLoadError> {
        let rules: PackRules
        do {
            rules = try load(pack, standardRules: standardRules)
        } catch {
            return .failure(PackLoadError(diagnostics: error.diagnostics(in: pack)))
        }
        let problems = rules.validate()
        return problems.isEmpty ? .success(rules) : .failure(PackLoadError(diagnostics: problems))
    }

    /// Problems with the rule entries of every level, in display order, each file held to
    /// one cap: a pack.json whose `parameters` set many levels' values is one file however
    /// many levels' checks tell of it.
    public func validate() -> [Diagnostic] {
        FileReports.told(pack.levels.keys.sorted().flatMap { validate(pack.levels[$0]!) })
    }

    /// What starting each level shows, before any input: a rule that fails as it starts
    /// (told at its script's line; play would refuse the start action), and a level won at
    /// once, whose goals all hold from the start (a time limit, a limit of misses and a decoy
    /// to avoid only hold the others to something), told at its goals. Levels that cannot
    /// start at all (their problems are told by ``validate()``) are left out.
    public func startProblems() -> [Diagnostic] {
        pack.levels.keys.sorted().flatMap { id -> [Diagnostic] in
            guard let definition = pack.levels[id], let store = try? store(for: definition) else { return [] }
            let failed = store.send(.start).compactMap { $0.error as? ScriptError }
            if !failed.isEmpty { return ScriptLoadError(errors: failed).diagnostics(in: pack) }
            guard store.state[Game.level][LevelKeys.status] == .won else { return [] }
            let (file, position) = definition.source.location(of: "goals")
            return [Diagnostic(path: file, at: position, message: "this level is won as soon as it starts: every goal holds "
                + "from the start (a time limit, a limit of misses or a decoy to avoid holds the others to something); "
                + "add a goal to reach, such as find")]
        }
    }

    /// Problems with the rule entries of one level.
    public func validate(_ level: LevelDefinition) -> [Diagnostic] {
        engine.validate(level, pack: pack.id)
    }

    /// The Lua reducers for a store playing `level` (they follow ``LevelReducers/all``), in
    /// a reloaded engine of their own.
    public func reducers(for level: LevelDefinition) throws(ScriptError) -> [Reducer<GameState>] {
        try engine.reloaded().reducers(for: level.level, pack: pack.id)
    }

    /// The Lua reducers for whatever level a story put into the state (a pack level or a
    /// cut-scene's or choice's own), in a reloaded engine of their own: what
    /// ``StorySession`` asks for at each scene.
    public func sceneReducers(_ level: Level) throws(ScriptError) -> [Reducer<GameState>] {
        try engine.reloaded().reducers(for: level, pack: pack.id)
    }

    /// The reducer of the pack's story rule alone, in a reloaded engine of its own: what
    /// ``StorySession`` begins a story with, before any scene (achievements and game
    /// reducers run in levels, not there).
    public func storyReducers() throws(ScriptError) -> [Reducer<GameState>] {
        try engine.reloaded().reducers(for: Level(), pack: pack.id, kinds: [.story])
    }

    /// A store playing a fresh incarnation of `level`: the engine's level reducers, then
    /// the rules; the level starts with the achievements `earnedBefore` (a profile's) and
    /// the progress records `progressBefore` of others.
    public func store(for level: LevelDefinition, earnedBefore: Set<String> = [],
                      progressBefore: ProgressRecords = [:]) throws(ScriptError) -> Store<GameState> {
        let state = GameState.incarnation(of: level.level, packID: pack.id, packVersion: pack.manifest.version,
                                          earnedBefore: earnedBefore, progressBefore: progressBefore)
        return Store(state: state, reducers: LevelReducers.all + (try reducers(for: level)))
    }
}
