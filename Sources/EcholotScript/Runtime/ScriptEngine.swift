import CLua
import CLuaBridge
import EcholotCore
import EcholotModel
import Foundation

/// The Lua rules layer: one sandboxed Lua 5.4 state holding the engine's standard rules
/// and the scripts of loaded packs, each pack in its own environment.
///
/// Load scripts with ``loadStandardRules(from:)`` and ``loadPack(_:)``,
/// check levels with ``validate(_:pack:)``, and get the reducers a store needs for one
/// level with ``reducers(for:pack:)``. Not thread-safe: use an engine from one thread.
public final class ScriptEngine {
    /// The pack id of the engine's standard rules.
    public static let standardPack = "echolot"

    let vm: LuaVM
    /// Registry references to the engine's Lua functions and tables.
    private(set) var refs = EngineRefs()
    /// Which handle names which node of the mirror (shared by all sessions, since the
    /// mirror belongs to the state).
    let index = MirrorIndex()
    /// The session whose state the mirror holds now; another session rebuilds it.
    weak var mirrorOwner: RuleSession?
    /// The session whose action Lua holds as `lastaction`.
    weak var actionOwner: RuleSession?

    /// The rules each pack registered, in registration order.
    var descriptors: [String: [RuleDescriptor]] = [:]
    /// The pack each pack extends.
    var bases: [String: String] = [:]
    /// The packs each pack depends on, in the order its manifest names them.
    var dependencies: [String: [String]] = [:]
    /// Packs in the order their scripts were loaded.
    var packOrder: [String] = []
    /// Every script that loaded, in order, with its text: what ``reloaded()`` runs again.
    var loadedScripts: [(pack: String, source: ScriptSource, text: [UInt8])] = []

    /// Why a rule may not set a sound (an entity's, the music, an ambient sound) to a file,
    /// as a level naming it would be told, or nil when it may; no check when nil (an
    /// engine with no pack behind it).
    public var soundProblem: ((String) -> String?)?
    /// Why a rule's `story.jump` to a chapter would stop the story being played (a chapter
    /// its book lacks), or nil when it would not; no check when nil (no story plays).
    public var storyJumpProblem: ((String) -> String?)?
    /// Where the rules' `story.jump`s are noted as they are emitted (a story that loops on
    /// them names the last one's line); nil: not noted.
    public var storyJumps: StoryJumps?

    /// A fresh engine with the sandbox and the API, and no rules yet.
    public init(limits: ScriptLimits = ScriptLimits()) throws(ScriptError) {
        vm = try LuaVM(limits: limits)
        try bootstrap()
    }

    /// A new engine with the scripts that loaded run again in the same order, in a Lua
    /// state of its own: what this one was before any level played in it. A level that starts in it
    /// finds every script's locals and globals as loading left them, as a replay of that
    /// level alone does.
    public func reloaded() throws(ScriptError) -> ScriptEngine {
        let fresh = try ScriptEngine(limits: limits)
        fresh.bases = bases
        fresh.dependencies = dependencies
        fresh.soundProblem = soundProblem
        fresh.storyJumpProblem = storyJumpProblem
        fresh.storyJumps = storyJumps
        for script in loadedScripts { try fresh.loadScript(pack: script.pack, source: script.source, text: script.text) }
        fresh.vm.clearOutput()  // the scripts' load-time prints: told once, by this engine
        fresh.vm.printed = vm.printed
        return fresh
    }

    /// The limits scripts run under.
    public var limits: ScriptLimits { vm.configuration }

    /// Lines scripts printed with `print`, oldest first (the last 1,000, after a note of how
    /// many came before), while they are not sent on (``sendOutput(to:)``).
    public var output: [String] { vm.output.lines }

    /// The lines scripts printed since the last call, as ``output`` gives them; they are
    /// forgotten.
    public func takeOutput() -> [String] { takePrinted().lines }

    /// What scripts printed since the last call, to go on keeping under the same cap; it is
    /// forgotten here.
    func takePrinted() -> PrintedLines {
        defer { vm.clearOutput() }
        return vm.output
    }

    /// Runs `body`, keeping what scripts print meanwhile (after what was printed and not
    /// yet taken) under the one cap: what a pack test or a story test shows under its name.
    /// Engines reloaded from this one while `body` runs print here too.
    func keepingPrinted<T>(_ body: () -> T) -> (value: T, printed: [String]) {
        var kept = takePrinted()
        sendOutput { kept.append($0) }
        defer { sendOutput(to: nil) }
        let value = body()
        return (value, kept.lines)
    }

    /// Sends the lines printed so far, then each line a script prints, to `handler`
    /// (`nil`: keep them in ``output`` again): a command shows them as they come.
    public func sendOutput(to handler: ((String) -> Void)?) {
        if let handler { takeOutput().forEach(handler) }
        vm.printed = handler
    }

    /// Bytes the Lua state holds now: the scripts, their data and the state mirror.
    public var memoryInUse: Int { vm.memoryInUse }

    /// Runs the engine chunks and keeps references to what they export.
    private func bootstrap() throws(ScriptError) {
        let L = vm.L
        lua_createtable(L, 0, 32)
        refs.engine = clua_ref(L)
        lua_createtable(L, 0, 4)
        clua_setshims(L)
        vm.pushHostFunction(vm.register { [unowned self] L in self.print(L) })
        lua_setfield(L, -2, "print")
        // A sound file a rule sets is checked where it is set: silence, found later by
        // the audio alone (and not at all by a run or a test), named no rule or line.
        vm.pushHostFunction(vm.register { [unowned self] L in
            guard let check = soundProblem, let file = vm.string(at: 1, in: L), let problem = check(file) else { return 0 }
            vm.push(problem, in: L)
            return 1
        })
        lua_setfield(L, -2, "soundproblem")
        vm.pushNull()
        lua_setfield(L, -2, "null")
        // The engine's action names live in Swift: a rule's `on` and what it emits are
        // checked against them.
        pushCheck(ActionName.problem(handling:))
        lua_setfield(L, -2, "actionproblem")
        pushCheck(ActionName.problem(emitting:))
        lua_setfield(L, -2, "emitproblem")
        // A name a level file or a script gave, quoted and cut as every message of the
        // model names one; a script's can be bytes that are not UTF-8, told all the same.
        vm.pushHostFunction(vm.register { [unowned self] L in
            guard let name = vm.bytes(at: 1, in: L) else { return 0 }
            vm.push(MessageText.named(bytes: name), in: L)
            return 1
        })
        lua_setfield(L, -2, "named")
        // `timewords(hour, minute, language)`, checked by the Lua side: the words are
        // TimeOfDay's, the same a story line's `{time}` says.
        vm.pushHostFunction(vm.register { [unowned self] L in
            let hour = Int(clua_tointeger(L, 1, nil)), minute = Int(clua_tointeger(L, 2, nil))
            guard let time = TimeOfDay(hour: hour, minute: minute), let language = vm.string(at: 3, in: L) else { return 0 }
            // For a language the time is not said in, nil and the languages it is, for the
            // Lua side's message to the rule.
            guard TimeOfDay.spoken(language) != nil else {
                lua_pushnil(L)
                vm.push(TimeOfDay.languages.map { "\"\($0)\"" }.joined(separator: " and "), in: L)
                return 2
            }
            vm.push(time.words(language: language), in: L)
            return 1
        })
        lua_setfield(L, -2, "timewords")
        // `jumpproblem(chapter, found)`: why a rule's story.jump names no chapter of the story
        // being played (nil when it does, or no story is known), so it is told at the rule's
        // line; `chapter` nil: what it gave instead was `found`, the Lua type.
        vm.pushHostFunction(vm.register { [unowned self] L in
            guard let check = storyJumpProblem else { return 0 }
            guard let chapter = vm.string(at: 1, in: L) else {
                vm.push("'chapter' must be a chapter id, found \(vm.string(at: 2, in: L) ?? "nil")", in: L)
                return 1
            }
            guard let problem = check(chapter) else { return 0 }
            vm.push(problem, in: L)
            return 1
        })
        lua_setfield(L, -2, "jumpproblem")
        // `jumpedfrom(chunk, line)`: a rule's story.jump is emitted there, by the script as
        // the pack knows it.
        vm.pushHostFunction(vm.register { [unowned self] L in
            guard let jumps = storyJumps, let chunk = vm.string(at: 1, in: L) else { return 0 }
            let source = vm.source(ofChunk: chunk)
            jumps.last = ("\(source?.file ?? LuaVM.shortName(ofChunk: chunk)):\(clua_tointeger(L, 2, nil))", source?.pack ?? "")
            return 0
        })
        lua_setfield(L, -2, "jumpedfrom")
        // `daypart(hour)` with the hour taken into 0..<24 by the Lua side: DayPart's
        // bounds, the same the story clock's `dayPart` follows.
        vm.pushHostFunction(vm.register { [unowned self] L in
            vm.push(DayPart(hour: lua_tonumberx(L, 1, nil)).rawValue, in: L)
            return 1
        })
        lua_setfield(L, -2, "daypart")
        // One "did you mean" for every name a script or a level can misspell.
        vm.pushHostFunction(vm.register { [unowned self] L in self.closest(L) })
        lua_setfield(L, -2, "closest")
        // A script as messages name it: by the path the modder knows, not by its chunk's
        // name, which holds the pack's id.
        vm.pushHostFunction(vm.register { [unowned self] L in
            guard let chunk = vm.string(at: 1, in: L) else { return 0 }
            vm.push(vm.source(ofChunk: chunk)?.displayPath ?? LuaVM.shortName(ofChunk: chunk), in: L)
            return 1
        })
        lua_setfield(L, -2, "scriptpath")
        // Bounds the Swift side holds too, given once so the two cannot drift apart.
        lua_pushinteger(L, lua_Integer(LuaVM.maxDepth))
        lua_setfield(L, -2, "maxdepth")
        lua_pushinteger(L, lua_Integer(Score.range.upperBound))
        lua_setfield(L, -2, "maxscore")
        let host = clua_ref(L)
        defer { clua_unref(L, host) }
        for chunk in EngineChunks.all {
            vm.addEngineChunk(chunk.name)
            let status = chunk.source.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { clua_loadtext(L, $0.baseAddress, $0.count, chunk.name) }
            }
            guard status == LUA_OK else {
                let message = vm.describeError(at: -1)
                clua_pop(L, 1)
                throw ScriptError(kind: .engine, message: "engine chunk \(chunk.name) does not compile: \(message)")
            }
            clua_getref(L, refs.engine)
            clua_getref(L, host)
            if let failure = vm.protectedCall(arguments: 2, results: 0) {
                throw ScriptError(kind: .engine, message: "engine chunk \(chunk.name) failed: \(failure.message)")
            }
        }
        refs.load(from: vm)
        clua_getref(L, refs.failMeta)
        vm.setFailMetatable()
    }

    /// Pushes a host function `f(name)` that returns `problem(name)`, or nothing when it
    /// is nil (or `name` is not a string: the Lua side has checked that already).
    private func pushCheck(_ problem: @escaping (String) -> String?) {
        vm.pushHostFunction(vm.register { [unowned self] L in
            guard let name = vm.string(at: 1, in: L), let found = problem(name) else { return 0 }
            vm.push(found, in: L)
            return 1
        })
    }

    /// `closest(word, names)`: the name of the list `names` that `word` most likely
    /// misspells, or nothing.
    private func closest(_ L: OpaquePointer) -> Int32 {
        guard let word = vm.string(at: 1, in: L), lua_type(L, 2) == LUA_TTABLE else { return 0 }
        var names: [String] = []
        for i in stride(from: 1, through: Int(lua_rawlen(L, 2)), by: 1) {
            lua_rawgeti(L, 2, lua_Integer(i))
            if let name = vm.string(at: -1, in: L) { names.append(name) }
            clua_pop(L, 1)
        }
        guard let found = Suggestion.closest(to: word, among: names) else { return 0 }
        vm.push(found, in: L)
        return 1
    }

    /// `print` for scripts: the line goes to ``output``. Bytes that are not UTF-8 show as
    /// U+FFFD: the line was charged for, and is told rather than dropped.
    private func print(_ L: OpaquePointer) -> Int32 {
        if lua_type(L, 1) == LUA_TSTRING, let bytes = vm.bytes(at: 1, in: L) {
            vm.appendOutput(String(decoding: bytes, as: UTF8.self))
        }
        return 0
    }
}
