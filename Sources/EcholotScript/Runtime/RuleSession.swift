import CLua
import CLuaBridge
import EcholotCore
import EcholotModel

/// The Lua side of one store: keeps the engine's mirror in step with that store's state
/// and runs rule batches against it.
///
/// Before a call, only what changed since the mirror last matched the state is patched
/// in (a `Diff` walks only storage that is not shared); after it, only the fields the
/// scripts wrote are written back — in the commit the store applies once nothing of the
/// action can fail, so that the entities a tick moves are changed in place. A failed call
/// leaves the state alone and makes the next call rebuild the mirror.
final class RuleSession {
    /// Strong on purpose: a store's reducers keep their engine (and its Lua state) alive
    /// however the store is passed around; the engine holds sessions only weakly.
    let engine: ScriptEngine
    /// The state the mirror holds; `nil` when it must be rebuilt.
    private var synced: GameState?
    /// The action Lua holds as its last one, when this session sent it.
    private var lastAction: Action?
    /// Scratch space for the write tree, reused by every call.
    private let positions = HandleTable()
    /// Write trees whose commits are done, for the next calls to fill (an action staging
    /// several Lua rules holds one tree per rule until the store commits).
    private var spares: [WriteTree] = []

    /// A session on `engine`'s Lua state.
    init(engine: ScriptEngine) {
        self.engine = engine
    }

    /// Runs `batch` for `action` — every instance of its rule in the state — in the mirror,
    /// and returns the writing back of what the scripts changed.
    func stage(_ batch: Batch, state: GameState, action: Action, context: inout ReducerContext) throws(ScriptError) -> Reducer<GameState>.Commit {
        let vm = engine.vm
        let L = vm.L
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        let rule = batch.rule
        func failure(_ kind: ScriptError.Kind, _ message: String) -> ScriptError {
            synced = nil
            engine.actionOwner = nil
            return ScriptError(kind: kind, source: rule.source, line: rule.line, message: message,
                               rule: rule.label, action: action.name)
        }
        guard lua_checkstack(L, 24) != 0 else { throw failure(.engine, "the Lua stack is full") }

        clua_getref(L, engine.refs.run)
        clua_getref(L, batch.ref)
        if engine.actionOwner === self, lastAction == action {
            lua_pushnil(L)  // Lua still holds this action, frozen
        } else {
            do { try vm.push(action) } catch { throw failure(.badValue, "action '\(action.name)': \(error)") }
            lastAction = action
            engine.actionOwner = self
        }

        var rebuild = engine.mirrorOwner !== self || synced == nil
        var patches: [(path: ArraySlice<String>, key: String, value: Value)] = []
        if !rebuild, let synced, !state.attributes.isIdentical(to: synced.attributes) {
            for change in Diff(from: synced.tree, to: state.tree) where change.path.first != "random" {
                guard let key = change.path.last else {
                    rebuild = true
                    break
                }
                patches.append((change.path.dropLast(), key, change.new ?? .null))
            }
        }
        if rebuild {
            patches.removeAll()
            // From here until this call succeeds the mirror is no session's: one that held
            // it must rebuild rather than read what this one leaves (or dropped).
            engine.mirrorOwner = nil
            if let message = engine.dropMirror() { throw failure(.engine, "the old mirror cannot be dropped: \(message)") }
        }
        lua_createtable(L, Int32(clamping: patches.count * 3), 0)
        do {
            for (i, patch) in patches.enumerated() {
                lua_createtable(L, Int32(clamping: patch.path.count), 0)
                for (j, component) in patch.path.enumerated() {
                    vm.push(component)
                    lua_rawseti(L, -2, lua_Integer(j + 1))
                }
                lua_rawseti(L, -2, lua_Integer(3 * i + 1))
                vm.push(patch.key)
                lua_rawseti(L, -2, lua_Integer(3 * i + 2))
                try vm.push(patch.value)
                lua_rawseti(L, -2, lua_Integer(3 * i + 3))
            }
            lua_pushinteger(L, lua_Integer(patches.count))
            if rebuild {
                var root = state.attributes
                root["random"] = nil
                try vm.push(.map(root))
            } else {
                lua_pushnil(L)
            }
        } catch {
            throw failure(.badValue, "the state cannot be handed to Lua: \(error)")
        }
        vm.limits.pointee.random = context.random.state

        clua_logclear(vm.limits)
        if var failed = vm.protectedCall(arguments: 5, results: 3) {
            synced = nil
            engine.actionOwner = nil
            engine.mirrorOwner = nil
            let fallback = failed.source == nil ? engine.currentHandlerPosition() : nil
            // Memory can run out while the engine mirrors the state, before any handler: the
            // scripts' own tables hold it, and saying so spares a search of this rule's code.
            if failed.source == nil, fallback == nil, failed.kind == .memoryLimit {
                failed.message += ", reached before its handler ran (what earlier calls keep holds it)"
            }
            throw ScriptError(failed, source: fallback?.source ?? rule.source, line: fallback?.line ?? rule.line,
                              rule: engine.failedInstanceLabel(of: rule), action: action.name)
        }
        engine.mirrorOwner = self
        if rebuild { engine.index.reset() }
        let bornCount = Int(clua_tointeger(L, -3, nil))
        let diedCount = Int(clua_tointeger(L, -2, nil))
        let emitCount = Int(clua_tointeger(L, -1, nil))

        readBorn(count: bornCount)
        let writes: WriteTree
        if let tree = spares.popLast() {
            tree.begin()
            writes = tree
        } else {
            writes = WriteTree(index: engine.index, positions: positions)
        }
        // What the writes and the emitted actions copy into Swift is bounded together.
        var allowance = vm.allowance()
        do {
            try readLog(into: writes, allowance: &allowance)
            readDied(count: diedCount)
            for emitted in try readEmits(count: emitCount, allowance: &allowance) { context.emit(emitted) }
        } catch {
            throw failure(error.overLimit ? .memoryLimit : .badValue, error.description)
        }
        context.random = SeededRandom(seed: vm.limits.pointee.random)
        // The mirror is `state` plus these writes until the commit makes them the state's
        // (or, should the store drop the commit, until `abandon` says the mirror is lost).
        synced = state
        let staged = StagedWrites(writes, session: self)
        return { state in staged.commit(to: &state) }
    }

    /// Writes a staged call's changes into `state`. The session lets go of its copy of the
    /// state first: holding it would make every node written a copy.
    fileprivate func commit(_ writes: WriteTree, to state: inout GameState) {
        synced = nil
        // Applying clears the tree; one with nothing to apply may still hold its nodes.
        if writes.isEmpty { writes.clear() } else { writes.apply(to: &state.attributes) }
        engine.vm.sharedStrings.trim(to: state.attributes)
        synced = state
        spares.append(writes)
    }

    /// A staged call's writes that will never be committed: a reducer after it rejected
    /// the action. Lua made them in the mirror all the same, so the mirror is no longer
    /// the state plus a diff, and the next call rebuilds it.
    fileprivate func abandon(_ writes: WriteTree) {
        synced = nil
        writes.clear()
        spares.append(writes)
    }

    /// Registers the nodes Lua made: (handle, parent handle, key) triples.
    private func readBorn(count: Int) {
        let vm = engine.vm, L = vm.L
        guard count > 0 else { return }
        // Not a reference kept once: the mirror replaces a large log with a new table.
        clua_getref(L, engine.refs.engine)
        vm.push("born")
        lua_rawget(L, -2)
        clua_remove(L, -2)
        let table = lua_gettop(L)
        var i = 1
        while i < count {
            lua_rawgeti(L, table, lua_Integer(i))
            lua_rawgeti(L, table, lua_Integer(i + 1))
            lua_rawgeti(L, table, lua_Integer(i + 2))
            let handle = Int(clua_tointeger(L, -3, nil))
            let parent = Int(clua_tointeger(L, -2, nil))
            if lua_type(L, -1) == LUA_TSTRING, let key = vm.string(at: -1) {
                engine.index.add(handle, parent: parent, key: key)
            }
            clua_pop(L, 3)
            i += 3
        }
        clua_pop(L, 1)
    }

    /// Reads the write log into `writes`: numbers straight from C memory, other values
    /// from the log's Lua table.
    private func readLog(into writes: WriteTree, allowance: inout LuaVM.Allowance) throws(ConversionError) {
        let vm = engine.vm, L = vm.L
        let log = vm.limits.pointee.log
        guard log.count > 0, let entries = log.entries else { return }
        clua_getref(L, engine.refs.log)
        let table = lua_gettop(L)
        defer { lua_settop(L, table - 1) }
        // Most writes in a call name the same few fields: reuse the Swift string of the
        // last key, and its stable hash, while Lua hands over the same interned string.
        var lastKey: (bytes: UnsafePointer<CChar>, key: String, hash: UInt64)?
        func name(_ bytes: UnsafePointer<CChar>, _ length: Int) throws(ConversionError) -> (String, UInt64) {
            if let lastKey, lastKey.bytes == bytes { return (lastKey.key, lastKey.hash) }
            try allowance.take(length + LuaVM.bytesPerValue)
            let buffer = UnsafeRawBufferPointer(start: bytes, count: length)
            guard let key = String(validating: buffer, as: UTF8.self) else {
                throw ConversionError("a field name must be valid UTF-8")
            }
            let hash = StableHasher.hash(key)
            lastKey = (bytes, key, hash)
            return (key, hash)
        }
        for entry in UnsafeBufferPointer(start: entries, count: Int(log.count)) {
            let key: String, hash: UInt64, value: Value
            switch Int(entry.kind) {
            case Int(CLUA_WRITE_FLOAT), Int(CLUA_WRITE_INTEGER):
                (key, hash) = try name(entry.key, entry.keyLength)
                value = Int(entry.kind) == Int(CLUA_WRITE_INTEGER) ? .int(Int(entry.integer)) : .number(entry.number)
            default:
                lua_rawgeti(L, table, 2 * lua_Integer(entry.slot) - 1)
                var length = 0
                guard lua_type(L, -1) == LUA_TSTRING, let bytes = clua_tostring(L, -1, &length) else {
                    throw ConversionError("a field name must be a string")
                }
                (key, hash) = try name(bytes, length)
                lua_rawgeti(L, table, 2 * lua_Integer(entry.slot))
                do {
                    value = try vm.value(at: -1, allowance: &allowance)
                } catch where error.overLimit {
                    throw error
                } catch {
                    throw ConversionError("field '\(key)': \(error.description)")
                }
                clua_pop(L, 2)
            }
            guard writes.add(handle: Int(entry.handle), key: key, hash: hash, value: value) else {
                throw ConversionError("field '\(key)' was written to a table the engine does not know")
            }
        }
    }

    /// Forgets the nodes that left the state.
    private func readDied(count: Int) {
        let L = engine.vm.L
        guard count > 0 else { return }
        clua_getref(L, engine.refs.died)
        for i in 1...count {
            lua_rawgeti(L, -1, lua_Integer(i))
            engine.index.remove(Int(clua_tointeger(L, -1, nil)))
            clua_pop(L, 1)
        }
        clua_pop(L, 1)
    }

    /// The actions the rules emitted, in order.
    private func readEmits(count: Int, allowance: inout LuaVM.Allowance) throws(ConversionError) -> [Action] {
        let vm = engine.vm, L = vm.L
        guard count > 0 else { return [] }
        clua_getref(L, engine.refs.emits)
        let table = lua_gettop(L)
        defer { lua_settop(L, table - 1) }
        var actions: [Action] = []
        var i = 1
        while i < count {
            lua_rawgeti(L, table, lua_Integer(i))
            try allowance.take(Int(lua_rawlen(L, -1)))
            guard let name = vm.string(at: -1) else { throw ConversionError("an action name must be valid UTF-8") }
            lua_rawgeti(L, table, lua_Integer(i + 1))
            let payload = lua_type(L, -1) == LUA_TTABLE
                ? try vm.value(at: -1, allowance: &allowance).mapValue ?? PersistentMap() : PersistentMap()
            actions.append(Action(name, payload))
            clua_pop(L, 2)
            i += 2
        }
        return actions
    }
}

/// One staged call's writes, held by the commit the store runs once nothing of the action
/// can fail. A store that rejects the action drops the commit unrun; then the writes are
/// abandoned, so that the mirror does not keep changes the state never got.
private final class StagedWrites {
    private let writes: WriteTree
    private let session: RuleSession
    private var committed = false

    init(_ writes: WriteTree, session: RuleSession) {
        self.writes = writes
        self.session = session
    }

    /// Makes the writes the state's.
    func commit(to state: inout GameState) {
        committed = true
        session.commit(writes, to: &state)
    }

    deinit {
        if !committed { session.abandon(writes) }
    }
}
