import CLua
import CLuaBridge
import EcholotModel

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
    /// Lines printed by scripts (the last ``PrintedLines/limit``), while no ``printed``
    /// handler takes them.
    private(set) var output = PrintedLines()
    /// Takes each printed line as it comes, instead of ``output``.
    var printed: ((String) -> Void)?

    /// What the allocator, the hook and the trampoline share (see `clua_Limits`).
    let limits: UnsafeMutablePointer<clua_Limits>
    /// Swift functions callable from Lua, by number.
    var hostFunctions: [(OpaquePointer) -> Int32] = []
    /// The number of the message handler among them.
    var messageHandler: lua_Integer = 0
    /// The long strings handed to the engine, one copy of each (see ``SharedStrings``).
    lazy var sharedStrings = SharedStrings(trimmingAt: Int(limits.pointee.cap))
    /// Registry reference to the metatable of the engine's own rule errors.
    var failMetaRef: Int32 = LUA_NOREF
    /// Registry reference to the list metatable, once the engine chunks set it.
    var listMetatableRef: Int32 = LUA_NOREF
    /// Registry reference to the proxy → data table map, once the engine chunks set it.
    var dataOfRef: Int32 = LUA_NOREF
    /// Scripts by chunk name (`@pack/file`), and by the shortened name Lua prefixes to
    /// messages.
    var sourcesByChunk: [String: ScriptSource] = [:]
    /// The text of each pack script, by chunk name.
    var textsByChunk: [String: [UInt8]] = [:]
    /// The lines runtime errors were raised on, and their functions' lines, each read
    /// once (LuaVM+FieldHints): a rule that fails on every tick fails on the same few lines.
    var failingLines: [NameSpot.Lines: LuaLine] = [:]
    /// Message prefixes (`pack/file:`) and the script each stands for (nil: engine code).
    var sourcesByShortName: [(prefix: String, source: ScriptSource?)] = []
    /// Bytes of an error message kept for the report.
    static let maxMessage = 1000
    /// Calls deeper than this when memory runs out mean runaway recursion.
    static let deepStack: Int32 = 10_000
    /// What the message handler learnt about the error being raised.
    var captured: CapturedFailure?

    /// A fresh state with the standard libraries (the sandbox is built on top by the engine).
    init(limits configuration: ScriptLimits) throws(ScriptError) {
        self.configuration = configuration
        limits = UnsafeMutablePointer<clua_Limits>.allocate(capacity: 1)
        let cap = max(configuration.memory, 1 << 20)
        limits.initialize(to: clua_Limits(
            used: 0, cap: cap, hardCap: cap + max(cap / 2, 16 << 20),
            budget: Int64(max(configuration.instructions, 1000)), remaining: 0, granularity: 1000,
            limit: Int32(CLUA_LIMIT_NONE), inHost: 1, limitMessageRef: LUA_NOREF,
            dispatch: dispatchHostFunction, context: nil, position: hostPosition, log: clua_WriteLog(), focus: nil, focusHandle: 0, focusIndex: 0, uncharged: 0, random: 0, nesting: 0, overflow: 0, raising: 0, calls: 0,
            made: clua_MadeOrder(), reraising: 0, place: clua_LimitPlace()))
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
        clua_logfree(&limits.pointee.log, &limits.pointee.used)
        clua_madefree(&limits.pointee.made)
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

    /// Appends what a script printed, a line of output for each of its lines. Each is
    /// shown after a `print: ` of its own, so a second line cannot pass for a diagnostic
    /// (`x.lua:1:1: error: …`); a control character — an escape sequence that would command
    /// the player's terminal — is written out as `\u001B`. Tabs stay: `print(a, b)` joins
    /// with them. The sandbox's print has cut each line and charged for this work
    /// (CLuaBridge/guarded.c), so it is split by bytes, not by characters.
    func appendOutput(_ text: String) {
        for piece in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            var line = String(Substring(piece))
            // Tabs stay (a modder's columns); only a line with another unshowable scalar
            // is taken apart, so a plain line (nearly every one, perhaps every tick) is not.
            if line.unicodeScalars.contains(where: { $0 != "\t" && MessageText.isUnshowable($0) }) {
                line = line.split(separator: "\t", omittingEmptySubsequences: false)
                    .map { MessageText.oneLine(String($0)) }.joined(separator: "\t")
            }
            if let printed { printed(line); continue }
            output.append(line)
        }
    }

    /// Forgets what scripts printed.
    func clearOutput() { output = PrintedLines() }

    // MARK: Sources

    /// Records a script so errors in it can be reported with its pack and file, and its
    /// `text`, where given, so an error about a handler's result can be placed at its `return`.
    func addSource(_ source: ScriptSource, text: [UInt8]? = nil) {
        sourcesByChunk[source.chunkName] = source
        if let text {
            textsByChunk[source.chunkName] = text
            // A line read from the text this replaces would be another line now.
            failingLines = failingLines.filter { $0.key.chunk != source.chunkName }
        }
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

    // MARK: Reading

    /// The bytes of the string at `index` (which must be a string or a number), whatever
    /// they are.
    func bytes(at index: Int32, in thread: OpaquePointer? = nil) -> [UInt8]? {
        var length = 0
        guard let bytes = clua_tostring(thread ?? L, index, &length) else { return nil }
        return Array(UnsafeRawBufferPointer(start: bytes, count: length))
    }

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

/// The loader's way to the engine's count of lines and columns (`clua_HostPosition`).
private func hostPosition(_ text: UnsafePointer<CChar>?, _ length: Int, _ offset: Int,
                          _ line: UnsafeMutablePointer<Int32>?, _ column: UnsafeMutablePointer<Int32>?) {
    guard let text, let line, let column else { return }
    let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: length)
    let position = LuaKeySearch.position(ofOffset: min(offset, length), in: bytes)
    line.pointee = Int32(clamping: position.line)
    column.pointee = Int32(clamping: position.column)
}

/// The one C-callable entry for every Swift function exposed to Lua (see `clua_trampoline`).
private func dispatchHostFunction(_ L: OpaquePointer?, _ context: UnsafeMutableRawPointer?, _ id: lua_Integer) -> Int32 {
    guard let L, let context else { return 0 }
    let vm = Unmanaged<LuaVM>.fromOpaque(context).takeUnretainedValue()
    return vm.callHostFunction(Int(id), L)
}
