import EcholotCore
import EcholotModel
@testable import EcholotTerminal
import Testing

/// The store sees at most one turn action per tick, however fast input arrives.
@Suite struct CoalescingTests {
    @Test func firstTurnOfAPeriodGoesOutAtOnce() {
        var coalescer = TurnCoalescer()
        #expect(coalescer.turn(by: 15) == .turnBy(15))
        #expect(coalescer.turn(by: 15) == nil)
        #expect(coalescer.turn(by: 3) == nil)
        #expect(coalescer.newPeriod() == [.turnBy(18)])
        #expect(coalescer.newPeriod() == [])
    }

    @Test func anAbsoluteHeadingReplacesWhatCameBefore() {
        var coalescer = TurnCoalescer()
        #expect(coalescer.turn(to: 10) == .turnTo(10))
        #expect(coalescer.turn(by: 5) == nil)
        #expect(coalescer.turn(to: 40) == nil)
        #expect(coalescer.turn(by: 2) == nil)
        #expect(coalescer.newPeriod() == [.turnTo(42)])
    }

    @Test func tiltsAreCoalescedApart() {
        var coalescer = TurnCoalescer()
        #expect(coalescer.tilt(to: 10) == .tiltTo(10))
        #expect(coalescer.turn(to: 5) == .turnTo(5))
        #expect(coalescer.tilt(to: 20) == nil)
        #expect(coalescer.newPeriod() == [.tiltTo(20)])
    }

    /// A 1,000 Hz tracker for one simulated second: sixty ticks, and never more than one
    /// turn between two ticks.
    @Test func aThousandHertzTrackerCostsOneTurnPerTick() {
        let store = tutorialStore("first-sound")
        let session = LevelSession(store: store)
        var turnsSinceTick = 0, worst = 0, turns = 0
        store.observe { transition in
            for action in transition.actions {
                if action.name == ActionName.tick { turnsSinceTick = 0 }
                if action.name == ActionName.turnTo {
                    turnsSinceTick += 1
                    turns += 1
                    worst = max(worst, turnsSinceTick)
                }
            }
        }
        session.begin()
        var yaw = 0.0
        for _ in 0 ..< 60 {
            for _ in 0 ..< 17 {
                yaw += 0.05
                session.turn(to: yaw)
            }
            session.tick()
        }
        #expect(worst == 1)
        #expect(turns <= 61)
        #expect(abs(session.heading - yaw) < 1e-9, "the last pose is never lost")
    }
}
