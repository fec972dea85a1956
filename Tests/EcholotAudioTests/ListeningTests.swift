import EcholotAudio
import EcholotModel
import Foundation
import Testing

extension OpenAL {
    /// Renders through the loopback device with HRTF on and measures what the ears get.
    @Suite final class Listening {
        let sounds: TestSounds

        init() throws { sounds = try TestSounds() }
        deinit { sounds.remove() }

        /// A rig playing one noise entity at `azimuth` with the view at `center`.
        func rig(azimuth: Double, center: Double = 0, volume: Double = 1) throws -> Rig {
            let rig = try Rig(sounds, state: TestLevels.state(
                [TestLevels.entity("e", azimuth: azimuth, file: TestSounds.noise, volume: volume)], center: center))
            #expect(rig.device.hrtf.isOn, "HRTF must be on for the listening tests")
            return rig
        }

        @Test func rightSideIsLouderAndEarlierInTheRightEar() throws {
            let rig = try rig(azimuth: 90)
            let heard = try rig.render(1).slice(from: 0.1, to: 1)
            #expect(heard.ildDecibels > 6)
            #expect((0.3 ... 0.8).contains(heard.itdMilliseconds), "ITD \(heard.itdMilliseconds) ms")
        }

        @Test func leftSideIsLouderAndEarlierInTheLeftEar() throws {
            let rig = try rig(azimuth: 270)
            let heard = try rig.render(1).slice(from: 0.1, to: 1)
            #expect(heard.ildDecibels < -6)
            #expect((-0.8 ... -0.3).contains(heard.itdMilliseconds), "ITD \(heard.itdMilliseconds) ms")
        }

        @Test func turningTheViewToTheSoundCentresIt() throws {
            let rig = try rig(azimuth: 90)
            #expect(try rig.render(0.5).slice(from: 0.1, to: 0.5).ildDecibels > 6)
            rig.apply(TestLevels.turning(rig.state, to: 90))
            let heard = try rig.render(1).slice(from: 0.1, to: 1)
            #expect(abs(heard.ildDecibels) < 1.5, "ILD \(heard.ildDecibels) dB")
            #expect(abs(heard.itdMilliseconds) < 0.1, "ITD \(heard.itdMilliseconds) ms")
        }

        @Test func aSoundBehindTheViewIsCentredToo() throws {
            let heard = try rig(azimuth: 200, center: 20).render(1).slice(from: 0.1, to: 1)
            #expect(abs(heard.ildDecibels) < 1.5, "ILD \(heard.ildDecibels) dB")
        }

        @Test func volumeChangesTheLevelByItsRatio() throws {
            let rig = try rig(azimuth: 0)
            let full = try rig.render(1).slice(from: 0.1, to: 1).rms
            rig.apply(TestLevels.changing(rig.state, entity: "e") { $0.modify(EntityKeys.sound) { $0?[SoundKeys.volume] = 0.5 } })
            let half = try rig.render(1).slice(from: 0.1, to: 1).rms
            rig.apply(TestLevels.changing(rig.state, entity: "e") { $0.modify(EntityKeys.sound) { $0?[SoundKeys.volume] = 2 } })
            let double = try rig.render(1).slice(from: 0.1, to: 1).rms
            let halfError = decibels(half / full) - decibels(0.5)
            let doubleError = decibels(double / full) - decibels(2)
            #expect(abs(halfError) < 0.5, "half: \(half / full)")
            #expect(abs(doubleError) < 0.5, "double: \(double / full)")
        }

        /// 2 s of a sine of `frequency` Hz at a quarter of full scale, sampled at `rate`.
        func sine(_ name: String, frequency: Double, rate: Int) throws {
            let samples = (0..<2 * rate).map { Float(0.25 * sin(2 * Double.pi * frequency * Double($0) / Double(rate))) }
            try sounds.write(name, channels: 1, samples: samples, rate: rate)
        }

        /// The level, in dB against a 1 kHz sine of the same amplitude, of `file` played
        /// straight ahead at `pitch`.
        func level(of file: String, pitch: Double = 1) throws -> Double {
            try sine("reference.wav", frequency: 1000, rate: TestSounds.sampleRate)
            func rms(_ file: String, pitch: Double) throws -> Double {
                var entity = TestLevels.entity("e", azimuth: 0, file: file)
                entity.modify(EntityKeys.sound) { $0?[SoundKeys.pitch] = pitch }
                return try Rig(sounds, state: TestLevels.state([entity])).render(1).slice(from: 0.1, to: 1).rms
            }
            return decibels(try rms(file, pitch: pitch) / rms("reference.wav", pitch: 1))
        }

        /// OpenAL Soft's default resampler does not band-limit: a tone above the output's
        /// Nyquist frequency, in a file recorded at a higher rate or raised by `pitch`,
        /// came back as an audible whistle at full level (30 kHz at 96 kHz: 14.1 kHz, 0 dB).
        @Test func ultrasoundInAFileOrRaisedByPitchStaysInaudible() throws {
            try sine("bat.wav", frequency: 30_000, rate: 96_000)
            try sine("high.wav", frequency: 15_000, rate: TestSounds.sampleRate)
            try sine("audible.wav", frequency: 1000, rate: 96_000)
            let bat = try level(of: "bat.wav"), raised = try level(of: "high.wav", pitch: 2)
            #expect(bat < -40, "a 30 kHz tone at 96 kHz: \(bat) dB")
            #expect(raised < -40, "a 15 kHz tone at pitch 2: \(raised) dB")
            // What lies below the output's Nyquist frequency still plays.
            let audible = try level(of: "audible.wav")
            #expect(abs(audible) < 1, "a 1 kHz tone at 96 kHz: \(audible) dB")
        }

        @Test func aLoopingSoundStillSoundsAfterItsLength() throws {
            let rig = try Rig(sounds, state: TestLevels.state([
                TestLevels.entity("looping", azimuth: 0, file: TestSounds.shortNoise, loop: true),
            ]))
            let heard = try rig.render(1.5)
            let first = heard.slice(from: 0.05, to: 0.2).rms
            let late = heard.slice(from: 1.1, to: 1.5).rms
            #expect(first > 0.01)
            #expect(abs(decibels(late / first)) < 1, "late \(late) vs first \(first)")
        }

        @Test func aOneShotSoundEndsAfterItsLength() throws {
            let rig = try Rig(sounds, state: TestLevels.state([
                TestLevels.entity("once", azimuth: 0, file: TestSounds.shortNoise, loop: false),
            ]))
            let heard = try rig.render(1)
            #expect(heard.slice(from: 0.05, to: 0.2).rms > 0.01)
            #expect(heard.slice(from: 0.4, to: 1).rms < 1e-4)
        }

        @Test func aRemovedEntityFallsSilent() throws {
            let rig = try rig(azimuth: 30)
            #expect(try rig.render(0.5).slice(from: 0.1, to: 0.5).rms > 0.01)
            rig.apply(TestLevels.removing(rig.state, entity: "e"))
            let after = try rig.render(1).slice(from: 0.1, to: 1)
            #expect(after.rms < 1e-4, "rms \(after.rms)")
            #expect(rig.engine.entitySourceCount == 0)
        }

        @Test func ambienceIsEqualInBothEarsWhereverTheViewTurns() throws {
            let rig = try Rig(sounds, state: TestLevels.state([], ambience: [TestSounds.noise], ambienceVolume: 0.5))
            let ahead = try rig.render(1).slice(from: 0.1, to: 1)
            #expect(ahead.rms > 0.01)
            #expect(abs(ahead.ildDecibels) < 0.5, "ILD \(ahead.ildDecibels) dB")
            rig.apply(TestLevels.turning(rig.state, to: 90))
            let turned = try rig.render(1).slice(from: 0.1, to: 1)
            #expect(abs(turned.ildDecibels) < 0.5, "ILD \(turned.ildDecibels) dB")
            #expect(abs(decibels(turned.rms / ahead.rms)) < 0.5)
        }

        @Test func stereoAmbienceLoopsPastItsLength() throws {
            let rig = try Rig(sounds, state: TestLevels.state([], ambience: [TestSounds.stereoNoise]))
            let heard = try rig.render(3)
            #expect(heard.slice(from: 2.2, to: 3).rms > 0.01)
            #expect(rig.reported.isEmpty, "\(rig.reported)")
        }
    }
}
