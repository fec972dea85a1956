import EcholotTestSupport
import Foundation
import Testing

/// A sound file's problem stops the levels that name it and no other (docs/audio.md):
/// `validate` tells it as an error; `run`, `render` and `replay` of a level that names it
/// refuse the level, as `validate` tells it, before anything is played or written; those
/// of another level play, with the problem told once as a warning when it is seen without
/// decoding the file (the level played is the only one whose sounds are decoded).
@Suite struct SoundProblemTests {
    /// A way to break `sounds/drum.wav`, which only the tutorial's level `in-order` names
    /// (its `entities[0]`, at 17:26), and what `validate` says of it.
    struct Breakage: CustomStringConvertible, Sendable {
        let description: String
        /// The words after `entities[0].sound.file: `.
        let told: String
        /// Whether it is seen without decoding the file, so that another level's play warns of it.
        var seen = true
        let apply: @Sendable (URL) throws -> Void
    }

    static let drum = "sounds/drum.wav"

    static let breakages = [
        Breakage(description: "missing", told: #"sound file "sounds/drum.wav" does not exist; add it to the pack's sounds/ folder, or correct the name"#) {
            try FileManager.default.removeItem(at: $0.appendingPathComponent(drum))
        },
        Breakage(description: "not a regular file", told: #"sound file "sounds/drum.wav" is not a regular file; put the sound file itself there"#) {
            try FileManager.default.removeItem(at: $0.appendingPathComponent(drum))
            try FileManager.default.createDirectory(at: $0.appendingPathComponent(drum), withIntermediateDirectories: false)
        },
        Breakage(description: "wrong extension", told: #"unsupported sound format "drum.mp3"; use WAV (.wav), FLAC (.flac) or Ogg Vorbis (.ogg)"#) {
            try FileManager.default.moveItem(at: $0.appendingPathComponent(drum), to: $0.appendingPathComponent("sounds/drum.mp3"))
            try rename(in: $0, "drum.wav", to: "drum.mp3")
        },
        Breakage(description: "over the size limit", told: #"sound file "sounds/drum.wav" is 17.0 MiB, over the 16 MiB limit; shorten it, or save it as FLAC or Ogg Vorbis, which take less room"#) {
            let handle = try FileHandle(forWritingTo: $0.appendingPathComponent(drum))
            try handle.truncate(atOffset: 17 * 1024 * 1024)
            try handle.close()
        },
        Breakage(description: "corrupt", told: #"sound file "sounds/drum.wav": not a readable WAV, FLAC or Ogg Vorbis file (libsndfile: Format not recognised); save it as WAV, FLAC or Ogg Vorbis"#, seen: false) {
            try Data("not audio".utf8).write(to: $0.appendingPathComponent(drum))
        },
        Breakage(description: "stereo", told: #"sound file "sounds/drum.wav": the file is stereo, but a directional sound must be mono: OpenAL cannot place a stereo sound in space (mix it down to one channel)"#, seen: false) {
            try stereoWAV().write(to: $0.appendingPathComponent(drum))
        },
        Breakage(description: "wrong case", told: #"sound file "sounds/Drum.wav" does not exist (did you mean "drum.wav"?)"#) {
            try rename(in: $0, "drum.wav", to: "Drum.wav")
        },
    ]

    /// Changes the sound name `old` to `new` in the level `in-order`.
    static func rename(in pack: URL, _ old: String, to new: String) throws {
        let level = pack.appendingPathComponent("levels/in-order.json")
        let text = try String(contentsOf: level, encoding: .utf8)
        try #require(text.contains("\"\(old)\""))
        try Data(text.replacingOccurrences(of: "\"\(old)\"", with: "\"\(new)\"").utf8).write(to: level)
    }

    /// A second of 16-bit stereo silence at 22050 Hz, as a WAV file.
    static func stereoWAV() -> Data {
        let frames = 22_050, bytes = frames * 4
        func le(_ value: Int, _ count: Int) -> [UInt8] { (0 ..< count).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        var data = Array("RIFF".utf8) + le(36 + bytes, 4) + Array("WAVEfmt ".utf8) + le(16, 4) + le(1, 2) + le(2, 2)
        data += le(22_050, 4) + le(22_050 * 4, 4) + le(4, 2) + le(16, 2) + Array("data".utf8) + le(bytes, 4)
        return Data(data + [UInt8](repeating: 0, count: bytes))
    }

    /// Each kind of problem: `validate` fails on it, `run` of the level that names the file
    /// is refused at its place (nothing printed on stdout), and `run` of another level
    /// plays, told of it once as a warning when it is seen without decoding. A missing file
    /// or a wrong ending stopped every level of the pack, a corrupt or stereo file none, not
    /// even its own; then every sound of the pack was decoded before any level ran.
    @Test(arguments: breakages) func aSoundsProblemStopsOnlyTheLevelsThatNameIt(_ breakage: Breakage) throws {
        let pack = try shippedPackCopy("tutorial", id: "tutorial-copy")
        try breakage.apply(pack)
        let place = "\(pack.path)/levels/in-order.json:17:26"

        let validated = try echolot(["validate", pack.path])
        #expect(validated.status == 1)
        #expect(validated.stderr.contains("\(place): error: entities[0].sound.file: \(breakage.told)\n"), "\(validated.stderr)")

        let refused = try echolot(["run", pack.path, "--level", "in-order", "--max-seconds", "1"])
        #expect(refused.status == 1)
        #expect(refused.stdout.isEmpty, "\(refused.stdout)")
        #expect(refused.stderr == "\(place): error: entities[0].sound.file: \(breakage.told)\n", "\(refused.stderr)")

        let other = try echolot(["run", pack.path, "--level", "first-sound", "--max-seconds", "1"])
        #expect(other.status == 0, "\(other.stderr)")
        #expect(other.stdout.hasPrefix("level first-sound: "), "\(other.stdout)")
        #expect(other.stderr == (breakage.seen ? "\(place): warning: entities[0].sound.file: \(breakage.told)\n" : ""),
                "\(other.stderr)")
    }

    /// Only the sounds of the level played are decoded: a pack whose other level names a
    /// damaged file (found only by decoding it) runs, renders and replays the good level
    /// without a word of it, and the damaged level is still refused by each of them.
    @Test func anotherLevelsDamagedSoundIsNotDecoded() throws {
        let pack = try shippedPackCopy("tutorial", id: "tutorial-copy")
        // A file of the right name and size: only decoding finds that it is no sound.
        try Data("not audio".utf8).write(to: pack.appendingPathComponent(Self.drum))
        let folder = try temporaryFolder()
        let log = folder.appendingPathComponent("end.jsonl")
        try Data("{\"t\": 0.5, \"action\": \"end\"}\n".utf8).write(to: log)
        let out = folder.appendingPathComponent("first-sound.wav")

        let ran = try echolot(["run", pack.path, "--level", "first-sound", "--input", log.path, "--json"])
        #expect(ran.status == 0 && ran.stderr.isEmpty, "\(ran.stderr)")
        let result = try #require(try JSONSerialization.jsonObject(with: Data(ran.stdout.utf8)) as? [String: Any], "\(ran.stderr)")
        let hash = try #require(result["stateHash"] as? String)
        let rendered = try echolot(["render", pack.path, "--level", "first-sound", "--seconds", "0.5", "--out", out.path])
        #expect(rendered.status == 0 && rendered.stderr.isEmpty, "\(rendered.stderr)")
        #expect(FileManager.default.fileExists(atPath: out.path))
        let replayed = try echolot(["replay", log.path, "--pack", pack.path, "--level", "first-sound", "--expect", hash])
        #expect(replayed.status == 0 && replayed.stderr.isEmpty, "\(replayed.stderr)")

        let place = "\(pack.path)/levels/in-order.json:17:26: error: entities[0].sound.file: sound file \"sounds/drum.wav\": "
        for refused in [try echolot(["run", pack.path, "--level", "in-order", "--input", log.path]),
                        try echolot(["render", pack.path, "--level", "in-order", "--seconds", "0.5", "--out", folder.appendingPathComponent("in-order.wav").path]),
                        try echolot(["replay", log.path, "--pack", pack.path, "--level", "in-order", "--expect", hash])] {
            #expect(refused.status == 1 && refused.stderr.hasPrefix(place), "\(refused.stderr)")
        }
    }

    /// `render` and `replay` hold to the same rule: the level that names a missing file is
    /// refused and no file is written; another level is rendered and replayed, the missing
    /// file told as a warning. Both refused every level of the pack.
    @Test func renderAndReplayStopOnlyTheLevelThatNamesTheSound() throws {
        let pack = try shippedPackCopy("tutorial", id: "tutorial-copy")
        try FileManager.default.removeItem(at: pack.appendingPathComponent(Self.drum))
        let folder = try temporaryFolder()
        let warning = "\(pack.path)/levels/in-order.json:17:26: warning: entities[0].sound.file: "
            + #"sound file "sounds/drum.wav" does not exist; add it to the pack's sounds/ folder, or correct the name"#

        let refusedOut = folder.appendingPathComponent("in-order.wav")
        let refused = try echolot(["render", pack.path, "--level", "in-order", "--seconds", "0.5", "--out", refusedOut.path])
        #expect(refused.status == 1)
        #expect(refused.stderr.hasPrefix("\(pack.path)/levels/in-order.json:17:26: error: entities[0].sound.file: "), "\(refused.stderr)")
        #expect(refused.stderr.hasSuffix("in-order.wav: error: not written: sounds of the level cannot be played (above)\n"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: refusedOut.path))

        let out = folder.appendingPathComponent("first-sound.wav")
        let rendered = try echolot(["render", pack.path, "--level", "first-sound", "--seconds", "0.5", "--out", out.path])
        #expect(rendered.status == 0, "\(rendered.stderr)")
        #expect(rendered.stderr == warning + "\n", "\(rendered.stderr)")
        #expect(FileManager.default.fileExists(atPath: out.path))

        let log = folder.appendingPathComponent("end.jsonl")
        try Data("{\"t\": 0.5, \"action\": \"end\"}\n".utf8).write(to: log)
        let ran = try echolot(["run", pack.path, "--level", "first-sound", "--input", log.path, "--json"])
        let result = try #require(try JSONSerialization.jsonObject(with: Data(ran.stdout.utf8)) as? [String: Any], "\(ran.stderr)")
        let hash = try #require(result["stateHash"] as? String)
        let replayed = try echolot(["replay", log.path, "--pack", pack.path, "--level", "first-sound", "--expect", hash])
        #expect(replayed.status == 0, "\(replayed.stderr)")
        #expect(replayed.stdout.contains("replay: the stateHash matches the recording"), "\(replayed.stdout)")
        #expect(replayed.stderr == warning + "\n", "\(replayed.stderr)")
        let replayRefused = try echolot(["replay", log.path, "--pack", pack.path, "--level", "in-order", "--expect", hash])
        #expect(replayRefused.status == 1)
        #expect(replayRefused.stdout.isEmpty, "\(replayRefused.stdout)")
        #expect(replayRefused.stderr.hasPrefix("\(pack.path)/levels/in-order.json:17:26: error: "), "\(replayRefused.stderr)")
    }

    /// A preview sound is no level's: one that is missing fails `validate` and
    /// `pack`, and every level plays, told of it once as a warning. It stopped them all.
    @Test func aPreviewThatCannotPlayStopsNoLevel() throws {
        let pack = try shippedPackCopy("tutorial", id: "tutorial-copy")
        let manifest = pack.appendingPathComponent("pack.json")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        try Data(text.replacingOccurrences(of: #""kind": "scored","#, with: #""kind": "scored", "preview": "intro.ogg","#).utf8)
            .write(to: manifest)
        let told = #"preview: sound file "sounds/intro.ogg" does not exist; add it to the pack's sounds/ folder, or correct the name"#
        let validated = try echolot(["validate", pack.path])
        #expect(validated.status == 1)
        #expect(validated.stderr == "\(pack.path)/pack.json:6:32: error: \(told)\n", "\(validated.stderr)")
        for level in ["first-sound", "in-order"] {
            let ran = try echolot(["run", pack.path, "--level", level, "--max-seconds", "1"])
            #expect(ran.status == 0, "\(ran.stderr)")
            #expect(ran.stderr == "\(pack.path)/pack.json:6:32: warning: \(told)\n", "\(ran.stderr)")
        }
    }
}
