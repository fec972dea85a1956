import CLua
import CLuaBridge
import EcholotCore
import EcholotModel
import Foundation

/// Loading scripts: the standard rules, a pack's `scripts/`, one file.
extension ScriptEngine {
    /// Loads the standard rules from a `scripts/` folder (goals/, behaviours/, …).
    public func loadStandardRules(from folder: URL) throws(ScriptLoadError) {
        try loadScripts(pack: ScriptEngine.standardPack, folder: folder, prefix: "scripts/", base: nil)
    }

    /// Loads the scripts of a pack (`scripts/**/*.lua` in `root`, sorted by path) into the
    /// pack's own environment. `extends` names the pack it builds on and `dependsOn` the
    /// packs whose rules it uses: their rules are visible to this pack's levels, after the
    /// pack's own (its base's first, then its dependencies'). Load them first.
    /// `shown` says how a path inside the pack appears in messages (by default the file's
    /// path, relative to the current folder when inside it).
    public func loadPack(id: String, root: URL, extends: String? = nil, dependsOn: [String] = [],
                         shown: ((String) -> String)? = nil) throws(ScriptLoadError) {
        dependencies[id] = dependsOn
        try loadScripts(pack: id, folder: root.appendingPathComponent("scripts", isDirectory: true),
                        prefix: "scripts/", base: extends, shown: shown)
    }

    /// Loads one layer of a resolved pack (``Pack/loadOrder``), with the base and the
    /// dependencies its manifest names. Its scripts are shown as its other files are: an
    /// archive's inside the archive (`cave.zip/scripts/…`), not in the private folder it
    /// was extracted to.
    public func loadPack(_ layer: PackLayer) throws(ScriptLoadError) {
        try loadPack(id: layer.id, root: layer.root, extends: layer.extends, dependsOn: layer.manifest.dependencies.map(\.id),
                     shown: layer.display)
    }

    func loadScripts(pack: String, folder: URL, prefix: String, base: String?,
                     shown: ((String) -> String)? = nil) throws(ScriptLoadError) {
        if let base { bases[pack] = base }
        var errors: [ScriptError] = []
        let files: [Result<ScriptFiles.File, ScriptError>]
        do {
            files = try ScriptFiles.list(in: folder, prefix: prefix, pack: pack, shown: shown)
        } catch {
            throw ScriptLoadError(errors: [error])
        }
        // The scripts that can be read still run, so that one load reports every problem.
        // Which later file sets each global, for the hint of a nil global read too early:
        // noted only from the first such error on, so a load that has none does no more work.
        var globals: Set<String>?
        var setBy: [String: ScriptSource] = [:]
        for file in files {
            do {
                let file = try file.get()
                defer {
                    if let before = globals {
                        let now = globalNames(of: pack)
                        for name in now.subtracting(before) where setBy[name] == nil { setBy[name] = file.source }
                        globals = now
                    }
                }
                try loadScript(pack: pack, source: file.source, text: file.text)
            } catch {
                errors.append(error)
                errors += error.more
                if globals == nil, error.message.contains("a nil value (global '") { globals = globalNames(of: pack) }
            }
        }
        if !errors.isEmpty { throw ScriptLoadError(errors: errors.map { Self.loadOrderHint($0, setBy: setBy) }) }
    }

    /// `error` with the file named that sets the global it found nil, when a file loaded after
    /// it does: the name was no typo, only set too late, which "a nil value" does not say.
    static func loadOrderHint(_ error: ScriptError, setBy: [String: ScriptSource]) -> ScriptError {
        guard let open = error.message.range(of: "a nil value (global '"),
              let close = error.message[open.upperBound...].firstIndex(of: "'"),
              let later = setBy[String(error.message[open.upperBound ..< close])], later.file != error.source?.file else { return error }
        let name = error.message[open.upperBound ..< close]
        var hinted = error
        // `scripts/lib/util.lua` → `lib`; a file right in scripts/ has no folder to rename.
        let parts = later.file.split(separator: "/")
        let folder = parts.count >= 3 ? String(parts[1]) : nil
        let reader = error.source?.file ?? "this file"
        let move = folder.map { $0.hasPrefix("_") ? "" : " (such as scripts/_\($0)/ for scripts/\($0)/)" } ?? " (such as scripts/_lib/)"
        hinted.message += ": '\(name)' is set by \(later.displayPath), which loads after this file; scripts load in path "
            + "order (byte order), so what other files use as they load goes in a file whose path sorts before \(reader)" + move
        return hinted
    }

    /// The names the scripts of `pack` have set in its environment so far.
    private func globalNames(of pack: String) -> Set<String> {
        pushEnvironment(of: pack)
        defer { lua_settop(vm.L, -2) }
        return lua_type(vm.L, -1) == LUA_TTABLE ? Set(vm.stringKeys(ofTableAt: -1, in: vm.L)) : []
    }

    /// Compiles and runs one script of `pack` (text only, in the pack's environment).
    public func loadScript(pack: String, source: ScriptSource, text: [UInt8]) throws(ScriptError) {
        let L = vm.L
        vm.addSource(source, text: text)
        pushEnvironment(of: pack)
        let status = text.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { clua_loadtext(L, $0.baseAddress, $0.count, source.chunkName) }
        }
        guard status == LUA_OK else {
            let error = compileError(source: source, text: text)
            lua_settop(L, -3)
            throw error
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
        if let failure {
            let error = ScriptError(failure, source: source)
            var placed = placedAtSpecField(error, keys: readEngineField("specfield") { _ in vm.keyPath(at: -1) }, text: text)
            placed.more = specProblemsAfterTheFirst().map { keys, message in
                var next = error
                next.message = message
                return placedAtSpecField(next, keys: keys, text: text)
            }
            throw placed
        }
        loadedScripts.append((pack, source, text))
    }

    /// The error of `text`, which did not compile (Lua's message on top of the stack):
    /// placed at the token the message says it is near, as Lua gives the line alone.
    func compileError(source: ScriptSource, text: [UInt8]) -> ScriptError {
        var failure = CapturedFailure(kind: .syntax, message: vm.describeError(at: -1))
        vm.locate(&failure, loading: source)
        guard failure.source != nil, failure.column == nil, let line = failure.line else {
            return ScriptError(failure, source: source, line: 1)
        }
        let lexed = text.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { clua_lexedlength(vm.L, $0.baseAddress, $0.count, source.chunkName) }
        }
        if let near = LuaTokenSearch.position(ofNearIn: failure.message, line: line, lexed: lexed, in: text) {
            failure.line = near.line
            failure.column = near.column
        }
        return ScriptError(failure, source: source, line: 1)
    }

    /// `error` moved from a registration's line to the field of the spec it is about
    /// (`mni = 0` of parameter `speed`), when the registration named one and the call on
    /// that line passes the spec as a table constructor that writes it. A spec built
    /// elsewhere (`echolot.goal("x", spec)`) keeps the registration's line.
    private func placedAtSpecField(_ error: ScriptError, keys: [LuaKey]?, text: [UInt8]) -> ScriptError {
        guard let keys, error.source != nil, let line = error.line,
              let lineStart = LuaKeySearch.offset(ofLine: line, in: text),
              let at = LuaKeySearch.offset(ofSpecPath: keys, callOnLineAt: lineStart, in: text) else { return error }
        var placed = error
        let position = LuaKeySearch.position(ofOffset: at, in: text)
        placed.line = position.line
        placed.column = position.column
        return placed
    }

    /// The problems a failed registration found after the one it raised (`E.specmore`):
    /// each with the keys of the spec field it is about.
    private func specProblemsAfterTheFirst() -> [(keys: [LuaKey]?, message: String)] {
        readEngineField("specmore") { L in
            guard lua_type(L, -1) == LUA_TTABLE else { return [] }
            var found: [(keys: [LuaKey]?, message: String)] = []
            var i: lua_Integer = 1
            while lua_rawgeti(L, -1, i) == LUA_TTABLE {
                lua_getfield(L, -1, "message")
                let message = vm.string(at: -1)
                lua_getfield(L, -2, "keys")
                let keys = vm.keyPath(at: -1)
                clua_pop(L, 3)
                if let message { found.append((keys, message)) }
                i += 1
            }
            clua_pop(L, 1)
            return found
        }
    }

    /// Pushes `E.env(pack)`.
    func pushEnvironment(of pack: String) {
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
    func describe(pack: String) -> [RuleDescriptor] {
        let L = vm.L
        clua_getref(L, refs.describe)
        vm.push(pack)
        guard vm.protectedCall(arguments: 1, results: 1) == nil else { return [] }
        defer { clua_pop(L, 1) }
        guard let list = try? vm.value(at: -1).listValue else { return [] }
        return list.compactMap { RuleDescriptor($0, sources: { [vm] in vm.source(ofChunk: $0) }) }
    }
}
