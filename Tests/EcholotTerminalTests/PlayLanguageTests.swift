import EcholotTestSupport
import Foundation
import Testing

/// Which language a player reads, in real pseudo-terminals: a line's `{time}` in the line's
/// own language, the engine's sentences in the language asked for (English where Echolot
/// does not speak it, whatever the pack's default), and a region falling back to its
/// language's strings file (`de-AT` plays `de.json`), in `play` and in `stats`.
@Suite(.serialized) struct PlayLanguageTests {
    /// A copy of the shipped pack `name` in a fresh folder, for the caller to remove.
    func copy(_ name: String) throws -> (folder: URL, pack: URL) {
        let folder = try temporaryFolder()
        let pack = folder.appendingPathComponent(name)
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("levels/\(name)"), to: pack)
        return (folder, pack)
    }

    /// Replaces `old` by `new` in the file `path` of `pack`.
    func edit(_ pack: URL, _ path: String, _ old: String, _ new: String) throws {
        let file = pack.appendingPathComponent(path)
        let text = try String(contentsOf: file, encoding: .utf8)
        try #require(text.contains(old), "\(path) has no \(old)")
        try text.replacingOccurrences(of: old, with: new).write(to: file, atomically: true, encoding: .utf8)
    }

    /// Night Walk's gate line says `{time}`: a German player whose de.json lacks the line
    /// reads the English line with English words (it read "Viertel vor neun" inside it), and
    /// a French line says the time in digits (it read "quarter to nine" inside it).
    @Test func aLinesTimeIsSaidInTheLinesOwnLanguage() throws {
        let (folder, pack) = try copy("night-walk")
        defer { try? FileManager.default.removeItem(at: folder) }
        try edit(pack, "strings/en.json", "It is dark,", "It is {time},")
        try edit(pack, "strings/de.json",
                 #""gate.1": "Das Tor fällt knarrend hinter dir zu. Es ist dunkel, und der Weg nach Hause ist weit.","#, "")
        let english = try String(contentsOf: pack.appendingPathComponent("strings/en.json"), encoding: .utf8)
        try english.replacingOccurrences(of: "The gate creaks shut behind you. It is {time}, and home is far.",
                                         with: "La porte se referme. Il est {time}, et la maison est loin.")
            .write(to: pack.appendingPathComponent("strings/fr.json"), atomically: true, encoding: .utf8)
        for (language, said, begin, resume) in [
            ("de", "The gate creaks shut behind you. It is quarter to nine, and home is far.", "Geschichte beginnen", "Geschichte fortsetzen"),
            ("fr", "La porte se referme. Il est 20:44, et la maison est loin.", "Begin the story", "Continue the story"),
        ] {
            let game = try PseudoTerminal(["play", pack.path, "--plain", "--no-audio", "--lang", language, "--time", "20:44",
                                           "--profile", folder.appendingPathComponent("\(language).sqlite").path])
            try game.expect(begin)
            game.send("n")
            try game.expect(said)
            #expect(!game.text.contains("Viertel") && !game.text.contains("{time}"), "\(game.text)")
            game.send("q")
            try game.expect(resume)
            game.send("q")
            #expect(try game.waitForExit() == 0)
        }
    }

    /// `--lang fr` on a pack written in German: the pack's texts are German (it has no
    /// French), and Echolot's own sentences English, as the docs say of a language it does
    /// not speak. They were German.
    @Test func aLanguageEcholotDoesNotSpeakGetsEnglishWhateverThePacksDefault() throws {
        let (folder, pack) = try copy("tutorial")
        defer { try? FileManager.default.removeItem(at: folder) }
        try edit(pack, "pack.json", #""defaultLanguage": "en""#, #""defaultLanguage": "de""#)
        let game = try PseudoTerminal(["play", pack.path, "--plain", "--no-audio", "--lang", "fr",
                                       "--profile", folder.appendingPathComponent("p.sqlite").path])
        try game.expect("This pack has no texts in 'fr'; it plays in 'de' (it has de, en).")
        try game.expect("== Einführung — choose a scenario ==")
        game.send("q")
        #expect(try game.waitForExit() == 0)
        #expect(!game.text.contains("wähle"), "\(game.text)")
    }

    /// `--lang de-AT` plays `de.json` (the engine already spoke German, the pack's texts
    /// were English) and says which file stands in.
    @Test func aRegionFallsBackToItsLanguagesStrings() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let game = try PseudoTerminal(["play", tutorialPath, "--plain", "--no-audio", "--lang", "de-AT",
                                       "--profile", folder.appendingPathComponent("p.sqlite").path])
        try game.expect("Dieses Paket hat keine Texte in „de-AT“; es spielt in „de“ (es hat Texte in de und en).")
        try game.expect("== Einführung — wähle ein Szenario ==")
        game.send("q")
        #expect(try game.waitForExit() == 0)
    }

    /// `stats --lang de-AT` names the levels from `de.json` too.
    @Test func statsNamesLevelsInARegionsLanguage() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let profile = try StatsTerminalTests().profileWithAWin(in: folder)
        let stats = try runEcholot(["stats", "--lang", "de-AT", "--plain", "--profile", profile])
        #expect(stats.status == 0, "\(stats.stderr)")
        #expect(stats.stdout.contains("\nEinführung, Der erste Klang: 1 Spiel"), "\(stats.stdout)")
        #expect(stats.stderr.isEmpty, "\(stats.stderr)")
    }
}
