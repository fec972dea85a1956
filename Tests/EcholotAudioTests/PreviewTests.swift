import EcholotAudio
import Foundation
import Testing

extension OpenAL {
    /// A pack's preview as a menu plays it, heard through a loopback device: once, in the
    /// middle of the head, cut off by the next one or by leaving the menu.
    @Suite final class Preview {
        let sounds: TestSounds

        init() throws { sounds = try TestSounds() }
        deinit { sounds.remove() }

        /// `seconds` of what the device plays now.
        func listen(_ device: AudioDevice, _ seconds: Double) throws -> Stereo {
            Stereo(interleaved: try device.render(frames: Int(seconds * Double(device.sampleRate))), sampleRate: device.sampleRate)
        }

        @Test func aPreviewSoundsOnceInTheMiddleOfTheHead() throws {
            let device = try AudioDevice.openLoopback()
            let player = try PreviewPlayer(device: device)
            #expect(player.play(sounds.url(TestSounds.noise)) == nil)
            let heard = try listen(device, 0.5)
            #expect(heard.rms > 0.05, "\(heard.rms)")
            // Not placed in the scene: both ears alike.
            #expect(abs(heard.ildDecibels) < 1, "\(heard.ildDecibels)")
            // One second of noise, played once: silence after it, however long the menu waits.
            _ = try listen(device, 0.6)
            #expect(!player.isPlaying)
            #expect(try listen(device, 0.5).rms < 0.001)
        }

        @Test func theNextPreviewOrLeavingTheMenuCutsItOff() throws {
            let device = try AudioDevice.openLoopback()
            let player = try PreviewPlayer(device: device)
            player.play(sounds.url(TestSounds.noise))
            _ = try listen(device, 0.2)
            player.stop()
            #expect(!player.isPlaying)
            #expect(try listen(device, 0.3).rms < 0.001)
            // Played again, from its buffer, and cut off by another file.
            player.play(sounds.url(TestSounds.noise))
            #expect(try listen(device, 0.2).rms > 0.05)
            player.play(sounds.url(TestSounds.shortNoise))
            _ = try listen(device, 0.3)
            #expect(!player.isPlaying, "the short preview ended, and the long one it replaced did not go on")
            #expect(try listen(device, 0.3).rms < 0.001)
        }

        /// An author editing the preview while the menu is open (`play --watch`) hears the
        /// edit, not the file as it was first played.
        @Test func anEditedPreviewIsHeardAsItIsNow() throws {
            let device = try AudioDevice.openLoopback()
            let player = try PreviewPlayer(device: device)
            let url = try sounds.write("edited.wav", channels: 1, samples: TestSounds.whiteNoise(frames: 44_100, seed: 9))
            player.play(url)
            #expect(try listen(device, 0.2).rms > 0.05)
            try sounds.write("edited.wav", channels: 1, samples: [Float](repeating: 0, count: 22_050))
            player.play(url)
            #expect(try listen(device, 0.2).rms < 0.001, "the edit, half a second of silence, is what plays")
        }

        @Test func aBrokenPreviewIsToldOnceAndStaysSilent() throws {
            let device = try AudioDevice.openLoopback()
            let player = try PreviewPlayer(device: device)
            let broken = try sounds.writeBytes("broken.wav", Array("RIFF not really".utf8))
            let reason = player.play(broken)
            #expect(reason != nil && reason?.isEmpty == false)
            #expect(player.play(broken) == nil, "told once")
            #expect(!player.isPlaying)
            #expect(try listen(device, 0.3).rms < 0.001)
            // A good preview still plays after it.
            #expect(player.play(sounds.url(TestSounds.noise)) == nil)
            #expect(try listen(device, 0.2).rms > 0.05)
        }
    }
}
