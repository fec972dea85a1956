import EcholotAudio
import EcholotModel
import EcholotTestSupport
import Foundation
import Testing

extension OpenAL {
    /// A sound that is a symbolic link is judged by one rule when `echolot validate` checks
    /// the pack and when the engine plays it: a link, or a chain of links, to a file anywhere
    /// inside the pack is that file, and one that leads out of the pack is refused by both.
    /// (Play once allowed links only inside `sounds/`, so a pack that passed `validate`
    /// stayed silent.)
    @Suite final class SoundLinks {
        let sounds: TestSounds
        /// A folder beside the pack holding a playable sound.
        let outside: URL

        init() throws {
            let fm = FileManager.default
            sounds = try TestSounds()
            outside = fm.temporaryDirectory.appendingPathComponent("echolot-outside-\(UUID().uuidString)", isDirectory: true)
            try fm.createDirectory(at: outside, withIntermediateDirectories: true)
            try fm.copyItem(at: sounds.url(TestSounds.noise), to: outside.appendingPathComponent("noise.wav"))
            let assets = sounds.pack.appendingPathComponent("assets", isDirectory: true)
            try fm.createDirectory(at: assets, withIntermediateDirectories: true)
            try fm.copyItem(at: sounds.url(TestSounds.noise), to: assets.appendingPathComponent("noise.wav"))
            try fm.createDirectory(at: sounds.pack.appendingPathComponent("levels"), withIntermediateDirectories: true)
            try Data(#"{"id": "links", "name": "Links", "version": "1.0.0", "api": 1}"#.utf8)
                .write(to: sounds.pack.appendingPathComponent("pack.json"))
        }

        deinit {
            sounds.remove()
            try? FileManager.default.removeItem(at: outside)
        }

        /// Makes `path` (inside the pack) a symbolic link to `target`.
        func link(_ path: String, to target: String) throws {
            try FileManager.default.createSymbolicLink(atPath: sounds.pack.appendingPathComponent(path).path,
                                                       withDestinationPath: target)
        }

        /// `echolot validate` on the pack whose one level plays `file`.
        func validate(_ file: String) throws -> ProcessOutput {
            try Data("""
                {"id": "links", "name": "Links", "entities": [
                  {"id": "e", "position": {"azimuth": 0}, "sound": {"file": "\(file)"}}
                ]}
                """.utf8).write(to: sounds.pack.appendingPathComponent("levels/links.json"))
            return try runEcholot(["validate", sounds.pack.path])
        }

        /// The level of `file` played on the loopback device, resolved as a game of the pack
        /// resolves it: how loud it is, and what the engine reported.
        func play(_ file: String) throws -> (rms: Double, reported: [String]) {
            let rig = try Rig(SoundFolder(packs: [sounds.pack]),
                              state: TestLevels.state([TestLevels.entity("e", azimuth: 0, file: file)]))
            let heard = try rig.render(0.5)
            return (heard.leftRMS, rig.reported)
        }

        /// Straight to a file of the pack outside sounds/, or through a chain of links that
        /// stays inside the pack: validate takes it and play hears the file at its end.
        @Test(arguments: [false, true])
        func aLinkInsideThePackIsTheFileItLeadsTo(chained: Bool) throws {
            if chained {
                try link("assets/hop.wav", to: "noise.wav")
                try link("sounds/linked.wav", to: "../assets/hop.wav")
            } else {
                try link("sounds/linked.wav", to: "../assets/noise.wav")
            }
            let checked = try validate("linked.wav")
            #expect(checked.status == 0, "\(checked.stderr)")
            let played = try play("linked.wav")
            #expect(played.reported.isEmpty)
            #expect(played.rms > 0.01)
        }

        /// Straight out, or through a chain whose first link stays inside the pack.
        @Test(arguments: [false, true])
        func aLinkOutOfThePackIsRefusedByBoth(chained: Bool) throws {
            let target = outside.appendingPathComponent("noise.wav").path
            if chained {
                try link("assets/away.wav", to: target)
                try link("sounds/out.wav", to: "../assets/away.wav")
            } else {
                try link("sounds/out.wav", to: target)
            }
            let checked = try validate("out.wav")
            #expect(checked.status != 0)
            let errors = checked.stderr.split(separator: "\n").filter { $0.contains(": error: ") }
            #expect(errors.count == 1, "\(checked.stderr)")
            #expect(errors.first?.contains("levels/links.json:2:") == true, "\(checked.stderr)")
            #expect(errors.first?.contains("outside the pack") == true, "\(checked.stderr)")
            let played = try play("out.wav")
            #expect(played.rms < 1e-4)
            #expect(played.reported.count == 1)
            #expect(played.reported.first?.contains("outside the pack") == true, "\(played.reported)")
        }
    }
}
