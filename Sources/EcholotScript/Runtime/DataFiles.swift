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
            throw ScriptError(kind: .badValue, source: source, line: 1, message: "the file returns \(error.description)")
        }
    }
}
