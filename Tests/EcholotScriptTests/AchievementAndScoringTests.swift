import EcholotCore
import EcholotModel
import Testing
@testable import EcholotScript

/// The standard achievements and scoring, through real Lua.
@Suite struct AchievementAndScoringTests {
    func play(scoring: String = #"{"type": "standard"}"#, _ actions: (Store<GameState>) -> Void) throws -> Store<GameState> {
        let level = Support.level(entities: [("bell", 90), ("bee", 270)],
                                  goals: #"[{"type": "find", "entity": "bell"}, {"type": "avoid", "entity": "bee"}]"#,
                                  scoring: scoring)
        let world = try Support.world(level: level)
        world.store.dispatch(.start)
        actions(world.store)
        return world.store
    }

    func achievements(_ store: Store<GameState>) -> [String] { store.state[Game.achievements].keys.sorted() }

    @Test func standardScoreFromTimeAndMisses() throws {
        let store = try play(scoring: #"{"type": "standard", "parTime": 7, "base": 500, "missPenalty": 50, "timeBonus": 90}"#) { store in
            store.dispatch(.select)  // a miss
            Support.tick(store, 120)  // 2 s
            store.dispatch(.selectEntity("bell"))
        }
        // 500 − 50 + floor(90 × (7 − 2) / 7) = 514.
        #expect(store.level[LevelKeys.score] == 514)
        #expect(achievements(store) == ["firstWin", "quickEar"])
    }

    /// A win scores at most `base − missPenalty × misses` and never below 0, however many
    /// misses a rule records: before, the product wrapped, and `math.maxinteger` misses
    /// scored 1100 here (100 × them wraps to −100), 184467440737095516 misses 1016.
    @Test(arguments: [(9, 100), (10, 0), (11, 0), (184_467_440_737_095_516, 0), (Int.max, 0)])
    func aStandardScoreStaysInItsBoundsForAnyMisses(misses: Int, score: Int) throws {
        let level = Support.level(entities: [("bell", 90)], goals: #"[{"type": "find", "entity": "bell"}]"#,
                                  scoring: #"{"type": "standard", "base": 1000, "missPenalty": 100, "timeBonus": 0}"#)
        let world = try Support.world(scripts: ["miss.lua": """
            echolot.reducer({ name = "miss", on = { ["pack.miss"] = function(level, action) level.misses = action.misses end } })
            """], level: level)
        world.store.dispatch(.start)
        #expect(world.store.dispatch(Action("pack.miss", ["misses": .int(misses)])).rejections.isEmpty)
        world.store.dispatch(.selectEntity("bell"))
        #expect(world.store.level[LevelKeys.status] == .won)
        #expect(world.store.level[LevelKeys.score] == score)
    }

    @Test func aLostLevelScoresZero() throws {
        let store = try play { $0.dispatch(.selectEntity("bee")) }
        #expect(store.level[LevelKeys.status] == .lost)
        #expect(store.level[LevelKeys.score] == 0)
        #expect(achievements(store) == [])
    }

    @Test func quickEarNeedsSpeed() throws {
        let store = try play { store in
            Support.tick(store, 16 * 60)
            store.dispatch(.selectEntity("bell"))
        }
        #expect(achievements(store) == ["firstWin", "flawless"])
        #expect(store.level[LevelKeys.score] == 1000 + 366)
    }

    @Test func fullCircleIsEarnedByTurning() throws {
        let store = try play { store in
            for center in [120.0, 240, 0, 90] { store.dispatch(.turnTo(center)) }
        }
        #expect(achievements(store) == ["fullCircle"])
        let earned = store.state[Game.achievements]["fullCircle"]
        #expect(earned?["title"] == .string("Full Circle"))
        #expect(earned?["level"] == .string("one"))
        // Earned at the third turn (360°); an earned achievement no longer runs.
        #expect(store.state["achievementProgress"]["fullCircle"]["turned"] == .number(360))
    }

    @Test func anEarnedAchievementIsNotEarnedAgain() throws {
        let level = Support.level(entities: [("bell", 0)], goals: #"[{"type": "find", "entity": "bell"}]"#)
        let world = try Support.world(level: level)
        var state = GameState.incarnation(of: world.level.level, packID: "test")
        state[Game.achievements] = ["firstWin": ["level": "earlier"]]
        let store = Store(state: state, reducers: LevelReducers.all + (try world.rules.reducers(for: world.level)))
        store.dispatch(.start)
        let transition = store.dispatch(.selectEntity("bell"))
        let earned = transition.actions.filter { $0.name == "achievement.earned" }.map { $0["id"] }
        #expect(!earned.contains(.string("firstWin")))
        #expect(store.state[Game.achievements]["firstWin"]?["level"] == .string("earlier"))
    }
}
