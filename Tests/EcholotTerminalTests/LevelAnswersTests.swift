import EcholotTerminal
import EcholotTestSupport
import Foundation
import Testing

/// What a level and its pages answer in real pseudo-terminals: every key, in an order a
/// screen reader reads sensibly.
@Suite(.serialized) struct LevelAnswersTests {
    /// F1 says the keys as ? does, in a level and on a page; a key pressed in an end page's
    /// first moment is answered once.
    @Test func functionKeyOneAndAnEndPagesFirstMomentAreAnswered() throws {
        let game = try PseudoTerminal(["play", tutorialPath, "--plain", "--no-audio", "--level", "first-sound"])
        try game.expect("1. Start")
        game.send("\u{1B}OP")
        game.wait(0.3)
        #expect(game.text.components(separatedBy: "== Briefing: The First Sound ==").count == 3, "\(game.text)")
        game.send("\r")
        try game.expect("Level The First Sound begins.")
        game.send("\u{1B}OP")
        let keys = Words.english.levelKeys(tracker: false, settings: SteeringSettings())
        try game.expect(try #require(keys.last))
        game.send("q")
        try game.expect("== Left: The First Sound ==")
        game.send("x")
        try game.expect("A moment: keys pressed in this page's first 0.6 seconds are not taken.")
        #expect(try game.quitFromAPage() == 0)
        #expect(game.text.components(separatedBy: "A moment:").count == 2, "said once: \(game.text)")
    }
}
