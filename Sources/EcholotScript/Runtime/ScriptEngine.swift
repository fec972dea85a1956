import CLua
import EcholotCore
import EcholotModel
import Foundation

/// The Lua rules layer: one sandboxed Lua 5.4 state holding the engine's standard rules
/// and the scripts of loaded packs, each pack in its own environment.
///
/// Load scripts with ``loadStandardRules(from:)`` and ``loadPack(id:root:extends:)``,
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

    private var descriptors: [String: [RuleDescriptor]] = [:]
    private var bases: [String: String] = [:]
    private var packOrder: [String] = []

    /// A fresh engine with the sandbox and the API, and no rules yet.
    public init(limits: ScriptLimits = ScriptLimits()) throws(ScriptError) {
        vm = try LuaVM(limits: limits)
        try bootstrap()
    }

    /// The limits scripts run under.
    public var limits: ScriptLimits { vm.configuration }

    /// Lines scripts printed with `print`, oldest first.
    public var output: [String] { vm.output }

    // MARK: Loading

    /// Runs the engine chunks and keeps references to what they export.
    private func bootstrap() throws(ScriptError) {
        let limits = vm.configuration
        let L = vm.L
        lua_createtable(L, 0, 32)
        refs.engine = clua_ref(L)
        lua_createtable(L, 0, 4)
        clua_pushshim(L, 1)
        lua_setfield(L, -2, "relimit")
        clua_pushshim(L, 0)
        lua_setfield(L, -2, "resetbudget")
        vm.pushHostFunction(vm.register { [unowned self] L in self.print(L) })
        lua_setfield(L, -2, "print")
        vm.pushNull()
        lua_setfield(L, -2, "null")
        lua_pushinteger(L, lua_Integer(limits.memory))
        lua_setfield(L, -2, "memorycap")
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

    /// `print` for scripts: the line goes to ``output``.
    private func print(_ L: OpaquePointer) -> Int32 {
        if lua_type(L, 1) == LUA_TSTRING, let line = vm.string(at: 1, in: L) { vm.appendOutput(line) }
        return 0
    }

    /// Loads the standard rules from a `scripts/` folder (goals/, behaviours/, …).
    public func loadStandardRules(from folder: URL) throws(ScriptLoadError) {
        try loadScripts(pack: ScriptEngine.standardPack, folder: folder, prefix: "scripts/", base: nil)
    }

    /// Loads the scripts of a pack (`scripts/**/*.lua` in `root`, sorted by path) into the
    /// pack's own environment. `extends` names the pack it builds on: its rules are
    /// visible to this pack's levels, after the pack's own.
    public func loadPack(id: String, root: URL, extends: String? = nil) throws(ScriptLoadError) {
        try loadScripts(pack: id, folder: root.appendingPathComponent("scripts", isDirectory: true),
                        prefix: "scripts/", base: extends)
    }

    private func loadScripts(pack: String, folder: URL, prefix: String, base: String?) throws(ScriptLoadError) {
        if let base { bases[pack] = base }
        var errors: [ScriptError] = []
        let files: [ScriptFiles.File]
        do {
            files = try ScriptFiles.list(in: folder, prefix: prefix, pack: pack)
        } catch {
            throw ScriptLoadError(errors: [error])
        }
        for file in files {
            do {
                try loadScript(pack: pack, source: file.source, text: file.text)
            } catch {
                errors.append(error)
            }
        }
        if !errors.isEmpty { throw ScriptLoadError(errors: errors) }
    }

    /// Compiles and runs one script of `pack` (text only, in the pack's environment).
    public func loadScript(pack: String, source: ScriptSource, text: [UInt8]) throws(ScriptError) {
        let L = vm.L
        vm.addSource(source)
        pushEnvironment(of: pack)
        let status = text.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { clua_loadtext(L, $0.baseAddress, $0.count, source.chunkName) }
        }
        guard status == LUA_OK else {
            var failure = CapturedFailure(kind: .syntax, message: vm.describeError(at: -1))
            lua_settop(L, -3)
            vm.locate(&failure)
            throw ScriptError(kind: .syntax, source: source, line: failure.line ?? 1, message: failure.message)
        }
        lua_pushvalue(L, -2)
        _ = lua_setupvalue(L, -2, 1)  // _ENV: the pack's environment
        clua_getref(L, refs.runscript)
        clua_insert(L, -2)
        vm.push(pack)
        clua_insert(L, -2)
        let failure = vm.protectedCall(arguments: 2, results: 0)
        lua_settop(L, -2)  // the environment
        descriptors[pack] = describe(pack: pack)
        if !packOrder.contains(pack) { packOrder.append(pack) }
        if let failure { throw ScriptError(failure, source: source) }
    }

    /// Pushes `E.env(pack)`.
    private func pushEnvironment(of pack: String) {
        let L = vm.L
        vm.addSource(ScriptSource(pack: pack, file: "(load)", displayPath: "(load) in pack \(pack)"))
        clua_getref(L, refs.env)
        vm.push(pack)
        if let failure = vm.protectedCall(arguments: 1, results: 1) {
            // Making a table cannot fail short of the memory cap; report it as the engine's.
            lua_pushnil(L)
            vm.appendOutput("echolot: cannot make the environment of pack \(pack): \(failure.message)")
        }
    }

    /// The rules a pack registered, read back from Lua.
    private func describe(pack: String) -> [RuleDescriptor] {
        let L = vm.L
        clua_getref(L, refs.describe)
        vm.push(pack)
        guard vm.protectedCall(arguments: 1, results: 1) == nil else { return [] }
        defer { clua_pop(L, 1) }
        guard let list = try? vm.value(at: -1).listValue else { return [] }
        return list.compactMap { RuleDescriptor($0, sources: { [vm] in vm.source(ofChunk: $0) }) }
    }

    // MARK: Rules

    /// Every rule a pack registered, in registration order.
    public func rules(of pack: String) -> [RuleDescriptor] { descriptors[pack] ?? [] }

    /// The packs whose rules a level of `pack` sees, in lookup order: the pack, the packs
    /// it extends, then the standard rules.
    public func visiblePacks(for pack: String) -> [String] {
        var chain: [String] = []
        var current: String? = pack
        while let id = current, !chain.contains(id) {
            chain.append(id)
            current = bases[id]
        }
        if !chain.contains(ScriptEngine.standardPack) { chain.append(ScriptEngine.standardPack) }
        return chain
    }

    /// The rule a level of `pack` means by `name`: the pack's own first, then its bases',
    /// then the standard one.
    public func rule(_ kind: RuleKind, named name: String, for pack: String) -> RuleDescriptor? {
        for id in visiblePacks(for: pack) {
            if let rule = descriptors[id]?.first(where: { $0.kind == kind && $0.name == name }) { return rule }
        }
        return nil
    }

    /// The names of every rule of `kind` a level of `pack` can use, sorted.
    public func ruleNames(_ kind: RuleKind, for pack: String) -> [String] {
        Set(visiblePacks(for: pack).flatMap { descriptors[$0] ?? [] }.filter { $0.kind == kind }.map(\.name)).sorted()
    }

    /// Every rule that applies to a level of `pack` in the order the store runs them: load
    /// order (standard rules, then base packs, then the pack), each pack's in registration
    /// order; goals, behaviours and scoring only when the level uses them.
    func applicableRules(for level: Level, pack: String) -> [RuleDescriptor] {
        let visible = visiblePacks(for: pack)
        var used: [RuleKind: Set<String>] = [.goal: [], .behaviour: [], .scoring: []]
        for (_, goal) in level[LevelKeys.goals].nodes { used[.goal]!.insert(goal[GoalKeys.type]) }
        for (_, entity) in level[LevelKeys.entities].nodes {
            for entry in entity[EntityKeys.behaviours] {
                if let type = entry["type"].stringValue { used[.behaviour]!.insert(type) }
            }
        }
        if let type = level[LevelKeys.scoring]?["type"]?.stringValue { used[.scoring]!.insert(type) }
        var chosen: [RuleDescriptor] = []
        for id in visible.reversed() {
            for rule in descriptors[id] ?? [] {
                // A rule shadowed by one of the same kind and name in a nearer pack does not run.
                guard self.rule(rule.kind, named: rule.name, for: pack)?.pack == rule.pack else { continue }
                if let names = used[rule.kind], !names.contains(rule.name) { continue }
                if rule.kind == .story, chosen.contains(where: { $0.kind == .story }) {
                    chosen.removeAll { $0.kind == .story }  // the nearest pack's story wins
                }
                chosen.append(rule)
            }
        }
        return chosen
    }

    /// The reducers that run a level's Lua rules, to follow the engine's own level
    /// reducers in a store. They share one mirror of that store's state, so build a new
    /// set for every store.
    public func reducers(for level: Level, pack: String) throws(ScriptError) -> [Reducer<GameState>] {
        let session = RuleSession(engine: self)
        var reducers: [Reducer<GameState>] = []
        for rule in applicableRules(for: level, pack: pack) {
            let batch = try makeBatch(rule)
            reducers.append(Reducer(rule.label, handles: rule.filter) { [session] state, action, context in
                try session.run(batch, state: &state, action: action, context: &context)
            })
        }
        return reducers
    }

    /// Where the reducer function the driver ran last was defined: the position to report
    /// for an error that carries none (memory ran out inside Lua's allocator).
    func currentHandlerPosition() -> (source: ScriptSource, line: Int)? {
        let L = vm.L
        clua_getref(L, refs.engine)
        vm.push("current")
        lua_rawget(L, -2)
        guard lua_type(L, -1) == LUA_TFUNCTION else {
            clua_pop(L, 2)
            return nil
        }
        var record = lua_Debug()
        let known = lua_getinfo(L, ">S", &record) != 0  // pops the function
        clua_pop(L, 1)
        guard known, let chunk = record.source, let source = vm.source(ofChunk: String(cString: chunk)) else { return nil }
        return (source, Int(record.linedefined))
    }

    /// A Lua batch for `rule`: the driver's handle on every instance of it.
    private func makeBatch(_ rule: RuleDescriptor) throws(ScriptError) -> Batch {
        let L = vm.L
        clua_getref(L, refs.batch)
        vm.push(rule.pack)
        vm.push(rule.kind.rawValue)
        vm.push(rule.name)
        if let failure = vm.protectedCall(arguments: 3, results: 1) {
            throw ScriptError(kind: .engine, message: failure.message, rule: rule.label)
        }
        return Batch(ref: clua_ref(L), rule: rule)
    }
}

/// Registry references to what the engine chunks export.
struct EngineRefs {
    var engine: Int32 = LUA_NOREF
    var run: Int32 = LUA_NOREF
    var env: Int32 = LUA_NOREF
    var runscript: Int32 = LUA_NOREF
    var describe: Int32 = LUA_NOREF
    var validate: Int32 = LUA_NOREF
    var batch: Int32 = LUA_NOREF
    var log: Int32 = LUA_NOREF
    var born: Int32 = LUA_NOREF
    var died: Int32 = LUA_NOREF
    var emits: Int32 = LUA_NOREF
    var failMeta: Int32 = LUA_NOREF
    var dataEnv: Int32 = LUA_NOREF

    /// Reads the fields of the engine table (a plain table: no metamethods can run).
    mutating func load(from vm: LuaVM) {
        let L = vm.L
        func field(_ name: String) -> Int32 {
            clua_getref(L, engine)
            vm.push(name)
            lua_rawget(L, -2)
            let ref = clua_ref(L)
            clua_pop(L, 1)
            return ref
        }
        run = field("run")
        env = field("env")
        runscript = field("runscript")
        describe = field("describe")
        validate = field("validate")
        batch = field("batch")
        log = field("log")
        born = field("born")
        died = field("died")
        emits = field("emits")
        failMeta = field("failmeta")
        dataEnv = field("dataenv")
        vm.listMetatableRef = field("listMT")
        vm.dataOfRef = field("dataOf")
    }
}

/// A rule ready to run: its Lua batch and its description.
struct Batch {
    /// Registry reference to the Lua batch table.
    let ref: Int32
    /// The rule.
    let rule: RuleDescriptor
}

/// Every script that failed to load, each with its pack, file and line.
public struct ScriptLoadError: Error, Sendable, CustomStringConvertible {
    /// The problems, in load order.
    public var errors: [ScriptError]

    /// Creates the error.
    public init(errors: [ScriptError]) { self.errors = errors }

    /// One problem per line.
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}

extension ScriptError {
    /// An error from a failed call, placed in `source` when Lua did not say where.
    init(_ failure: CapturedFailure, source: ScriptSource? = nil, rule: String? = nil, action: String? = nil) {
        self.init(kind: failure.kind, source: failure.source ?? source, line: failure.line,
                  message: failure.message, rule: rule, action: action)
    }
}
