import EcholotCore
import EcholotModel
import Foundation
import Testing
@testable import EcholotScript

/// docs/lua/echolot.lua, the annotation file editors complete from, as the engine has it:
/// a modder who writes what it offers gets no nil, and what the engine offers is in it.
@Suite struct AnnotationAgreementTests {
    /// The annotation file's text.
    static let text: String = {
        let url = Support.root.appendingPathComponent("docs/lua/echolot.lua")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()

    /// The fields `---@class NAME` declares: each name, and whether it is optional (`name?`).
    static func fields(of name: String) -> [String: Bool] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0 == "---@class \(name)" || $0.hasPrefix("---@class \(name):") })
        else { return [:] }
        var fields: [String: Bool] = [:]
        for line in lines[(start + 1)...] {
            guard line.hasPrefix("---@field ") else { break }
            let word = line.dropFirst("---@field ".count).prefix { $0 != " " }
            if word.hasPrefix("[") { continue }  // `[string]`: a rule's own fields
            fields[String(word.hasSuffix("?") ? word.dropLast() : word)] = word.hasSuffix("?")
        }
        return fields
    }

    /// The functions the file declares on `owner` (`function Context.random(m, n) end`).
    static func functions(of owner: String) -> Set<String> {
        Set(text.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("function \(owner).") else { return nil }
            return String(line.dropFirst("function \(owner).".count).prefix { $0 != "(" })
        })
    }

    /// What a goal rule sees on a tick of a level with music and an entity with a sound:
    /// the keys of `echolot`, `ctx` and each part of the level, sorted and joined.
    static func seen() throws -> [String: String] {
        let script = """
            local function keys(t)
              local list = {}
              for k in pairs(t) do list[#list + 1] = k end
              table.sort(list)
              return table.concat(list, " ")
            end
            local api = keys(echolot)
            echolot.goal("probe", { params = { n = { type = "number", default = 1 } }, on = { tick = function(goal, action, ctx)
              local level = ctx.level
              local entity = level.entities.e
              goal.api, goal.ctx, goal.level = api, keys(ctx), keys(level)
              goal.entity, goal.sound, goal.view = keys(entity), keys(entity.sound), keys(level.view)
              goal.music, goal.goal = keys(level.music), keys(goal)
            end } })
            """
        let level = #"{"id": "one", "name": "One", "music": {"file": "s.wav"}, "ambience": [{"file": "s.wav"}], "#
            + #""entities": [{"id": "e", "position": {"azimuth": 0}, "sound": {"file": "s.wav"}}], "#
            + #""goals": [{"type": "probe", "id": "p"}]}"#
        let world = try Support.world(scripts: ["probe.lua": script], level: level)
        #expect(world.store.dispatch(.start).rejections.isEmpty)
        #expect(world.store.dispatch(.tick(1.0 / 60)).rejections.isEmpty)
        let goal = try #require(world.store.goal("p"))
        var seen: [String: String] = [:]
        for part in ["api", "ctx", "level", "entity", "sound", "view", "music", "goal"] {
            seen[part] = goal[part].stringValue ?? ""
        }
        return seen
    }

    /// Every field the engine gives is annotated, and every field annotated as always there
    /// is given (the optional ones may be absent: a level's `score` before it is scored).
    static func compare(_ part: String, seen: String, annotated: [String: Bool], functions: Set<String> = []) {
        let given = Set(seen.split(separator: " ").map(String.init))
        #expect(!given.isEmpty, "nothing seen of \(part)")
        let declared = Set(annotated.keys).union(functions)
        for name in given.subtracting(declared).sorted() {
            Issue.record("docs/lua/echolot.lua does not annotate \(part).\(name), which the engine gives")
        }
        let required = Set(annotated.filter { !$0.value }.keys).union(functions)
        for name in required.subtracting(given).sorted() {
            Issue.record("docs/lua/echolot.lua annotates \(part).\(name), which the engine does not give")
        }
    }

    @Test func theAnnotatedTablesAreTheEngines() throws {
        let seen = try Self.seen()
        Self.compare("echolot", seen: seen["api"] ?? "", annotated: Self.fields(of: "echolot"),
                     functions: Self.functions(of: "echolot"))
        Self.compare("ctx", seen: seen["ctx"] ?? "", annotated: Self.fields(of: "echolot.Context"),
                     functions: Self.functions(of: "Context"))
        Self.compare("level", seen: seen["level"] ?? "", annotated: Self.fields(of: "echolot.Level"))
        Self.compare("entity", seen: seen["entity"] ?? "", annotated: Self.fields(of: "echolot.Entity"))
        Self.compare("sound", seen: seen["sound"] ?? "", annotated: Self.fields(of: "echolot.Sound"))
        Self.compare("view", seen: seen["view"] ?? "", annotated: Self.fields(of: "echolot.View"))
        Self.compare("music", seen: seen["music"] ?? "", annotated: Self.fields(of: "echolot.Ambient"))
        // A goal's own fields besides the annotated ones are what the rule keeps (its
        // entry's parameters, the probe's notes); an optional one (`deadline`) only a rule
        // that sets it has.
        let goal = Set((seen["goal"] ?? "").split(separator: " ").map(String.init))
        #expect(Set(Self.fields(of: "echolot.Goal").filter { !$0.value }.keys).isSubset(of: goal), "\(goal)")
        #expect(Self.fields(of: "echolot.Goal")["deadline"] == true, "the deadline players hear run out")
    }

    /// The spec fields, declaration fields and parameter types the file offers are the ones
    /// a misspelling is told to choose from.
    @Test func theAnnotatedSpecsAreTheEngines() throws {
        func listed(_ code: String, after marker: String) throws -> Set<String> {
            let engine = try ScriptEngine()
            let error = #expect(throws: ScriptError.self) {
                try engine.loadScript(pack: "test", source: ScriptSource(pack: "test", file: "scripts/x.lua", displayPath: "x.lua"),
                                      text: Array(code.utf8))
            }
            let message = error?.message ?? ""
            let tail = try #require(message.range(of: marker), "\(message)")
            let names = message[tail.upperBound...].prefix { $0 != ")" }
            return Set(names.components(separatedBy: ", "))
        }
        // Each kind's list is its annotated spec's fields with those of the specs it extends.
        for (kind, specs) in [("goal", ["echolot.Spec", "echolot.ConfiguredSpec", "echolot.GoalSpec"]),
                              ("behaviour", ["echolot.Spec", "echolot.ConfiguredSpec", "echolot.BehaviourSpec"]),
                              ("scoring", ["echolot.Spec", "echolot.ConfiguredSpec", "echolot.ScoringSpec"]),
                              ("achievement", ["echolot.Spec", "echolot.AchievementSpec"]),
                              ("story", ["echolot.Spec", "echolot.StorySpec"]),
                              ("reducer", ["echolot.Spec", "echolot.ReducerSpec"])] {
            let call = kind == "story" || kind == "reducer" ? "echolot.\(kind)({" : "echolot.\(kind)('a', {"
            let spec = try listed(call + " onn = {}, on = { tick = print } })", after: "a spec of \(kind) has: ")
            let annotated = specs.reduce(into: Set<String>()) { $0.formUnion(Self.fields(of: $1).keys) }
            #expect(annotated == spec, "\(kind)")
        }
        let declaration = try listed("echolot.goal('a', { params = { x = { mni = 1 } }, on = { tick = print } })",
                                     after: "a declaration has: ")
        #expect(Set(Self.fields(of: "echolot.ParamSpec").keys) == declaration)
        let types = try listed("echolot.goal('a', { params = { x = 'colour' }, on = { tick = print } })",
                               after: "the types are: ")
        let alias = try #require(Self.text.split(separator: "\n").first { $0.hasPrefix("---@alias echolot.ParamType ") })
        let annotatedTypes = alias.dropFirst("---@alias echolot.ParamType ".count).split(separator: "|")
            .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
        #expect(Set(annotatedTypes) == types)
    }

    /// A pack test's fields and what its `expect` may check are annotated as the reader
    /// takes them, so that an editor completes no field the reader refuses.
    @Test func packTestsAreAnnotatedAsTheyAreRead() {
        #expect(Set(Self.fields(of: "echolot.PackTest").keys) == PackTestReader.fields)
        #expect(Set(Self.fields(of: "echolot.PackTestExpect").keys) == Set(PackTestReader.expectList))
        #expect(Self.fields(of: "echolot.PackTestExpect").values.allSatisfy { $0 }, "each is optional")
        #expect(Set(Self.fields(of: "echolot.InputEvent").keys) == ["t", "action"])
    }
}
