import EcholotCore
import EcholotModel
import Testing
@testable import EcholotScript

@Suite struct SmokeTests {
    @Test func firstSoundIsWon() throws {
        let rules = try Support.rules(at: Support.tutorial)
        #expect(rules.validate().isEmpty)
        let (result, _) = try Support.play(rules, level: "first-sound", [(1, .turnTo(60)), (1.5, .select)])
        #expect(result.errors == [])
        #expect(result.outcome == .won)
        print(result.json.jsonText)
    }
}
