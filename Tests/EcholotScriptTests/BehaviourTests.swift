import EcholotCore
import EcholotModel
import Foundation
import Testing
@testable import EcholotScript

/// The standard behaviours, through real Lua.
@Suite struct BehaviourTests {
    func play(_ behaviours: String, azimuth: Double = 10, distance: Double = 2, seed: Int = 1,
              start: Bool = true) throws -> Store<GameState> {
        let level = #"{"id": "one", "name": "One", "seed": \#(seed), "entities": [{"id": "e", "position": {"azimuth": \#(azimuth), "distance": \#(distance)}, "sound": {"file": "s.wav", "volume": 1}, "behaviours": \#(behaviours)}]}"#
        let world = try Support.world(level: level)
        if start { world.store.dispatch(.start) }
        return world.store
    }

    func entity(_ store: Store<GameState>) -> Entity { store.entity("e")! }

    @Test func orbitTurnsAtItsSpeed() throws {
        let store = try play(#"[{"type": "orbit", "speed": 6}]"#)
        Support.tick(store, 60)
        #expect(abs(entity(store)[EntityKeys.azimuth] - 16) < 1e-9)
    }

    @Test func orbitWrapsAround() throws {
        let store = try play(#"[{"type": "orbit", "speed": -30}]"#, azimuth: 5)
        Support.tick(store, 60)
        #expect(abs(entity(store)[EntityKeys.azimuth] - 335) < 1e-9)
    }

    @Test func behavioursWaitForTheStart() throws {
        let store = try play(#"[{"type": "orbit", "speed": 6}]"#, start: false)
        Support.tick(store, 60)
        #expect(entity(store)[EntityKeys.azimuth] == 10)
    }

    @Test func driftIsASeededRandomWalk() throws {
        func run(seed: Int) throws -> [Double] {
            let store = try play(#"[{"type": "drift", "speed": 30, "change": 200}]"#, seed: seed)
            return (0..<5).map { _ in
                Support.tick(store, 30)
                return entity(store)[EntityKeys.azimuth]
            }
        }
        let a = try run(seed: 7), b = try run(seed: 7), c = try run(seed: 8)
        #expect(a == b)
        #expect(a != c)
        #expect(Set(a).count == 5, "it moves")
        for step in zip([10] + a, a) {
            let moved = abs(Geometry.relative(azimuth: step.1, center: step.0))
            #expect(moved <= 15 + 1e-9, "never faster than its speed")
        }
    }

    @Test func pulseSwellsTheVolume() throws {
        let store = try play(#"[{"type": "pulse", "period": 2, "min": 0.2, "max": 1}]"#)
        var volumes: [Double] = []
        for _ in 0..<8 {
            Support.tick(store, 15)
            volumes.append(entity(store)[EntityKeys.sound]![SoundKeys.volume])
        }
        #expect(volumes.allSatisfy { $0 >= 0.2 - 1e-9 && $0 <= 1 + 1e-9 })
        #expect(abs(volumes[1] - 0.6) < 1e-9, "half way up after half a period")
        #expect(abs(volumes[3] - 1.0) < 1e-9, "loudest after a full period")
        #expect(abs(volumes[7] - 0.2) < 1e-9, "back down after two periods")
    }

    @Test func blinkSwitchesTheSound() throws {
        let store = try play(#"[{"type": "blink", "on": 0.5, "off": 0.25}]"#)
        func playing() -> Bool { entity(store)[EntityKeys.sound]![SoundKeys.playing] }
        Support.tick(store, 15)
        #expect(playing())
        Support.tick(store, 21)  // 0.6 s
        #expect(!playing())
        Support.tick(store, 12)  // 0.8 s: the next cycle
        #expect(playing())
    }

    @Test func approachComesCloserAndStops() throws {
        let store = try play(#"[{"type": "approach", "speed": 0.5, "min": 1}]"#, distance: 2)
        Support.tick(store, 60)
        #expect(abs(entity(store)[EntityKeys.distance] - 1.5) < 1e-9)
        Support.tick(store, 120)
        #expect(entity(store)[EntityKeys.distance] == 1)
    }

    @Test func behavioursCombine() throws {
        let store = try play(#"[{"type": "orbit", "speed": 10}, {"type": "approach", "speed": 0.5}]"#)
        Support.tick(store, 60)
        #expect(abs(entity(store)[EntityKeys.azimuth] - 20) < 1e-9)
        #expect(abs(entity(store)[EntityKeys.distance] - 1.5) < 1e-9)
    }
}
