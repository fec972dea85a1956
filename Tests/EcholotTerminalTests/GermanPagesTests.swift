import EcholotCore
import EcholotModel
@testable import EcholotTerminal
import EcholotTestSupport
import Foundation
import Testing

/// The pages and notices of the game outside a running level in German (`--lang de`): the
/// menus, the briefing, the end page, a story's page, what the keys of a page say, and the
/// farewell — and none of their English sentences.
@Suite(.serialized) struct GermanPagesTests {
    let names = Names(pack: tutorial, language: "de")
    var entry: PackEntry { PackEntry(path: tutorialPath, pack: tutorial) }
    static let nightWalk = repositoryRoot.appendingPathComponent("levels/night-walk").path

    /// The spoken keys of a menu of four entries.
    static let menuKeys = "Tasten: Pfeil nach oben und unten wechseln den Eintrag, die Eingabetaste wählt aus, "
        + "die Zahlen 1 bis 4 wählen direkt, Esc geht zurück, q beendet das Spiel."

    /// The list of packs, a pack's scenarios and levels, with their marks and keys.
    @Test func theMenusSpeakGerman() {
        let packs = MenuPages.packs(PackCatalog(entries: [entry], problems: [("/packs/kaputt", PackCatalog.doesNotLoad)]),
                                    language: "de")
        #expect(packs.title == "Echolot — wähle ein Paket")
        #expect(packs.body == ["Pakete mit Spielen, in denen du Klänge findest."])
        #expect(packs.choices.map(\.spokenLine) == ["Einführung, 4 Level", "kaputt (defekt), es lädt nicht"])
        #expect(packs.choices[1].refusalText(packs.words) == "„kaputt“ ist defekt (es lädt nicht).")
        #expect(packs.spokenHelp == "Tasten: Pfeil nach oben und unten wechseln den Eintrag, die Eingabetaste wählt aus, "
            + "die Zahlen 1 bis 2 wählen direkt, q beendet das Spiel.")
        #expect(packs.noWayBack == "Dies ist die Liste der Pakete, das erste Menü: Von hier geht es nirgends zurück. q beendet das Spiel.")
        // Without --lang the list is English, as before.
        #expect(MenuPages.packs(PackCatalog(entries: [entry])).title == "Echolot — choose a pack")

        let progress = SessionProgress()
        var won = tutorialStore("first-sound").state
        won[Game.level][LevelKeys.status] = .won
        won[Game.level][LevelKeys.score] = 1380
        progress.levelEnded(level: "first-sound", in: tutorial, result: RunResult(state: won))
        let levels = MenuPages.levels(entry, group: LevelGroup.groups(of: tutorial)[0], progress: progress, names: names)
        #expect(levels.title == "Die Grundlagen — wähle ein Level")
        #expect(levels.choices[0].line == "Der erste Klang — geschafft · Bestwert 1380")
        #expect(levels.keys.map(\.shown) == ["↑/↓ wechseln", "Eingabetaste auswählen", "1–4 direkt", "Esc zurück", "q beenden"])
        #expect(levels.spokenHelp == Self.menuKeys)
        let scenarios = MenuPages.scenarios(entry, progress: progress, names: names)
        #expect(scenarios.title == "Einführung — wähle ein Szenario")
        #expect(scenarios.body == ["Lerne Schritt für Schritt, Klänge um dich herum zu finden."])
        #expect(scenarios.choices.map(\.line) == ["Die Grundlagen — 4 Level"])
    }

    /// Locked scenarios and levels say in German what is in the way; the command line's
    /// errors, which use the same clause, stay English.
    @Test func locksSpeakGerman() {
        var pack = tutorial
        pack.manifest.scenarios.append(Scenario(id: "more", name: "More", levels: ["in-order"], unlock: .after("basics")))
        pack.manifest.scenarios.append(Scenario(id: "hard", name: "Hard", levels: ["around-you"], unlock: .totalScore(2000)))
        let names = Names(pack: pack, language: "de")
        let page = MenuPages.scenarios(PackEntry(path: tutorialPath, pack: pack), progress: SessionProgress(), names: names)
        #expect(page.choices[1].line == "More (gesperrt) — 1 Level · schaffe zuerst „Die Grundlagen“")
        #expect(page.choices[2].refusalText(page.words)
            == "„Hard“ ist gesperrt (1 Level, erreiche zuerst 2000 Punkte in diesem Paket (bisher 0)).")
        #expect(LevelLock.after(scenario: "basics").refusal(level: "Eins nach dem anderen", names, in: pack)
            == "„Eins nach dem anderen“ kann nicht gespielt werden: schaffe zuerst „Die Grundlagen“.")
        #expect(LevelLock.finishedInStory.refusal(level: "Die Furt", names, in: pack)
            == "„Die Furt“ wurde in dieser Geschichte schon gespielt, und sie spielt jedes Level nur einmal: "
            + "Beginne die Geschichte neu, um es noch einmal zu spielen.")
        #expect(LevelLock.after(scenario: "basics").reason(names, in: pack) == "finish “Die Grundlagen” first")
        #expect(Choice("Höhle", unavailable: "gesperrt").refusalText(Words(.german)) == "„Höhle“ ist gesperrt.")
    }

    /// The briefing: its headings, how the level looks, its choices and keys.
    @Test func theBriefingSpeaksGerman() {
        let page = BriefingPage.make(definition: tutorialLevel("two-voices"), names: names, visuals: .faded, tracker: false)
        #expect(page.title == "Einweisung: Zwei Stimmen")
        #expect(page.body.contains("Ziele:"))
        #expect(page.body.contains("Wertung:"))
        #expect(page.body.contains("Bilder: blass — nur Klänge nahe der Mitte des Blicks werden gezeigt, und nur schwach."))
        #expect(page.choices.map(\.line) == ["Start (s)", "Zurück (b)"])
        #expect(page.spokenHelp == "Tasten: die Eingabetaste startet, Esc geht zurück, q beendet das Spiel.")
        #expect(page.keys.map(\.shown) == ["Eingabetaste starten", "Esc zurück", "q beenden"])
        for english in ["Goals", "Scoring", "Visuals", "Briefing"] {
            #expect(!page.body.contains { $0.contains(english) } && !page.title.contains(english), "\(english): \(page)")
        }
    }

    /// The end page of a win: what it finished, its figures, what it earned and opened, the
    /// recording, and the choices.
    @Test func theEndPageOfAWinSpeaksGerman() {
        let level = PagesTests.aroundYouWon
        let (page, meanings) = EndPage.make(
            level: level, names: names, left: false, achievements: [("quickEar", "Quick Ear"), ("calm", nil)],
            hasNext: true, recording: "s.jsonl", saved: false, unlocked: ["Mehr", "Schwer"],
            finished: ("Die Grundlagen", "Einführung"))
        #expect(page.title == "Gewonnen: Rund um dich")
        #expect(Array(page.body.prefix(3)) == ["„Die Grundlagen“ ist geschafft.", "Du hast jedes Level von „Einführung“ geschafft.",
                                               "Zeit: 12,0 s, Fehlgriffe: 1, gefunden: 3"], "\(page.body)")
        #expect(page.body.contains("Neue Erfolge: Schnelles Ohr und calm."))
        #expect(page.body.contains("Freigeschaltet: „Mehr“ und „Schwer“."))
        #expect(page.body.contains("Nicht gespeichert: Das Profil ließ sich nicht öffnen, darum bleiben dieses Ergebnis und "
            + "seine Erfolge nur bis zum Ende des Spiels erhalten."))
        #expect(page.body.contains("Aufgenommen in s.jsonl; spiel die Aufnahme ab mit: echolot replay s.jsonl"))
        #expect(page.choices.map(\.line) == ["Nächstes Level (n)", "Noch einmal (r)", "Zurück zu den Leveln (m)", "Beenden (q)"])
        #expect(meanings == [.next, .retry, .menu, .quit])
        for english in ["is finished", "You have", "Time:", "Achievements", "Unlocked", "Not saved", "Recorded"] {
            #expect(!page.body.contains { $0.contains(english) }, "\(english): \(page.body)")
        }
        let quiet = EndPage.make(level: level, names: names, left: false, achievements: [], hasNext: false, recording: nil).page
        #expect(quiet.body.contains("Keine neuen Erfolge."), "\(quiet.body)")
    }

    /// The end page of a loss, of a level left, and of one that cannot be retried.
    @Test func theEndPagesOfALossAndALeavingSpeakGerman() {
        var lost = tutorialLevel("two-voices").level
        lost[LevelKeys.status] = .lost
        lost.modify(LevelKeys.goals) { goals in
            _ = goals.modify("avoid") { $0[GoalKeys.state] = .failed }
        }
        let (page, _) = EndPage.make(level: lost, names: names, left: false, achievements: [], hasNext: true, recording: nil,
                                     locked: "„Zwei Stimmen“ wurde in dieser Geschichte schon gespielt.")
        #expect(page.title == "Verloren: Zwei Stimmen")
        #expect(page.body.contains { $0.hasPrefix("Nicht geschafft: ") }, "\(page.body)")
        #expect(!page.body.contains { $0.hasPrefix("Failed") }, "\(page.body)")
        #expect(page.withheld["r"] == "„Noch einmal“ gibt es hier nicht: „Zwei Stimmen“ wurde in dieser Geschichte schon gespielt.")
        let left = EndPage.make(level: tutorialLevel("first-sound").level, names: names, left: true, achievements: [],
                                hasNext: true, recording: nil).page
        #expect(left.title == "Verlassen: Der erste Klang")
        #expect(left.body.first == "Du hast das Level vor dem Ende verlassen.")
        let stopped = EndPage.make(level: tutorialLevel("first-sound").level, names: names, left: false, achievements: [],
                                   hasNext: true, recording: nil).page
        #expect(stopped.body.first == "Das Level ist beendet.")
    }

    /// Runs `body` with a fresh folder for a throwaway profile and recordings, removed after.
    func inFolder(_ body: (URL) throws -> Void) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try body(folder)
    }

    /// `echolot play ARGUMENTS --no-audio --lang de` with a profile of its own in `folder`.
    func german(_ arguments: [String], in folder: URL) throws -> PseudoTerminal {
        try PseudoTerminal(["play"] + arguments + ["--no-audio", "--lang", "de",
                                                    "--profile", folder.appendingPathComponent("profile.sqlite").path])
    }

    /// Expects the German farewell and a clean exit, and that the game said none of
    /// `english` (nor the English farewell).
    func expectFarewell(_ game: PseudoTerminal, without english: [String]) throws {
        try game.expect("Danke, dass du Echolot gespielt hast.")
        #expect(try game.waitForExit() == 0)
        for phrase in english + ["Thanks for playing"] {
            #expect(!game.text.contains(phrase), "\(phrase) in:\n\(game.text)")
        }
    }

    /// A whole way through the line mode: the menus, a page's answers to keys that do not
    /// choose, the briefing, a level left and its end page with its recording, the list of
    /// packs, and the farewell — in German, without the English sentences.
    @Test func playingTheTutorialInGerman() throws {
        try inFolder { folder in
            let record = folder.appendingPathComponent("spiel.jsonl").path
            let game = try german([tutorialPath, "--plain", "--record", record], in: folder)
            try game.expect("== Einführung — wähle ein Szenario ==")
            try game.expect("1. Die Grundlagen, 4 Level")
            try game.expect("Tasten: die Eingabetaste wählt aus, Esc geht zurück, q beendet das Spiel.")
            game.send("x")
            try game.expect("x tut hier nichts; die Eingabetaste wählt aus, ? sagt die Seite noch einmal.")
            game.send("5")
            try game.expect("Es gibt keinen Eintrag 5; das Menü hat 1 Eintrag.")
            game.send("\r")
            try game.expect("== Die Grundlagen — wähle ein Level ==")
            try game.expect(Self.menuKeys)
            game.send("\r")
            try game.expect("== Einweisung: Der erste Klang ==")
            try game.expect("Bilder: Jeder Klang im Blick wird auf dem Bildschirm gezeigt.")
            try game.expect("1. Start (s)")
            try game.expect("2. Zurück (b)")
            game.send("\r")
            try game.expect("Pfeiltasten")
            game.send("q")
            try game.expect("== Verlassen: Der erste Klang ==")
            try game.expect("Du hast das Level vor dem Ende verlassen.")
            try game.expect("Zeit: ")
            try game.expect("Aufgenommen in \(record); spiel die Aufnahme ab mit: echolot replay ")
            try game.expect("1. Nächstes Level (n)")
            try game.expect("3. Zurück zu den Leveln (m)")
            try game.type("m", onASettlingPageUntil: "== Die Grundlagen — wähle ein Level ==")
            game.send("\u{1B}")
            try game.expect("== Einführung — wähle ein Szenario ==")
            game.send("\u{1B}")
            try game.expect("== Echolot — wähle ein Paket ==")
            try game.expect("Pakete mit Spielen, in denen du Klänge findest.")
            game.send("\u{1B}")
            try game.expect("Dies ist die Liste der Pakete, das erste Menü: Von hier geht es nirgends zurück. q beendet das Spiel.")
            game.send("q")
            try expectFarewell(game, without: [
                "choose a", "Keys:", "does nothing here", "There is no entry", "Briefing", "Visuals:", "arrow keys",
                "You left the level", "Time:", "Recorded", "Back to the levels", "Packs of", "nothing to go back to",
            ])
        }
    }

    /// A story's page, the question before a new beginning and the story's levels, in the
    /// line mode, in German.
    @Test func theStorysPagesSpeakGerman() throws {
        try inFolder { folder in
            let game = try german([Self.nightWalk, "--plain"], in: folder)
            try game.expect("== Nachtspaziergang — eine Geschichte ==")
            try game.expect("1. Geschichte beginnen (n)")
            try game.expect("2. Einzelne Level spielen (l)")
            game.send("n")
            try game.expect("Erzähler")
            game.send("q")
            try game.expect("== Nachtspaziergang — eine Geschichte ==")
            try game.expect("Du hast die Geschichte verlassen; deine Stelle ist gespeichert: „Geschichte fortsetzen“ spielt "
                + "die verlassene Szene von ihrem Anfang an.")
            try game.expect("1. Geschichte fortsetzen (c), Kapitel „Am Tor“")
            try game.expect("2. Geschichte neu beginnen (n)")
            game.send("n")
            try game.expect("== Neu beginnen? ==")
            try game.expect("Deine gespeicherte Stelle wird ersetzt: Die Geschichte beginnt von vorn.")
            try game.expect("1. Ja, neu beginnen (y)")
            try game.expect("2. Nein, meine Stelle behalten (n)")
            game.send("\u{1B}")
            try game.expect("== Nachtspaziergang — eine Geschichte ==")
            game.send("l")
            try game.expect("== Nachtspaziergang — wähle ein Level ==")
            try game.expect("1. Die Laterne")
            game.send("\u{1B}")
            try game.expect("== Nachtspaziergang — eine Geschichte ==")
            game.send("q")
            try expectFarewell(game, without: ["a story", "the story", "Play single levels", "You left", "Begin again?",
                                               "keep my place", "choose a"])
        }
    }

    /// A pack without German texts still gets the engine's German sentences, and says
    /// in German that it plays in its own language.
    @Test func aPackWithoutGermanTextsSaysSoInGerman() throws {
        try inFolder { folder in
            let pack = folder.appendingPathComponent("tutorial")
            try FileManager.default.copyItem(atPath: tutorialPath, toPath: pack.path)
            try FileManager.default.removeItem(at: pack.appendingPathComponent("strings/de.json"))
            let game = try german([pack.path, "--plain"], in: folder)
            try game.expect("Dieses Paket hat keine Texte in „de“; es spielt in „en“ (es hat Texte in en).")
            try game.expect("== Tutorial — wähle ein Szenario ==")
            game.send("q")
            try expectFarewell(game, without: ["This pack has no texts"])
        }
    }

    /// After a full-screen game the recording and the farewell stay on the terminal, in
    /// German; the briefing's key line is German.
    @Test func theFullScreensFarewellSpeaksGerman() throws {
        try inFolder { folder in
            let record = folder.appendingPathComponent("spiel.jsonl").path
            let game = try german([tutorialPath, "--level", "first-sound", "--record", record], in: folder)
            try game.expect("Einweisung: Der erste Klang")
            try game.expect("Eingabetaste starten · Esc zurück · q beenden")
            game.send("\r")
            try game.expect("Pfeiltasten")
            game.send("q")
            try game.expect("Verlassen: Der erste Klang")
            #expect(try game.quitFromAPage() == 0)
            try game.expect("Aufgenommen in \(record); spiel die Aufnahme ab mit: echolot replay ")
            try expectFarewell(game, without: ["Briefing", "Enter start", "Recorded"])
        }
    }
}
