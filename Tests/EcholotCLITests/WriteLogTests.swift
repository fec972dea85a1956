import EcholotTestSupport
import Foundation
import Testing

#if os(Linux)
/// The C write log of a behaviour batch points at field names held by the entities' Lua
/// data tables. These tests free and poison every block Lua lets go of (glibc's
/// `MALLOC_PERTURB_`, with the per-thread cache off so no free escapes it), so a log entry
/// read after its name was collected fails loudly instead of by chance. (Both settings
/// are glibc's: elsewhere the test would check nothing, so it runs on Linux only.)
@Suite struct WriteLogTests {
    /// Entity `a` changes a field only it has, then replaces itself without that field, so
    /// the old data table held the name's last reference; `b`, later in the same batch,
    /// makes enough garbage for a full collection before Swift reads the log.
    @Test func aReplacedEntitysLoggedFieldNamesOutliveACollectionInTheSameCall() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let files: [String: String] = [
            "pack.json": #"{ "id": "churn", "name": "Churn", "version": "1.0.0", "api": 1, "kind": "scored" }"#,
            "levels/churn.json": """
                { "id": "churn", "name": "Churn", "seed": 1,
                  "entities": [
                    { "id": "a", "name": "A", "position": { "azimuth": 10 }, "sound": { "file": "bell.wav" },
                      "behaviours": [ { "type": "churn" } ] },
                    { "id": "b", "name": "B", "position": { "azimuth": 20 }, "sound": { "file": "bell.wav" },
                      "behaviours": [ { "type": "churn" } ] } ],
                  "goals": [ { "type": "find", "entity": "a" } ] }
                """,
            "scripts/churn.lua": """
                echolot.behaviour("churn", {
                  on = {
                    tick = function(entity, action, ctx)
                      if ctx.id == "a" then
                        -- built at run time: no constant of the script holds the name
                        local key = "zq" .. "_only_here"
                        if entity[key] == nil then entity[key] = 1; return end
                        entity[key] = entity[key] + 1  -- a number over a number: logged by name
                        return { id = entity.id, name = entity.name, azimuth = entity.azimuth,
                                 sound = { file = "bell.wav" }, behaviours = { { type = "churn" } } }
                      end
                      local garbage = {}
                      for i = 1, 30000 do garbage[i] = string.format("zr_%011d", i) end
                      for i = 1, 30000 do garbage[i] = {} end
                    end,
                  },
                })
                """,
            "tests/churn.lua": """
                return {
                  { name = "every tick is taken", level = "churn", input = { { t = 0.2, action = "end" } },
                    maxSeconds = 1, expect = { outcome = "running" } },
                }
                """,
        ]
        try writePackFiles(files, in: folder)
        let result = try runEcholot(["test", folder.path], environment: [
            "MALLOC_PERTURB_": "165", "GLIBC_TUNABLES": "glibc.malloc.tcache_count=0"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(!result.stderr.contains("error:"))
    }
}
#endif
