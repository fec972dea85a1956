import EcholotCore
import EcholotModel
@testable import EcholotTerminal
import Foundation
import Testing

/// The menus, the briefing and the end page as pages.
@Suite struct PagesTests {
    let names = Names(pack: tutorial)
    var entry: PackEntry { PackEntry(path: tutorialPath, pack: tutorial) }

    @Test func levelMenuShowsWhatProgressKnows() {
        let progress = SessionProgress()
        let group = LevelGroup.groups(of: tutorial)[0]
        var page = MenuPages.levels(entry, group: group, progress: progress, names: names)
        #expect(page.choices.map(\.line) == ["The First Sound", "Two Voices", "All Around You", "One After Another"])
        var won = tutorialStore("first-sound").state
        won[Game.level][LevelKeys.status] = .won
        won[Game.level][LevelKeys.score] = 1380
        progress.levelEnded(level: "first-sound", in: tutorial, result: RunResult(state: won))
        page = MenuPages.levels(entry, group: group, progress: progress, names: names)
        #expect(page.choices[0].line == "The First Sound — done · best 1380")
        // Lost, a level scores 0: no score reached, so no best until it is won.
        var lost = tutorialStore("two-voices").state
        lost[Game.level][LevelKeys.status] = .lost
        lost[Game.level][LevelKeys.score] = 0
        progress.levelEnded(level: "two-voices", in: tutorial, result: RunResult(state: lost))
        page = MenuPages.levels(entry, group: group, progress: progress, names: names)
        #expect(page.choices[1].line == "Two Voices")
    }

    @Test func unlockRulesLockScenariosUntilMet() {
        var manifest = tutorial.manifest
        manifest.scenarios.append(Scenario(id: "more", name: "More", levels: ["in-order"], unlock: .after("basics")))
        manifest.scenarios.append(Scenario(id: "hard", name: "Hard", levels: ["around-you"], unlock: .totalScore(2000)))
        var pack = tutorial
        pack.manifest = manifest
        let progress = SessionProgress()
        let page = MenuPages.scenarios(PackEntry(path: tutorialPath, pack: pack), progress: progress, names: names)
        #expect(page.choices.map(\.enabled) == [true, false, false])
        #expect(page.choices[1].line == "More (locked) — 1 level · finish “The Basics” first")
        #expect(page.choices[2].line == "Hard (locked) — 1 level · score 2000 points in this pack first (0 so far)")
        // The scenario to finish is named in the player's language, as the menu names it,
        // and so is the rest of the menu.
        let german = MenuPages.scenarios(PackEntry(path: tutorialPath, pack: pack), progress: progress,
                                         names: Names(pack: pack, language: "de"))
        #expect(german.choices[1].detail == "1 Level · schaffe zuerst „Die Grundlagen“")
        for id in ["first-sound", "two-voices", "around-you", "in-order"] {
            var state = tutorialStore(id).state
            state[Game.level][LevelKeys.status] = .won
            state[Game.level][LevelKeys.score] = 600
            progress.levelEnded(level: id, in: pack, result: RunResult(state: state))
        }
        let open = MenuPages.scenarios(PackEntry(path: tutorialPath, pack: pack), progress: progress, names: names)
        #expect(open.choices.map(\.enabled) == [true, true, true])
        #expect(open.choices[0].detail == "4 levels · done")
    }

    /// The levels page of a scenario that lists none (a watched pack's scenario emptied
    /// while its page was open) says so, rather than showing an empty list.
    @Test func theLevelsPageOfAScenarioWithNoLevelsSaysSo() {
        let group = LevelGroup(scenario: Scenario(id: "later", name: "Later", levels: []), levels: [])
        let page = MenuPages.levels(entry, group: group, progress: SessionProgress(), names: names)
        #expect(page.choices.isEmpty)
        #expect(page.body == ["This scenario has no levels: there is nothing to play in it yet."])
        let german = MenuPages.levels(entry, group: group, progress: SessionProgress(), names: Names(pack: tutorial, language: "de"))
        #expect(german.body == ["Dieses Szenario hat keine Level: Darin gibt es noch nichts zu spielen."])
        // A scenario with levels has no such line.
        #expect(MenuPages.levels(entry, group: LevelGroup.groups(of: tutorial)[0], progress: SessionProgress(), names: names).body.isEmpty)
    }

    @Test func theBriefingSaysEveryGoalAndCriterion() {
        let page = BriefingPage.make(definition: tutorialLevel("two-voices"), names: names, visuals: .faded, tracker: false)
        #expect(page.title == "Briefing: Two Voices")
        #expect(page.body.contains("• Never select the Bee: selecting it loses the level."))
        #expect(page.body.contains("• A lost level scores 0."))
        #expect(page.body.contains { $0.hasPrefix("Visuals: faded") })
        #expect(page.choices.map(\.label) == ["Start", "Back"])
        #expect(page.body.contains("Left and right arrows turn by 15 degrees; hold one down to turn smoothly."))
    }

    /// A pack's own scoring type is told by its string `scoring.<type>.briefing`, as its
    /// goal types are by theirs: each `{field}` is the rule's parameter, an entity id the
    /// entity's name, a number as the language writes it; a field the rule lacks stays as
    /// written. Without the string, the rule's parameters are listed.
    @Test func aPacksOwnScoringTypeIsToldByItsString() {
        var definition = tutorialLevel("around-you")
        definition.level[LevelKeys.scoring] = ["type": "stars", "parTime": 2.5, "star": "robin"]
        let template = "Up to three stars: one for the {star}, two more within {parTime} seconds{bonus}."
        func criteria(_ words: Words, strings: [String: String]) -> [String] {
            let page = BriefingPage.make(definition: definition, names: Names(strings: strings, words: words), visuals: .shown,
                                         tracker: false)
            let heading = page.body.firstIndex(of: words.scoringHeading) ?? page.body.endIndex
            return Array(page.body[(heading + 1)...].prefix { $0.hasPrefix("• ") })
        }
        #expect(criteria(.english, strings: ["scoring.stars.briefing": template])
            == ["• Up to three stars: one for the Robin, two more within 2.5 seconds{bonus}."])
        #expect(criteria(.english, strings: ["scoring.stars.briefing": template, "entity.around-you.robin.name": "Red Robin"])
            == ["• Up to three stars: one for the Red Robin, two more within 2.5 seconds{bonus}."])
        #expect(criteria(Words(.german), strings: ["scoring.stars.briefing": "Drei Sterne in {parTime} Sekunden."])
            == ["• Drei Sterne in 2,5 Sekunden."])
        #expect(criteria(.english, strings: [:]) == ["• Scored by the “stars” rule with parTime 2.5 and star robin."])
        // A parameter the level leaves out is said at the default the rule plays it with.
        let defaults = RuleDefaults(scoring: ["stars": ["parTime": 30, "bands": 3]])
        let page = BriefingPage.make(definition: definition, names: Names(strings: [:], defaults: defaults), visuals: .shown,
                                     tracker: false)
        #expect(page.body.contains("• Scored by the “stars” rule with bands 3, parTime 2.5 and star robin."))
        // The standard rule is told in the engine's words, whatever a string of its type says.
        definition.level[LevelKeys.scoring] = ["type": "standard"]
        #expect(criteria(.english, strings: ["scoring.standard.briefing": "Not read."]).first
            == "• A win scores 1000 points, minus 100 for every miss (never below 0).")
        // With the defaults of a standard rule the pack's scripts replace, those.
        let replaced = BriefingPage.make(definition: definition, names: Names(defaults: RuleDefaults(scoring: ["standard": ["base": 2000]])),
                                         visuals: .shown, tracker: false)
        #expect(replaced.body.contains("• A win scores 2000 points, minus 100 for every miss (never below 0)."))
        // And the end page's breakdown reads them as the briefing did.
        var won = definition.level
        won[LevelKeys.status] = .won
        won[LevelKeys.time] = 12
        won[LevelKeys.score] = 1000 + 300
        let thirty = Names(defaults: RuleDefaults(scoring: ["standard": ["parTime": 30]]))
        #expect(ScoringText.breakdown(won, names: thirty) == ["Score: 1300", "  1000 for the win", "  +300 speed bonus (12.0 s of 30 seconds)"])
        #expect(ScoringText.breakdown(won) == ["Score: 1300"], "the built-in 60 s par would give another total: the total alone")
    }

    /// The keys are told with the steps the player chose (`--step 30 --fine-step 2.5`).
    @Test func theBriefingTellsThePlayersSteps() {
        var steering = SteeringSettings()
        steering.step = 30
        steering.fineStep = 2.5
        let page = BriefingPage.make(definition: tutorialLevel("two-voices"), names: names, visuals: .faded, tracker: false,
                                     steering: steering)
        #expect(page.body.contains("Left and right arrows turn by 30 degrees; hold one down to turn smoothly."))
        #expect(page.body.contains("Shift or Ctrl with an arrow turns by 2.5 degrees."))
    }

    /// All Around You won in 12 s with one miss, every bird found.
    static var aroundYouWon: Level {
        var level = tutorialLevel("around-you").level
        level[LevelKeys.status] = .won
        level[LevelKeys.time] = 12
        level[LevelKeys.misses] = 1
        level[LevelKeys.found] = ["robin", "lark", "finch"]
        level[LevelKeys.score] = 1200
        return level
    }

    @Test func theEndPageOfAWin() {
        let level = Self.aroundYouWon
        let (page, meanings) = EndPage.make(level: level, names: names, left: false,
                                            achievements: [("quickEar", "Quick Ear")], hasNext: true, recording: "s.jsonl")
        #expect(page.title == "Won: All Around You")
        // The title says it was won; the body goes on with how.
        #expect(page.body.first == "Time: 12.0 s, misses: 1, found: 3", "\(page.body)")
        #expect(page.body.contains("Score: 1200"))
        #expect(page.body.contains("  +300 speed bonus (12.0 s of 30 seconds)"))
        #expect(page.body.contains("Achievements earned: Quick Ear."))
        #expect(!page.body.contains { $0.hasPrefix("Unlocked") }, "nothing was unlocked: \(page.body)")
        let opening = EndPage.make(level: level, names: names, left: false, achievements: [], hasNext: false,
                                   recording: nil, unlocked: ["More", "Hard"]).page
        #expect(opening.body.contains("Unlocked: “More” and “Hard”."), "\(opening.body)")
        #expect(page.body.contains("Recorded to s.jsonl; replay it with: echolot replay s.jsonl"))
        #expect(meanings == [.next, .retry, .menu, .quit])
        #expect(page.selected == 0)
    }

    /// A win with no next level starts on the way back to the levels, not on Retry; what
    /// it finished is told first.
    @Test func theEndPageOfTheLastWinGoesForwardAndSaysWhatIsFinished() {
        var level = tutorialLevel("in-order").level
        level[LevelKeys.status] = .won
        let (page, meanings) = EndPage.make(level: level, names: names, left: false, achievements: [], hasNext: false,
                                            recording: nil, finished: ("The Basics", "Tutorial"))
        #expect(meanings == [.retry, .menu, .quit])
        #expect(meanings[page.selected] == .menu)
        #expect(Array(page.body.prefix(2)) == ["“The Basics” is finished.", "You have finished every level of Tutorial."],
                "\(page.body)")
        let again = EndPage.make(level: level, names: names, left: false, achievements: [], hasNext: false, recording: nil).page
        #expect(!again.body.contains { $0.contains("finished") }, "nothing newly finished: \(again.body)")
    }

    @Test func theEndPageOfALossNamesTheFailedGoal() {
        var level = tutorialLevel("two-voices").level
        level[LevelKeys.status] = .lost
        level.modify(LevelKeys.goals) { goals in
            _ = goals.modify("avoid") { $0[GoalKeys.state] = .failed }
        }
        let (page, meanings) = EndPage.make(level: level, names: names, left: false, achievements: [], hasNext: true, recording: nil)
        #expect(page.title == "Lost: Two Voices")
        #expect(page.body.first?.hasPrefix("Time: ") == true, "\(page.body)")
        #expect(page.body.contains("Failed: You selected the Bee."))
        #expect(meanings[page.selected] == .retry)
    }

    /// A level the run locked (a story level it finished) gets no Retry; a lost one then
    /// starts on the way back to the levels, and r says why there is no Retry.
    @Test func theEndPageOfALockedLevelHasNoRetry() {
        var level = tutorialLevel("two-voices").level
        level[LevelKeys.status] = .lost
        let (page, meanings) = EndPage.make(level: level, names: names, left: false, achievements: [], hasNext: true,
                                            recording: nil, locked: "Two Voices was already played in this story.")
        #expect(meanings == [.next, .menu, .quit])
        #expect(meanings[page.selected] == .menu)
        #expect(page.withheld["r"] == "There is no Retry: Two Voices was already played in this story.")
    }
}
