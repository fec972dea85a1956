import EcholotTerminal
import EcholotTestSupport
import Foundation
import Testing

/// The full screen's first page: what the game had to say before it was drawn is all on
/// it, and so is the pointer to the line mode, at its top.
@Suite(.serialized) struct FirstPageTests {
    /// Two notices before the first page (the profile, then the sound device): the first
    /// is not replaced by the second.
    @Test func everyNoticeGivenBeforeTheFirstPageIsOnIt() {
        let transcript = Transcript()
        let display = ScreenDisplay(output: transcript.output, size: { (80, 24) })
        display.notice("PROFILE: error: this is not an Echolot profile", style: .bad)
        display.notice("audio: no sound device found: playing silently", style: .warning)
        display.show(Page(title: "Tutorial — choose a scenario", choices: [Choice("The Basics")]))
        let screen = Escape.strip(transcript.text)
        #expect(screen.contains("this is not an Echolot profile"), "\(screen)")
        #expect(screen.contains("no sound device found"), "\(screen)")
        transcript.text = ""
        display.show(Page(title: "The Basics — choose a level", choices: [Choice("The First Sound")]))
        #expect(!Escape.strip(transcript.text).contains("not an Echolot profile"), "said on the first page only")
    }

    /// With sound (no `--no-audio`), a profile that cannot be opened is said on the first
    /// page of the full screen, whatever the sound device says after it.
    @Test func aProfileThatCannotBeOpenedIsOnTheFirstPageWithSoundOn() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let profile = folder.appendingPathComponent("bad.sqlite")
        try Data("x\n".utf8).write(to: profile)
        let game = try PseudoTerminal(["play", tutorialPath, "--profile", profile.path])
        try game.expect("Tutorial — choose a scenario")
        game.wait(0.5)
        let screen = String(decoding: game.output, as: UTF8.self).components(separatedBy: "\u{1B}[?1049h").last ?? ""
        #expect(Escape.strip(screen).contains("this is not an Echolot profile"), "\(Escape.strip(screen).suffix(1500))")
        game.send("q")
        #expect(try game.waitForExit() == 0)
    }

    /// The pointer to the line mode is the line under the title, where a screen reader
    /// reading from the top meets it first, and names the variable that keeps it on.
    @Test func thePointerToThePlainModeIsUnderTheTitle() {
        let transcript = Transcript()
        let display = ScreenDisplay(output: transcript.output, size: { (80, 24) })
        display.show(Page(title: "Tutorial — choose a scenario", body: ["Learn to find sounds around you, step by step."],
                          choices: [Choice("The Basics", detail: "4 levels")]))
        let rows = drawnRows(transcript.text)
        #expect(rows.prefix(2) == [" Tutorial — choose a scenario",
                                   " Screen reader? Play with --plain, or set ECHOLOT_PLAIN=1 to always get lines."], "\(rows)")
    }

    /// On a narrow or short screen the pointer to `--plain` is kept whole, before the blank
    /// lines that only space the page out: in one row, in its short form where the long one
    /// does not fit.
    @Test(arguments: [(30, 8), (60, 24), (40, 10)])
    func thePointerToThePlainModeIsKeptWhole(columns: Int, rows: Int) {
        let transcript = Transcript()
        let display = ScreenDisplay(output: transcript.output, size: { (columns, rows) })
        display.notice("audio: no sound device found: playing silently", style: .warning)
        display.show(Page(title: "Tutorial — choose a scenario", body: ["Learn to find sounds around you, step by step."],
                          choices: [Choice("The Basics", detail: "4 levels")]))
        let screen = Escape.strip(transcript.text)
        #expect(screen.contains("Screen reader? Use --plain."), "\(screen)")
    }

    /// In a real terminal of 30×8, the first page still says how to get the line mode.
    @Test func aTinyFirstPageSaysHowToGetTheLineMode() throws {
        let game = try PseudoTerminal(["play", tutorialPath, "--no-audio"], columns: 30, rows: 8)
        try game.expect("Tutorial — choose a scenario")
        try game.expect("Screen reader? Use --plain.")
        game.send("q")
        #expect(try game.waitForExit() == 0)
    }
}
