import EcholotCore
import EcholotModel
import Testing
@testable import EcholotScript

/// The registration API as modders use it.
@Suite struct APITests {
    func loadError(_ code: String) -> ScriptError? {
        #expect(throws: ScriptError.self) {
            let engine = try ScriptEngine()
            try engine.loadScript(pack: "test", source: ScriptSource(pack: "test", file: "scripts/x.lua", displayPath: "x.lua"),
                                  text: Array(code.utf8))
        }
    }

    @Test(arguments: [
        ("echolot.goal('a', { on = { tick = function() end } })\necholot.goal('a', { on = { tick = function() end } })",
         2, "goal 'a' is already registered at x.lua:1"),
        ("echolot.goal('a', {})", 1, "goal 'a': the spec needs 'on'"),
        ("echolot.behaviour('a', { on = { tick = 5 } })", 1, "on['tick'] must be a function, found number"),
        ("echolot.goal('a', { params = { x = 'colour' }, on = { tick = print } })", 1,
         "parameter 'x' has unknown type 'colour' (the types are: any, boolean, entities, entity, integer, list, map, number, string, tag)"),
        ("echolot.goal('a', { params = { x = 'int' }, on = { tick = print } })", 1,
         "parameter 'x' has unknown type 'int' (did you mean 'integer'? the types are: any,"),
        ("echolot.goal('a', { params = { x = { type = 'number', min = 1, default = 0 } }, on = { tick = print } })",
         1, "the default of parameter 'x' must be ≥ 1"),
        ("echolot.goal('a', { params = { state = 'string' }, on = { tick = print } })", 1, "'state' cannot be a parameter"),
        ("echolot.goal('a b', { on = { tick = print } })", 1, "the name must be an identifier"),
        ("echolot.goal('a', { on = { ['pack*'] = print } })", 1, "only a trailing '.*'"),
        // A misspelt field would otherwise be ignored: no parameters, no minimum.
        ("echolot.goal('a', {\n  parms = { x = 'number' },\n  on = { tick = print } })", 2,
         "goal 'a': the spec has an unknown field 'parms' (did you mean 'params'? a spec of goal has: check, description, on, params, title)"),
        ("echolot.goal('a', { params = { x = { type = 'number', mni = 3 } }, on = { tick = print } })", 1,
         "parameter 'x' has an unknown field 'mni' (did you mean 'min'? a declaration has: default, description, max, min, of, optional, type, values)"),
        ("echolot.achievement('a', { title = 5, on = { tick = print } })", 1, "achievement 'a': 'title' must be a string"),
        ("echolot.goal('a', { params = { x = { type = 'number', optional = 'yes' } }, on = { tick = print } })", 1,
         "parameter 'x': 'optional' must be true or false"),
        ("echolot.reducer({ name = 'r', focus = 'game', onn = {}, on = { tick = print } })", 1,
         "the spec has an unknown field 'onn' (did you mean 'on'? a spec of reducer has: description, focus, name, on, title)"),
        // Tail calls leave no frame of the script's, yet the line is still the script's,
        // for the error and for where a rule was registered.
        ("local spec = 5\n\nreturn echolot.goal('a', spec)", 3, "echolot.goal('a', spec): spec must be a table"),
        ("local on = { ['pack*'] = print }\nreturn echolot.behaviour('a', { on = on })", 2, "only a trailing '.*'"),
        ("return (function()\n  echolot.goal('a', { on = { tick = print } })\n  return echolot.goal('a', { on = { tick = print } })\nend)()",
         3, "goal 'a' is already registered at x.lua:2"),
        ("\nreturn echolot.reducer({ focus = 'room', on = { tick = print } })", 2, "focus must be \"level\" or \"game\""),
        // A bound, an item type or a list of values the parameter's type has no use for
        // would be ignored without a word; a misspelt item type gets the likely one.
        ("echolot.goal('a', { params = { x = { type = 'string', min = 1 } }, on = { tick = print } })", 1,
         "parameter 'x': min and max bound numbers and list lengths; a string has neither"),
        ("echolot.goal('a', { params = { x = { type = 'number', of = 'entity' } }, on = { tick = print } })", 1,
         "parameter 'x': 'of' is the item type of a list, and this parameter is a number"),
        ("echolot.goal('a', { params = { x = { type = 'list', of = 'entity', values = { 1, 2 } } }, on = { tick = print } })", 1,
         "parameter 'x': 'values' lists the allowed values of a single value, and this parameter is a list"),
        ("echolot.goal('a', { params = { x = { type = 'list', of = 'nmber' } }, on = { tick = print } })", 1,
         "parameter 'x': 'of' must name an item type (did you mean 'number'? the item types are: any, boolean, entity, integer, map, number, string)"),
        // The name that is not one is shown, not only its type.
        ("echolot.goal('quick find', { on = { tick = print } })", 1,
         "the name must be an identifier such as 'myGoal' (letters, digits, '_', '.' and '-', not starting with a digit), found 'quick find'"),
        ("echolot.goal(7, { on = { tick = print } })", 1, "found an integer"),
        // A misspelt action would never come, and the rule would never run.
        ("echolot.goal('a', { on = {\n  ['entity.selcted'] = print } })", 2,
         "goal 'a': on['entity.selcted']: no action is named so (did you mean 'entity.selected'?); a pack's own actions are named pack.*"),
        ("echolot.behaviour('a', { on = { ['entiy.*'] = print } })", 1,
         "behaviour 'a': on['entiy.*']: no action's name begins with 'entiy.'"),
        ("echolot.achievement('a', { on = { Tick = print } })", 1, "(did you mean 'tick'?)"),
        // `end` stops a run before any store sees it: a rule on it would wait for nothing.
        ("echolot.reducer({ on = {\n  ['end'] = print } })", 2,
         "reducer 'test/reducer1': on['end']: 'end' stops a run before any rule sees it, so this would never run"),
        ("echolot.goal('a', { on = { ['pack.*.x'] = print } })", 1, "only a trailing '.*'"),
        // Declarations nothing would ever use.
        ("echolot.achievement('a', {\n  check = print, on = { tick = print } })", 2,
         "achievement 'a': 'check' checks a level's entry for the rule, and no level configures an achievement"),
        ("echolot.reducer({ name = 'r', params = { x = 'number' }, on = { tick = print } })", 1,
         "reducer 'r': a reducer has no parameters (no level configures it; ctx.params is nil in its reducers)"),
        ("echolot.story({ check = print, on = { tick = print } })", 1, "no level configures a story"),
        ("echolot.achievement('a', { params = { k = 'number' }, on = { tick = print } })", 1,
         "achievement 'a': parameter 'k' needs a default (or optional = true): no level configures an achievement"),
    ])
    func badRegistrations(code: String, line: Int, message: String) {
        let error = loadError(code)
        #expect(error?.line == line)
        #expect(error?.message.contains(message) == true, "\(error?.message ?? "")")
    }

    /// Every problem of one spec is told in one load, each at its own field: fixing one
    /// does not reveal the next. A parameter or an action with a problem is told once.
    @Test func everyProblemOfASpecIsToldAtOnce() {
        let error = loadError("""
            echolot.behaviour('wobble', {
              titel = 'Wobble',
              params = {
                amplitude = { type = 'numbr', min = 'a' },
                period = { type = 'number', mni = 0.1 },
              },
              on = { ['level.startd'] = print, tick = 3 } })
            """)
        let all = error.map { [$0] + $0.more } ?? []
        #expect(all.map { "\($0.line ?? 0):\($0.column ?? 0)" } == ["2:3", "7:12", "7:36", "4:19", "5:33"],
                "\(all.map(\.description))")
        #expect(all.map(\.message).allSatisfy { $0.hasPrefix("behaviour 'wobble': ") })
        #expect(all.contains { $0.message.contains("the spec has an unknown field 'titel'") })
        #expect(all.contains { $0.message.contains("on['tick'] must be a function, found number") })
    }

    /// What the collected problems of a spec must not do: tell one mistake twice, take
    /// another field's place, or go with a later script's error.
    @Test func aSpecsProblemsAreEachToldOnceInTheirPlace() throws {
        func told(_ code: String) -> [String] {
            guard let error = loadError(code) else { return [] }
            // Column 0: none, the registration's line alone.
            return ([error] + error.more).map { "\($0.line ?? 0):\($0.column ?? 0) \($0.message)" }
        }
        let noOn = told("echolot.goal('a', {\n  title = 5, description = 'd' })")
        #expect(noOn == ["2:3 goal 'a': 'title' must be a string",
                         "1:0 goal 'a': the spec needs 'on', a table from action names to reducer functions"], "\(noOn)")
        let misspelt = told("echolot.goal('a', {\n  On = { tick = print } })")
        #expect(misspelt.count == 1 && misspelt.first?.contains("unknown field 'On' (did you mean 'on'?") == true, "\(misspelt)")
        let check = told("echolot.achievement('a', {\n  check = true, on = { tick = print } })")
        #expect(check.count == 1 && check.first?.contains("no level configures an achievement") == true, "\(check)")
        let twice = told("echolot.goal('g', { on = { tick = print } })\necholot.goal('g', {\n  titel = 'x', on = { tick = print } })")
        #expect(twice.count == 2, "\(twice)")
        #expect(twice.contains { $0.hasPrefix("2:0 goal 'g' is already registered at x.lua:1") }, "\(twice)")
        #expect(twice.contains { $0.hasPrefix("3:3 goal 'g': the spec has an unknown field 'titel'") }, "\(twice)")
        // A later script's own error comes alone.
        let engine = try ScriptEngine()
        func load(_ file: String, _ code: String) -> ScriptError? {
            do {
                try engine.loadScript(pack: "test", source: ScriptSource(pack: "test", file: "scripts/\(file)", displayPath: file),
                                      text: Array(code.utf8))
                return nil
            } catch { return error }
        }
        #expect(load("a.lua", "echolot.goal('g', { title = 5, description = 6, on = { tick = print } })")?.more.count == 1)
        let later = load("b.lua", "local x = nil\nlocal y = x + 1")
        #expect(later?.more == [], "\(later?.more.map(\.description) ?? [])")
    }

    /// Each field a spec or a declaration does not have is a mistake of its own: only the
    /// first in sorted order was told (`foo`, not the misspelt `parms` beside it), so the
    /// next came one fix later. A misspelt `On` among them still leaves "needs 'on'" untold.
    @Test func everyStrayFieldIsToldAtItsPlace() {
        func told(_ code: String) -> [String] {
            guard let error = loadError(code) else { return [] }
            return ([error] + error.more).map { "\($0.line ?? 0):\($0.column ?? 0) \($0.message)" }
        }
        let spec = told("echolot.goal('g1', {\n  parms = { n = 'number' },\n  On = { tick = print },\n  foo = 1,\n})")
        // In the order of the text, as validate shows them.
        #expect(spec.sorted() == [
            "2:3 goal 'g1': the spec has an unknown field 'parms' (did you mean 'params'? a spec of goal has: check, description, on, params, title)",
            "3:3 goal 'g1': the spec has an unknown field 'On' (did you mean 'on'? a spec of goal has: check, description, on, params, title)",
            "4:3 goal 'g1': the spec has an unknown field 'foo' (a spec of goal has: check, description, on, params, title)",
        ], "\(spec)")
        let declaration = told("echolot.goal('g', {\n  params = { n = { type = 'number', mni = 1, mxa = 2 } },\n  on = { tick = print } })")
        let fields = "a declaration has: default, description, max, min, of, optional, type, values"
        #expect(declaration.sorted() == [
            "2:37 goal 'g': parameter 'n' has an unknown field 'mni' (did you mean 'min'? \(fields))",
            "2:46 goal 'g': parameter 'n' has an unknown field 'mxa' (did you mean 'max'? \(fields))",
        ], "\(declaration)")
    }

    /// A spec's field at fault is placed where it is written, line and column, though a Lua
    /// table keeps no positions; a spec built away from its registration keeps the
    /// registration's line rather than another rule's field.
    @Test func aSpecErrorIsPlacedAtItsField() {
        let nested = loadError("""
            echolot.goal('a', {
              params = {
                speed = { type = 'number', mni = 0 },
              },
              on = { tick = print } })
            """)
        #expect(nested?.description.hasPrefix("x.lua:3:32: error: goal 'a': parameter 'speed' has an unknown field 'mni'") == true,
                "\(nested?.description ?? "")")
        let typed = loadError("echolot.goal('a', {\n  params = { n = 'nmber' },\n  on = { tick = print } })")
        #expect(typed?.description.hasPrefix("x.lua:2:14: error:") == true, "\(typed?.description ?? "")")
        let action = loadError("echolot.goal('a', {\n  on = { tick = print,\n    [\"entity.selcted\"] = print } })")
        #expect(action?.description.hasPrefix("x.lua:3:7: error:") == true, "\(action?.description ?? "")")
        let elsewhere = loadError("""
            local spec = { parms = {}, on = { tick = print } }
            echolot.goal('a', spec)
            echolot.goal('b', { parms = {}, on = { tick = print } })
            """)
        #expect(elsewhere?.description.hasPrefix("x.lua:2:1: error: goal 'a'") == true, "\(elsewhere?.description ?? "")")
    }

    /// Bounds no value can meet are refused where they are declared: a min above the max
    /// would refuse every value a level gives, a NaN would bound nothing (it compares
    /// false), an infinite one is no bound or refuses every value.
    @Test func boundsNoValueCanMeetAreRefusedAtTheDeclaration() {
        let above = loadError("echolot.goal('a', {\n  params = { n = { type = 'number', max = 1, min = 10 } },\n  on = { tick = print } })")
        #expect(above?.description == "x.lua:2:46: error: goal 'a': parameter 'n': min (10) is above max (1), so no value would do (pack 'test')",
                "\(above?.description ?? "")")
        let nan = loadError("echolot.behaviour('b', {\n  params = { k = { type = 'list', min = 0/0 } },\n  on = { tick = print } })")
        #expect(nan?.description == "x.lua:2:35: error: behaviour 'b': parameter 'k': min must be a finite number, found NaN (leave it out for no bound) (pack 'test')",
                "\(nan?.description ?? "")")
        let huge = loadError("echolot.goal('a', { params = { n = { type = 'integer', max = -math.huge } }, on = { tick = print } })")
        #expect(huge?.description == "x.lua:1:56: error: goal 'a': parameter 'n': max must be a finite number, found -math.huge (leave it out for no bound) (pack 'test')",
                "\(huge?.description ?? "")")
        // An integer or a list's length is whole: bounds with no whole number between them
        // refuse every value, while the same bounds on a number leave values to give.
        let fraction = loadError("echolot.goal('a', {\n  params = { n = { type = 'integer', min = 0.5, max = 0.9 } },\n  on = { tick = print } })")
        #expect(fraction?.description == "x.lua:2:38: error: goal 'a': parameter 'n': no whole number lies between min (0.5) and max (0.9), and an integer is one, so no value would do (pack 'test')",
                "\(fraction?.description ?? "")")
        let length = loadError("echolot.goal('a', { params = { k = { type = 'entities', min = 1.2, max = 1.8 } }, on = { tick = print } })")
        #expect(length?.description.contains("no whole number lies between min (1.2) and max (1.8), and a list's length is one") == true,
                "\(length?.description ?? "")")
        for accepted in ["type = 'number', min = 0.5, max = 0.9", "type = 'integer', min = 0.5, max = 1"] {
            #expect(throws: Never.self) {
                try ScriptEngine().loadScript(pack: "test", source: ScriptSource(pack: "test", file: "scripts/x.lua", displayPath: "x.lua"),
                                              text: Array("echolot.goal('a', { params = { n = { \(accepted) } }, on = { tick = print } })".utf8))
            }
        }
        let equal = try? ScriptEngine()
        #expect(throws: Never.self) {
            try equal?.loadScript(pack: "test", source: ScriptSource(pack: "test", file: "scripts/x.lua", displayPath: "x.lua"),
                                  text: Array("echolot.goal('a', { params = { n = { type = 'number', min = 2, max = 2 } }, on = { tick = print } })".utf8))
        }
    }

    /// A value of `values` that the parameter's own type or bounds refuse is refused where it
    /// is declared, each at its item: it was accepted, and a level giving it was then told
    /// it is wrong.
    @Test func aValueNoLevelCouldGiveIsRefusedAtTheDeclaration() {
        let error = loadError("""
            echolot.behaviour('hop', {
              params = { direction = { type = 'string', default = 'cw', values = { 'cw', 'ccw', 3 } },
                         step = { type = 'integer', min = 1, max = 180, values = { 0, 45, 2.5 }, optional = true } },
              on = { tick = print } })
            """)
        let told = error.map { ([$0] + $0.more).map { "\($0.line ?? 0):\($0.column ?? 0) \($0.message)" } } ?? []
        #expect(told.sorted() == [
            "2:85 behaviour 'hop': parameter 'direction': 'values' item 3 must be a string, found an integer, so no level could give it",
            "3:72 behaviour 'hop': parameter 'step': 'values' item 1 must be ≥ 1, so no level could give it",
            "3:79 behaviour 'hop': parameter 'step': 'values' item 3 must be an integer, found 2.5, so no level could give it",
        ], "\(told)")
        let fine = try? ScriptEngine()
        #expect(throws: Never.self) {
            try fine?.loadScript(pack: "test", source: ScriptSource(pack: "test", file: "scripts/x.lua", displayPath: "x.lua"),
                                 text: Array("echolot.goal('a', { params = { n = { type = 'integer', min = 1, values = { 1, 2.0 } } }, on = { tick = print } })".utf8))
        }
    }

    /// A value no level could give because it is no value a file can hold (NaN) is told as
    /// such, not as "'values' must be a list".
    @Test func aValueThatIsNotANumberIsToldAsSuch() {
        let error = loadError("echolot.behaviour('hop', { params = { d = { type = 'number', values = { 1, 0/0 } } }, on = { tick = print } })")
        #expect(error?.message.hasPrefix("behaviour 'hop': parameter 'd': 'values'[2]: ") == true, "\(String(describing: error))")
        #expect(error?.message.contains("NaN cannot be stored") == true, "\(String(describing: error))")
    }

    /// `values = {}` allows nothing: it was refused as "must be a list", which it is.
    @Test func valuesListingNothingAreRefusedAsAllowingNothing() {
        for empty in ["{}", "echolot.list()"] {
            let error = loadError("echolot.behaviour('hop', { params = { d = { type = 'string', values = \(empty) } }, on = { tick = print } })")
            #expect(error?.message == "behaviour 'hop': parameter 'd': 'values' lists no value, so no level could give one; "
                + "list the values allowed, or leave 'values' out", "\(String(describing: error))")
        }
    }

    /// The field is found by reading the call's table constructors, not by searching the
    /// text: a handler that calls `echolot.list()` before `params`, a description that
    /// says `params =`, a comment, another table after the call or a parameter's field of
    /// the same name in another declaration does not move the message off its field.
    @Test func aSpecErrorIsPlacedAtItsFieldWhateverTheTextAroundIt() {
        func place(_ code: String) -> String {
            let description = loadError(code)?.description ?? ""
            return String(description.prefix { $0 != " " })
        }
        #expect(place("""
            echolot.goal('a', {
              on = { tick = function(goal) goal.seen = echolot.list() end },
              params = {
                x = { type = 'number', mni = 1 },
              },
            })
            """) == "x.lua:4:28:")
        #expect(place("""
            echolot.goal('a', {
              description = "Like echolot.goal's find; params = { x = { mni = 1 } } in a level",
              -- params = { x = { mni = 2 } }
              params = { y = { type = 'number', min = 1 }, x = { type = 'number', mni = 1 } },
            on = { tick = print } })
            """) == "x.lua:4:71:")
        #expect(place("""
            echolot.goal('a', { params = { min = { type = 'number', min = 0 }, n = { type = 'number', min = 'zero' } },
              on = { tick = print } })
            """) == "x.lua:1:91:")
        #expect(place("""
            echolot.reducer { name = 'r', on = { tick = print, [ [[pack.x.*.y]] ] = print } }
            """) == "x.lua:1:56:")
        #expect(place("""
            local spec = { params = { x = { typ = 'number' } }, on = { tick = print } }
            echolot.goal('a', spec)
            local notes = { params = { x = { typ = 'number' } } }
            """) == "x.lua:2:1:")
    }

    /// A field's key is found as Lua holds it: written with an escape, holding a line
    /// break, or a list's item (its index). Each was placed at the parameter's name: the
    /// key was compared as written, and the keys were handed over as one text, a line
    /// each, that held no number.
    @Test func aSpecErrorIsPlacedAtAKeyWhateverItHolds() {
        let broken = loadError("echolot.goal('a', {\n  params = {\n    speed = { type = 'number', [\"m\\nn\"] = 0 } },\n  on = { tick = print } })")
        #expect(broken?.line == 3 && broken?.column == 34, "\(broken?.description ?? "")")
        let escaped = loadError("echolot.goal('a', {\n  params = {\n    speed = { type = 'number', [\"m\\\"n\"] = 0 } },\n  on = { tick = print } })")
        #expect(escaped?.message.contains(#"parameter 'speed' has an unknown field 'm"n'"#) == true, "\(escaped?.message ?? "")")
        #expect(escaped?.line == 3 && escaped?.column == 34, "\(escaped?.description ?? "")")
        let item = loadError("echolot.goal('a', {\n  params = {\n    speed = { type = 'number', 'min' } },\n  on = { tick = print } })")
        #expect(item?.message.contains("parameter 'speed' has an unknown field '1'") == true, "\(item?.message ?? "")")
        #expect(item?.line == 3 && item?.column == 32, "\(item?.description ?? "")")
    }

    /// What `on` may name: the engine's actions, the rules layer's and the story's, families
    /// of them, and any action of the `pack.*` and `story.*` families.
    @Test func everyActionARuleCanHandleIsAccepted() throws {
        let engine = try ScriptEngine()
        let names = ActionName.handleable.sorted() + ["pack.door.open", "pack.*", "story.*", "story.jump", "entity.*", "level.*", "goal.*"]
        let on = names.map { "[\"\($0)\"] = print" }.joined(separator: ", ")
        try engine.loadScript(pack: "test", source: ScriptSource(pack: "test", file: "scripts/x.lua", displayPath: "x.lua"),
                              text: Array("echolot.reducer({ name = 'all', on = { \(on) } })".utf8))
        #expect(engine.rule(.reducer, named: "all", for: "test")?.handles.count == names.count)
    }

    @Test func describedRules() throws {
        let engine = try Support.engine()
        let find = try #require(engine.rule(.goal, named: "find", for: "any"))
        #expect(find.pack == "echolot")
        #expect(find.source?.file == "scripts/goals/find.lua")
        #expect(find.handles == ["entity.selected"])
        #expect(find.params.map(\.name) == ["entity", "tag"])
        let orbit = try #require(engine.rule(.behaviour, named: "orbit", for: "any"))
        #expect(orbit.params.first?.defaultValue == .int(10))
        #expect(Set(engine.ruleNames(.goal, for: "any")) == ["find", "findAll", "findInOrder", "timeLimit", "maxMisses", "avoid"])
        #expect(Set(engine.ruleNames(.behaviour, for: "any")) == ["orbit", "drift", "pulse", "blink", "approach"])
        #expect(Set(engine.ruleNames(.achievement, for: "any")) == ["firstWin", "flawless", "quickEar", "fullCircle"])
        #expect(engine.ruleNames(.scoring, for: "any") == ["standard"])
    }

    @Test func customActionsStoryAndGameReducers() throws {
        let scripts = [
            "story.lua": """
                echolot.reducer({ name = "doorbell", on = { ["entity.selected"] = function(level, action, ctx)
                  if action.id == "door" then ctx.emit("pack.doorOpened", { by = action.id }) end
                end } })
                echolot.reducer({ name = "counter", focus = "game", on = { ["pack.*"] = function(game, action)
                  game.packActions = (game.packActions or 0) + 1
                end } })
                echolot.story({ on = {
                  ["pack.doorOpened"] = function(story, action, ctx)
                    story.chapter = "hall"
                    story.part = echolot.timeOfDay(21)
                    ctx.emit("story.chapterStarted", { chapter = "hall" })
                  end,
                } })
                """,
        ]
        let level = Support.level(entities: [("door", 0)])
        let world = try Support.world(scripts: scripts, level: level)
        // A level played on its own: no story plays, so the story's rule does not run.
        world.store.dispatch(.start)
        let alone = world.store.dispatch(.selectEntity("door"))
        #expect(alone.rejections.isEmpty)
        #expect(alone.actions.map(\.name) == ["selectEntity", "entity.selected", "pack.doorOpened"])
        #expect(world.store.state["story"] == .null)
        #expect(world.store.state["packActions"] == .int(1))
        // Within a story, its rule changes the story's record.
        var state = GameState.incarnation(of: world.level.level)
        state["story"] = ["status": "running", "vars": .emptyMap]
        let story = Store(state: state, reducers: LevelReducers.all + (try world.rules.reducers(for: world.level)))
        story.dispatch(.start)
        let transition = story.dispatch(.selectEntity("door"))
        #expect(transition.rejections.isEmpty)
        #expect(transition.actions.map(\.name).contains("story.chapterStarted"))
        #expect(story.state["story"] == ["status": "running", "vars": .emptyMap, "chapter": "hall", "part": "evening"])
    }

    /// `echolot.timeOfDay` tells the part of the day the story clock's `dayPart` does, at
    /// every bound, within an hour, and for any hour taken round the clock.
    @Test func timeOfDayHasTheStoryClocksParts() throws {
        let hours: [Double] = [-1, 0, 5.99, 6, 10.5, 11, 12.99, 13, 17.5, 18, 21.99, 22, 23.5, 24, 30, 1e300]
        let list = hours.map { $0 == 1e300 ? "1e300" : "\($0)" }.joined(separator: ", ")
        let world = try Support.world(scripts: [
            "parts.lua": """
                echolot.reducer({ name = "parts", focus = "game", on = { ["pack.ask"] = function(game)
                  local parts = {}
                  for _, hour in ipairs({ \(list) }) do parts[#parts + 1] = echolot.timeOfDay(hour) end
                  game.parts = table.concat(parts, ",")
                end } })
                """,
        ], level: Support.level(entities: [("e", 0)]))
        #expect(world.store.dispatch(Action("pack.ask")).rejections.isEmpty)
        // Written out, not worked out with DayPart, which the function now asks.
        let expected = ["night", "night", "night", "morning", "morning", "noon", "noon", "afternoon", "afternoon",
                        "evening", "evening", "night", "night", "night", "morning", "night"]
        #expect(world.store.state["parts"] == .string(expected.joined(separator: ",")))
        // The story clock's parts, at the whole hours among them.
        for (hour, part) in zip(hours, expected) where hour == hour.rounded() && (0..<24).contains(hour) {
            #expect(TimeOfDay(hour: Int(hour), minute: 0)?.dayPart.rawValue == part, "\(hour)")
        }
    }

    /// The defaults a level's goal and scoring entries fall back on, by type, as the rules
    /// declare them: a pack's own and the standard ones, for the strings that tell them.
    @Test func ruleDefaultsAreTheDeclaredOnes() throws {
        let engine = try Support.engine([
            "rules.lua": """
                echolot.goal("quickFind", { params = {
                  entity = { type = "entity" },
                  seconds = { type = "number", default = 15 },
                }, on = { tick = function() end } })
                echolot.scoring("stars", { params = { parTime = { type = "number", default = 30 } }, on = { tick = function() end } })
                """,
        ])
        let defaults = engine.ruleDefaults(for: "test")
        #expect(defaults.goals["quickFind"] == ["seconds": 15])
        #expect(defaults.scoring["stars"] == ["parTime": 30])
        #expect(defaults.scoring["standard"]?["parTime"] == 60)
        #expect(defaults.goals["find"] == nil, "a type whose parameters have no default has none")
    }

    @Test func rulesMayEmitOnlyTheirOwnActions() throws {
        let world = try Support.world(scripts: [
            "cheat.lua": #"echolot.reducer({ name = "cheat", on = { ["pack.cheat"] = function(level, action, ctx) ctx.emit("select") end } })"#,
        ], level: Support.level(entities: [("e", 0)]))
        let error = try #require(world.store.dispatch(Action("pack.cheat")).rejections.first?.error as? ScriptError)
        #expect(error.message.contains("rules may emit goal.met, goal.failed, level.won, level.lost, pack.* and story.* actions, not 'select'"))
        #expect(error.line == 1)
    }

    /// A whole goal or entity written by a reducer focused on the level keeps its key as its
    /// id, and a goal written over another keeps its type: the level's rules were checked
    /// against the goals as they are.
    @Test func aWholeGoalOrEntityKeepsItsKeyAndType() throws {
        let world = try Support.world(scripts: [
            "level.lua": """
                echolot.reducer({ name = "swap", on = {
                  ["pack.rekeyGoal"] = function(level) level.goals.g = { id = "h", type = "find", entity = "e", state = "pending" } end,
                  ["pack.retypeGoal"] = function(level) level.goals.g = { id = "g", type = "timeLimit", state = "met" } end,
                  ["pack.rekeyEntity"] = function(level) level.entities.e = { id = "x", azimuth = 0 } end,
                  ["pack.newGoal"] = function(level) level.goals.extra = { id = "extra", type = "find", entity = "e", state = "pending" } end,
                } })
                """,
        ], level: Support.level(entities: [("e", 0)], goals: #"[{"type": "find", "entity": "e", "id": "g"}]"#))
        for (action, message) in [
            ("pack.rekeyGoal", "field 'g': its id is 'h'; a goal's id is its key among the goals"),
            ("pack.retypeGoal", "field 'g': a goal's type cannot change (it is 'find', not 'timeLimit')"),
            ("pack.rekeyEntity", "field 'e': its id is 'x'; an entity's id is its key among the entities"),
        ] {
            let error = try #require(world.store.dispatch(Action(action)).rejections.first?.error as? ScriptError)
            #expect(error.message == message, "\(error)")
            #expect(error.line == 2 + ["pack.rekeyGoal", "pack.retypeGoal", "pack.rekeyEntity"].firstIndex(of: action)!)
        }
        #expect(world.store.dispatch(Action("pack.newGoal")).rejections.isEmpty, "a new goal under its own key is fine")
    }

    /// The same holds for the goals and entities inside a whole map or a whole level
    /// written at once: before, `level.goals = { g = { … type = "timeLimit" } }` changed a
    /// goal's type (silently stopping its rule), and a rekeyed entity or a goal in a state
    /// no rule knows reached the state, when written through the map rather than one by one.
    @Test func goalsAndEntitiesInsideAWholeMapOrLevelKeepTheirKeysTypesAndStates() throws {
        let world = try Support.world(scripts: [
            "level.lua": """
                local function whole(level, field, value)
                  local copy = {} for k, v in pairs(level) do copy[k] = v end copy[field] = value return copy
                end
                echolot.reducer({ name = "swap", on = {
                  ["pack.goalsRekeyed"] = function(level) level.goals = { g = { id = "h", type = "find", entity = "e", state = "pending" } } end,
                  ["pack.goalsRetyped"] = function(level) level.goals = { g = { id = "g", type = "timeLimit", state = "met" } } end,
                  ["pack.goalsStateless"] = function(level) level.goals = { g = { id = "g", type = "find", entity = "e", state = "won" } } end,
                  ["pack.entitiesRekeyed"] = function(level) level.entities = { e = { id = "x", azimuth = 0 } } end,
                  ["pack.levelRetyped"] = function(level) return whole(level, "goals", { g = { id = "g", type = "maxMisses", state = "pending" } }) end,
                  ["pack.levelRekeyed"] = function(level) return whole(level, "entities", { e = { id = "x", azimuth = 0 } }) end,
                  ["pack.goalsFine"] = function(level) level.goals = { g = { id = "g", type = "find", entity = "e", state = "pending" },
                    extra = { id = "extra", type = "find", entity = "e", state = "pending" } } end,
                } })
                """,
        ], level: Support.level(entities: [("e", 0)], goals: #"[{"type": "find", "entity": "e", "id": "g"}]"#))
        world.store.dispatch(.start)
        let returned = "reducer 'swap' returned a focus the state cannot hold: "
        for (action, message) in [
            ("pack.goalsRekeyed", "field 'g': its id is 'h'; a goal's id is its key among the goals"),
            ("pack.goalsRetyped", "field 'g': a goal's type cannot change (it is 'find', not 'timeLimit')"),
            ("pack.goalsStateless", #"field 'g.state': a goal's state is "pending", "met" or "failed", not "won""#),
            ("pack.entitiesRekeyed", "field 'e': its id is 'x'; an entity's id is its key among the entities"),
            ("pack.levelRetyped", returned + "field 'g': a goal's type cannot change (it is 'find', not 'maxMisses')"),
            ("pack.levelRekeyed", returned + "field 'e': its id is 'x'; an entity's id is its key among the entities"),
        ] {
            let before = world.store.state
            let error = try #require(world.store.dispatch(Action(action)).rejections.first?.error as? ScriptError, "\(action)")
            #expect(error.message == message, "\(error)")
            #expect(error.line == 5 + ["pack.goalsRekeyed", "pack.goalsRetyped", "pack.goalsStateless", "pack.entitiesRekeyed",
                                       "pack.levelRetyped", "pack.levelRekeyed"].firstIndex(of: action)!, "\(error)")
            #expect(world.store.state == before, "\(action)")
        }
        #expect(world.store.dispatch(Action("pack.goalsFine")).rejections.isEmpty, "goals under their own keys, types kept, are fine")
        #expect(world.store.state["level"]["goals"]["extra"]["type"] == "find")
    }

    /// The level's own fields hold what the engine reads there: its status changes only by
    /// an outcome (so score and achievements follow it), and its counters, time and finds
    /// keep their kinds. Before, `level.status = "bogus"` froze the level without a word
    /// and `level.misses = -5` scored above the best possible run.
    @Test func aLevelsOwnFieldsHoldWhatTheEngineReads() throws {
        let world = try Support.world(scripts: [
            "level.lua": """
                echolot.reducer({ name = "meddle", on = {
                  ["pack.status"] = function(level) level.status = "bogus" end,
                  ["pack.win"] = function(level) level.status = "won" end,
                  ["pack.misses"] = function(level) level.misses = -5 end,
                  ["pack.found"] = function(level) level.found = 3 end,
                  ["pack.time"] = function(level) level.time = -1 end,
                  ["pack.whole"] = function(level) local copy = {} for k, v in pairs(level) do copy[k] = v end copy.status = "won" return copy end,
                  ["pack.fine"] = function(level) level.misses = level.misses + 2 level.time = level.time + 5 level.found = { "e" } end,
                  ["pack.wholeFine"] = function(level) local copy = {} for k, v in pairs(level) do copy[k] = v end copy.misses = 7 return copy end,
                } })
                """,
        ], level: Support.level(entities: [("e", 0)]))
        world.store.dispatch(.start)
        for (action, message) in [
            ("pack.status", "field 'status': a level's status changes only by emitting level.won or level.lost (it is 'running')"),
            ("pack.win", "field 'status': a level's status changes only by emitting level.won or level.lost (it is 'running')"),
            ("pack.misses", "field 'misses': a level's misses is a whole number from 0 up, not -5"),
            ("pack.found", "field 'found': a level's found is a list of entity ids, not 3"),
            ("pack.time", "field 'time': a level's time is a number of seconds from 0 up, not -1"),
            ("pack.whole", "reducer 'meddle' returned a focus the state cannot hold: field 'status': a level's status changes only by emitting level.won or level.lost (it is 'running')"),
        ] {
            let before = world.store.state
            let error = try #require(world.store.dispatch(Action(action)).rejections.first?.error as? ScriptError, "\(action)")
            #expect(error.message == message, "\(error)")
            #expect(world.store.state == before)
        }
        #expect(world.store.dispatch(Action("pack.fine")).rejections.isEmpty)
        #expect(world.store.level[LevelKeys.misses] == 2 && world.store.level[LevelKeys.time] == 5)
        // A level returned whole is held to its own id, not to its key in the game.
        #expect(world.store.dispatch(Action("pack.wholeFine")).rejections.isEmpty)
        #expect(world.store.level[LevelKeys.misses] == 7)
    }

    /// The fields the engine and the standard rules read hold what a level file may give
    /// them, however they are written: an entity's tags (a list of non-empty strings, which
    /// `findAll` walks), the view's fields (in the ranges the level format gives them) and
    /// the level's found ids (each an entity of the level). Before, `e.tags = 5` made every
    /// later select fail in `findAll`, and `selectTolerance = 500` or a found "ghost" were
    /// taken as they came.
    @Test func theViewTagsAndFoundHoldWhatTheLevelFormatAllows() throws {
        let world = try Support.world(scripts: [
            "fields.lua": """
                echolot.behaviour("poke", { on = {
                  ["pack.tags"] = function(e) e.tags = 5 end,
                  ["pack.tagItem"] = function(e) e.tags[#e.tags + 1] = 7 end,
                  ["pack.tagList"] = function(e) e.tags = { "a", 3 } end,
                  ["pack.emptyTag"] = function(e) table.insert(e.tags, "") end,
                } })
                echolot.reducer({ name = "meddle", on = {
                  ["pack.tolerance"] = function(level) level.view.selectTolerance = 500 end,
                  ["pack.negative"] = function(level) level.view.selectTolerance = -5 end,
                  ["pack.width"] = function(level) level.view.width = 0 end,
                  ["pack.visuals"] = function(level) level.view.visuals = "dim" end,
                  ["pack.noCenter"] = function(level) level.view.center = nil end,
                  ["pack.view"] = function(level) level.view = 5 end,
                  ["pack.ghost"] = function(level) level.found = echolot.list("ghost") end,
                  ["pack.ghostItem"] = function(level) level.found[#level.found + 1] = "ghost" end,
                  ["pack.wholeView"] = function(level) level.view = { center = 0, elevation = 0, width = 90, selectTolerance = 200, visuals = "shown" } end,
                  ["pack.wholeLevel"] = function(level) local copy = {} for k, v in pairs(level) do copy[k] = v end copy.entities = { e = { id = "e", tags = 5 } } return copy end,
                  ["pack.fine"] = function(level) level.view.center = 370 level.view.selectTolerance = 180 level.found = { "e" } level.found[2] = "e" local e = level.entities.e e.tags = { "x" } table.insert(e.tags, "y") end,
                  ["pack.untag"] = function(level) level.entities.e.tags = nil end,
                } })
                """,
        ], level: Support.level(entities: [("e", 0)], behaviours: #"[{"type": "poke"}]"#))
        world.store.dispatch(.start)
        let tags = "an entity's tags is a list of non-empty strings"
        for (action, line, message) in [
            ("pack.tags", 2, "field 'tags': \(tags), not 5"),
            ("pack.tagItem", 3, "field 'tags': \(tags), not a list with 7"),
            ("pack.tagList", 4, "field 'tags': \(tags), not a list with 3"),
            ("pack.emptyTag", 5, "field 'tags': \(tags), not a list with ''"),
            ("pack.tolerance", 8, "field 'selectTolerance': a level's view's selectTolerance is a number of degrees from 0 to 180, not 500"),
            ("pack.negative", 9, "field 'selectTolerance': a level's view's selectTolerance is a number of degrees from 0 to 180, not -5"),
            ("pack.width", 10, "field 'width': a level's view's width is a number of degrees from 1 to 360, not 0"),
            ("pack.visuals", 11, "field 'visuals': a level's view's visuals is \"shown\", \"faded\" or \"hidden\", not \"dim\""),
            ("pack.noCenter", 12, "cannot remove field 'center': the engine keeps a level's view's center"),
            ("pack.view", 13, "field 'view': a level's view is a table of its fields, not 5"),
            ("pack.ghost", 14, "field 'found': a level's found is a list of entity ids, not a list with 'ghost'"),
            ("pack.ghostItem", 15, "field 'found': a level's found is a list of entity ids, not a list with 'ghost'"),
            ("pack.wholeView", 16, "field 'selectTolerance': a level's view's selectTolerance is a number of degrees from 0 to 180, not 200"),
            ("pack.wholeLevel", nil, "reducer 'meddle' returned a focus the state cannot hold: field 'tags': \(tags), not 5"),
        ] as [(String, Int?, String)] {
            let before = world.store.state
            let error = try #require(world.store.dispatch(Action(action)).rejections.first?.error as? ScriptError, "\(action)")
            #expect(error.message == message, "\(error)")
            if let line { #expect(error.line == line, "\(action): \(error)") }
            #expect(world.store.state == before, "\(action)")
        }
        #expect(world.store.dispatch(Action("pack.fine")).rejections.isEmpty)
        let view = world.store.level[LevelKeys.view]
        #expect(view[ViewKeys.center] == 10 && view[ViewKeys.selectTolerance] == 180)
        #expect(world.store.level[LevelKeys.found] == ["e", "e"])
        #expect(world.store.entity("e")?[EntityKeys.tags] == ["x", "y"])
        #expect(world.store.dispatch(Action("pack.untag")).rejections.isEmpty, "tags are optional, as in a level file")
        #expect(world.store.entity("e")?[EntityKeys.tags] == [])
    }

    /// A view written as a list literal (`{ 0, 90 }`, no list yet when it is checked) is
    /// refused as any list is, where it was stored as a list with no field checked.
    @Test func aViewWrittenAsAListIsRefused() throws {
        let world = try Support.world(scripts: [
            "view.lua": """
                echolot.reducer({ name = "meddle", on = {
                  ["pack.listView"] = function(level) level.view = { 0, 90 } end,
                } })
                """,
        ], level: Support.level(entities: [("e", 0)]))
        world.store.dispatch(.start)
        let before = world.store.state
        let error = try #require(world.store.dispatch(Action("pack.listView")).rejections.first?.error as? ScriptError)
        #expect(error.message == "field 'view': a level's view is a table of its fields, not a list", "\(error)")
        #expect(error.line == 2)
        #expect(world.store.state == before)
    }

    /// An achievement is earned by `earned = true`; another value ("yes", 1) is refused at
    /// the line that writes it, as a goal's state is, rather than leaving it unearned
    /// without a word, and false is not yet. A record returned whole is held to the same.
    @Test func anAchievementsEarnedIsTrueOrFalse() throws {
        let world = try Support.world(scripts: [
            "eager.lua": """
                echolot.achievement("eager", { on = {
                  ["pack.yes"] = function(progress) progress.earned = "yes" end,
                  ["pack.one"] = function(progress) progress.earned = 1 end,
                  ["pack.notYet"] = function(progress) progress.earned = false end,
                  ["pack.whole"] = function(progress) return { earned = "yes" } end } })
                """,
        ], level: Support.level(entities: [("e", 0)], goals: #"[{"type": "find", "entity": "e", "id": "g"}]"#))
        world.store.dispatch(.start)
        let yes = try #require(world.store.dispatch(Action("pack.yes")).rejections.first?.error as? ScriptError)
        #expect(yes.message.contains(#"'earned': an achievement is earned by setting it to true (false or nil: not yet), not "yes""#),
                "\(yes)")
        #expect(yes.line == 2)
        let one = try #require(world.store.dispatch(Action("pack.one")).rejections.first?.error as? ScriptError)
        #expect(one.message.contains("an achievement is earned by setting it to true (false or nil: not yet), not 1"), "\(one)")
        #expect(one.line == 3)
        #expect(world.store.dispatch(Action("pack.notYet")).rejections.isEmpty)
        let whole = try #require(world.store.dispatch(Action("pack.whole")).rejections.first?.error as? ScriptError)
        #expect(whole.message.contains(#"achievement 'eager' returned 'earned' that will not do: an achievement is earned by "#
            + #"setting it to true (false or nil: not yet), not "yes""#), "\(whole)")
        #expect(world.store.state[Game.achievements]["eager"] == nil)
    }

    /// A goal's state holds only its three values, whoever writes it: a reducer focused on
    /// the level is refused at its line too; a field named `state` inside a goal's own
    /// table is just data.
    @Test func aGoalsStateIsCheckedWhoeverWritesIt() throws {
        let world = try Support.world(scripts: [
            "level.lua": """
                echolot.reducer({ name = "meddle", on = {
                  ["pack.meddle"] = function(level)
                    level.goals.g.state = "bogus"
                  end,
                  ["pack.nested"] = function(level) level.goals.g.memo = { state = "anything" } end,
                  ["pack.whole"] = function(level)
                    level.goals.g = { id = "g", type = "find", entity = "e", state = "bogus" }
                  end } })
                """,
        ], level: Support.level(entities: [("e", 0)], goals: #"[{"type": "find", "entity": "e", "id": "g"}]"#))
        let error = try #require(world.store.dispatch(Action("pack.meddle")).rejections.first?.error as? ScriptError)
        #expect(error.message.contains("field 'state': a goal's state is \"pending\", \"met\" or \"failed\", not \"bogus\""), "\(error)")
        #expect(error.line == 3)
        #expect(world.store.dispatch(Action("pack.nested")).rejections.isEmpty)
        // A whole goal written at once is held to the same, and the message names the
        // field inside it that cannot be held, as for an entity's fields.
        let whole = try #require(world.store.dispatch(Action("pack.whole")).rejections.first?.error as? ScriptError)
        #expect(whole.message == "field 'state': a goal's state is \"pending\", \"met\" or \"failed\", not \"bogus\"", "\(whole)")
        #expect(whole.line == 7)
    }

    /// Numbers in the state are finite, and no engine message shows an address a pack
    /// could store (`table: 0x…` differs from run to run).
    @Test func theStateHoldsFiniteNumbersAndMessagesNoAddresses() throws {
        let world = try Support.world(scripts: [
            "n.lua": """
                echolot.behaviour("n", { on = {
                  ["pack.nan"] = function(e) e.memo = 0/0 end,
                  ["pack.inf"] = function(e) e.azimuth = 1/0 end,
                  ["pack.nanAzimuth"] = function(e) e.azimuth = 0/0 end,
                  ["pack.deep"] = function(e) e.memo = { 1, -1/0 } end,
                  ["pack.key"] = function(e) e.memo = pcall(function() e[{}] = 1 end) and "" or select(2, pcall(function() e[{}] = 1 end)) end,
                } })
                """,
        ], level: Support.level(entities: [("e", 0)], behaviours: #"[{"type": "n"}]"#))
        let expected = [("pack.nan", "field 'memo': NaN cannot be stored in the state: numbers in it are finite"),
                        ("pack.inf", "field 'azimuth': an entity's azimuth is a number of degrees, not an infinite number"),
                        ("pack.nanAzimuth", "field 'azimuth': an entity's azimuth is a number of degrees, not NaN (not a number)"),
                        ("pack.deep", "field 'memo[2]': -inf cannot be stored in the state: numbers in it are finite")]
        world.store.dispatch(.start)  // behaviours run while the level runs
        for (action, message) in expected {
            let error = try #require(world.store.dispatch(Action(action)).rejections.first?.error as? ScriptError)
            #expect(error.message == message, "\(error)")
        }
        #expect(world.store.dispatch(Action("pack.key")).rejections.isEmpty)
        let memo = try #require(world.store.entity("e")?["memo"].stringValue)
        #expect(memo.hasSuffix("cannot store a field named by a table: field names must be strings"), "\(memo)")
    }

    /// `ctx.random` takes its bounds as `math.random` does (an integral float too) and
    /// refuses what it would otherwise ignore: a nil bound, a third argument.
    @Test func ctxRandomChecksItsBounds() throws {
        let world = try Support.world(scripts: [
            "r.lua": """
                echolot.reducer({ name = "r", on = {
                  ["pack.float"] = function(level, action, ctx) local n = ctx.random(2.0) assert(n == 1 or n == 2) end,
                  ["pack.nil"] = function(level, action, ctx) ctx.random(nil, 5) end,
                  ["pack.three"] = function(level, action, ctx) ctx.random(1, 2, 3) end } })
                """,
        ], level: Support.level(entities: [("e", 0)]))
        #expect(world.store.dispatch(Action("pack.float")).rejections.isEmpty)
        let none = try #require(world.store.dispatch(Action("pack.nil")).rejections.first?.error as? ScriptError)
        #expect(none.message.contains("ctx.random(m, n): bounds must be integers, found nil"), "\(none)")
        #expect(none.line == 3)
        let three = try #require(world.store.dispatch(Action("pack.three")).rejections.first?.error as? ScriptError)
        #expect(three.message.contains("ctx.random takes at most two bounds, found 3 arguments"), "\(three)")
    }

    @Test func aPackRuleShadowsTheStandardOne() throws {
        let world = try Support.world(scripts: [
            "find.lua": """
                echolot.goal("find", { params = { entity = "entity" }, on = {
                  ["entity.selected"] = function(goal, action, ctx) goal.state = "failed" end } })
                """,
        ], level: Support.level(entities: [("e", 0)], goals: #"[{"type": "find", "entity": "e"}]"#))
        world.store.dispatch(.start)
        world.store.dispatch(.selectEntity("e"))
        #expect(world.store.level[LevelKeys.status] == .lost)
    }

    @Test func printGoesToTheOutput() throws {
        let engine = try Support.engine(["scripts/p.lua": "print('hello', 1, {}, nil) print(('x'):rep(10000))"])
        #expect(engine.output.dropLast().last == "hello\t1\ttable: #1\tnil")
        // The lines kept lie outside the memory cap: a long one is cut.
        #expect(engine.output.last == String(repeating: "x", count: 4096) + "… (10000 bytes in all)")
    }

    /// A community pack's print reaches the player's terminal (`echolot test`, `run`): an
    /// escape sequence is written out, not obeyed, and each of its lines is a line of output
    /// of its own, which the commands show after their own `print: `.
    @Test func printedTextCannotCommandTheTerminalOrForgeALine() throws {
        let engine = try Support.engine(["scripts/p.lua": #"print("\27[2Jred\nx.lua:1:1: error: forged", "\tend")"#])
        #expect(Array(engine.output.suffix(2)) == ["\\u001B[2Jred", "x.lua:1:1: error: forged\t\tend"])
    }
}
