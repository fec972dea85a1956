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
            vm.locate(&failure, loading: source)
            throw ScriptError(failure, source: source, line: 1)
        }
        lua_pushvalue(L, -2)
        _ = lua_setupvalue(L, -2, 1)  // _ENV: the data environment
        if let failure = vm.protectedCall(arguments: 0, results: 1) { throw ScriptError(failure, source: source) }
        do {
            return try vm.value(at: -1)
        } catch {
            let problem = dataProblem(of: -1)
            // At the bad value where the text writes it: line 1 sent a reader of a long
            // file looking for a value many lines down.
            let place = problem.flatMap { LuaKeySearch.offset(ofReturnedValueAt: DataPath.steps(in: $0), in: text) }
                .map { LuaKeySearch.position(ofOffset: $0, in: text) } ?? .start
            throw ScriptError(kind: .badValue, source: source, line: place.line, column: place.column,
                              message: "what the file returns cannot be read: \(problem ?? error.description)")
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

/// The steps of the path to a bad value, read back from the engine's message about it
/// (`at [1].expect["odd key"], a function value …`, as `pathstep` in values.lua writes
/// them): a Lua table keeps no positions, so the text is searched for these keys.
enum DataPath {
    /// One step down: a named field or a list's item (1-based).
    enum Step: Equatable {
        case field(String)
        case item(Int)
    }

    /// The steps `message` names after its "at "; none when it names no path (the value
    /// itself is bad) or is not in that form.
    static func steps(in message: String) -> [Step] {
        var rest = Substring(message)
        guard rest.hasPrefix("at ") else { return [] }
        rest = rest.dropFirst(3)
        var steps: [Step] = []
        while let step = step(&rest) { steps.append(step) }
        // The path ends where the message goes on; anything else is not a path read whole.
        return rest.hasPrefix(", ") ? steps : []
    }

    /// The step `text` starts with, which is then dropped from it.
    private static func step(_ text: inout Substring) -> Step? {
        if text.hasPrefix(".") {
            let name = text.dropFirst().prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
            guard !name.isEmpty else { return nil }
            text = text.dropFirst(1 + name.count)
            return .field(String(name))
        }
        guard text.hasPrefix("[") else { return nil }
        if text.dropFirst().hasPrefix("\"") {
            guard let (key, length) = quoted(Array(text.dropFirst(2).utf8)), text.utf8.count >= 2 + length + 1 else { return nil }
            let after = text.utf8.index(text.utf8.startIndex, offsetBy: 2 + length)
            guard text.utf8[after] == UInt8(ascii: "]") else { return nil }
            text = text[text.utf8.index(after: after)...]
            return .field(key)
        }
        let digits = text.dropFirst().prefix { $0.isASCII && $0.isNumber }
        guard let index = Int(digits), text.dropFirst(1 + digits.count).hasPrefix("]") else { return nil }
        text = text.dropFirst(2 + digits.count)
        return .item(index)
    }

    /// The string a `%q` literal writes, read from just after its opening quote: the
    /// string and how many bytes the literal takes, its closing quote included.
    private static func quoted(_ bytes: [UInt8]) -> (String, Int)? {
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") { return (String(decoding: out, as: UTF8.self), i + 1) }
            guard b == UInt8(ascii: "\\") else {
                out.append(b)
                i += 1
                continue
            }
            guard i + 1 < bytes.count else { return nil }
            let e = bytes[i + 1]
            if e == UInt8(ascii: "r") {
                out.append(0x0D)
                i += 2
            } else if (0x30...0x39).contains(e) {
                // `\ddd`: up to three decimal digits, a control character's code.
                var code = 0, j = i + 1
                while j < bytes.count, j < i + 4, (0x30...0x39).contains(bytes[j]) {
                    code = code * 10 + Int(bytes[j] - 0x30)
                    j += 1
                }
                guard code < 256 else { return nil }
                out.append(UInt8(code))
                i = j
            } else {
                // `\"`, `\\`, and a backslash before a line break: the character itself.
                out.append(e)
                i += 2
            }
        }
        return nil
    }
}

extension LuaKeySearch {
    /// The byte offset where the value at `steps` inside what a data file returns is
    /// written: followed from the table constructor after the chunk's own `return`, as deep
    /// as the text writes it (a value built elsewhere is placed at the deepest step that is
    /// written there, or at the constructor); else in the first constructor of the file
    /// that writes the whole path (`local tests = {…} return tests`), or at the returned
    /// value itself when the path is empty. Nil when the text shows none of these.
    static func offset(ofReturnedValueAt steps: [DataPath.Step], in text: [UInt8]) -> Int? {
        let scan = LuaScan(text: text)
        let returned = scan.chunkReturnValue()
        if let returned, scan.isTable(at: returned) { return scan.follow(steps, from: returned).offset ?? returned }
        guard !steps.isEmpty else { return returned }
        for table in scan.tables() {
            let found = scan.follow(steps, from: table)
            if found.whole { return found.offset }
        }
        return nil
    }
}

extension LuaScan {
    /// The offset of the value the chunk's own `return` gives: the one `return` outside
    /// every block and function (Lua allows it only as the chunk's last statement), nil
    /// when the chunk has none.
    func chunkReturnValue() -> Int? {
        var depth = 0
        var t = token(at: 0)
        while t.kind != .eof {
            switch word(t) {
            case "function", "if", "do", "repeat": depth += 1
            case "end", "until": depth -= 1
            case "return" where depth == 0:
                let value = token(at: t.end)
                return endsReturn(value) ? nil : value.start
            default: break
            }
            t = token(at: t.end)
        }
        return nil
    }

    /// Where `steps` lead from the table constructor at `table`: the offset of the value
    /// of the deepest step written (`table` for no steps, nil when not even the first is
    /// written), and whether all were.
    func follow(_ steps: [DataPath.Step], from table: Int) -> (offset: Int?, whole: Bool) {
        var current = table
        var found: Int?
        for (index, step) in steps.enumerated() {
            guard isTable(at: current) else { return (found, false) }
            let value: Int?
            switch step {
            case let .field(key): value = fields(ofTableAt: current).last(where: { $0.key == key })?.valueOffset
            case let .item(number): value = number >= 1 ? items(ofTableAt: current).dropFirst(number - 1).first : nil
            }
            guard let value else { return (found, false) }
            found = value
            current = value
            if index == steps.count - 1 { return (found, true) }
        }
        return (table, true)
    }
}
