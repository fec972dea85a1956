import EcholotTestSupport
import Foundation
import Testing

/// `pairs` over a table keyed by the sandbox's own functions, in fresh processes: most are
/// C functions Lua never made (`string.len`, `ctx.random`), whose order Lua takes from their
/// addresses, and ASLR places the code anew in every process.
@Suite struct FunctionKeyOrderTests {
    /// Every function a pack can reach by a name (its globals, the libraries, `echolot`,
    /// `ctx`), the iterators `ipairs` and `utf8.codes` return, and one of the pack's own,
    /// as keys of one table: `pairs` (and a walk with `next`) visits the sandbox's by name,
    /// then the pack's, alike in every process.
    @Test func theSandboxsFunctionsAsKeysAreWalkedByNameInEveryProcess() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let files: [String: String] = [
            "pack.json": #"{ "id": "keys", "name": "Keys", "version": "1.0.0", "api": 1 }"#,
            "levels/one.json": """
                { "id": "one", "name": "One", "seed": 1,
                  "entities": [ { "id": "e", "position": { "azimuth": 0 }, "sound": { "file": "bell.wav" } } ],
                  "goals": [] }
                """,
            "scripts/order.lua": """
                local function mine() end
                echolot.reducer({ name = "order", on = { tick = function(level, action, ctx)
                  if level.order ~= nil then return end
                  local names = {}
                  local function add(name, f)
                    if names[f] == nil or name < names[f] then names[f] = name end
                  end
                  for key, value in pairs(_G) do
                    if type(value) == "function" then
                      add(key, value)
                    elseif type(value) == "table" and key ~= "_G" then
                      for field, f in pairs(value) do
                        if type(f) == "function" then add(key .. "." .. field, f) end
                      end
                    end
                  end
                  for field, f in pairs(ctx) do
                    if type(f) == "function" then add("ctx." .. field, f) end
                  end
                  add("ipairs(t)", (ipairs({})))
                  add("utf8.codes(s)", (utf8.codes("")))
                  add("utf8.codes(s, true)", (utf8.codes("", true)))
                  add("mine", mine)
                  local order = {}
                  for _, name in pairs(names) do order[#order + 1] = name end
                  level.order = table.concat(order, "|")
                  local walked, k = {}, next(names)
                  while k ~= nil do walked[#walked + 1] = names[k]; k = next(names, k) end
                  if table.concat(walked, "|") ~= level.order then error("next walks otherwise: " .. table.concat(walked, "|")) end
                  print(level.order)
                end } })
                """,
            "input.jsonl": #"{"t": 0.1, "action": "end"}"# + "\n",
        ]
        try writePackFiles(files, in: folder)
        let arguments = ["run", folder.path, "--level", "one", "--input", folder.appendingPathComponent("input.jsonl").path, "--json"]
        let runs = try (0..<5).map { _ in try echolot(arguments) }
        for run in runs { #expect(run.status == 0, "\(run.stderr)") }
        let printed = try #require(runs[0].stderr.split(separator: "\n").first { $0.hasPrefix("print: ") })
        let order = printed.dropFirst("print: ".count).split(separator: "|").map(String.init)
        #expect(order.last == "mine", "the pack's own function after the sandbox's")
        let sandbox = Array(order.dropLast())
        #expect(sandbox == sandbox.sorted(), "the sandbox's functions by name: \(sandbox)")
        for name in ["math.floor", "string.len", "select", "ctx.random", "ipairs(t)", "utf8.codes(s)", "utf8.codes(s, true)", "echolot.goal"] {
            #expect(sandbox.contains(name), "\(name) is one of them")
        }
        // The order is stored in the state: the hash too is the same in every process.
        for run in runs.dropFirst() { #expect(run.stdout == runs[0].stdout && run.stderr == runs[0].stderr) }
    }
}
