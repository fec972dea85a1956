import CLua
import Glibc
import CLuaBridge
import EcholotModel

/// Hints for a nil field read from a pack's own data: an entity, a goal, an action, a
/// table of the script. Lua's message names the field alone (`(field 'azimth')`); the
/// failing line's text (``LuaLine``) shows the chain it was read from, and the
/// chain is followed, as a read would, from the failing function's locals, upvalues and
/// globals. Everything here only reads: it runs in the message handler, where an error
/// of its own would unwind through Swift, so it pushes no new string and calls no
/// metamethod (`__index` tables are followed by hand, an `__index` function is not called).
extension LuaVM {
    /// Where a message's nil name is written: the chunk and line of the failing function,
    /// and the column the expression starts at.
    struct NameSpot: Equatable {
        /// The failing function's chunk name.
        var chunk: String
        /// Its line.
        var line: Int
        /// The column, in characters, where the expression with the name starts.
        var column: Int

        /// Lines of a chunk.
        struct Lines: Hashable {
            /// The chunk name.
            var chunk: String
            /// The lines, from 1.
            var lines: ClosedRange<Int>
        }
    }

    /// Lines `lines` of `chunk` — the one an error was raised on, or its function's —
    /// read once however often a rule fails there; nil when the chunk's text is not the
    /// engine's to read.
    func failingLines(_ lines: ClosedRange<Int>, of chunk: String) -> LuaLine? {
        let key = NameSpot.Lines(chunk: chunk, lines: lines)
        if let read = failingLines[key] { return read }
        guard let text = textsByChunk[chunk], let read = LuaLine(lines, of: text) else { return nil }
        if failingLines.count >= 64 { failingLines.removeAll() }
        failingLines[key] = read
        return read
    }

    /// Where on `line` what an error is about is written: the call it names — the engine's
    /// own functions start their messages with their name (`ctx.emit: …`, `ctx.emit(name,
    /// payload): …`), Lua's library says `bad argument #1 to 'floor'` — the field a write
    /// the engine refused set (`field 'state': …`, `cannot change field 'azimuth': …`), the
    /// field read of an entity kept past its call (`cannot read field 'x': …`), or the parameter read that ctx lacks
    /// (`no parameter 'secnds'`). Nil unless the line shows it at one place.
    func callOffset(for message: String, on line: LuaLine) -> Int? {
        if let field = Self.quoted(after: "field '", in: message), let colon = message.range(of: "': "),
           ["field '", "cannot remove field '", "cannot change field '"].contains(where: message.hasPrefix),
           colon.lowerBound > message.startIndex {
            // A value refused deep inside a table is named by its path (`data.x`, `list[2]`): the write is of its first name.
            let written = line.writes(of: String(field.prefix { $0 != "." && $0 != "[" }))
            return written.count == 1 ? written[0].offset : nil
        }
        if message.hasPrefix("cannot read field '"), let name = Self.quoted(after: "field '", in: message) {
            let reads = line.occurrences(of: String(name), kind: "field")
            return reads.count == 1 ? reads[0].offset : nil
        }
        if message.hasPrefix("no parameter '"), let name = Self.quoted(after: "no parameter '", in: message) {
            let reads = line.occurrences(of: String(name), kind: "field").filter { $0.path?.last == "params" }
            return reads.count == 1 ? reads[0].offset : nil
        }
        var path: [String]
        let head = message.range(of: ": ").map { message[..<$0.lowerBound] }.map { $0.prefix { $0 != "(" } }
        if message.hasPrefix("bad argument #"), let to = message.range(of: " to '"),
           let close = message[to.upperBound...].firstIndex(of: "'") {
            path = message[to.upperBound ..< close].split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        } else if let head, head.contains("."),
                  head.allSatisfy({ $0 == "." || $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) }) {
            path = head.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        } else {
            return nil
        }
        guard let name = path.popLast(), !name.isEmpty else { return nil }
        // `math.floor(x)` or a bare `floor(x)` for Lua's name alone; `ctx.emit(…)` as the engine names it.
        let places = line.occurrences(of: name, kind: "field").filter { path.isEmpty || $0.path == path }
            + (path.isEmpty ? line.occurrences(of: name, kind: "global") : [])
        return places.count == 1 ? places[0].offset : nil
    }

    /// The text between `opening` and the next `'` in `message`.
    private static func quoted(after opening: String, in message: String) -> Substring? {
        guard let open = message.range(of: opening), let close = message[open.upperBound...].firstIndex(of: "'") else { return nil }
        return message[open.upperBound ..< close]
    }

    /// A Lua function on the stack that an error is about.
    struct FailingFrame {
        /// Its stack level.
        var level: Int32
        /// Its chunk name.
        var chunk: String
        /// Its current line.
        var line: Int
    }

    /// The function an error is about: the one running at the message's innermost
    /// `position` (its chunk among `sources`, at `line`), or, for a message without one (a
    /// library function's), the innermost Lua function. Nil when none is on the stack: an
    /// error `coroutine.wrap` passed on names a function of the coroutine's, whose
    /// variables are gone.
    func failingFrame(in L: OpaquePointer, at position: (sources: [ScriptSource?], line: Int)?) -> FailingFrame? {
        var record = lua_Debug()
        var level: Int32 = 1
        while lua_getstack(L, level, &record) != 0 {
            if lua_getinfo(L, "Sl", &record) != 0, record.currentline > 0, let source = record.source {
                let frame = FailingFrame(level: level, chunk: String(cString: source), line: Int(record.currentline))
                guard let position else { return frame }
                if position.line == frame.line, position.sources.contains(where: { $0?.chunkName == frame.chunk }) { return frame }
            }
            level += 1
        }
        return nil
    }

    /// The stack slots the walks below may use, with room to spare: the deepest, a
    /// local's `params` table walked by `lua_next` behind an `__index` table, takes about
    /// six. Nothing is said when Lua cannot give them.
    static let hintSlots: Int32 = 24

    /// The most keys a table may have for a failure to weigh them as names meant.
    static let hintedKeys = 1_000

    /// What the read of a missing field of a table found out: the table lacks it (with
    /// the names it has, nil when too many to weigh), or it cannot be told, since an
    /// `__index` function behind the table could answer it.
    private enum Absence {
        case lacks([String]?)
        case unknown
    }

    /// Whether the table on top of the stack has field `name` for a read (nil), or else
    /// what its absence is.
    private func absence(of name: String, in L: OpaquePointer) -> Absence? {
        if pushField(named: name, ofTableAt: -1, in: L) {
            clua_pop(L, 1)
            return nil
        }
        guard let keys = readableKeys(ofTableAt: -1, in: L) else { return .unknown }
        return .lacks(keys)
    }

    /// For a nil field `name` of the failing line, the place that failed — the one place
    /// on the line whose chain the engine cannot follow, or whose table lacks the name or
    /// might — and, when its table surely lacks it, what to say: " (did you mean
    /// 'entity.azimuth'?)" for a near miss of a field the table has, else " (entity has no
    /// field 'speed'; its fields are …)". Two places that could have failed tell nothing.
    func fieldHint(for name: String, at places: [LuaLine.Occurrence], level: Int32,
                   in L: OpaquePointer) -> (hint: String?, offset: Int?) {
        guard lua_checkstack(L, Self.hintSlots) != 0 else { return (nil, nil) }
        var failed: (place: LuaLine.Occurrence, keys: [String]?)?
        for place in places {
            var keys: [String]?
            if let path = place.path, !path.isEmpty, pushTable(at: path, level: level, in: L) {
                let found = absence(of: name, in: L)
                clua_pop(L, 1)
                switch found {
                case nil: continue
                case let .lacks(names)?: keys = names
                case .unknown?: break
                }
            }
            guard failed == nil else { return (nil, nil) }
            failed = (place, keys)
        }
        guard let (place, found) = failed else { return (nil, nil) }
        guard let keys = found, let path = place.path else { return (nil, place.offset) }
        let label = path.joined(separator: ".")
        return (" (" + missingField(name, of: label, among: keys, level: level, in: L) + ")", place.offset)
    }

    /// What to say of field `name` that the table `label` lacks, with the `keys` it has:
    /// "did you mean 'entity.azimuth'?", a parameter read from the focus, an entity's
    /// `position`, or (when `listing`) what the table has.
    private func missingField(_ name: String, of label: String, among keys: [String], listing: Bool = true,
                              level: Int32, in L: OpaquePointer) -> String {
        if let meant = Suggestion.closest(to: name, among: keys) { return "did you mean '\(label).\(meant)'?" }
        if let ctx = parameterHolder(of: name, level: level, in: L) {
            return "\(label) has no field '\(name)'; did you mean '\(ctx).params.\(name)'?"
        }
        // A level file writes an entity's place as "position": { "azimuth": … }; in the
        // state the three numbers are the entity's own fields.
        if name == "position", keys.contains("azimuth") {
            return "\(label) has no field 'position': azimuth, elevation and distance are fields of their own, as in \(label).azimuth"
        }
        guard listing else { return "\(label) has no field '\(name)'" }
        return "\(label) has no field '\(name)'; " + (keys.isEmpty ? "it has no named fields" : "its fields are " + Suggestion.few(keys))
    }

    /// For a message about a nil Lua cannot name — a comparison (`compared`) or a call's
    /// argument — the one field read on the failing line in that place whose table lacks
    /// it: " (ctx.tme is nil; did you mean 'ctx.time'?)", " (goal.seconds is nil; …)".
    /// Nil when no such read, or more than one, is of a missing field, or one might be:
    /// the nil may be a variable's.
    func unnamedNilHint(on line: LuaLine, compared: Bool, level: Int32, in L: OpaquePointer) -> (hint: String, offset: Int)? {
        guard lua_checkstack(L, Self.hintSlots) != 0 else { return nil }
        var missing: (read: LuaLine.Read, path: [String], keys: [String]?)?
        for read in line.fieldReads() where compared ? read.compared : read.argument {
            guard let path = read.place.path, pushTable(at: path, level: level, in: L) else { return nil }
            var found = absence(of: read.name, in: L)
            clua_pop(L, 1)
            if case .unknown? = found, let (table, names) = missedTable(named: read.name, in: L), table == path.last {
                // An engine table (ctx) notes the name it lacked in this call, with the names it has.
                found = .lacks(names)
            }
            guard let found else { continue }
            guard case let .lacks(keys) = found else { return nil }
            if let missing, missing.read.name == read.name, missing.path == path { continue }
            guard missing == nil else { return nil }
            missing = (read, path, keys)
        }
        guard let missing else { return nil }
        let read = "\(missing.path.joined(separator: ".")).\(missing.read.name)"
        return (" (\(read) is nil" + nilFieldAdvice(missing.read.name, of: missing.path, among: missing.keys ?? [], level: level, in: L) + ")",
                missing.read.place.offset)
    }

    /// What follows "is nil" for field `name` that the table `path` lacks (`keys`, the
    /// names it has): "; did you mean 'goal.target'?" or ": goal has no field 'limit'".
    private func nilFieldAdvice(_ name: String, of path: [String], among keys: [String], level: Int32, in L: OpaquePointer) -> String {
        let said = missingField(name, of: path.joined(separator: "."), among: keys, listing: false, level: level, in: L)
        return (said.hasPrefix("did you mean") ? "; " : ": ") + said
    }

    /// For Lua's "attempt to index a nil value (field '?')" — a read through brackets
    /// whose value is nil, indexed further — the one bracket read on the failing line whose
    /// table has no entry for its key, with what the key was: " (ctx.level.entities[goal.targt]
    /// is nil: goal.targt is nil; did you mean 'goal.target'?)", " (…[action.id] is nil:
    /// action.id is 'bel'; did you mean 'bell'?)". Nil when no read, or more than one,
    /// could be it, or a table or key cannot be followed.
    func bracketHint(on line: LuaLine, level: Int32, in L: OpaquePointer) -> (hint: String, offset: Int)? {
        guard lua_checkstack(L, Self.hintSlots) != 0 else { return nil }
        var failed: (read: LuaLine.BracketRead, key: String)?
        for read in line.bracketReads() {
            switch entryRead(read, level: level, in: L) {
            case .present?: continue
            case let .missing(key)? where failed == nil: failed = (read, key)
            default: return nil
            }
        }
        guard let failed else { return nil }
        return (" (\(failed.read.table.joined(separator: "."))[\(failed.read.key.joined(separator: "."))] is nil: \(failed.key))",
                failed.read.offset)
    }

    /// For Lua's "… a nil value (local 'e')", where the local got its nil, when its
    /// function sets it once, in its declaration, to a read that gives nil now: " (set on
    /// line 4 from goal.targt, which is nil; did you mean 'goal.target'?)", " (set on line 4
    /// from ctx.level.entities[goal.target], which is nil: goal.target is 'bel'; did you mean
    /// 'bell'?)". Nil when the function could set it elsewhere, or the read cannot be told.
    func localHint(for name: String, in frame: FailingFrame, failingOn line: LuaLine, in L: OpaquePointer) -> String? {
        var record = lua_Debug()
        guard lua_checkstack(L, Self.hintSlots) != 0, lua_getstack(L, frame.level, &record) != 0,
              lua_getinfo(L, "S", &record) != 0 else { return nil }
        // The main chunk has no lines of its own (0, 0): it runs to the end of the text.
        let first = max(1, Int(record.linedefined))
        let last = Int(record.lastlinedefined) >= first ? Int(record.lastlinedefined) : .max
        guard let function = failingLines(first ... last, of: frame.chunk),
              let source = function.source(ofLocal: name, before: line.tokens.last?.end ?? line.start) else { return nil }
        let said: String
        switch source.read {
        case let .field(field):
            guard pushTable(at: source.table, level: frame.level, in: L) else { return nil }
            let found = absence(of: field, in: L)
            clua_pop(L, 1)
            guard case let .lacks(keys)? = found else { return nil }
            said = nilFieldAdvice(field, of: source.table, among: keys ?? [], level: frame.level, in: L)
        case let .key(key):
            let read = LuaLine.BracketRead(table: source.table, key: key, offset: source.offset)
            guard case let .missing(described)? = entryRead(read, level: frame.level, in: L) else { return nil }
            said = ": " + described
        }
        let setOn = LuaKeySearch.position(ofOffset: source.offset, in: function.text).line
        return " (set on line \(setOn) from \(source.written), which is nil\(said))"
    }

    /// What a read through brackets finds now.
    private enum EntryRead {
        /// Its table has an entry for its key.
        case present
        /// It has none: what the key was (``describeKey(_:level:in:)``).
        case missing(String)
    }

    /// What `read` finds in the function at stack `level`; nil when its table or key
    /// cannot be followed, an `__index` function could answer it, or its key cannot be told.
    private func entryRead(_ read: LuaLine.BracketRead, level: Int32, in L: OpaquePointer) -> EntryRead? {
        guard pushTable(at: read.table, level: level, in: L) else { return nil }
        guard pushValue(at: read.key, level: level, in: L) else {
            clua_pop(L, 1)
            return nil
        }
        defer { clua_pop(L, 2) }
        switch hasEntry(in: L) {
        case true?: return .present
        case false?: return describeKey(read, level: level, in: L).map(EntryRead.missing)
        case nil: return nil
        }
    }

    /// Whether the table below the top of the stack has an entry for the key on top, for a
    /// read through `__index` tables (raw reads, which never fail or allocate); nil when an
    /// `__index` function could answer it.
    private func hasEntry(in L: OpaquePointer) -> Bool? {
        lua_pushvalue(L, -2)
        defer { clua_pop(L, 1) }
        for _ in 0 ..< 8 {
            lua_pushvalue(L, -2)
            let found = lua_rawget(L, -2) != LUA_TNIL
            clua_pop(L, 1)
            if found { return true }
            switch stepToIndexTable(in: L) {
            case .table: continue
            case .none: return false
            case .other: return nil
            }
        }
        return nil
    }

    /// What the key on top of the stack (the table below it) was, for `read` whose table
    /// has no entry for it: nil, with the field meant when its chain's table lacks it; a
    /// string, with the table's key meant; a number. Nil for any other kind of key.
    private func describeKey(_ read: LuaLine.BracketRead, level: Int32, in L: OpaquePointer) -> String? {
        let key = read.key.joined(separator: "."), table = read.table.joined(separator: ".")
        switch lua_type(L, -1) {
        case LUA_TNIL:
            guard read.key.count > 1, let field = read.key.last, pushTable(at: Array(read.key.dropLast()), level: level, in: L) else {
                return "\(key) is nil"
            }
            let found = absence(of: field, in: L)
            clua_pop(L, 1)
            guard case let .lacks(names?)? = found, let meant = Suggestion.closest(to: field, among: names) else { return "\(key) is nil" }
            return "\(key) is nil; did you mean '\(read.key.dropLast().joined(separator: ".")).\(meant)'?"
        case LUA_TSTRING:
            guard let value = string(at: -1, in: L) else { return nil }
            let names = readableKeys(ofTableAt: -2, in: L) ?? nil
            if let meant = names.flatMap({ Suggestion.closest(to: value, among: $0) }) {
                return "\(key) is \(MessageText.named(value)); did you mean \(MessageText.named(meant))?"
            }
            return "\(key) is \(MessageText.named(value)), which \(table) has no entry for"
        case LUA_TNUMBER:
            var isInteger: Int32 = 0
            let integer = clua_tointeger(L, -1, &isInteger)
            let number = isInteger != 0 ? String(integer) : String(clua_tonumber(L, -1, nil))
            return "\(key) is \(number), which \(table) has no entry for"
        default:
            return nil
        }
    }

    /// Pushes the value `path` names in the function at stack `level` — a variable, then
    /// its fields — or nil for a last field its table surely lacks, and returns true;
    /// false, with nothing pushed, when the chain cannot be followed to its last name (a
    /// variable of one name that is not set is not told from one that cannot be seen).
    private func pushValue(at path: [String], level: Int32, in L: OpaquePointer) -> Bool {
        guard let last = path.last else { return false }
        if path.count == 1 { return pushVariable(named: last, level: level, in: L) }
        guard pushTable(at: Array(path.dropLast()), level: level, in: L) else { return false }
        if !pushField(named: last, ofTableAt: -1, in: L) {
            guard case .lacks? = absence(of: last, in: L) else {
                clua_pop(L, 1)
                return false
            }
            lua_pushnil(L)
        }
        clua_remove(L, -2)
        return true
    }

    /// The local of the function at stack `level` whose `params` has a parameter `name`
    /// (its ctx, whatever the rule calls it): a rule's parameter read from its entity or
    /// goal (`entity.speed`) is the slip this names.
    private func parameterHolder(of name: String, level: Int32, in L: OpaquePointer) -> String? {
        var record = lua_Debug()
        guard lua_getstack(L, level, &record) != 0 else { return nil }
        var n: Int32 = 1
        while let local = lua_getlocal(L, &record, n) {
            defer { clua_pop(L, 1) }
            n += 1
            guard local.pointee != CChar(UInt8(ascii: "(")),  // "(temporary)" and the like are not names
                  lua_type(L, -1) == LUA_TTABLE, pushField(named: "params", ofTableAt: -1, in: L) else { continue }
            defer { clua_pop(L, 1) }
            guard lua_type(L, -1) == LUA_TTABLE, pushField(named: name, ofTableAt: -1, in: L) else { continue }
            clua_pop(L, 1)
            return String(cString: local)
        }
        return nil
    }

    /// Pushes the table `path` names in the function at stack `level` — its first name a
    /// local (the innermost one of that name), an upvalue or a global, each further name a
    /// field — and returns true; pushes nothing and returns false when one of them is not
    /// a table.
    private func pushTable(at path: [String], level: Int32, in L: OpaquePointer) -> Bool {
        guard let root = path.first, pushVariable(named: root, level: level, in: L) else { return false }
        for key in path.dropFirst() {
            guard lua_type(L, -1) == LUA_TTABLE, pushField(named: key, ofTableAt: -1, in: L) else {
                clua_pop(L, 1)
                return false
            }
            clua_remove(L, -2)
        }
        guard lua_type(L, -1) == LUA_TTABLE else {
            clua_pop(L, 1)
            return false
        }
        return true
    }

    /// Pushes the variable `name` as the function at stack `level` sees it, and returns
    /// true; false, with nothing pushed, when it has none of that name.
    func pushVariable(named name: String, level: Int32, in L: OpaquePointer) -> Bool {
        var record = lua_Debug()
        guard lua_getstack(L, level, &record) != 0 else { return false }
        var innermost: Int32 = 0
        var n: Int32 = 1
        while let local = lua_getlocal(L, &record, n) {
            if String(cString: local) == name { innermost = n }
            clua_pop(L, 1)
            n += 1
        }
        if innermost > 0 {
            _ = lua_getlocal(L, &record, innermost)
            return true
        }
        guard lua_getinfo(L, "f", &record) != 0 else { return false }
        var environment: Int32 = 0
        var i: Int32 = 1
        while let upvalue = lua_getupvalue(L, -1, i) {
            let upvalueName = String(cString: upvalue)
            if upvalueName == name {
                clua_remove(L, -2)
                return true
            }
            clua_pop(L, 1)
            if upvalueName == "_ENV" { environment = i }
            i += 1
        }
        guard environment > 0, lua_getupvalue(L, -1, environment) != nil else {
            clua_pop(L, 1)
            return false
        }
        clua_remove(L, -2)
        guard lua_type(L, -1) == LUA_TTABLE, pushField(named: name, ofTableAt: -1, in: L) else {
            clua_pop(L, 1)
            return false
        }
        clua_remove(L, -2)
        return true
    }

    /// Pushes field `name` of the table at `index` as a read sees it through `__index`
    /// tables, and returns true; false, with nothing pushed, when the read would give nil
    /// or call a function. Keys are compared by walking the tables, which allocates nothing.
    private func pushField(named name: String, ofTableAt index: Int32, in L: OpaquePointer) -> Bool {
        lua_pushvalue(L, index)
        for _ in 0 ..< 8 {
            if pushRawField(named: name, ofTableAt: -1, in: L) {
                clua_remove(L, -2)
                return true
            }
            guard stepToIndexTable(in: L) == .table else { break }
        }
        clua_pop(L, 1)
        return false
    }

    /// What is behind a table for a read of a name it lacks.
    private enum IndexStep {
        /// An `__index` table, now on top of the stack in the table's place.
        case table
        /// No `__index`: the read gives nil.
        case none
        /// An `__index` of another kind (a function), which may answer any name.
        case other
    }

    /// Replaces the table on top of the stack with its metatable's `__index` and returns
    /// `.table` when that is a table; else leaves the top as it was and says which.
    private func stepToIndexTable(in L: OpaquePointer) -> IndexStep {
        guard lua_getmetatable(L, -1) != 0 else { return .none }
        guard pushRawField(named: "__index", ofTableAt: -1, in: L) else {
            clua_pop(L, 1)
            return .none
        }
        guard lua_type(L, -1) == LUA_TTABLE else {
            clua_pop(L, 2)
            return .other
        }
        clua_remove(L, -2)
        clua_remove(L, -2)
        return .table
    }

    /// Pushes the value of the table at `index` under the string key `name`, and returns
    /// true; false, with nothing pushed, when it has none.
    private func pushRawField(named name: String, ofTableAt index: Int32, in L: OpaquePointer) -> Bool {
        let table = lua_absindex(L, index)
        let wanted = Array(name.utf8)
        lua_pushnil(L)
        while lua_next(L, table) != 0 {
            var length = 0
            if lua_type(L, -2) == LUA_TSTRING, let key = clua_tostring(L, -2, &length), length == wanted.count,
               length == 0 || wanted.withUnsafeBytes({ memcmp($0.baseAddress!, key, length) == 0 }) {
                clua_remove(L, -2)
                return true
            }
            clua_pop(L, 1)
        }
        return false
    }

    /// The string keys a read of the table at `index` finds, its own and those of the
    /// `__index` tables behind it, sorted and each once; `.some(nil)` when there are more
    /// than ``hintedKeys``, too many to weigh; nil when an `__index` function behind it
    /// may answer other names, or the chain of tables is longer than any a pack builds.
    private func readableKeys(ofTableAt index: Int32, in L: OpaquePointer) -> [String]?? {
        var keys = Set<String>()
        var tooMany = false
        lua_pushvalue(L, index)
        defer { clua_pop(L, 1) }
        for _ in 0 ..< 8 {
            if !tooMany {
                // A large level's entities are walked no further than the cap.
                keys.formUnion(stringKeys(ofTableAt: -1, in: L, atMost: Self.hintedKeys))
                tooMany = keys.count > Self.hintedKeys
            }
            switch stepToIndexTable(in: L) {
            case .table: continue
            case .none: return .some(tooMany ? nil : keys.sorted())
            case .other: return nil
            }
        }
        return nil
    }
}
