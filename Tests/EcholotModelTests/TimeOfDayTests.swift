import EcholotCore
import Testing

@testable import EcholotModel

@Suite struct TimeOfDayTests {
    private func time(_ h: Int, _ m: Int) -> TimeOfDay { TimeOfDay(hour: h, minute: m)! }

    @Test(arguments: [
        (13, 40, "zwanzig vor zwei"), (12, 0, "Punkt zwölf"), (9, 45, "Viertel vor zehn"),
        (5, 35, "fünf nach halb sechs"), (20, 5, "fünf nach acht"), (22, 15, "Viertel nach zehn"),
        (8, 55, "fünf vor neun"), (0, 0, "Punkt zwölf"), (1, 0, "Punkt eins"), (14, 30, "halb drei"),
        (14, 25, "fünf vor halb drei"),
    ])
    func germanMatchesTheTextClock(hour: Int, minute: Int, words: String) {
        #expect(time(hour, minute).german == words)
    }

    @Test func roundingFollowsTheLastDigit() {
        #expect(time(12, 22).rounded == (12, 20))  // 1–2 down
        #expect(time(17, 53).rounded == (17, 55))  // 3–4 up
        #expect(time(17, 54).rounded == (17, 55))
        #expect(time(17, 56).rounded == (17, 55))  // 6–7 down
        #expect(time(17, 58).rounded == (18, 0))  // 8–9 up, into the next hour
        #expect(time(23, 58).rounded == (0, 0))
        #expect(time(23, 58).german == "Punkt zwölf")
    }

    @Test func englishWords() {
        #expect(time(8, 55).english == "five to nine")
        #expect(time(22, 15).english == "quarter past ten")
        #expect(time(5, 35).english == "twenty-five to six")
        #expect(time(12, 1).english == "twelve o'clock")
        #expect(time(15, 30).english == "half past three")
        #expect(time(15, 30).words(language: "de-AT") == "halb vier")
        #expect(time(15, 30).words(language: "fr") == "half past three")
    }

    @Test func dayParts() {
        let parts = (0..<24).map { time($0, 30).dayPart }
        #expect(parts[5] == .night && parts[6] == .morning && parts[10] == .morning)
        #expect(parts[11] == .noon && parts[12] == .noon && parts[13] == .afternoon)
        #expect(parts[17] == .afternoon && parts[18] == .evening && parts[21] == .evening)
        #expect(parts[22] == .night && parts[0] == .night)
        #expect(TimeOfDay(hour: 24, minute: 0) == nil && TimeOfDay(hour: 3, minute: 60) == nil)
    }

    @Test func theClockActionLandsInTheState() {
        let store = startedStore(level(entities: []))
        store.dispatch(Action(ActionName.clock, ["hour": 19, "minute": 7]))
        #expect(store.state[Game.clock]?["dayPart"] == "evening")
        let bad = store.dispatch(Action(ActionName.clock, ["hour": 25, "minute": 7]))
        #expect(bad.rejections.count == 1)
        #expect(store.state[Game.clock]?["hour"] == 19)
    }
}
