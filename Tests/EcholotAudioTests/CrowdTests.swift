import EcholotAudio
import EcholotCore
import EcholotModel
import Testing

extension OpenAL {
    /// More entities with a sound than the device plays at once (docs/audio.md, "Devices"):
    /// the nearest play, the others wait silent and are told of once, and a source that
    /// comes free goes to the nearest waiting entity. Every sound past the limit failed on
    /// its own line ("alGenSources failed: Out of Memory"), and the farthest-off ids, not the
    /// farthest sounds, were the silent ones.
    @Suite final class Crowd {
        let sounds: TestSounds

        init() throws { sounds = try TestSounds() }
        deinit { sounds.remove() }

        static let limit = AudioDevice.entitySoundLimit

        /// `near` entities all around the head at 1.5 m, quiet (volume 0), then `far` loud
        /// ones on the right at 5 m, and with `nearestFar` one more loud one on the left at
        /// 4 m whose id sorts last: the nearest of the far ones.
        static func crowd(near: Int, far: Int, nearestFar: Bool = false) -> GameState {
            let quiet = (0 ..< near).map { TestLevels.entity("a\($0)", azimuth: Double($0 % 360), file: TestSounds.noise, volume: 0) }
            let loud = (0 ..< far).map { TestLevels.entity("b\($0)", azimuth: 90, distance: 5, file: TestSounds.noise) }
            let left = nearestFar ? [TestLevels.entity("z", azimuth: 270, distance: 4, file: TestSounds.noise)] : []
            return TestLevels.state(quiet + loud + left)
        }

        /// Within the limit every sound plays, the far ones too: the loud ones are heard.
        @Test func withinTheLimitEverySoundPlays() throws {
            let rig = try Rig(sounds, state: Self.crowd(near: Self.limit - 1, far: 1))
            #expect(rig.engine.entitySourceCount == Self.limit)
            #expect(rig.engine.waitingEntityCount == 0)
            #expect(rig.reported.isEmpty, "\(rig.reported)")
            let heard = try rig.render(0.3).slice(from: 0.1, to: 0.3)
            #expect(heard.rms > 1e-3 && heard.ildDecibels > 6, "rms \(heard.rms), ILD \(heard.ildDecibels) dB")
        }

        /// Past the limit the nearest play: the far loud ones wait, silent, told once
        /// however they move; when a near one leaves, the nearest waiting one (on the left,
        /// though its id sorts last) takes its source and is heard.
        @Test func pastTheLimitTheNearestPlayAndTheRestWait() throws {
            let rig = try Rig(sounds, state: Self.crowd(near: Self.limit, far: 100, nearestFar: true))
            #expect(rig.engine.entitySourceCount == Self.limit)
            #expect(rig.engine.waitingEntityCount == 101)
            #expect(rig.reported == [
                "audio: 1101 entities have a sound, more than the 1000 that can play at once: 1000 play, the nearest as the "
                    + "level began, and the other 101 stay silent until a source comes free; the pack's author can give fewer "
                    + "entities a sound (echolot validate warns of a level that has too many)",
            ])
            #expect(try rig.render(0.3).slice(from: 0.1, to: 0.3).rms < 1e-4)
            for step in 1 ... 5 {
                rig.apply(TestLevels.changing(rig.state, entity: "b\(step)") { $0[EntityKeys.azimuth] = 90 + Double(step) })
            }
            #expect(rig.engine.waitingEntityCount == 101)
            rig.apply(TestLevels.removing(rig.state, entity: "a7"))
            #expect(rig.engine.entitySourceCount == Self.limit)
            #expect(rig.engine.waitingEntityCount == 100)
            let heard = try rig.render(0.3).slice(from: 0.1, to: 0.3)
            #expect(heard.rms > 1e-3 && heard.ildDecibels < -6, "rms \(heard.rms), ILD \(heard.ildDecibels) dB")
            #expect(rig.reported.count == 1, "\(rig.reported)")
        }

        /// A sound a rule gives an entity while every source is taken waits, and is told
        /// once; it plays when a source comes free.
        @Test func aSoundGivenWhenEverySourceIsTakenWaits() throws {
            let rig = try Rig(sounds, state: Self.crowd(near: Self.limit, far: 0))
            #expect(rig.reported.isEmpty, "\(rig.reported)")
            var next = rig.state
            next.modify(Game.level) { level in
                level.modify(LevelKeys.entities) { $0["late"] = TestLevels.entity("late", azimuth: 90, file: TestSounds.noise) }
            }
            rig.apply(next)
            #expect(rig.engine.waitingEntityCount == 1)
            #expect(rig.reported.count == 1 && rig.reported[0].hasPrefix("audio: 1001 entities have a sound"), "\(rig.reported)")
            #expect(try rig.render(0.3).slice(from: 0.1, to: 0.3).rms < 1e-4)
            rig.apply(TestLevels.changing(rig.state, entity: "a0") { $0[EntityKeys.sound] = nil })
            #expect(rig.engine.waitingEntityCount == 0)
            let heard = try rig.render(0.3).slice(from: 0.1, to: 0.3)
            #expect(heard.rms > 1e-3 && heard.ildDecibels > 6, "rms \(heard.rms), ILD \(heard.ildDecibels) dB")
        }
    }
}
