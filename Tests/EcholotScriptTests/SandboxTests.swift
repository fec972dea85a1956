import EcholotCore
import EcholotModel
import Testing
@testable import EcholotScript

/// What pack code can and cannot reach.
@Suite struct SandboxTests {
    /// Loads `code` as a script of pack `pack`; the script asserts what it must.
    func load(_ code: String, pack: String = "test", engine: ScriptEngine? = nil) throws {
        let engine = try engine ?? ScriptEngine()
        try engine.loadScript(pack: pack, source: ScriptSource(pack: pack, file: "scripts/s.lua", displayPath: "s.lua"),
                              text: Array(code.utf8))
    }

    @Test func dangerousGlobalsAreAbsent() throws {
        try load("""
            for _, name in ipairs({ "io", "os", "debug", "package", "dofile", "loadfile", "require",
                                    "loadstring", "warn" }) do
              assert(_G[name] == nil, name .. " must not be available")
            end
            assert(string.dump == nil, "string.dump")
            assert(math.random == nil and math.randomseed == nil, "math.random")
            """)
    }

    /// `next` walks a table in the order `pairs` gives, not in Lua's, which follows a hash
    /// seed that changes from run to run: `next(t)` as "any key" picks the same in a replay.
    @Test func nextFollowsTheOrderOfPairs() throws {
        try load("""
            local t = { alpha = 1, beta = 2, gamma = 3, delta = 4, epsilon = 5, zeta = 6, eta = 7, theta = 8,
                        [3] = "x", [1] = "y", [true] = 1 }
            local seen, walked = {}, {}
            for k in pairs(t) do seen[#seen + 1] = tostring(k) end
            local k = next(t)
            while k ~= nil do
              walked[#walked + 1] = tostring(k)
              k = next(t, k)
            end
            assert(table.concat(seen, " ") == "1 3 alpha beta delta epsilon eta gamma theta zeta true", table.concat(seen, " "))
            assert(table.concat(walked, " ") == table.concat(seen, " "), table.concat(walked, " "))
            -- Clearing the visited key during a traversal, as Lua allows, before and after
            -- the keys were sorted.
            local u, order = { d = 4, c = 3, b = 2, a = 1 }, {}
            for key in next, u do
              order[#order + 1] = key
              u[key] = nil
            end
            assert(table.concat(order) == "abcd" and next(u) == nil, table.concat(order))
            -- A key added between two traversals is seen by the second.
            local x, keys = { b = 1 }, {}
            for _ in next, x do end
            x.a = 2
            for key in next, x do keys[#keys + 1] = key end
            assert(table.concat(keys) == "ab", table.concat(keys))
            -- Tables as keys are all visited, and may be cleared on the way as strings may:
            -- the first `next` finds the least key without sorting, so the next call sorts
            -- the keys without the one cleared (which once raised "invalid key to 'next'?").
            local y, n = { [{}] = 1, [{}] = 2, [{}] = 3 }, 0
            for _ in next, y do n = n + 1 end
            assert(n == 3, n)
            local z, sum = { [{}] = 1, [{}] = 2, [{}] = 4 }, 0
            local key = next(z)
            while key ~= nil do
              sum = sum + z[key]
              z[key] = nil
              key = next(z, key)
            end
            assert(sum == 7 and next(z) == nil, sum)
            local ok, err = pcall(next, 5)
            assert(not ok and err:find("bad argument #1 to 'next' %(table expected, got number%)"), err)
            assert(next({}) == nil)
            """)
    }

    /// `next`, `rawget` and `rawlen` see through the engine's tables as `pairs` does: seen
    /// raw, the read-only view of a library is empty, and `next(string)` gave nil.
    @Test func nextAndRawgetSeeThroughTheEnginesTables() throws {
        try load("""
            for name, lib in pairs({ string = string, math = math, table = table, utf8 = utf8, coroutine = coroutine, echolot = echolot }) do
              local walked, counted = {}, 0
              for k in pairs(lib) do walked[#walked + 1] = k end
              for k, v in next, lib do
                counted = counted + 1
                assert(k == walked[counted], name .. ": next gives " .. tostring(k) .. " where pairs gives " .. tostring(walked[counted]))
                assert(rawget(lib, k) == v, name .. "." .. k)
              end
              assert(counted == #walked and counted > 0, name .. ": next walked " .. counted .. " of " .. #walked)
            end
            assert(next(string) == "byte" and rawget(string, "upper") == string.upper, tostring(next(string)))
            assert(rawlen(table) == 0)
            local okGet, errGet = pcall(rawget, string)
            assert(not okGet and errGet:find("bad argument #2 to 'rawget'"), tostring(errGet))
            local ok, err = pcall(rawset, string, "upper", 1)
            assert(not ok and err:find("cannot change field 'upper': string is read%-only"), err)
            assert(string.upper("a") == "A")
            """)
    }

    @Test func loadIsTextOnlyAndUsesThePackEnvironment() throws {
        try load("""
            secret = 42
            local f = assert(load("return secret"))
            assert(f() == 42, "load sees the pack's globals")
            local g, err = load("\\27Lua binary")
            assert(g == nil and err:find("binary"), "binary chunks are refused: " .. tostring(err))
            local h, err2 = load(function() return nil end)
            assert(h == nil and err2:find("source text"), "reader functions are refused")
            -- Lua's other arguments: a name messages give, text mode only, an environment.
            local bad, err3 = load("return +", "=settings")
            assert(bad == nil and err3:find("^test/%(settings%):1: "), tostring(err3))
            local binary, err4 = load("return 1", "x", "bt")
            assert(binary == nil and err4:find('only source text %(mode "t"%), not mode "bt"'), tostring(err4))
            local data = assert(load("secret = 5 return secret", "data", "t", {}))
            assert(data() == 5 and secret == 42, "a chunk given a table has its own globals")
            """)
    }

    /// Coroutines closed inside one another's `__close` handlers, thousands deep, crash
    /// Lua 5.4.4 itself: the sandbox stops the nesting with an error instead.
    @Test func deeplyNestedClosesEndInAnErrorNotACrash() throws {
        try load("""
            local co = false
            for i = 1, 5000 do
              local previous = co
              co = coroutine.create(function()
                local guard <close> = setmetatable({}, { __close = function()
                  if previous then assert(coroutine.close(previous)) end
                end })
                coroutine.yield()
              end)
              assert(coroutine.resume(co))
            end
            local ok, err = coroutine.close(co)
            assert(not ok and tostring(err):find("more than 200 deep"), tostring(err))
            """)
    }

    @Test func collectgarbageOnlyCounts() throws {
        try load("""
            assert(type(collectgarbage("count")) == "number")
            local ok, err = pcall(collectgarbage, "collect")
            assert(not ok and err:find("only \\"count\\""), err)
            """)
    }

    /// `pcall`, `xpcall` and `pairs` run behind C functions of the sandbox's (a limit
    /// check, a relay); a coroutine can still yield from inside them, as in Lua 5.4, and
    /// gets the results back through them.
    @Test func aCoroutineYieldsAcrossPcall() throws {
        try load("""
            local co = coroutine.wrap(function(a)
              local ok, b = pcall(coroutine.yield, a + 1)
              local ok2, c = xpcall(coroutine.yield, function(m) return "handled " .. m end, b * 2)
              local ok3, d = pcall(function() coroutine.yield("inner") error("late", 0) end)
              return ok, ok2, c, ok3, d
            end)
            assert(co(1) == 2)
            assert(co(10) == 20)
            assert(co(30) == "inner")
            local ok, ok2, c, ok3, d = co()
            assert(ok == true and ok2 == true and c == 30 and ok3 == false and d == "late",
                   table.concat({ tostring(ok), tostring(ok2), tostring(c), tostring(ok3), tostring(d) }, ","))
            -- A __pairs that yields, through the sandbox's pairs, as through Lua's own.
            local t = setmetatable({}, { __pairs = function() coroutine.yield("from __pairs") return next, { 5 }, nil end })
            local walk = coroutine.wrap(function() for _, v in pairs(t) do return v end end)
            assert(walk() == "from __pairs")
            assert(walk() == 5)
            """)
    }

    @Test func theStringMetatableAndLibrariesAreReadOnly() throws {
        try load("""
            assert(getmetatable("") == false, "the string metatable is hidden")
            assert(("abc"):upper() == "ABC", "string methods work")
            local ok, err = pcall(function() string.upper = nil end)
            assert(not ok and err:find("string is read%-only"), err)
            ok, err = pcall(function() math.pi = 3 end)
            assert(not ok and err:find("read%-only"), err)
            ok, err = pcall(function() echolot.goal = nil end)
            assert(not ok and err:find("echolot is read%-only"), err)
            ok, err = pcall(string.format, "%p", {})
            assert(not ok and err:find("%%p"), err)
            ok, err = pcall(rawset, string, "format", print)
            assert(not ok and err:find("string is read%-only"), "rawset cannot patch a library: " .. tostring(err))
            """)
    }

    @Test func packsCannotSeeOrPatchEachOther() throws {
        let engine = try ScriptEngine()
        try load("shared = 'a'; function helper() return 'a' end", pack: "a", engine: engine)
        try load("""
            assert(shared == nil and helper == nil, "pack b cannot see pack a's globals")
            function helper() return 'b' end
            """, pack: "b", engine: engine)
        try load("assert(helper() == 'a', 'pack a keeps its own function')", pack: "a", engine: engine)
    }

    /// The budgeted pattern functions give Lua's results and Lua's errors.
    @Test func patternFunctionsKeepLuasResults() throws {
        try load("""
            local function same(got, want) assert(got == want, tostring(got) .. " ~= " .. tostring(want)) end
            same(select(3, ("  trim me  "):find("^%s*(.-)%s*$")), "trim me")
            same(select("#", ("hello"):find("l+")), 2)
            same(("a)b"):find(")"), 2)  -- no specials: plain text
            same(("key=value; k2=v2"):gsub("(%w+)=(%w+)", "%2=%1"), "value=key; v2=k2")
            same(("abc"):gsub("x*", "-"), "-a-b-c-")
            same(("hello world"):gsub("o", { o = "0" }), "hell0 w0rld")
            same(("hello"):gsub("l", function(c) return nil end), "hello")
            same(("hello"):gsub("^h", "H", 5), "Hello")
            same(select(2, ("aaa"):gsub("a", "b", 2)), 2)
            local words = {}
            for w in ("one two  three"):gmatch("%a*") do words[#words + 1] = "<" .. w .. ">" end
            same(table.concat(words), "<one><two><><three>")  -- as Lua 5.4: no empty match where one ended
            same(select(2, ("  x"):match("^(%s*)()")), 3)
            same(("THE (quick) fox"):match("%b()"), "(quick)")
            same(("THE END"):match("%f[%w]%w+", 2), "END")
            same(("xaay"):match("(a)%1"), "a")
            same(("abc"):gmatch("x*", 10)(), nil)  -- a start past the end matches nothing
            same(table.unpack({ 4, 5 }, "2"), 5)  -- numeric strings are bounds, as in Lua
            same(("(a"):gsub("(", "<%0>"), "<>(<>a<>")
            local ok, err = pcall(string.match, "(a", "(")
            assert(not ok and err == "unfinished capture", err)
            ok, err = pcall(string.gsub, "abc", "b", "%2")
            assert(not ok and err == "invalid capture index %2", err)
            ok, err = pcall(string.find, "abc", "[a")
            assert(not ok and err:find("missing ']'"), err)
            ok, err = pcall(string.match, ("a"):rep(300), ("a?"):rep(300))
            assert(not ok and err:find("pattern too complex"), err)
            """)
    }

    /// The first five lines of a test script: `fails(line, f, want)` asserts that `f` raises
    /// `want` at that line of the script.
    static let failsAt = """
        local function fails(line, f, want)
          local ok, err = pcall(f)
          want = "test/scripts/s.lua:" .. line .. ": " .. want
          assert(not ok and err == want, tostring(err))
        end

        """

    /// A pattern error a pack catches names the pack's line, as Lua's own does (the error
    /// is raised for the caller of the library function), not the sandbox's.
    @Test func patternErrorsNameThePackLine() throws {
        try load(SandboxTests.failsAt + """
            fails(6, function() local r = string.find("a", "[") end, "malformed pattern (missing ']')")
            fails(7, function() local r = ("a"):match("(()") end, "unfinished capture")
            fails(8, function() for w in ("a"):gmatch("%b") do end end, "malformed pattern (missing arguments to '%b')")
            fails(9, function() local r = ("a"):gsub("%", "") end, "malformed pattern (ends with '%')")
            fails(10, function() local r = ("a"):gsub("a", "%x") end, "invalid use of '%' in replacement string")
            """)
    }

    /// Argument errors name the function as Lua's do: as called ('find', a method's
    /// arguments counted without self), or by its library name when called through pcall.
    @Test func patternArgumentErrorsNameTheFunction() throws {
        try load(SandboxTests.failsAt + """
            local bad = "bad argument "
            fails(7, function() local r = string.find(nil, "a") end, bad .. "#1 to 'find' (string expected, got nil)")
            fails(8, function() local r = ("x"):gsub("x", true) end,
                  bad .. "#2 to 'gsub' (string/function/table expected, got boolean)")
            fails(10, function() local r = ("x"):match("x", 1.5) end,
                  bad .. "#2 to 'match' (number has no integer representation)")
            fails(12, function() local r = string.gmatch("x", {}) end,
                  bad .. "#2 to 'gmatch' (string expected, got table)")
            local ok, err = pcall(string.find, "x", "x", "one")
            assert(err == "bad argument #3 to 'string.find' (number expected, got string)", err)
            """)
    }

    /// string.gsub's details, each checked against Lua 5.4's own.
    @Test func gsubFollowsLua54() throws {
        try load("""
            local function same(want, ...)
              local got = table.concat({ ... }, ",")
              assert(got == want, got .. " ~= " .. want)
            end
            local function fails(...) return select(2, pcall(string.gsub, ...)) end
            same("invalid use of '%' in replacement string", fails("abc", "b", "%x"))
            same("invalid use of '%' in replacement string", fails("abc", "b", "x%"))
            same("invalid capture index %2", fails("abc", "(b)", "%2"))
            -- false or nil from a table or function keeps the match, which still counts
            same("aBc,3", ("abc"):gsub("%w", { a = false, b = "B" }))
            same("abc,3", ("abc"):gsub("%w", function() end))
            same("invalid replacement value (a table)", fails("abc", "b", function() return {} end))
            same("invalid replacement value (a table)", fails("abc", "b", { b = {} }))
            same("invalid replacement value (a boolean)", fails("abc", "b", { b = true }))
            same("bbaa,2", ("aaaa"):gsub("a", "b", 2))
            same("aaaa,0", ("aaaa"):gsub("a", "b", 0))
            same("aaaa,0", ("aaaa"):gsub("a", "b", -1))
            same("baa,1", ("aaa"):gsub("^a", "b"))
            same("baa,0", ("baa"):gsub("^a", "x"))
            same("-abc,1", ("abc"):gsub("^", "-"))
            same("-a-b-c-,4", ("abc"):gsub("", "-"))
            same("1a2b3c4,4", ("abc"):gsub("()", "%1"))
            same("he34o,2", ("hello"):gsub("()l", "%1"))
            same("a1b2,2", ("ab"):gsub("()(%w)", function(p, c) return c .. p end))
            same("<a><b><c>,3", ("abc"):gsub("%w", "<%1>"))  -- %1 without captures: the whole match
            same("a5c,1", ("abc"):gsub("b", 5))
            same("111,3", ("abc"):gsub("%w", function(c) return #c end))
            same("a%c,1", ("abc"):gsub("b", "%%"))
            """)
    }

    /// The pattern functions pay for their work in C, not for a wrapper's Lua: a gsub or a
    /// gmatch loop over every character of 100 KB fits one call's default budget.
    @Test func longPatternLoopsFitTheBudget() throws {
        #expect(ScriptLimits().instructions == 2_000_000)
        try load("""
            local s = ("x"):rep(100000)
            local r, n = s:gsub(".", "y")
            assert(n == 100000 and r == ("y"):rep(100000))
            local count = 0
            for c in s:gmatch(".") do count = count + 1 end
            assert(count == 100000)
            """)
    }

    @Test func finalizersAndWeakTablesAreRefused() throws {
        try load("""
            local ok, err = pcall(setmetatable, {}, { __gc = function() end })
            assert(not ok and err:find("__gc"), err)
            ok, err = pcall(setmetatable, {}, { __mode = "k" })
            assert(not ok and err:find("weak"), err)
            """)
    }

    /// The collector reads `__mode` and `__gc` whenever it runs, so a metatable cannot gain
    /// them after setmetatable either: the sandbox seals it. The metatable stays the pack's
    /// table, changes to it are seen, and getmetatable does not show the seal.
    @Test func aMetatableCannotBecomeWeakLater() throws {
        try load("""
            local mt = {}
            local weak = setmetatable({}, mt)
            local ok, err = pcall(function() mt.__mode = "k" end)
            assert(not ok and err:find("weak tables are not available"), err)
            ok, err = pcall(function() mt.__gc = function() end end)
            assert(not ok and err:find("__gc is not available"), err)
            ok, err = pcall(rawset, mt, "__mode", "v")
            assert(not ok and err:find("weak tables"), err)
            assert(rawget(mt, "__mode") == nil and rawget(mt, "__gc") == nil)
            mt.__index = function(_, k) return k .. "!" end
            assert(weak.x == "x!" and getmetatable(weak) == mt and getmetatable(mt) == nil)
            setmetatable(mt, nil)
            assert(not pcall(function() mt.__mode = "k" end), "a sealed table stays sealed")
            -- A class whose metatable has a metatable of its own.
            local Base = { hello = function() return "hi" end }
            Base.__index = Base
            local Derived = setmetatable({}, { __index = Base })
            Derived.__index = Derived
            local obj = setmetatable({}, Derived)
            assert(obj.hello() == "hi" and getmetatable(Derived).__index == Base)
            ok, err = pcall(function() Derived.__mode = "k" end)
            assert(not ok and err:find("weak tables"), err)
            Derived.extra = 5
            assert(obj.extra == 5 and rawget(Derived, "extra") == 5)
            -- A metatable's own __newindex still sees the keys it is given.
            local seen = {}
            local P = setmetatable({}, { __newindex = function(t, k, v) seen[#seen + 1] = k rawset(t, k, v) end })
            setmetatable({}, P)
            P.y = 1
            assert(seen[1] == "y" and rawget(P, "y") == 1, tostring(seen[1]))
            assert(not pcall(function() P.__mode = "k" end) and #seen == 1)
            """)
    }

    /// A seal does not take away Lua's `__metatable` protection: a sealed table's protected
    /// metatable cannot be changed, and getmetatable gives its `__metatable`, as in Lua. A
    /// table with a protected metatable of the pack's may be a metatable, and a
    /// setmetatable that fails seals nothing.
    @Test func aSealedTableKeepsItsProtectedMetatable() throws {
        try load("""
            local m2 = {}
            setmetatable({}, m2)
            setmetatable(m2, { __metatable = "locked" })
            assert(getmetatable(m2) == "locked", tostring(getmetatable(m2)))
            local ok, err = pcall(setmetatable, m2, nil)
            assert(not ok and err == "cannot change a protected metatable", tostring(err))
            ok, err = pcall(function() setmetatable(m2, {}) end)
            assert(not ok and err:find("s.lua:7: cannot change a protected metatable", 1, true), tostring(err))
            assert(getmetatable(m2) == "locked")
            -- Protected by false, as Lua's string metatable is.
            local m3 = {}
            setmetatable({}, m3)
            setmetatable(m3, { __metatable = false })
            assert(getmetatable(m3) == false and not pcall(setmetatable, m3, nil))
            -- A table with a protected metatable can be a metatable, as in Lua.
            local p = setmetatable({}, { __metatable = "locked" })
            local t
            ok, t = pcall(setmetatable, {}, p)
            assert(ok and getmetatable(t) == p and getmetatable(p) == "locked", tostring(t))
            assert(not pcall(function() p.__mode = "k" end))
            -- A setmetatable that fails leaves its argument unsealed.
            local q = {}
            assert(not pcall(setmetatable, m2, q))
            q.__mode = "k"
            assert(rawget(q, "__mode") == "k")
            -- The engine's lists cannot be metatables: their metatable is the engine's.
            ok, err = pcall(setmetatable, {}, echolot.list(1))
            assert(not ok and err:find("echolot.list cannot be a metatable", 1, true), tostring(err))
            """)
    }

    /// A C stack overflow inside the sandbox's own pairs (Lua, where Lua's is C) is told
    /// as Lua's C pairs tells it, without a position, not at the engine's line
    /// (`echolot.sandbox:220:`), however it is caught — by a function coroutine.wrap made
    /// too, which puts its caller's line in front as Lua's does; a message the pack raised
    /// itself is left as it is, even when it looks like the engine's.
    @Test func anOverflowInsidePairsNamesNoEngineLine() throws {
        try load("""
            local t; t = setmetatable({}, { __pairs = function() for k in pairs(t) do end end })
            local ok, err = pcall(pairs, t)
            assert(not ok and err == "C stack overflow", err)
            local r = setmetatable({}, { __pairs = function(t) return pairs(t) end })
            ok, err = pcall(pairs, r)
            assert(not ok and err == "C stack overflow", err)
            ok, err = xpcall(function() return pairs(r) end, function(m) return "H:" .. m end)
            assert(not ok and err == "H:C stack overflow", err)
            local co = coroutine.create(function() return pairs(r) end)
            ok, err = coroutine.resume(co)
            assert(not ok and err == "C stack overflow", err)
            ok, err = coroutine.close(co)
            assert(not ok and err == "C stack overflow", tostring(err))
            local w = coroutine.wrap(function() return pairs(r) end)
            ok, err = pcall(w)
            assert(not ok and err == "C stack overflow", err)
            ok, err = pcall(w)
            assert(not ok and err == "cannot resume dead coroutine", err)
            w = coroutine.wrap(function() return pairs(r) end)
            ok, err = pcall(function() local v = w() return v end)
            assert(not ok and err == "test/scripts/s.lua:20: C stack overflow", err)
            ok, err = pcall(error, "echolot.api:12: hello", 0)
            assert(not ok and err == "echolot.api:12: hello", err)
            ok, err = pcall(function() error("echolot.sandbox:1: forged", 0) end)
            assert(not ok and err == "echolot.sandbox:1: forged", err)
            local forged = setmetatable({}, { __pairs = pcall,
              __call = function() error("echolot.sandbox:1: forged", 0) end })
            local a, b = pairs(forged)
            assert(a == false and b == "echolot.sandbox:1: forged", tostring(b))
            ok, err = pcall(coroutine.wrap(function() error("echolot.sandbox:1: forged", 0) end))
            assert(not ok and err == "echolot.sandbox:1: forged", err)
            local wrapped = setmetatable({}, { __pairs = coroutine.wrap(function() error("echolot.sandbox:1: forged", 0) end) })
            ok, err = pcall(pairs, wrapped)
            assert(not ok and err == "echolot.sandbox:1: forged", err)
            """)
    }

    @Test func pairsAndTostringAreDeterministic() throws {
        try load("""
            local t = { zebra = 1, apple = 2, [3] = "c", [1] = "a", mango = 3 }
            local keys = {}
            for k in pairs(t) do keys[#keys + 1] = tostring(k) end
            assert(table.concat(keys, ",") == "1,3,apple,mango,zebra", table.concat(keys, ","))
            local a, b = {}, {}
            assert(tostring(a) == "table: #1" and tostring(b) == "table: #2" and tostring(a) == "table: #1")
            -- echolot.null is shown by its name, never by its address (which differs per run).
            assert(tostring(echolot.null) == "echolot.null", tostring(echolot.null))
            assert(string.format("%s|%s", echolot.null, a) == "echolot.null|table: #1")
            """)
    }

    @Test func ctxCannotBePatchedForOtherRules() throws {
        let engine = try Support.engine([
            "scripts/patch.lua": """
                echolot.reducer({ name = "patch", on = { ["pack.go"] = function(level, action, ctx)
                  rawset(ctx, "emit", print)
                end } })
                """,
        ])
        var level = Level()
        level[LevelKeys.id] = "x"
        let store = Store(state: GameState.incarnation(of: level), reducers: try engine.reducers(for: level, pack: "test"))
        let rejection = try #require(store.dispatch(Action("pack.go")).rejections.first)
        #expect("\(rejection.error)".contains("ctx is read-only"))
    }

    @Test func registrationOnlyWhileLoading() throws {
        let engine = try Support.engine([
            "scripts/late.lua": """
                echolot.reducer({ name = "late", on = { ["pack.go"] = function()
                  echolot.goal("sneaky", { on = { tick = function() end } })
                end } })
                """,
        ])
        var level = Level()
        level[LevelKeys.id] = "x"
        let store = Store(state: GameState.incarnation(of: level), reducers: try engine.reducers(for: level, pack: "test"))
        let transition = store.dispatch(Action("pack.go"))
        let rejection = try #require(transition.rejections.first)
        #expect("\(rejection.error)".contains("only while the pack's scripts load"))
    }
}
