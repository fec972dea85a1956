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
        guard status == LUA_OK else {
            var failure = CapturedFailure(kind: .syntax, message: vm.describeError(at: -1))
            vm.locate(&failure)
            throw ScriptError(kind: .syntax, source: source, line: failure.line ?? 1, message: failure.message)
        }
        lua_pushvalue(L, -2)
        _ = lua_setupvalue(L, -2, 1)  // _ENV: the data environment
        if let failure = vm.protectedCall(arguments: 0, results: 1) { throw ScriptError(failure, source: source) }
        do {
            return try vm.value(at: -1)
        } catch {
            let problem = dataProblem(of: -1) ?? error.description
            throw ScriptError(kind: .badValue, source: source, line: 1, message: "what the file returns cannot be read: \(problem)")
        }
    }

    /// What the engine's check of state values finds wrong with the value at `index`, with
    /// where it is: of several problems the same one in every run, where the conversion
    /// tells the first in Lua's order of the keys, which changes from run to run. Asked
    /// only of a value that failed, so a good file costs nothing more.
    private func dataProblem(of index: Int32) -> String? {
        let L = vm.L
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        let value = lua_absindex(L, index)
        clua_getref(L, refs.dataProblem)
        lua_pushvalue(L, value)
        guard vm.protectedCall(arguments: 1, results: 1) == nil, lua_type(L, -1) == LUA_TSTRING else { return nil }
        return vm.string(at: -1)
    }
}
