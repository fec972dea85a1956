import EcholotCore
import EcholotModel
@testable import EcholotTerminal
import Testing

/// First Sound facing `center`, its bell made into a choice's `options`: each a sound as
/// the bell is, with its own id, name and azimuth.
func levelOfOptions(_ options: [(id: String, name: String, azimuth: Double)], facing center: Double) throws -> Level {
    var level = tutorialLevel("first-sound").level
    level[LevelKeys.view][ViewKeys.center] = center
    let bell = try #require(level[LevelKeys.entities]["bell"])
    level[LevelKeys.entities]["bell"] = nil
    for (id, name, azimuth) in options {
        var option = bell
        option[EntityKeys.name] = name
        option[EntityKeys.azimuth] = azimuth
        level[LevelKeys.entities][id] = option
    }
    return level
}

/// Goals, scoring and headings in words; the view strip.
@Suite struct TextTests {
    let names = Names(pack: tutorial)

    func briefing(_ id: String) -> [String] {
        let definition = tutorialLevel(id)
        let text = GoalText(names: names)
        return GoalText.orderedGoals(definition.level, paths: definition.goalPaths).map { text.briefing($0, in: definition.level) }
    }

    /// A tag is said by its `tag.<tag>.name` string, so a translation can give it in the
    /// player's language (German players heard „bird“, with no string to change it).
    @Test func aTagIsSaidByItsString() throws {
        var pack = tutorial
        pack.strings["de", default: [:]]["tag.bird.name"] = "Vogel"
        let definition = tutorialLevel("around-you")
        let text = GoalText(names: Names(pack: pack, language: "de"))
        let goals = GoalText.orderedGoals(definition.level, paths: definition.goalPaths)
        let goal = try #require(goals.first { $0[GoalKeys.type] == "findAll" })
        #expect(text.briefing(goal, in: definition.level).contains("mit dem Schlagwort „Vogel“"))
        #expect(text.status(goal, in: definition.level).text.hasPrefix("„Vogel“ gefunden: 0 von 3"))
        // Without the string, the tag as the level writes it.
        #expect(GoalText(names: names).status(goal, in: definition.level).text.hasPrefix("“bird” found: 0 of 3"))
    }

    @Test func everyStandardGoalHasASentence() {
        #expect(briefing("first-sound") == ["Find the Bell and select it."])
        #expect(briefing("two-voices") == [
            "Find the Bell and select it.",
            "Never select the Bee: selecting it loses the level.",
            "You may miss at most 3 times; miss number 4 loses the level.",
        ])
        #expect(briefing("around-you") == [
            "Find all 3 sounds tagged “bird” — Finch, Lark and Robin — and select each of them, in any order.",
            "Do it within 60 seconds; when the time is up, the level is lost.",
        ])
        #expect(briefing("in-order") == [
            "Find Drum, then Bell, then Lark, in this order; selecting one of them out of turn loses the level.",
            "You may miss at most 5 times; miss number 6 loses the level.",
        ])
    }

    @Test func unknownGoalTypesAreDescribedFromTheirParameters() {
        var goal = Goal()
        goal[GoalKeys.type] = "collect"
        goal[GoalKeys.id] = "collect"
        goal["count"] = .int(3)
        goal["tag"] = .string("coin")
        let text = GoalText(names: names).briefing(goal, in: tutorialLevel("first-sound").level)
        #expect(text == "Goal “collect” with count 3 and tag coin: met when its rule says so.")
    }

    /// A pack's own goal type is told in the words its strings give, with the goal's
    /// fields filled in: entity ids as names, lists in words, whole numbers plainly; the
    /// HUD line follows a field the rule keeps up to date.
    @Test func aPacksOwnGoalTypeIsToldInItsStrings() {
        let names = Names(strings: [
            "goal.ringAll.briefing": "Ring {bells} within {seconds} seconds, {count} times over.",
            "goal.ringAll.line": "Rung: {progress} of {count}{oops}",
            "entity.first-sound.bell.name": "Brass Bell",
        ])
        let level = tutorialLevel("first-sound").level
        var goal = Goal()
        goal[GoalKeys.type] = "ringAll"
        goal[GoalKeys.id] = "ringAll"
        goal["bells"] = .list([.string("bell"), .string("nowhere")])
        goal["seconds"] = .number(30)
        goal["count"] = .int(2)
        goal["progress"] = .int(1)
        let text = GoalText(names: names)
        #expect(text.briefing(goal, in: level) == "Ring Brass Bell and nowhere within 30 seconds, 2 times over.")
        #expect(text.status(goal, in: level).text == "Rung: 1 of 2{oops}")
        // Without the strings, the parameters describe it.
        #expect(GoalText(names: Names()).status(goal, in: level).text == "ringAll: pending")
        // A tag is said by its string, as the standard goals say it (it was said raw).
        let tagged = Names(strings: ["goal.ringAll.line": "Ring every {of}", "tag.bird.name": "songbird"])
        goal["of"] = .string("bird")
        #expect(GoalText(names: tagged).status(goal, in: level).text == "Ring every songbird")
    }

    @Test func hudLinesFollowTheState() {
        var level = tutorialLevel("around-you").level
        level[LevelKeys.time] = 12.2
        level[LevelKeys.found] = ["robin"]
        let text = GoalText(names: names)
        let lines = GoalText.orderedGoals(level, paths: tutorialLevel("around-you").goalPaths).map { text.status($0, in: level).text }
        #expect(lines == ["“bird” found: 1 of 3; still to find: Finch and Lark", "Time left: 48 s"])
        var order = tutorialLevel("in-order").level
        order[LevelKeys.found] = ["drum"]
        order[LevelKeys.misses] = 2
        let orderLines = GoalText.orderedGoals(order, paths: tutorialLevel("in-order").goalPaths).map { text.status($0, in: order).text }
        #expect(orderLines == ["In order: 1 of 3; next: Bell", "Misses left: 3 of 5"])
    }

    /// A miss under a miss limit says how many more are allowed, down to none; a level
    /// without one, or whose limit the miss broke, says nothing of it (the failure is told).
    /// A hit whose action also moved the story on (a rule's `story.jump` mid-level) is
    /// told after the level is gone: the entity is named from the level it left, not by its
    /// id ("Hit: bell."), as it is in the level.
    @Test func aHitInALevelTheActionLeftIsNamedFromThatLevel() {
        let text = EventText(names: names)
        let left = tutorialLevel("first-sound").level
        var next = Level()
        next[LevelKeys.id] = "cut-scene"
        #expect(text.sentence(.hit(id: "bell", found: 1), in: next, left: left)?.text == "Hit: Bell. Found 1 so far.")
        #expect(text.sentence(.wrong(id: "bell"), in: next, left: left)?.text == "Wrong: Bell.")
        #expect(text.sentence(.hit(id: "bell", found: 1), in: next)?.text == "Hit: bell. Found 1 so far.")
    }

    @Test func aMissSaysHowManyMoreAreAllowed() {
        let text = EventText(names: names)
        func said(_ misses: Int, in id: String, failed: Bool = false) -> String? {
            var level = tutorialLevel(id).level
            level[LevelKeys.misses] = misses
            if failed, let goal = level[LevelKeys.goals].ids.first(where: { level[LevelKeys.goals][$0]?[GoalKeys.type] == "maxMisses" }) {
                level[LevelKeys.goals][goal]?[GoalKeys.state] = .failed
            }
            return text.sentence(.miss(misses: misses), in: level)?.text
        }
        #expect(said(1, in: "two-voices") == "Miss: nothing there. 1 miss so far. 2 more allowed.")
        #expect(said(2, in: "two-voices") == "Miss: nothing there. 2 misses so far. 1 more allowed.")
        #expect(said(3, in: "two-voices") == "Miss: nothing there. 3 misses so far. No more allowed.")
        #expect(said(4, in: "two-voices", failed: true) == "Miss: nothing there. 4 misses so far.")
        #expect(said(1, in: "first-sound") == "Miss: nothing there. 1 miss so far.")
    }

    /// A miss limit of none reads as a rule, not as a sum of nothing.
    @Test func aLimitOfNoMissesSaysSo() {
        var goal = Goal()
        goal[GoalKeys.type] = "maxMisses"
        goal[GoalKeys.id] = "maxMisses"
        goal["misses"] = .int(0)
        #expect(GoalText(names: names).status(goal, in: tutorialLevel("first-sound").level).text == "No miss allowed")
    }

    /// `i` tells the view even when it holds nothing: an empty view, or a level whose sounds
    /// are hidden, is said so rather than left out, which would read as a status cut short.
    @Test func theStatusSaysAnEmptyOrHiddenView() {
        func heading(_ id: String, facing: Double) -> String? {
            var level = tutorialLevel(id).level
            level[LevelKeys.view][ViewKeys.center] = facing
            let context = LevelContext(packName: "Tutorial", names: names, goalPaths: [:],
                                       visuals: level[LevelKeys.view][ViewKeys.visuals], steering: "arrow keys")
            return StatusText.lines(LevelFrame(level: level, paused: false, wallTime: 0), context: context).first
        }
        #expect(heading("first-sound", facing: 180)?.hasSuffix(". Nothing in view.") == true)
        #expect(heading("first-sound", facing: 60)?.contains(". In view: Bell") == true)
        #expect(heading("around-you", facing: 0)?.hasSuffix(". Nothing is shown or described in this level: listen for the sounds.") == true)
    }

    @Test func scoringCriteriaAndBreakdown() {
        var level = tutorialLevel("around-you").level
        #expect(ScoringText.criteria(level) == [
            "A win scores 1000 points, minus 100 for every miss (never below 0).",
            "Finishing quickly earns up to 500 bonus points: the sooner, the more; none after 30 seconds.",
            "A lost level scores 0.",
        ])
        level[LevelKeys.status] = .won
        level[LevelKeys.time] = 12
        level[LevelKeys.misses] = 1
        level[LevelKeys.score] = 900 + 300
        #expect(ScoringText.breakdown(level) == [
            "Score: 1200", "  1000 for the win", "  −100 for 1 miss", "  +300 speed bonus (12.0 s of 30 seconds)",
        ])
        level[LevelKeys.score] = 7
        #expect(ScoringText.breakdown(level) == ["Score: 7"])
        // A miss count a rule wrote, too large to multiply: the rule scores 0 for the misses.
        level[LevelKeys.misses] = .max
        level[LevelKeys.score] = 300
        #expect(ScoringText.breakdown(level).first == "Score: 300")
    }

    @Test func compassWords() {
        // Said, the points are spelt out: a screen reader reads "NNE" letter by letter.
        #expect(Words.english.heading(0) == "0° north")
        #expect(Words.english.heading(60) == "60° east-north-east")
        #expect(Words.english.heading(-90) == "270° west")
        #expect(Words.english.heading(359.7) == "0° north")
        #expect(Words.english.heading(200) == "200° south-south-west")
        #expect(Words.english.shortHeading(60) == "60° ENE")
        #expect(Words.english.shortHeading(-90) == "270° W")
        #expect(Words.english.relative(1) == "ahead")
        #expect(Words.english.relative(-40) == "40° left")
        #expect(Words.english.relative(180) == "behind")
    }

    @Test func theStripPlacesGlyphsByRelativeAzimuth() {
        var level = tutorialLevel("first-sound").level
        let shown = ViewStrip(level: level, columns: 91, visuals: .shown, words: .english)
        #expect(shown.visible.isEmpty, "the bell at 60° is outside a 90° view facing 0°")
        level[LevelKeys.view][ViewKeys.center] = 30
        let turned = ViewStrip(level: level, columns: 91, visuals: .shown, words: .english)
        #expect(turned.rows[1][75].character == "B", "30° right of center in a 90° view: three quarters across")
        #expect(Array(turned.compass)[15] == "N", "north is 30° left")
        #expect(Array(turned.compass)[45] == "^")
        #expect(ViewStrip(level: level, columns: 91, visuals: .faded, words: .english).visible.isEmpty, "faded: only near the center")
        level[LevelKeys.view][ViewKeys.center] = 55
        let faded = ViewStrip(level: level, columns: 91, visuals: .faded, words: .english)
        #expect(faded.visible.map(\.id) == ["bell"])
        #expect(faded.rows[1][50].style == .dim)
        #expect(ViewStrip(level: level, columns: 91, visuals: .hidden, words: .english).visible.isEmpty)
    }

    /// A sound that selecting cannot pick (a story's voice) is said as such in view, or a
    /// player who hears it "ahead" would select it and miss.
    @Test func aSoundThatCannotBeSelectedIsSaidSoInView() {
        var level = tutorialLevel("first-sound").level
        level[LevelKeys.view][ViewKeys.center] = 60
        let texts = EventText(names: names)
        #expect(texts.inView(ViewStrip(level: level, columns: 91, visuals: .shown, words: .english), level: level) == "In view: Bell ahead.")
        level[LevelKeys.entities].modify("bell") { $0[EntityKeys.selectable] = false }
        #expect(texts.inView(ViewStrip(level: level, columns: 91, visuals: .shown, words: .english), level: level)
                == "In view: Bell (not selectable) ahead.")
    }

    /// A crowded view names its nearest sounds and counts the rest: a level of thousands
    /// said each of them in one line on every turn, which a screen reader never finished.
    @Test func aCrowdedViewNamesTheNearestAndCountsTheRest() throws {
        let crowd: [(id: String, name: String, azimuth: Double)] = (0 ..< 12).map { n in
            let side = n % 2 == 0 ? n : -n
            return ("s\(n)", "Sound \(n)", Double(60 + side * 2))
        }
        let level = try levelOfOptions(crowd, facing: 60)
        let strip = ViewStrip(level: level, columns: 91, visuals: .shown, words: .english)
        #expect(strip.visible.count == 12)
        #expect(EventText(names: names).inView(strip, level: level)
                == "In view: Sound 0 ahead, Sound 1 ahead, Sound 2 4° right, Sound 3 6° left, Sound 4 8° right, "
                + "Sound 5 10° left, Sound 6 12° right, Sound 7 14° left, and 4 more.")
        let few = try levelOfOptions(Array(crowd.prefix(8)), facing: 60)
        #expect(EventText(names: names).inView(ViewStrip(level: few, columns: 91, visuals: .shown, words: .english), level: few)?
                .hasSuffix("Sound 7 14° left.") == true)
        #expect(Words(.german).inView(["Glocke 5° links"], sentences: false, more: 3) == "Im Blick: Glocke 5° links, und 3 weitere.")
    }

    /// A choice's options are named by their whole lines: each direction is in
    /// parentheses and the items are kept apart by semicolons, so a line's full stop does
    /// not run into a bare direction ("Long, but dry. ahead").
    @Test func optionsNamedBySentencesKeepTheirDirectionsApart() throws {
        // Ids without strings of their own, which would name them instead.
        let level = try levelOfOptions([("daylight", "Go toward the daylight.", 60), ("owl", "Follow the owl", 105)], facing: 60)
        let texts = EventText(names: names)
        #expect(texts.inView(ViewStrip(level: level, columns: 91, visuals: .shown, words: .english), level: level)
                == "In view: Go toward the daylight. (ahead); Follow the owl 45° right.")
    }

    /// A placed voice is said in one form, a line's and an option's alike: its direction
    /// from where the player faces, after who speaks, or after the words when no one is
    /// named; a voice with no azimuth (a narrator) says none.
    @Test func aPlacedVoiceSaysWhereItIs() throws {
        var level = try levelOfOptions([("Up the stairs.", "Up the stairs.", 0), ("Down below.", "Down below.", 90)], facing: 90)
        let texts = EventText(names: Names(strings: ["speaker.owl": "Owl", "hoot": "Hoo."]),
                              scene: .choice(options: ["Up the stairs.", "Down below."], speakers: ["Down below.": "speaker.owl"]))
        func said(_ event: LevelEvent) -> String? { texts.sentence(event, in: level)?.text }
        #expect(said(.line(id: "hoot", speaker: "speaker.owl", azimuth: 0)) == "Owl (90° left): Hoo.")
        #expect(said(.line(id: "hoot", speaker: "speaker.owl", azimuth: nil)) == "Owl: Hoo.")
        #expect(said(.line(id: "hoot", speaker: nil, azimuth: 270)) == "Hoo. (behind)")
        // An option a line, each closed as a sentence of its own.
        #expect(said(.choiceOffered(id: "c", options: ["Up the stairs.", "Down below."]))
                == "Choose: turn toward a voice and press space, or press its number.\n1. Up the stairs. (90° left).\n2. Owl (ahead): Down below.")
        // Options the pack gave no voice are picked by their directions: no voice sounds.
        for id in ["Up the stairs.", "Down below."] { level[LevelKeys.entities].modify(id) { $0[EntityKeys.sound] = nil } }
        #expect(said(.choiceOffered(id: "c", options: ["Up the stairs.", "Down below."]))?
                    .hasPrefix("Choose: turn toward an option's direction and press space, or press its number.\n1. ") == true)
        #expect(said(.miss(misses: 1))?.hasPrefix("Miss: no option there. Turn toward an option's direction and press space") == true)
    }

    /// A voiced line with an empty text (a sigh, a sting) says who is heard and where, and
    /// one that no one speaks says nothing: never the line's id, in its sentence or in view.
    @Test func aLineWithoutWordsIsNeverReadAsItsId() throws {
        var pack = tutorial
        pack.strings = ["en": ["speaker.elder": "Elder", "sigh": "", "sting": " "]]
        var level = try levelOfOptions([("voice", "sting", 10)], facing: 0)
        level[LevelKeys.entities].modify("voice") { $0[EntityKeys.selectable] = false }
        let texts = EventText(names: Names(pack: pack), scene: .cutscene(id: "intro"))
        func said(_ event: LevelEvent) -> String? { texts.sentence(event, in: level)?.text }
        #expect(said(.line(id: "sigh", speaker: "speaker.elder", azimuth: 90)) == "Elder (90° right).")
        #expect(said(.line(id: "sigh", speaker: "speaker.elder", azimuth: nil)) == "Elder.")
        #expect(said(.line(id: "sting", speaker: nil, azimuth: 10)) == nil)
        #expect(texts.inView(ViewStrip(level: level, columns: 91, visuals: .shown, words: .english), level: level)
                == "In view: voice (not selectable) 10° right.")
    }

    /// A choice or an ending named by a pack's own sentence keeps its punctuation; one
    /// named by a bare word is closed with a full stop.
    @Test func choicesAndEndingsAreSaidAsOneSentence() {
        let level = tutorialLevel("first-sound").level
        let texts = EventText(names: names)
        func ending(_ id: String) -> String? { texts.sentence(.storyFinished(ending: id), in: level)?.text }
        #expect(ending("home") == "The story ends: home.")
        #expect(ending("Home at last!") == "The story ends: Home at last!")
        #expect(ending("Home?") == "The story ends: Home?")
        #expect(ending("Home…") == "The story ends: Home…")
        #expect(ending("“Home.”") == "The story ends: “Home.”")
        #expect(texts.sentence(.choiceMade(option: "Really?", line: nil), in: level)?.text == "Chosen: Really?")
        #expect(texts.sentence(.choiceMade(option: "river", line: nil), in: level)?.text == "Chosen: river.")
    }

    @Test func wrapping() {
        #expect(TextWrap.lines("one two three four", width: 9) == ["one two", "three", "four"])
        #expect(TextWrap.lines("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
        #expect(TextWrap.lines("", width: 4) == [""])
        #expect(TextWrap.lines("  ab cd ef", width: 7) == ["  ab cd", "  ef"])
    }
}

/// What a player reads when a pack's strings are unfinished.
@Suite struct UnfinishedStringsTests {
    /// An empty text (translation tools write `""` for what is not translated yet) counts
    /// as none, so the player reads the default language's words, not a bare `: `; and
    /// `--lang de` finds a file named `DE.json`, since language codes ignore case.
    @Test func anEmptyTextFallsBackAndALanguageIsFoundWhateverItsCase() {
        var pack = tutorial
        pack.strings = ["en": ["a": "A", "b": "B", "c": ""], "DE": ["a": " \n", "b": "Be", "c": "Ce"]]
        let names = Names(pack: pack, language: "de")
        #expect(names.string("a") == "A")
        #expect(names.string("b") == "Be")
        #expect(names.string("c") == "Ce")
        #expect(Names(pack: pack).string("c") == nil)
        #expect(pack.hasTexts(in: "de"))
        #expect(pack.string("a", language: "de") == "A")
        #expect(pack.string("b", language: "de") == "Be")
    }
}
