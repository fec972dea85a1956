import EcholotCore
import EcholotModel
import Foundation
import Testing
@testable import EcholotScript

/// What `ctx.emit("goal.met" | "goal.failed", {id = …})` says when the id names no goal:
/// the id shown as every message shows a name (escaped, cut when long), and a message
/// that is true when no level is being played at all.
@Suite struct GoalAnnouncementTests {
    /// A pack whose game reducer runs `body` on `pack.go`, and a level with goal `g`:
    /// the store playing it, or with no level in the state when `withoutLevel`.
    func store(_ body: String, withoutLevel: Bool = false) throws -> Store<GameState> {
        let script = """
            echolot.reducer({ name = "announcer", focus = "game", on = { ["pack.go"] = function(game, action, ctx)
            \(body)
            end } })
            """
        let level = Support.level(entities: [("bell", 0)], goals: #"[{"type": "timeLimit", "id": "g", "seconds": 60}]"#)
        let world = try Support.world(scripts: ["announce.lua": script], level: level)
        guard withoutLevel else { return world.store }
        var state = world.store.state
        state["level"] = .null
        return Store(state: state, reducers: LevelReducers.all + (try world.rules.reducers(for: world.level)))
    }

    /// The first rejection's message of `pack.go`.
    func go(_ store: Store<GameState>) -> String {
        Support.rejection(store.dispatch(Action("pack.go")))
    }

    /// A 5,000-character id is cut as a long name is everywhere else, not printed whole,
    /// and a line break in it is written out, keeping the message one line.
    @Test func aLongOrMultiLineIdIsShownCut() throws {
        let long = try go(store(#"ctx.emit("goal.met", { id = string.rep("x", 5000) })"#))
        #expect(long.contains("ctx.emit: goal.met: there is no goal '\(String(repeating: "x", count: 60))…' in this level (goals: g)"),
                "\(long.prefix(300))")
        #expect(long.count < 400, "\(long.count) characters")
        let broken = try go(store(#"ctx.emit("goal.failed", { id = "a\nb" })"#))
        #expect(broken.contains(#"ctx.emit: goal.failed: there is no goal 'a\nb' in this level (goals: g)"#), "\(broken)")
    }

    /// With no level in the state (a story rule or a game reducer between levels), the
    /// message says so instead of "there is no goal … in this level (it has no goals)".
    @Test func withNoLevelTheMessageSaysThereIsNone() throws {
        let named = try go(store(#"ctx.emit("goal.met", { id = "g" })"#, withoutLevel: true))
        #expect(named.contains("announce.lua:2:1: error: ctx.emit: goal.met: no level is being played, so there is no goal 'g' to announce"),
                "\(named)")
        let unnamed = try go(store(#"ctx.emit("goal.failed")"#, withoutLevel: true))
        #expect(unnamed.contains("ctx.emit: goal.failed: no level is being played, so there is no goal to announce"), "\(unnamed)")
    }

    /// An id of bytes that are not UTF-8 text is refused at the emit as no text can be,
    /// level or not: it was told as '(not UTF-8 text)', which hid the problem, and with no
    /// level it raised "attempt to concatenate a nil value".
    @Test func anIdThatIsNotTextIsRefusedAtTheEmit() throws {
        let refused = "ctx.emit: payload.id: a string stored in the state must be valid UTF-8"
        let inLevel = try go(store(#"ctx.emit("goal.met", { id = "caf\xE9 \xE2\x82\x0F\u{E9}" })"#))
        #expect(inLevel.contains(refused), "\(inLevel)")
        let noLevel = try go(store(#"ctx.emit("goal.met", { id = "\xff" })"#, withoutLevel: true))
        #expect(noLevel.contains(refused), "\(noLevel)")
    }

    /// With the level there, an id of one of its goals is announced.
    @Test func anIdOfTheLevelsGoalIsAnnounced() throws {
        #expect(try go(store(#"ctx.emit("goal.met", { id = "g" })"#)) == "")
    }

    /// A goal a level or game reducer sets met or failed is announced as a goal rule's
    /// change is, so the outcome rule ends the level: it was never announced, and a level
    /// whose reducer met its goals ran on for ever.
    @Test(arguments: ["level", "game"])
    func aGoalAReducerSetsIsAnnounced(focus: String) throws {
        let path = focus == "level" ? "focus" : "focus.level"
        let script = """
            echolot.reducer({ name = "judge", focus = "\(focus)", on = {
              ["pack.meet"] = function(focus) for _, g in pairs(\(path).goals) do g.state = "met" end end,
              ["pack.fail"] = function(focus) \(path).goals.b.state = "failed" end,
              ["pack.again"] = function(focus) \(path).goals.a.state = "met" end,
              ["pack.both"] = function(focus, action, ctx) \(path).goals.a.state = "met" ctx.emit("goal.met", { id = "a" }) end,
            } })
            """
        let level = Support.level(entities: [("bell", 0)], goals: #"[{"type": "find", "id": "b", "entity": "bell"}, {"type": "find", "id": "a", "entity": "bell"}]"#)
        let won = try Support.world(scripts: ["judge.lua": script], level: level).store
        won.dispatch(.start)
        let meeting = won.dispatch(Action("pack.meet"))
        #expect(meeting.rejections.isEmpty, "\(Support.rejection(meeting))")
        // In id order, whatever order the reducer wrote them in.
        #expect(Array(meeting.actions.map(\.name).prefix(4)) == ["pack.meet", "goal.met", "goal.met", "level.won"])
        #expect(meeting.actions.filter { $0.name == "goal.met" }.compactMap { $0.payload["id"]?.stringValue } == ["a", "b"])
        #expect(won.level[LevelKeys.status] == .won)
        let lost = try Support.world(scripts: ["judge.lua": script], level: level).store
        lost.dispatch(.start)
        #expect(Array(lost.dispatch(Action("pack.fail")).actions.map(\.name).prefix(3)) == ["pack.fail", "goal.failed", "level.lost"])
        #expect(lost.level[LevelKeys.status] == .lost)
        // A state written as it was is no change, and is not announced again.
        let again = try Support.world(scripts: ["judge.lua": script], level: level).store
        again.dispatch(.start)
        #expect(again.dispatch(Action("pack.again")).actions.map(\.name) == ["pack.again", "goal.met"])
        #expect(again.dispatch(Action("pack.again")).actions.map(\.name) == ["pack.again"])
        // A reducer that emits the announcement itself, as one had to before, gets it once.
        let both = try Support.world(scripts: ["judge.lua": script], level: level).store
        both.dispatch(.start)
        #expect(both.dispatch(Action("pack.both")).actions.map(\.name) == ["pack.both", "goal.met"])
    }
}
