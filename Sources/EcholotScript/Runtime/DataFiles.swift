import CLua
import CLuaBridge
import EcholotCore

extension ScriptEngine {
    /// Runs a Lua data file (such as a pack test) in a sandbox with only the libraries —
    /// no `echolot` API, no access to any pack — under the usual limits, and returns the
    /// value it returns.
    public func evaluateData(source: ScriptSource, text: [UInt8]) throws(ScriptError) -> Value {
        let L = vm.L
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        vm.addSource(source)
        clua_getref(L, refs.dataEnv)
        if let failure = vm.protectedCall(arguments: 0, results: 1) { throw ScriptError(failure, source: source) }
        let status = text.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { clua_loadtext(L, $0.baseAddress, $0.count, source.chunkName) }
        }
        guard status == LUA_OK else { throw compileError(source: source, text: text) }
        lua_pushvalue(L, -2)
        _ = lua_setupvalue(L, -2, 1)  // _ENV: the data environment
        if let failure = vm.protectedCall(arguments: 0, results: 1) { throw ScriptError(failure, source: source) }
        do {
            return try vm.value(at: -1)
        } catch {
            let problem = dataProblem(of: -1)
            // At the bad value where the text writes it: line 1 sent a reader of a long
            // file looking for a value many lines down.
            let place = problem.flatMap { LuaKeySearch.offset(ofReturnedValueAt: $0.keys, in: text) }
                .map { LuaKeySearch.position(ofOffset: $0, in: text) } ?? .start
            throw ScriptError(kind: .badValue, source: source, line: place.line, column: place.column,
                              message: "what the file returns cannot be read: \(problem?.message ?? error.description)")
        }
    }

    /// What the engine's check of state values finds wrong with the value at `index`, and
    /// the keys that lead to the bad value: of several problems the same one in every run,
    /// where the conversion tells the first in Lua's order of the keys, which changes from
    /// run to run. Asked only of a value that failed, so a good file costs nothing more.
    private func dataProblem(of index: Int32) -> (message: String, keys: [LuaKey])? {
        let L = vm.L
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        let value = lua_absindex(L, index)
        clua_getref(L, refs.dataProblem)
        lua_pushvalue(L, value)
        var length = 0
        guard vm.protectedCall(arguments: 1, results: 2) == nil, lua_type(L, -2) == LUA_TSTRING,
              let bytes = clua_tostring(L, -2, &length), let keys = vm.keyPath(at: -1) else { return nil }
        // A key's bytes that are not UTF-8 are in the message too: shown as U+FFFD, not lost with it.
        return (String(decoding: UnsafeRawBufferPointer(start: bytes, count: length), as: UTF8.self), keys)
    }
}
