import EcholotCore
import EcholotModel
import EcholotScript
@testable import EcholotTerminal
import EcholotTestSupport
import Foundation
import Testing

/// A reducer's error with the words given.
private struct Kaput: Error, CustomStringConvertible {
    let description: String
}

/// What a level says while it is played, in German (`--lang de`): the goals, the events,
/// the `i` status and the scoring, with the pack's German names and none of the engine's
/// English sentences among them.
@Suite struct GermanLevelTextTests {
    /// The tutorial as a German player reads it: its German strings and German words.
    let names = Names(pack: tutorial, language: "de")

    /// Each goal's briefing sentence of the tutorial level `id`.
    func briefing(_ id: String) -> [String] {
        let definition = tutorialLevel(id)
        let text = GoalText(names: names)
        return GoalText.orderedGoals(definition.level, paths: definition.goalPaths).map { text.briefing($0, in: definition.level) }
    }

    /// The goal of type `type` in `level`.
    func goal(_ type: String, in level: Level) throws -> Goal {
        try #require(level[LevelKeys.goals].nodes.map(\.node).first { $0[GoalKeys.type] == type })
    }

    /// Every standard goal is briefed in German, a pack's name after "Klang" in quotes
    /// or in a list, never after an article that would need its gender.
    @Test func everyStandardGoalIsBriefedInGerman() {
        #expect(briefing("first-sound") == ["Finde den Klang „Glocke“ und wähle ihn aus."])
        #expect(briefing("two-voices") == [
            "Finde den Klang „Glocke“ und wähle ihn aus.",
            "Wähle niemals den Klang „Biene“ aus: Das kostet dich das Level.",
            "Du darfst höchstens 3-mal danebengreifen; Fehlgriff Nummer 4 kostet dich das Level.",
        ])
        #expect(briefing("around-you") == [
            "Finde alle 3 Klänge mit dem Schlagwort „bird“ und wähle jeden davon aus, in beliebiger Reihenfolge: Fink, Lerche und Rotkehlchen.",
            "Schaffe es in 60 Sekunden; ist die Zeit um, ist das Level verloren.",
        ])
        #expect(briefing("in-order") == [
            "Finde der Reihe nach: Trommel, dann Glocke, dann Lerche. Wählst du einen dieser Klänge außer der Reihe aus, ist das Level verloren.",
            "Du darfst höchstens 5-mal danebengreifen; Fehlgriff Nummer 6 kostet dich das Level.",
        ])
        var none = Goal()
        none[GoalKeys.type] = "maxMisses"
        none["misses"] = .int(0)
        let text = GoalText(names: names)
        #expect(text.briefing(none, in: tutorialLevel("first-sound").level)
            == "Greif kein einziges Mal daneben: Eine Auswahl, die nichts trifft, kostet dich das Level.")
        #expect(text.status(none, in: tutorialLevel("first-sound").level).text == "Kein Fehlgriff erlaubt")
    }

    /// The HUD lines follow the state in German: open, met and failed.
    @Test func hudLinesAreGerman() throws {
        let text = GoalText(names: names)
        var level = tutorialLevel("around-you").level
        level[LevelKeys.time] = 12.2
        level[LevelKeys.found] = ["robin"]
        let lines = GoalText.orderedGoals(level, paths: tutorialLevel("around-you").goalPaths).map { text.status($0, in: level).text }
        #expect(lines == ["„bird“ gefunden: 1 von 3; noch zu finden: Fink und Lerche", "Restzeit: 48 s"])
        var order = tutorialLevel("in-order").level
        order[LevelKeys.found] = ["drum"]
        order[LevelKeys.misses] = 2
        let orderLines = GoalText.orderedGoals(order, paths: tutorialLevel("in-order").goalPaths).map { text.status($0, in: order).text }
        #expect(orderLines == ["Der Reihe nach: 1 von 3; als Nächstes: Glocke", "Fehlgriffe übrig: 3 von 5"])
        var broken = try goal("findInOrder", in: order)
        broken[GoalKeys.state] = .failed
        #expect(text.status(broken, in: order).text == "Der Reihe nach: 1 von 3; die Reihenfolge wurde nicht eingehalten")

        var voices = tutorialLevel("two-voices").level
        voices[LevelKeys.misses] = 4
        var find = try goal("find", in: voices), avoid = try goal("avoid", in: voices), misses = try goal("maxMisses", in: voices)
        #expect(text.status(find, in: voices).text == "Glocke finden")
        #expect(text.status(avoid, in: voices).text == "Biene in Ruhe lassen")
        find[GoalKeys.state] = .met
        avoid[GoalKeys.state] = .failed
        misses[GoalKeys.state] = .failed
        #expect(text.status(find, in: voices).text == "Glocke gefunden")
        #expect(text.status(avoid, in: voices).text == "Biene ausgewählt")
        #expect(text.status(misses, in: voices).text == "Zu viele Fehlgriffe (4)")
        var time = try goal("timeLimit", in: level)
        time[GoalKeys.state] = .failed
        #expect(text.status(time, in: level).text == "Die Zeit ist um")
    }

    /// A goal of a type the engine does not know is described in German, its numbers with
    /// a decimal comma, its deadline said in German; a pack's own German line gets its
    /// lists with "und".
    @Test func otherGoalsAreDescribedInGerman() {
        let level = tutorialLevel("first-sound").level
        var goal = Goal()
        goal[GoalKeys.type] = "collect"
        goal[GoalKeys.id] = "collect"
        goal["count"] = .int(3)
        goal["rate"] = .number(2.5)
        goal["deadline"] = .number(30)
        var timed = level
        timed[LevelKeys.time] = 12.2
        let text = GoalText(names: names)
        #expect(text.briefing(goal, in: level) == "Ziel „collect“ mit count 3 und rate 2,5: erreicht, wenn seine Regel es sagt.")
        #expect(text.status(goal, in: timed).text == "collect: offen (noch 18 s)")
        goal["bells"] = .list([.string("bell"), .string("nowhere")])
        let own = GoalText(names: Names(strings: ["goal.collect.line": "Geläutet: {bells}", "entity.first-sound.bell.name": "Glocke"],
                                        words: Words(.german)))
        #expect(own.status(goal, in: timed).text == "Geläutet: Glocke und nowhere (noch 18 s)")
    }

    /// A pack's own goal string that only its default language has is filled in that
    /// language: an English line played in German read "Glocke und nowhere" and "2,5".
    /// One the translation has is filled in German.
    @Test func aStringStandingInForATranslationIsFilledInItsOwnLanguage() throws {
        let copy = try shippedPackCopy("tutorial")
        for (language, strings) in [("en", #""goal.collect.line": "Rung: {bells} at {rate}", "goal.collect.briefing": "Ring {bells}.","#),
                                    ("de", #""goal.collect.briefing": "Läute {bells} im Takt {rate}.","#)] {
            let file = copy.appendingPathComponent("strings/\(language).json")
            let text = try String(contentsOf: file, encoding: .utf8)
            try #require(text.hasPrefix("{"))
            try Data(("{" + strings + text.dropFirst()).utf8).write(to: file)
        }
        let pack = try PackLoader.load(at: copy)
        let level = try #require(pack.level(id: "first-sound")).level
        var goal = Goal()
        goal[GoalKeys.type] = "collect"
        goal[GoalKeys.id] = "collect"
        goal["rate"] = .number(2.5)
        goal["bells"] = .list([.string("bell"), .string("nowhere")])
        let german = GoalText(names: Names(pack: pack, language: "de"))
        #expect(german.status(goal, in: level).text == "Rung: Glocke and nowhere at 2.5")
        #expect(german.briefing(goal, in: level) == "Läute Glocke und nowhere im Takt 2,5.")
        #expect(GoalText(names: Names(pack: pack, language: "en")).status(goal, in: level).text == "Rung: Bell and nowhere at 2.5")
    }

    /// Hits, misses, goals, the outcome, the score and an achievement are said in German.
    @Test func theLevelsEventsAreGerman() throws {
        let text = EventText(names: names)
        var level = tutorialLevel("two-voices").level
        func said(_ event: LevelEvent) -> String? { text.sentence(event, in: level)?.text }
        #expect(said(.hit(id: "bell", found: 1)) == "Treffer: Glocke. Bisher 1 gefunden.")
        #expect(said(.wrong(id: "bee")) == "Falsch: Biene.")
        #expect(said(.miss(misses: 1)) == "Daneben: Dort ist nichts. Bisher 1 Fehlgriff. Noch 2 erlaubt.")
        level[LevelKeys.misses] = 3
        #expect(said(.miss(misses: 3)) == "Daneben: Dort ist nichts. Bisher 3 Fehlgriffe. Keiner mehr erlaubt.")
        let find = try goal("find", in: level)[GoalKeys.id], avoid = try goal("avoid", in: level)[GoalKeys.id]
        level[LevelKeys.goals][find]?[GoalKeys.state] = .met
        level[LevelKeys.goals][avoid]?[GoalKeys.state] = .failed
        #expect(said(.goalMet(id: find)) == "Ziel erreicht: Glocke gefunden.")
        #expect(said(.goalFailed(id: avoid)) == "Ziel verfehlt: Biene ausgewählt.")
        #expect(said(.won) == "Du hast das Level gewonnen!")
        #expect(said(.lost) == "Das Level ist verloren.")
        #expect(said(.scored(1200)) == "Punktzahl: 1200.")
        // A standard achievement, titled in English by its script, is said in the engine's
        // German; a pack's own string, or a title of its own under a standard id, as written.
        #expect(said(.achievement(id: "firstWin", title: "First Win")) == "Erfolg freigeschaltet: Erster Sieg.")
        // Every achievement the standard scripts register, as real Lua registers it, has a
        // German title under the title its script gives: a new one, or one retitled, would
        // be said in English without this.
        let engine = try ScriptEngine()
        try engine.loadStandardRules(from: repositoryRoot.appendingPathComponent("scripts"))
        let standard = engine.rules(of: ScriptEngine.standardPack).filter { $0.kind == .achievement }
        try #require(!standard.isEmpty, "no standard achievement was loaded")
        for achievement in standard {
            let german = Words(.german).standardAchievement(achievement.name, title: achievement.title)
            #expect(german != nil && german != achievement.title, "\(achievement.name) (\(achievement.title ?? "untitled")) has a German title")
        }
        #expect(said(.achievement(id: "firstWin", title: "Mein Sieg")) == "Erfolg freigeschaltet: Mein Sieg.")
        #expect(EventText(names: Names(strings: ["achievement.calm.title": "Die Ruhe"], words: Words(.german)))
            .sentence(.achievement(id: "calm", title: "Calm"), in: level)?.text == "Erfolg freigeschaltet: Die Ruhe.")
        let first = tutorialLevel("first-sound").level
        #expect(text.sentence(.miss(misses: 2), in: first)?.text == "Daneben: Dort ist nichts. Bisher 2 Fehlgriffe.")
    }

    /// What is in view is said in German, with a found sound and one selecting cannot
    /// pick marked so.
    @Test func whatIsInViewIsGerman() {
        var level = tutorialLevel("first-sound").level
        level[LevelKeys.view][ViewKeys.center] = 65
        let text = EventText(names: names)
        func inView() -> String? { text.inView(ViewStrip(level: level, columns: 91, visuals: .shown, words: Words(.german)), level: level) }
        #expect(inView() == "Im Blick: Glocke 5° links.")
        level[LevelKeys.entities].modify("bell") { $0[EntityKeys.found] = true }
        #expect(inView() == "Im Blick: Glocke (gefunden) 5° links.")
        level[LevelKeys.entities].modify("bell") {
            $0[EntityKeys.found] = false
            $0[EntityKeys.selectable] = false
        }
        #expect(inView() == "Im Blick: Glocke (nicht auswählbar) 5° links.")
    }

    /// A story's choice, its miss, the choice made, a scene tried again, the end and a
    /// stop are said in German; the pack's own words stay as its strings give them.
    @Test func aStorysEventsAreGerman() throws {
        var level = try levelOfOptions([("Up the stairs.", "Up the stairs.", 0), ("Down below.", "Down below.", 90)], facing: 90)
        let strings = ["speaker.owl": "Eule", "option.river": "Zum Fluss", "ending.home": "Endlich daheim!"]
        let text = EventText(names: Names(strings: strings, words: Words(.german)),
                             scene: .choice(options: ["Up the stairs.", "Down below."], speakers: ["Down below.": "speaker.owl"]))
        func said(_ event: LevelEvent) -> String? { text.sentence(event, in: level)?.text }
        #expect(said(.choiceOffered(id: "c", options: ["Up the stairs.", "Down below."]))
            == "Wähle eine Option: Dreh dich zu einer Stimme und drück die Leertaste, oder drück ihre Nummer.\n"
            + "1. Up the stairs. (90° links).\n2. Eule (vorn): Down below.")
        #expect(said(.miss(misses: 1)) == "Daneben: Dort ist keine Option. Dreh dich zu einer Stimme und drück die Leertaste, "
            + "oder drück die Nummer einer Option (1 oder 2); i sagt sie noch einmal.")
        for id in ["Up the stairs.", "Down below."] { level[LevelKeys.entities].modify(id) { $0[EntityKeys.sound] = nil } }
        #expect(said(.choiceOffered(id: "c", options: ["Up the stairs.", "Down below."]))?
            .hasPrefix("Wähle eine Option: Dreh dich in die Richtung einer Option und drück die Leertaste") == true)
        #expect(said(.choiceMade(option: "river", line: nil)) == "Gewählt: Zum Fluss.")
        #expect(said(.storyLevel(id: "cave", attempt: 2)) == "Noch einmal: Versuch 2.")
        #expect(said(.storyFinished(ending: "home")) == "Die Geschichte endet: Endlich daheim!")
        #expect(said(.storyStopped(message: "no scene 'x'")) == "Die Geschichte wurde abgebrochen: no scene 'x'")
    }

    /// A rule failing is framed in German, what it means for the clock too; its message is
    /// the engine's diagnostic and stays English. Once no more failures are told, that is
    /// said in German.
    @Test func ruleFailuresAreFramedInGerman() {
        final class Counter: @unchecked Sendable { var n = 0 }
        let counter = Counter()
        let everyTick = Reducer<GameState>("broken", handles: .only(ActionName.tick)) { _, _, _ in
            counter.n += 1
            throw Kaput(description: "kaput \(counter.n)")
        }
        let session = LevelSession(store: Store(state: tutorialStore("two-voices").state, reducers: LevelReducers.all + [everyTick]))
        session.begin()
        for _ in 0 ..< 30 { session.tick() }
        let text = EventText(names: names)
        let told = session.takeEvents().compactMap { event in
            switch event {
            case .problem, .problemsUntold: text.sentence(event, in: session.level)?.text
            default: nil
            }
        }
        #expect(told.first == "Eine Regel ist fehlgeschlagen, und was sie gerade behandelte, wurde rückgängig gemacht; "
            + "solange sie fehlschlägt, steht die Uhr des Levels still: reducer 'broken' rejected action 'tick': kaput 1")
        #expect(told.last == "Eine Regel ist fehlgeschlagen, und was sie gerade behandelte, wurde rückgängig gemacht: "
            + "Regeln schlagen weiter auf andere Weise fehl; weitere Fehler dieses Levels werden nicht mehr gemeldet")
        #expect(told.count == LevelSession.problemsTold + 1)
    }

    /// The `i` status is German: the heading and tilt, the view, each goal, the counters
    /// with a decimal comma, the pause.
    @Test func theStatusIsGerman() {
        var level = tutorialLevel("two-voices").level
        level[LevelKeys.view][ViewKeys.center] = 180
        level[LevelKeys.misses] = 1
        level[LevelKeys.time] = 4.2
        let context = LevelContext(packName: "Einführung", names: names, goalPaths: tutorialLevel("two-voices").goalPaths,
                                   visuals: .shown, steering: "Pfeiltasten")
        let lines = StatusText.lines(LevelFrame(level: level, paused: true, wallTime: 0), context: context)
        #expect(lines == [
            "Blickrichtung 180° Süd. Nichts im Blick.",
            "Ziel, offen: Glocke finden.",
            "Ziel, eingehalten: Biene in Ruhe lassen.",
            "Ziel, eingehalten: Fehlgriffe übrig: 2 von 3.",
            "Gefunden: 0, Fehlgriffe: 1, Zeit: 4,2 s.",
            "Das Spiel ist pausiert.",
        ])
        level[LevelKeys.view][ViewKeys.elevation] = 20
        #expect(StatusText.heading(level, context: context) == "Blickrichtung 180° Süd, Neigung 20° nach oben.")
        #expect(StatusText.heading(level, context: context, tiltOnly: true) == "Neigung 20° nach oben.")
        level[LevelKeys.view][ViewKeys.elevation] = 0
        #expect(StatusText.heading(level, context: nil, words: Words(.german), tiltChanged: true) == "Blickrichtung 180° Süd, Neigung waagerecht.")
        var hidden = tutorialLevel("around-you").level
        hidden[LevelKeys.view][ViewKeys.center] = 0
        let dark = LevelContext(packName: "Einführung", names: names, goalPaths: [:], visuals: .hidden, steering: "Pfeiltasten")
        #expect(StatusText.heading(hidden, context: dark, complete: true)
            == "Blickrichtung 0° Nord. In diesem Level wird nichts gezeigt oder beschrieben: Hör auf die Klänge.")
    }

    /// The scoring rule's criteria and a final score's breakdown are German, times with a
    /// decimal comma.
    @Test func scoringIsGerman() {
        let words = Words(.german)
        var level = tutorialLevel("around-you").level
        #expect(ScoringText.criteria(level, names: Names(words: words)) == [
            "Ein Sieg bringt 1000 Punkte, abzüglich 100 für jeden Fehlgriff (nie unter 0).",
            "Bist du schnell fertig, bekommst du bis zu 500 Bonuspunkte: je früher, desto mehr; nach 30 Sekunden keine mehr.",
            "Ein verlorenes Level bringt 0 Punkte.",
        ])
        #expect(ScoringText.breakdown(level, names: Names(words: words)) == ["Keine Punktzahl: Das Level wurde nicht beendet."])
        level[LevelKeys.status] = .won
        #expect(ScoringText.breakdown(level, names: Names(words: words)) == ["Es wurde keine Punktzahl berechnet."])
        level[LevelKeys.time] = 12
        level[LevelKeys.misses] = 1
        level[LevelKeys.score] = 900 + 300
        #expect(ScoringText.breakdown(level, names: Names(words: words)) == [
            "Punktzahl: 1200", "  1000 für den Sieg", "  −100 für 1 Fehlgriff", "  +300 Tempobonus (12,0 s von 30 Sekunden)",
        ])
        level[LevelKeys.score] = 7
        #expect(ScoringText.breakdown(level, names: Names(words: words)) == ["Punktzahl: 7"])
        level[LevelKeys.scoring] = ["type": "stars", "parTime": 2.5, "bands": [1.5, 3]]
        #expect(ScoringText.criteria(level, names: Names(words: words)) == ["Gewertet nach der Regel „stars“ mit bands 1,5; 3 und parTime 2,5."])
        level[LevelKeys.scoring] = ["parTime": 20]
        #expect(ScoringText.criteria(level, names: Names(words: words)) == ["Gewertet nach einer unbenannten Regel mit parTime 20."])
        level[LevelKeys.scoring] = nil
        #expect(ScoringText.criteria(level, names: Names(words: words)) == ["Dieses Level wird nicht gewertet: Es zählt nur, dass du gewinnst."])
    }

    /// In a real terminal, `--lang de --plain`: the briefing's goal, the heading, the
    /// status, a miss, a hit and the win are German, and the English sentences of the
    /// same moments are not said.
    @Test func aGermanPlayerHearsTheLevelInGerman() throws {
        let game = try PseudoTerminal(["play", tutorialPath, "--plain", "--no-audio", "--level", "first-sound", "--lang", "de"])
        try game.expect("• Finde den Klang „Glocke“ und wähle ihn aus.")
        game.send("\r")
        try game.expect("Blickrichtung 0° Nord.")
        game.send("i")
        try game.expect("Ziel, offen: Glocke finden.")
        try game.expect("Gefunden: 0, Fehlgriffe: 0, Zeit: ")
        // The level's first moment does not take a space.
        game.wait(PseudoTerminal.endPageSettle)
        game.send(" ")
        try game.expect("Daneben: Dort ist nichts. Bisher 1 Fehlgriff.")
        game.press(PseudoTerminal.right, times: 4)
        try game.expect("Blickrichtung 60° Ostnordost. Im Blick: Glocke vorn.")
        game.send(" ")
        try game.expect("Treffer: Glocke. Bisher 1 gefunden.")
        try game.expect("Ziel erreicht: Glocke gefunden.")
        try game.expect("Du hast das Level gewonnen!")
        try game.expect("Punktzahl: ")
        try game.expect("−100 für 1 Fehlgriff")
        #expect(try game.quitFromAPage() == 0)
        for english in ["Find the Bell", "Facing", "Goal, to do", "Found 0", "Miss:", "In view", "Hit:", "Goal met", "You won", "Score:",
                        "for the win", "speed bonus"] {
            #expect(!game.text.contains(english), "said in English: \(english)")
        }
    }
}
