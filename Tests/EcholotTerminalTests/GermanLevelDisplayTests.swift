#if canImport(Glibc)
import Glibc
#endif
import EcholotModel
import EcholotTerminal
import EcholotTestSupport
import Foundation
import Testing

/// What the level's loop and the two displays say of themselves, in German with `--lang
/// de`: the level's first words, keys that do nothing, a story's scenes, the view's
/// limits, the head tracker, the full screen's lines and its too-small window, a menu's
/// ends. None of their English sentences is left among the German ones.
@Suite(.serialized) struct GermanLevelDisplayTests {
    /// The tutorial's names and the engine's words in German.
    private let german = Names(pack: tutorial, language: "de")

    /// A throwaway profile for one game.
    private func profile() throws -> URL {
        try scratchFolder("german-level").appendingPathComponent("p.sqlite")
    }

    /// Whether `text` contains any of `sentences`: those of them it does, for the message.
    private func found(_ sentences: [String], in text: String) -> [String] { sentences.filter { text.contains($0) } }

    // MARK: The line mode, given frames

    /// A story's level says its name, how to steer and its goals; the pause ends with
    /// "Es geht weiter."; a cut-scene and a choice say what they are; a time limit counts
    /// down in German seconds.
    @Test func theLineModeSaysALevelInGerman() {
        let transcript = Transcript()
        let display = LineDisplay(output: transcript.output)
        var level = tutorialLevel("around-you").level
        level[LevelKeys.status] = .running
        let steering = german.words.steering(tracker: nil, tilt: false)
        let context = LevelContext(packName: "Einführung", names: german, goalPaths: [:], visuals: .hidden, steering: steering,
                                   storyScene: .level)
        display.levelBegan(context, level: level)
        #expect(transcript.text.hasPrefix("Level „Rund um dich“ beginnt. Steuerung: Pfeiltasten. Drück i für den Status, ? für die Tasten.\nZiel: "),
                "\(transcript.text)")
        display.pauseChanged(false, frame: LevelFrame(level: level, paused: false, wallTime: 0))
        #expect(transcript.text.hasSuffix("Es geht weiter.\n"))
        transcript.text = ""
        for time in stride(from: 0.0, through: 56, by: 0.5) {
            level[LevelKeys.time] = time
            display.levelFrame(LevelFrame(level: level, paused: false, wallTime: 0))
        }
        #expect(transcript.text == "Noch 30 Sekunden.\nNoch 10 Sekunden.\nNoch 5 Sekunden.\n")
        transcript.text = ""
        var scene = context
        scene.storyScene = .cutscene(id: "intro")
        display.levelBegan(scene, level: level)
        scene.storyScene = .choice(options: ["a", "b"], speakers: [:])
        display.levelBegan(scene, level: level)
        #expect(transcript.text.hasPrefix("Eine Zwischensequenz. Die Eingabetaste überspringt sie.\n"), "\(transcript.text)")
        #expect(transcript.text.hasSuffix("Eine Entscheidung.\n"), "\(transcript.text)")
    }

    /// A menu in the line mode says its selected entry and its place in German, and the
    /// end of the list a key stopped at.
    @Test func theLineModeSaysAMenusPlaceInGerman() {
        let transcript = Transcript()
        let display = LineDisplay(output: transcript.output)
        display.words = Words(.german)
        var page = Page(title: "Menü", body: [], choices: [Choice("Eins"), Choice("Zwei")])
        display.show(page)
        #expect(transcript.text.contains("Ausgewählt: Eins\n"), "\(transcript.text)")
        page.selected = 1
        display.selectionMoved(page, stoppedAt: .last)
        display.selectionMoved(page, stoppedAt: nil)
        #expect(transcript.text.hasSuffix("Zwei, 2 von 2, der letzte Eintrag\nZwei, 2 von 2\n"), "\(transcript.text)")
        #expect(found(["Selected:", " of 2", "the last entry"], in: transcript.text) == [])
    }

    // MARK: The full screen, given frames

    /// The level screen's own lines in German: the heading line, the visuals, the goals'
    /// heading, the counters, the pause mark, a story scene's title, and why a window is
    /// too small.
    @Test func theFullScreenDrawsALevelInGerman() {
        let transcript = Transcript()
        let display = ScreenDisplay(output: transcript.output, size: { (100, 30) })
        var level = tutorialLevel("first-sound").level
        let context = LevelContext(packName: "Einführung", names: german, goalPaths: [:], visuals: .faded,
                                   steering: german.words.steering(tracker: nil, tilt: false))
        display.levelBegan(context, level: level)
        level[LevelKeys.view][ViewKeys.center] = 90
        display.pauseChanged(true, frame: LevelFrame(level: level, paused: true, wallTime: 0))
        let screen = Escape.strip(transcript.text)
        for line in ["Einführung · Der erste Klang   PAUSE", "Blickrichtung 90° O · Neigung 0° · Bilder blass · Pfeiltasten",
                     " Ziele", "Gefunden 0 · Fehlgriffe 0 · Zeit 0 s"] {
            #expect(screen.contains(line), "no “\(line)” in \(screen)")
        }
        #expect(found(["PAUSED", "Heading", "tilt", "visuals", " Goals", "Found 0", "arrow keys"], in: screen) == [])
        // The compass row under the strip abbreviates its points as the heading line does.
        #expect(screen.contains(/\bNO\b/) && screen.contains(/\bSO\b/), "\(screen)")
        #expect(!screen.contains(/\bNE\b|\bSE\b/), "\(screen)")
        transcript.text = ""
        var scene = context
        scene.storyScene = .choice(options: ["a"], speakers: [:])
        display.levelBegan(scene, level: level)
        #expect(Escape.strip(transcript.text).contains("Einführung · Entscheidung (dreh dich und wähle aus oder drück eine Zahl)"))
        scene.storyScene = .cutscene(id: "intro")
        display.levelBegan(scene, level: level)
        #expect(Escape.strip(transcript.text).contains("Einführung · Zwischensequenz (Eingabetaste überspringt)"))

        let small = ScreenDisplay(output: transcript.output, size: { (30, 10) })
        small.levelBegan(context, level: level)
        #expect(small.levelTooSmall(goals: 1)?.hasPrefix("Das Terminal hat 30 Spalten und 10 Zeilen; dieses Level braucht mindestens 40 Spalten") == true,
                "\(small.levelTooSmall(goals: 1) ?? "fits")")
        transcript.text = ""
        let tiny = ScreenDisplay(output: transcript.output, size: { (40, 5) })
        tiny.levelBegan(context, level: level)
        #expect(Escape.strip(transcript.text).contains("Zu klein: braucht 40 Spalten und"), "\(Escape.strip(transcript.text))")
    }

    /// A page on the full screen: the first page's pointer to the line mode, the mark of a
    /// text that scrolls, and the end of a list a key stopped at, in German.
    @Test func theFullScreenSaysItsPagesInGerman() {
        let transcript = Transcript()
        let display = ScreenDisplay(output: transcript.output, size: { (80, 12) })
        display.words = Words(.german)
        let page = Page(title: "Lang", body: (1 ... 30).map { "Zeile \($0)." }, choices: [Choice("Los"), Choice("Zurück")])
        display.show(page)
        var screen = Escape.strip(transcript.text)
        #expect(screen.contains("Screenreader? Spiel mit --plain; mit ECHOLOT_PLAIN=1 gibt es immer Zeilen."), "\(screen)")
        #expect(screen.contains(" ↓ mehr: Bild ab"), "\(screen)")
        _ = display.scroll(page, pages: 1)
        display.selectionMoved(page, stoppedAt: .first)
        screen = Escape.strip(transcript.text)
        #expect(screen.contains(" ↑ Bild auf · ↓ mehr: Bild ab"), "\(screen)")
        #expect(screen.contains("Das ist der erste Eintrag."), "\(screen)")
        #expect(found(["Screen reader?", "more: PgDn", "PgUp", "That is"], in: screen) == [])
    }

    // MARK: Real games

    /// A level played in the line mode: its first words, a key that does nothing, the
    /// tilt's limit, and the pause ending, all in German.
    @Test func aPlainLevelSpeaksGerman() throws {
        let profile = try profile()
        let game = try PseudoTerminal(["play", tutorialPath, "--plain", "--no-audio", "--lang", "de", "--level", "first-sound",
                                       "--profile", profile.path])
        try game.expect("Ausgewählt: ")
        game.send("\r")
        try game.expect("Level „Der erste Klang“ beginnt. Steuerung: ")
        try game.expect("Drück i für den Status, ? für die Tasten.")
        game.wait(PseudoTerminal.endPageSettle)
        game.send("x")
        try game.expect("x bewirkt hier nichts; ? nennt die Tasten.")
        game.press(PseudoTerminal.up, times: 10)
        try game.expect("Der Blick neigt sich nicht weiter nach oben.")
        game.send("p")
        game.wait(0.3)
        game.send("p")
        try game.expect("Es geht weiter.")
        game.send("q")
        try game.expect("Der erste Klang ==")
        #expect(try game.quitFromAPage() == 0)
        #expect(found(["begins. Steering", "does nothing here", "tilts no further", "Going on.", "Selected:"], in: game.text) == [],
                "\(game.text)")
    }

    /// A story in the line mode: the cut-scene says what it is (and again on `i`), the
    /// level waits for its start in German, and a choice tells its numbers and an option
    /// it does not have.
    @Test func aPlainStorySpeaksGerman() throws {
        let profile = try profile()
        let game = try PseudoTerminal(["play", repositoryRoot.appendingPathComponent("levels/night-walk").path, "--plain",
                                       "--no-audio", "--lang", "de", "--time", "21:40", "--profile", profile.path])
        try game.expect("Ausgewählt: ")
        game.send("n")
        try game.expect("Eine Zwischensequenz. Die Eingabetaste überspringt sie.")
        game.send("i")
        try game.expect("Eine Zwischensequenz. Die Eingabetaste überspringt sie.")
        game.skipTheCutScene()
        try game.expect("Level „Die Laterne“ beginnt.")
        try game.expect("Ziel: ")
        try game.startTheLevel(Words(.german))
        game.press(PseudoTerminal.right, times: 6)
        game.wait(0.3)
        game.send(" ")
        try game.expect("Eine Entscheidung.")
        game.send("?")
        try game.expect("In einer Entscheidung wählt die Nummer einer Option diese sofort aus.")
        game.send("7")
        try game.expect("Es gibt keine Option 7; die Entscheidung hat 2 Optionen.")
        game.send("q")
        #expect(try game.quitFromAPage() == 0)
        #expect(found(["A cut-scene", "Press Enter or space", "Started.", "A choice.", "In a choice", "There is no option"],
                      in: game.text) == [], "\(game.text)")
    }

    /// The full screen in German: the first page's pointer to the line mode, the end of
    /// a list, the level's lines, and a window made too small and then large enough.
    @Test func theFullScreenSpeaksGerman() throws {
        let profile = try profile()
        let game = try PseudoTerminal(["play", tutorialPath, "--no-audio", "--lang", "de", "--level", "first-sound",
                                       "--profile", profile.path])
        try game.expect("Screenreader? Spiel mit --plain; mit ECHOLOT_PLAIN=1 gibt es immer Zeilen.")
        game.send("k")
        try game.expect("Das ist der erste Eintrag.")
        game.send("\r")
        try game.expect("Blickrichtung 0° N · Neigung 0°")
        try game.expect("Gefunden 0 · Fehlgriffe 0 · Zeit 0 s")
        game.resize(columns: 30, rows: 10)
        // Wrapped at 30 columns: "Spalten" ends the first row.
        try game.expect("Das Terminal hat 30 Spalten")
        game.wait(0.3)
        game.resize(columns: 100, rows: 30)
        try game.expect("Das Terminal ist jetzt groß genug. Das Spiel geht weiter.")
        game.send("q")
        try game.expect("Der erste Klang")
        #expect(try game.quitFromAPage() == 0)
        #expect(found(["Screen reader?", "That is the first entry", "Heading 0°", "Found 0 ·", "The terminal is",
                       "The game goes on"], in: game.text) == [], "\(game.text)")
    }

    /// The head tracker's messages and status line in German: datagrams it ignores are
    /// told once per kind, and `i` says where it listens and what it received.
    @Test func theHeadTrackerSpeaksGerman() throws {
        let profile = try profile()
        let game = try PseudoTerminal(["play", tutorialPath, "--plain", "--no-audio", "--lang", "de", "--level", "first-sound",
                                       "--input-source", "opentrack:0", "--profile", profile.path])
        let listening = try game.expect("wartet auf OpenTrack an 127.0.0.1:")
        let port = try #require(UInt16(listening.dropFirst("wartet auf OpenTrack an 127.0.0.1:".count).prefix { $0.isNumber }))
        try game.expect("Ausgewählt: ")
        game.send("\r")
        try game.expect("Steuerung: Headtracker über 127.0.0.1:\(port).")
        let sender = try OpenTrackSender(port: port)
        sender.send(Array(repeating: 0, count: 47))
        sender.send(HeadPose(yaw: .nan).datagram)
        sender.send(HeadPose(yaw: 10_000).datagram)
        sender.send(HeadPose(yaw: 0, pitch: 0).datagram)
        game.wait(0.5)
        // Told in no fixed order: one line per kind.
        for reason in ["nicht 48 Bytes lang sind", "keine endlichen Zahlen enthalten", "außerhalb des gültigen Bereichs liegen"] {
            #expect(game.text.contains("Headtracker: Datagramme, die \(reason), werden ignoriert."), "\(game.text)")
        }
        game.send("i")
        try game.expect("Headtracker über 127.0.0.1:\(port): 1 Pose, 3 fehlerhafte Datagramme ignoriert")
        game.send("q")
        #expect(try game.quitFromAPage() == 0)
        #expect(found(["Head tracker: ignoring", "Head tracker on", "bad datagrams"], in: game.text) == [], "\(game.text)")
    }
}
