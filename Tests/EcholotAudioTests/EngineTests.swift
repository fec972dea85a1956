import COpenAL
@testable import EcholotAudio
import EcholotCore
import EcholotModel
import Testing

extension OpenAL {
    /// The engine's bookkeeping and its handling of bad sounds at run time.
    @Suite final class Engine {
        let sounds: TestSounds

        init() throws { sounds = try TestSounds() }
        deinit { sounds.remove() }

        @Test func entitiesPlayingOneFileShareOneBuffer() throws {
            let rig = try Rig(sounds, state: TestLevels.state((0 ..< 5).map {
                TestLevels.entity("e\($0)", azimuth: Double($0) * 60, file: TestSounds.noise)
            }))
            #expect(rig.engine.entitySourceCount == 5)
            #expect(rig.engine.loadedBufferCount == 1)
        }

        @Test func badSoundsStaySilentWithOneMessageEach() throws {
            let rig = try Rig(sounds, state: TestLevels.state([
                TestLevels.entity("ok", azimuth: 90, file: TestSounds.noise),
                TestLevels.entity("ghost", azimuth: 0, file: "missing.wav"),
                TestLevels.entity("ghost2", azimuth: 10, file: "missing.wav"),
                TestLevels.entity("wide", azimuth: 270, file: TestSounds.stereoNoise),
                TestLevels.entity("escape", azimuth: 270, file: "../noise.wav"),
            ]))
            // Behaviours keep moving the broken entities: no new messages, no crash.
            for step in 1 ... 20 {
                var next = rig.state
                for id in ["ghost", "ghost2", "wide", "escape"] {
                    next = TestLevels.changing(next, entity: id) { $0[EntityKeys.azimuth] = Double(step) }
                }
                rig.apply(next)
            }
            #expect(rig.reported.count == 3, "\(rig.reported)")
            #expect(rig.reported.contains { $0.contains("missing.wav: error:") && $0.contains("does not exist") })
            #expect(rig.reported.contains { $0.contains("stereo-noise.wav: error:") && $0.contains("mono") })
            #expect(rig.reported.contains { $0.contains("'..' is not allowed") })
            #expect(rig.engine.entitySourceCount == 1)
            let heard = try rig.render(0.5).slice(from: 0.1, to: 0.5)
            #expect(heard.ildDecibels > 6, "only the good entity, on the right")
        }

        /// A rule may write any text as a sound's file: its report stays one line, with the
        /// line break and the escape sequence written out.
        @Test func aSoundNameARuleWroteIsReportedOnOneLine() throws {
            let rig = try Rig(sounds, state: TestLevels.state([
                TestLevels.entity("forged", azimuth: 0, file: "gone.wav\nsounds/x.wav:1:1: error: \u{1B}[2Jfake"),
            ]))
            #expect(rig.reported.count == 1, "\(rig.reported)")
            let message = try #require(rig.reported.first)
            #expect(!message.contains("\n") && !message.contains("\u{1B}"), "\(message)")
            #expect(message.contains("gone.wav\\nsounds/x.wav") && message.contains("\\u001B[2Jfake"), "\(message)")
        }

        @Test func aMissingAmbienceStaysSilentWithOneMessage() throws {
            let rig = try Rig(sounds, state: TestLevels.state([], ambience: ["nowhere.ogg"]))
            rig.apply(TestLevels.turning(rig.state, to: 30))
            #expect(rig.reported.count == 1)
            #expect(try rig.render(0.3).rms < 1e-5)
        }

        @Test func changingTheFilePlaysTheNewFile() throws {
            let rig = try Rig(sounds, state: TestLevels.state([TestLevels.entity("e", azimuth: 0, file: TestSounds.noise)]))
            func buffer() throws -> ALint {
                var buffer: ALint = 0
                alGetSourcei(try #require(rig.engine.sourceID(ofEntity: "e")), AL_BUFFER, &buffer)
                return buffer
            }
            let first = try buffer()
            rig.apply(TestLevels.changing(rig.state, entity: "e") {
                $0.modify(EntityKeys.sound) { $0?[SoundKeys.file] = TestSounds.shortNoise }
            })
            #expect(try buffer() != first)
            #expect(rig.engine.entitySourceCount == 1)
            #expect(rig.engine.loadedBufferCount == 2)
        }

        @Test func theStateAloneControlsPositionPitchAndPlaying() throws {
            // FA#7: a behaviour (Lua or Swift) changes the state; the engine makes it audible.
            let rig = try Rig(sounds, state: TestLevels.state([TestLevels.entity("e", azimuth: 90, file: TestSounds.noise)]))
            #expect(try rig.render(0.4).slice(from: 0.1, to: 0.4).ildDecibels > 6)
            rig.apply(TestLevels.changing(rig.state, entity: "e") { $0[EntityKeys.azimuth] = 270 })
            #expect(try rig.render(0.4).slice(from: 0.1, to: 0.4).ildDecibels < -6)

            rig.apply(TestLevels.changing(rig.state, entity: "e") { $0.modify(EntityKeys.sound) { $0?[SoundKeys.pitch] = 2 } })
            let source = try #require(rig.engine.sourceID(ofEntity: "e"))
            var pitch: ALfloat = 0
            alGetSourcef(source, AL_PITCH, &pitch)
            #expect(pitch == 2)

            rig.apply(TestLevels.changing(rig.state, entity: "e") { $0.modify(EntityKeys.sound) { $0?[SoundKeys.playing] = false } })
            #expect(try rig.render(0.4).slice(from: 0.1, to: 0.4).rms < 1e-4)
            rig.apply(TestLevels.changing(rig.state, entity: "e") { $0.modify(EntityKeys.sound) { $0?[SoundKeys.playing] = true } })
            #expect(try rig.render(0.4).slice(from: 0.1, to: 0.4).rms > 0.01)
        }

        @Test func nonsenseValuesAreClampedNotFatal() throws {
            let rig = try Rig(sounds, state: TestLevels.state([TestLevels.entity("e", azimuth: 0, file: TestSounds.noise)]))
            rig.apply(TestLevels.changing(rig.state, entity: "e") { entity in
                entity[EntityKeys.azimuth] = .nan
                entity[EntityKeys.distance] = -3
                entity.modify(EntityKeys.sound) { sound in
                    sound?[SoundKeys.volume] = .infinity
                    sound?[SoundKeys.pitch] = 100
                    sound?[SoundKeys.rolloff] = -1
                }
            })
            #expect(rig.reported.isEmpty, "\(rig.reported)")
            #expect(try rig.render(0.3).rms > 0.01)
        }

        @Test func onlyOneDeviceAtATime() throws {
            let device = try AudioDevice.openLoopback()
            #expect(throws: AudioError.deviceBusy) { try AudioDevice.openLoopback() }
            _ = device
        }

        @Test func noSpeakersMeansOneNoticeAndSilence() {
            var notices: [String] = []
            let device = AudioDevice.openSpeakers { notices.append($0) }
            if device == nil {
                #expect(notices.count == 1)
                #expect(notices.first?.contains("no sound device") == true)
            } else {
                #expect(notices.count <= 1)  // At most the HRTF notice.
            }
        }
    }
}
