import CLua
import CLuaBridge
import EcholotModel

/// Protected calls into Lua, and what is learnt about an error while it is raised.
extension LuaVM {
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
        if status == LUA_OK, limit == Int32(CLUA_LIMIT_NONE) {
            clua_remove(L, function)
            return nil
        }
        // A limit hit is a failure even when the call returned (a script that caught it in a
        // way the sandbox missed): the results are dropped, and the switch below names it.
        var failure = captured ?? CapturedFailure(kind: .runtime, message: status == LUA_OK ? "" : describeError(at: -1))
        lua_settop(L, function - 1)
        if limit != Int32(CLUA_LIMIT_NONE), let (source, line) = limitPlace() {
            // Where the limit was hit, not where it was raised again: the `pcall` or
            // coroutine.resume the script wrapped around it.
            failure.source = source
            failure.line = line
            failure.column = nil
        }
        switch (limit, status) {
        case (Int32(CLUA_LIMIT_INSTRUCTIONS), _):
            failure.kind = .instructionLimit
            failure.message = "instruction budget exhausted: more than \(configuration.instructions) "
                + "Lua instructions in one call (an endless loop, or endless recursion?)"
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
            // Only an overflow Lua raised in this call, its message as Lua gave it (passed on
            // by `error(e, 0)` too, or through coroutine.wrap functions, each of which puts
            // its caller's position in front): a pack's own message in those words keeps them.
            if limits.pointee.overflow != 0, LuaVM.overflowMessages.contains(withoutPositions(failure.message)) {
                failure.kind = .stackOverflow
                failure.message = "stack overflow: recursion too deep"
            }
        }
        return failure
    }

    /// The script line where the running call hit its limit, when the C side found it.
    func limitPlace() -> (ScriptSource, Int)? {
        let line = Int(limits.pointee.place.line)
        guard line > 0 else { return nil }
        let chunk = withUnsafeBytes(of: &limits.pointee.place.source) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        guard let source = sourcesByChunk[chunk] else { return nil }
        return (source, line)
    }

    /// The message handler: records the error, the innermost pack frame and whether Lua
    /// raised a stack overflow, before the stack unwinds. It only reads the stack, so it
    /// cannot fail itself.
    func handleMessage(_ L: OpaquePointer) -> Int32 {
        clua_noteoverflow(L, L, 1)
        let (message, spot) = withNameHint(describeError(at: 1, in: L), in: L)
        var failure = CapturedFailure(kind: .runtime, message: message)
        locate(&failure, in: L)
        if failure.source == nil, let (source, line, column) = engineFailurePosition(L) {
            failure.source = source
            failure.line = line
            failure.column = column
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
        if failure.column == nil, let spot, failure.line == spot.line, failure.source?.chunkName == spot.chunk {
            failure.column = spot.column
        }
        var probe = lua_Debug()
        failure.deepStack = lua_getstack(L, LuaVM.deepStack, &probe) != 0
        captured = failure
        lua_settop(L, 1)
        return 1
    }

    /// The messages of the stack overflows Lua's VM raises (the Lua stack's, nested C
    /// calls'), without their position.
    static let overflowMessages: Set<String> = ["stack overflow", "C stack overflow"]

    /// Errors the engine raises about a rule carry the rule function's position in a
    /// table marked with the engine's fail metatable; one about the function's result is
    /// placed at its `return` when the text shows which one gave it.
    func engineFailurePosition(_ L: OpaquePointer) -> (ScriptSource, Int, Int?)? {
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
        lua_pushstring(L, "last")
        lua_rawget(L, 1)
        let last = lua_type(L, -1) == LUA_TNUMBER ? Int(clua_tointeger(L, -1, nil)) : nil
        clua_pop(L, 1)
        guard let chunk, let source = sourcesByChunk[chunk] else { return nil }
        guard let text = textsByChunk[chunk] else { return (source, line, nil) }
        if let last, let at = LuaKeySearch.offset(ofValueReturnInFunctionFrom: line, to: last, in: text) {
            let position = LuaKeySearch.position(ofOffset: at, in: text)
            return (source, position.line, position.column)
        }
        // Else at the handler's `function`, when its line has one (`["level.won"] = function(…)`).
        let functions = LuaLine(line, of: text).map { line in
            line.tokens.filter { $0.kind == .name && text[$0.start ..< $0.end].elementsEqual("function".utf8) }
        } ?? []
        guard functions.count == 1 else { return (source, line, nil) }
        return (source, line, LuaKeySearch.position(ofOffset: functions[0].start, in: text).column)
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
            // A message that names a script's bad bytes (a field name that is not UTF-8) is still told.
            guard let message = string(at: index, in: L) ?? bytes(at: index, in: L).map(MessageText.text(bytes:)) else {
                return "(an error message that could not be read)"
            }
            // A message is one line of a report: a script's megabyte-long one is cut.
            guard message.utf8.count > LuaVM.maxMessage else { return message }
            return String(message.prefix(LuaVM.maxMessage)) + "… (cut: \(message.utf8.count) bytes)"
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

    /// Moves a `chunk:line:` (or `chunk:line:column:`) prefix of a known chunk from the
    /// message into the position. Lua shortens a chunk name of 60 bytes or more to its
    /// tail, so two packs' files of one long name share a prefix: the file is then the one
    /// being loaded (`loading`), or the one a frame of `thread`'s stack runs at that line.
    func locate(_ failure: inout CapturedFailure, loading: ScriptSource? = nil, in thread: OpaquePointer? = nil) {
        guard let (candidates, line, column, rest) = splitPosition(failure.message) else { return }
        failure.message = rest
        guard let source = Self.pick(candidates, line: line, loading: loading, in: thread) else { return }
        failure.source = source
        failure.line = line
        failure.column = column
    }

    /// Of the scripts that share a message prefix, the one meant (nil: engine code).
    private static func pick(_ candidates: [ScriptSource?], line: Int, loading: ScriptSource?,
                             in thread: OpaquePointer?) -> ScriptSource? {
        guard candidates.count > 1 else { return candidates.first ?? nil }
        if let loading, candidates.contains(loading) { return loading }
        if let L = thread {
            // A frame at that line; else, for an error raised again (`error(e, 0)` after a
            // pcall or a coroutine), the innermost frame running one of them.
            var running: ScriptSource?
            var record = lua_Debug()
            var level: Int32 = 0
            while lua_getstack(L, level, &record) != 0 {
                if lua_getinfo(L, "Sl", &record) != 0, let chunk = record.source,
                   let source = candidates.first(where: { $0?.chunkName == String(cString: chunk) }) {
                    if Int(record.currentline) == line { return source }
                    if running == nil { running = source }
                }
                level += 1
            }
            if let running { return running }
        }
        return candidates.first ?? nil
    }

    /// `message` without the pack positions in front of it, however many.
    func withoutPositions(_ message: String) -> String {
        var message = message
        while let (_, _, _, rest) = splitPosition(message), rest.count < message.count { message = rest }
        return message
    }

    /// Splits `chunk:line: message` when the chunk is a known script or engine chunk,
    /// giving every script of that prefix. A column right after the line's colon
    /// (`chunk:line:column: message`) is the loader's, for the parser's C stack overflow
    /// (`clua_loadtext`): Lua puts a space there.
    func splitPosition(_ message: String) -> ([ScriptSource?], Int, Int?, String)? {
        for (prefix, _) in sourcesByShortName where message.hasPrefix(prefix) {
            let rest = message.dropFirst(prefix.count)
            guard let colon = rest.firstIndex(of: ":"), let line = Int(rest[..<colon]) else { continue }
            var text = rest[rest.index(after: colon)...]
            var column: Int?
            if let next = text.firstIndex(of: ":"), text[..<next].allSatisfy({ $0.isASCII && $0.isNumber }),
               let number = Int(text[..<next]), number > 0 {
                column = number
                text = text[text.index(after: next)...]
            }
            if text.hasPrefix(" ") { text = text.dropFirst() }
            return (sourcesByShortName.filter { $0.prefix == prefix }.map(\.source), line, column, String(text))
        }
        return nil
    }
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
    /// The column in that line, when the engine found one in the text.
    var column: Int?
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
