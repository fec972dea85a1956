/// The benchmark of the sandbox's charges: how long one instruction of a reducer's budget
/// lasts when it is spent on plain Lua code, and when it is spent inside the library work
/// the sandbox charges by size (pattern matching, memory filled). The budget is only a
/// bound on time if every way of spending it takes about as long; the rates in
/// `CLuaBridge/patterns.c` (`CLUA_MATCHSTEPS`) and `CLuaBridge/limits.c` (`CLUA_ALLOCBYTES`) are set
/// from this table.
public struct SandboxBenchmark {
    /// A piece of pack code, run as a data file is: in the sandbox, under the budget.
    public struct Workload: Sendable {
        /// What it spends its budget on.
        public let name: String
        /// The Lua source.
        public let source: String
    }

    /// The baseline first, then one workload per kind of charged library work.
    public static let workloads: [Workload] = [
        Workload(name: "plain Lua loop (baseline)",
                 source: "local x = 0 for i = 1, 2000000 do x = x + i % 7 end return x"),
        Workload(name: "gsub of every character",
                 source: "local s = ('x'):rep(200000) return #s:gsub('.', 'y')"),
        Workload(name: "gsub of words through a function",
                 source: "local s = ('word '):rep(40000) return #s:gsub('%a+', function(w) return w end)"),
        Workload(name: "gmatch over words",
                 source: "local n = 0 for w in ('one two '):rep(30000):gmatch('%a+') do n = n + 1 end return n"),
        Workload(name: "find that backtracks",
                 source: "return (('a'):rep(600):find('.-.-b'))"),
        Workload(name: "plain find of a near miss",
                 source: "local s = ('a'):rep(200000) return (s:find(('a'):rep(2000) .. 'b', 1, true))"),
        Workload(name: "table.move of a million elements",
                 source: "local t = {} for i = 1, 1000 do t[i] = i end local n = 0 "
                    + "for i = 1, 1000 do n = n + #table.move(t, 1, 1000, 1, {}) end return n"),
        Workload(name: "string.byte of every byte",
                 source: "local s = ('x'):rep(100000) local n = 0 for i = 1, 10 do n = n + select('#', s:byte(1, -1)) end return n"),
        Workload(name: "load of source text",
                 source: "local src = 'return ' .. ('1 + '):rep(50000) .. '1' local n = 0 "
                    + "for i = 1, 5 do n = n + load(src)() end return n"),
        Workload(name: "concatenation onto a string",
                 source: "local s = '' for i = 1, 6000 do s = s .. 'x' end return #s"),
        Workload(name: "string.rep of 1 MiB, repeated",
                 source: "local n = 0 for i = 1, 40 do n = n + #('x'):rep(1 << 20) end return n"),
        Workload(name: "utf8.len of 100 KB",
                 source: "local s = ('x'):rep(100000) local n = 0 for i = 1, 40 do n = n + utf8.len(s) end return n"),
        Workload(name: "utf8.offset across 100 KB",
                 source: "local s = ('x'):rep(100000) local n = 0 for i = 1, 40 do n = n + utf8.offset(s, 25000) end return n"),
        Workload(name: "tonumber of 100 KB of spaces",
                 source: "local s = (' '):rep(100000) local n = 0 for i = 1, 40 do n = n + (tonumber(s) or 1) end return n"),
        Workload(name: "arithmetic on 100 KB of spaces",
                 source: "local s = (' '):rep(100000) local n = 0 "
                    + "for i = 1, 40 do n = n + (pcall(function() return s + 1 end) and 0 or 1) end return n"),
        Workload(name: "table.concat of 100,000 strings",
                 source: "local t = {} for i = 1, 100000 do t[i] = 'x' end local n = 0 "
                    + "for i = 1, 40 do n = n + #table.concat(t) end return n"),
        Workload(name: "table.concat through an __index",
                 source: "local t = {} for i = 1, 100000 do t[i] = 'x' end local u = setmetatable({}, { __index = t }) "
                    + "local n = 0 for i = 1, 10 do n = n + #table.concat(u, '', 1, 100000) end return n"),
        Workload(name: "string.format('%.1s') of 1 MiB",
                 source: "local s = ('x'):rep(1 << 20) local n = 0 for i = 1, 100 do n = n + #string.format('%.1s', s) end return n"),
        Workload(name: "string.unpack('z') of 1 MiB",
                 source: "local s = ('x'):rep(1 << 20) .. '\\0' local n = 0 for i = 1, 100 do n = n + #string.unpack('z', s) end return n"),
        Workload(name: "string.unpack of 100,000 options",
                 source: "local f, d = ('b'):rep(100000), ('\\1'):rep(100000) local n = 0 "
                    + "for i = 1, 15 do n = n + select('#', string.unpack(f, d)) end return n"),
        Workload(name: "print of 4 KB lines",
                 source: "local s = ('x'):rep(4096) for i = 1, 200 do print(s) end return 0"),
        Workload(name: "print of short lines",
                 source: "for i = 1, 20000 do print('tick', i) end return 0"),
        Workload(name: "print of empty lines",
                 source: "local s = ('\\n'):rep(20000) for i = 1, 2 do print(s) end return 0"),
        Workload(name: "table.sort of 100,000 numbers",
                 source: "local t = {} for i = 1, 100000 do t[i] = (i * 7919) % 100003 end "
                    + "table.sort(t) return t[1]"),
    ]

    /// One measured run: the instructions charged and the time it took.
    public struct Measurement: Sendable {
        /// Budget instructions the run was charged (to the hook's granularity of 1,000).
        public let instructions: Int
        /// Wall-clock nanoseconds of the run.
        public let nanoseconds: Double
        /// Nanoseconds per charged instruction.
        public var perInstruction: Double { nanoseconds / Double(max(instructions, 1)) }
    }

    private let engine: ScriptEngine
    private static let budget = 1 << 40

    /// A benchmark on a fresh engine whose budget no workload exhausts.
    public init() throws(ScriptError) {
        engine = try ScriptEngine(limits: ScriptLimits(instructions: Self.budget, memory: 256 << 20))
    }

    /// Runs `workload` once, as a data file is evaluated; `clock` reads nanoseconds (the
    /// caller's monotonic clock: the engine itself has none).
    public func measure(_ workload: Workload, clock: () -> UInt64) throws(ScriptError) -> Measurement {
        let source = ScriptSource(pack: "bench", file: "bench.lua", displayPath: "bench.lua")
        let text = Array(workload.source.utf8)
        let start = clock()
        _ = try engine.evaluateData(source: source, text: text)
        let elapsed = clock() - start
        // Left as the run's call ended: each call into Lua starts from the full budget.
        let limits = engine.vm.limits.pointee
        return Measurement(instructions: Int(limits.budget - limits.remaining), nanoseconds: Double(elapsed))
    }
}
