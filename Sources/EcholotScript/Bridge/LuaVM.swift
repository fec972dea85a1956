import CLua

/// One Lua state under the engine's limits, and the plumbing every call into it uses.
///
/// Swift never lets a Lua error unwind through its frames: every call into Lua goes
/// through ``protectedCall(arguments:results:)`` (`lua_pcall` with a message handler),
/// Swift functions exposed to Lua report failure to a C trampoline that raises, and
/// while Swift code runs the allocator does not fail (so pushing a value cannot raise).
final class LuaVM {
    /// The main thread.
    let L: OpaquePointer
    /// The limits this state was made with.
    let configuration: ScriptLimits
    /// Lines printed by scripts, oldest first (at most ``maxOutput``).
    private(set) var output: [String] = []
    /// How many printed lines are kept.
    let maxOutput = 1000

    private let limits: UnsafeMutablePointer<clua_Limits>
    private var hostFunctions: [(OpaquePointer) -> Int32] = []
    private var messageHandler: lua_Integer = 0
    private var failMetaRef: Int32 = LUA_NOREF
    /// The list metatable and the proxy → data table, once the engine chunks set them.
    var listMetatableRef: Int32 = LUA_NOREF
    var dataOfRef: Int32 = LUA_NOREF
    /// Scripts by chunk name (`@pack/file`), and by the shortened name Lua prefixes to
    /// messages.
    private var sourcesByChunk: [String: ScriptSource] = [:]
    private var sourcesByShortName: [(prefix: String, source: ScriptSource?)] = []
    /// Calls deeper than this when memory runs out mean runaway recursion.
    static let deepStack: Int32 = 10_000
    /// What the message handler learnt about the error being raised.
    private var captured: CapturedFailure?

    /// A fresh state with the standard libraries (the sandbox is built on top by the engine).
    init(limits configuration: ScriptLimits) throws(ScriptError) {
        self.configuration = configuration
        limits = UnsafeMutablePointer<clua_Limits>.allocate(capacity: 1)
        let cap = max(configuration.memory, 1 << 20)
        limits.initialize(to: clua_Limits(
            used: 0, cap: cap, hardCap: cap + max(cap / 2, 16 << 20),
            budget: Int64(max(configuration.instructions, 1000)), remaining: 0, granularity: 1000,
            limit: Int32(CLUA_LIMIT_NONE), inHost: 1, limitMessageRef: LUA_NOREF,
            dispatch: dispatchHostFunction, context: nil))
        guard let state = clua_newstate(limits) else {
            limits.deallocate()
            throw ScriptError(kind: .engine, message: "cannot create a Lua state (out of memory)")
        }
        L = state
        limits.pointee.context = Unmanaged.passUnretained(self).toOpaque()
        luaL_openlibs(L)
        lua_pushstring(L, "echolot: a script limit was exceeded")
        limits.pointee.limitMessageRef = clua_ref(L)
        messageHandler = register { [unowned self] L in self.handleMessage(L) }
    }

    deinit {
        lua_close(L)
        limits.deallocate()
    }

    // MARK: Swift functions for Lua

    /// Makes `body` callable from Lua; returns its number for ``pushHostFunction(_:)``.
    /// `body` returns how many results it pushed, or -1 after pushing an error message.
    func register(_ body: @escaping (OpaquePointer) -> Int32) -> lua_Integer {
        hostFunctions.append(body)
        return lua_Integer(hostFunctions.count - 1)
    }

    /// Pushes a registered Swift function as a Lua function.
    func pushHostFunction(_ id: lua_Integer) {
        clua_pushhost(L, id)
    }

    fileprivate func callHostFunction(_ id: Int, _ thread: OpaquePointer) -> Int32 {
        hostFunctions[id](thread)
    }

    /// Appends a line a script printed.
    func appendOutput(_ line: String) {
        if output.count >= maxOutput { output.removeFirst(output.count - maxOutput + 1) }
        output.append(line)
    }

    /// Forgets what scripts printed.
    func clearOutput() { output.removeAll() }

    // MARK: Sources

    /// Records a script so errors in it can be reported with its pack and file.
    func addSource(_ source: ScriptSource) {
        sourcesByChunk[source.chunkName] = source
        sourcesByShortName.append((LuaVM.shortName(ofChunk: source.chunkName) + ":", source))
    }

    /// Records an engine chunk, whose positions are never shown to modders.
    func addEngineChunk(_ chunkName: String) {
        sourcesByShortName.append((LuaVM.shortName(ofChunk: chunkName) + ":", nil))
    }

    /// The script with this chunk name, if it is one of the packs'.
    func source(ofChunk chunk: String) -> ScriptSource? { sourcesByChunk[chunk] }

    /// How Lua shortens a chunk name in messages (`luaO_chunkid`): `@x` → `x` (or its
    /// tail after "..." when long), `=x` → `x`.
    static func shortName(ofChunk chunk: String) -> String {
        let limit = Int(LUA_IDSIZE) - 1
        if chunk.hasPrefix("=") { return String(chunk.dropFirst().utf8.prefix(limit)) ?? "" }
        if chunk.hasPrefix("@") {
            let name = chunk.dropFirst()
            if name.utf8.count <= limit { return String(name) }
            return "..." + (String(name.utf8.suffix(limit - 3)) ?? "")
        }
        return chunk
    }

    // MARK: Protected calls

    /// Calls the function below `arguments` arguments on the stack in protected mode, under
    /// a fresh instruction budget. On success the results are left on the stack; on
    /// failure nothing is, and the failure says what happened and where.
    func protectedCall(arguments: Int32, results: Int32) -> CapturedFailure? {
        let function = lua_gettop(L) - arguments
        pushHostFunction(messageHandler)
        clua_insert(L, function)
        captured = nil
        clua_arm(L)
        limits.pointee.inHost = 0
        let status = clua_pcall(L, arguments, results, function)
        limits.pointee.inHost = 1
        lua_sethook(L, nil, 0, 0)
        let limit = limits.pointee.limit
        limits.pointee.limit = Int32(CLUA_LIMIT_NONE)
        if status == LUA_OK {
            clua_remove(L, function)
            return nil
        }
        var failure = captured ?? CapturedFailure(kind: .runtime, message: describeError(at: -1))
        lua_settop(L, function - 1)
        switch (limit, status) {
        case (Int32(CLUA_LIMIT_INSTRUCTIONS), _):
            failure.kind = .instructionLimit
            failure.message = "instruction budget exhausted: more than \(configuration.instructions) "
                + "Lua instructions in one reducer call (an endless loop?)"
        case (Int32(CLUA_LIMIT_MEMORY), _), (_, LUA_ERRMEM):
            if failure.deepStack {
                // Deep recursion fills memory with stack frames before Lua's own limit.
                failure.kind = .stackOverflow
                failure.message = "stack overflow: recursion too deep"
            } else {
                failure.kind = .memoryLimit
                failure.message = "memory limit exceeded: scripts may hold at most \(configuration.memory >> 20) MiB"
            }
            clua_collect(L)
        case (_, LUA_ERRERR):
            failure.kind = .runtime
            failure.message = "error while handling an error (\(failure.message))"
        default:
            if failure.message.hasSuffix("stack overflow") || failure.message.contains("stack overflow (") {
                failure.kind = .stackOverflow
                failure.message = "stack overflow: recursion too deep"
            }
        }
        return failure
    }

    /// The message handler: records the error and the innermost pack frame before the
    /// stack unwinds. It only reads the stack, so it cannot fail itself.
    private func handleMessage(_ L: OpaquePointer) -> Int32 {
        var failure = CapturedFailure(kind: .runtime, message: describeError(at: 1, in: L))
        if let (source, line, rest) = splitPosition(failure.message) {
            failure.message = rest
            if let source { failure.source = source; failure.line = line }
        }
        if failure.source == nil, let (source, line) = engineFailurePosition(L) {
            failure.source = source
            failure.line = line
        }
        if failure.source == nil {
            var record = lua_Debug()
            var level: Int32 = 1
            while lua_getstack(L, level, &record) != 0 {
                if lua_getinfo(L, "Sl", &record) != 0, record.currentline > 0, let chunk = record.source,
                   let source = sourcesByChunk[String(cString: chunk)] {
                    failure.source = source
                    failure.line = Int(record.currentline)
                    break
                }
                level += 1
            }
        }
        var probe = lua_Debug()
        failure.deepStack = lua_getstack(L, LuaVM.deepStack, &probe) != 0
        captured = failure
        lua_settop(L, 1)
        return 1
    }

    /// Errors the engine raises about a rule carry the rule function's position in a
    /// table marked with the engine's fail metatable.
    private func engineFailurePosition(_ L: OpaquePointer) -> (ScriptSource, Int)? {
        guard failMetaRef != LUA_NOREF, lua_type(L, 1) == LUA_TTABLE, lua_getmetatable(L, 1) != 0 else { return nil }
        clua_getref(L, failMetaRef)
        let marked = lua_rawequal(L, -1, -2) != 0
        clua_pop(L, 2)
        guard marked else { return nil }
        lua_pushstring(L, "source")
        lua_rawget(L, 1)
        let chunk = lua_type(L, -1) == LUA_TSTRING ? string(at: -1, in: L) : nil
        clua_pop(L, 1)
        lua_pushstring(L, "line")
        lua_rawget(L, 1)
        let line = lua_type(L, -1) == LUA_TNUMBER ? Int(clua_tointeger(L, -1, nil)) : 0
        clua_pop(L, 1)
        guard let chunk, let source = sourcesByChunk[chunk] else { return nil }
        return (source, line)
    }

    /// Sets the metatable the engine marks its own rule errors with (value on top; popped).
    func setFailMetatable() {
        failMetaRef = clua_ref(L)
    }

    /// A readable description of the error value at `index`.
    func describeError(at index: Int32, in thread: OpaquePointer? = nil) -> String {
        let L = thread ?? self.L
        switch lua_type(L, index) {
        case LUA_TSTRING:
            return string(at: index, in: L) ?? "(an error message that is not valid UTF-8)"
        case LUA_TTABLE:
            if failMetaRef != LUA_NOREF, lua_getmetatable(L, index) != 0 {
                clua_getref(L, failMetaRef)
                let marked = lua_rawequal(L, -1, -2) != 0
                clua_pop(L, 2)
                if marked {
                    let table = lua_absindex(L, index)
                    lua_pushstring(L, "message")
                    lua_rawget(L, table)
                    defer { clua_pop(L, 1) }
                    if lua_type(L, -1) == LUA_TSTRING, let text = string(at: -1, in: L) { return text }
                }
            }
            return "error() was called with a table value, not a message string"
        case LUA_TNIL:
            return "error() was called with nil, not a message string"
        default:
            let name = String(cString: lua_typename(L, lua_type(L, index)))
            return "error() was called with a \(name) value, not a message string"
        }
    }

    /// Moves a `chunk:line:` prefix of a known chunk from the message into the position.
    func locate(_ failure: inout CapturedFailure) {
        guard let (source, line, rest) = splitPosition(failure.message) else { return }
        failure.message = rest
        if let source {
            failure.source = source
            failure.line = line
        }
    }

    /// Splits `chunk:line: message` when the chunk is a known script or engine chunk.
    private func splitPosition(_ message: String) -> (ScriptSource?, Int, String)? {
        for (prefix, source) in sourcesByShortName where message.hasPrefix(prefix) {
            let rest = message.dropFirst(prefix.count)
            guard let colon = rest.firstIndex(of: ":"), let line = Int(rest[..<colon]) else { continue }
            var text = rest[rest.index(after: colon)...]
            if text.hasPrefix(" ") { text = text.dropFirst() }
            return (source, line, String(text))
        }
        return nil
    }

    // MARK: Reading

    /// The string at `index` (which must be a string), or `nil` if it is not valid UTF-8.
    func string(at index: Int32, in thread: OpaquePointer? = nil) -> String? {
        var length = 0
        guard let bytes = clua_tostring(thread ?? L, index, &length) else { return nil }
        let buffer = UnsafeRawBufferPointer(start: bytes, count: length)
        return String(validating: buffer.bindMemory(to: UInt8.self), as: UTF8.self)
    }

    /// Pushes a Swift string.
    func push(_ string: String, in thread: OpaquePointer? = nil) {
        var string = string
        string.withUTF8 { utf8 in
            utf8.withMemoryRebound(to: CChar.self) { _ = lua_pushlstring(thread ?? L, $0.baseAddress, $0.count) }
        }
    }

    /// The light userdata that stands for null inside lists: an address unique to this state.
    var nullSentinel: UnsafeMutableRawPointer { UnsafeMutableRawPointer(limits) }

    /// Bytes the Lua state holds now.
    var memoryInUse: Int { Int(limits.pointee.used) }
}

/// What a failed call left behind: the message (position removed) and where it was.
struct CapturedFailure {
    /// What went wrong.
    var kind: ScriptError.Kind
    /// The message, without Lua's `chunk:line:` prefix.
    var message: String
    /// The pack script the error was in, when one was running.
    var source: ScriptSource?
    /// The line in it.
    var line: Int?
    /// Whether the stack was deeper than ``LuaVM/deepStack`` calls when the error was raised.
    var deepStack = false

    /// Creates a failure description.
    init(kind: ScriptError.Kind, message: String, source: ScriptSource? = nil, line: Int? = nil) {
        self.kind = kind
        self.message = message
        self.source = source
        self.line = line
    }
}

/// The one C-callable entry for every Swift function exposed to Lua (see `clua_trampoline`).
private func dispatchHostFunction(_ L: OpaquePointer?, _ context: UnsafeMutableRawPointer?, _ id: lua_Integer) -> Int32 {
    guard let L, let context else { return 0 }
    let vm = Unmanaged<LuaVM>.fromOpaque(context).takeUnretainedValue()
    return vm.callHostFunction(Int(id), L)
}
