import EcholotCore
import EcholotModel
import Foundation

/// What `echolot validate` adds for audio: every sound a pack's levels name is decoded
/// once, and each problem is reported at the level file's line that names the sound.
public enum AudioValidation {
    /// Diagnostics for every sound file of `pack` that cannot be played where it is used
    /// (entity sounds must also be mono); empty when all are fine. A file with a problem is
    /// told once per level file, at its first use there, with how many more uses share it,
    /// and each level file is held to its first ``FileReport/maxProblems`` in file order.
    public static func diagnostics(for pack: Pack) -> [Diagnostic] {
        var checker = SoundChecker(pack: pack)
        let reports = FileReports()
        for id in pack.levels.keys.sorted() {
            guard let definition = pack.levels[id] else { continue }
            for (file, path) in definition.soundReferences {
                // Entity sounds are placed in space; ambience and music are not.
                if let problem = checker.problem(file, directional: SoundUses.isEntitySound(path)) {
                    reports.error(at: path, in: definition.source, "sound file \(MessageText.quoted("sounds/" + file)): \(problem)", about: file)
                }
            }
        }
        return reports.diagnostics.sortedForDisplay()
    }

    /// Diagnostics for every sound file `book` (the pack's story) names — voices and
    /// ambience — that cannot be played where it is used: a voice that becomes a speaking
    /// entity (over a level, a choice's option, a line with an `azimuth`) must be mono.
    /// Each is reported at the file's name in `story.json` (its `voice` or `file` value),
    /// once, at its first use, with how many more uses share it, and the story is held to
    /// ``FileReport/maxProblems``.
    public static func diagnostics(for book: StoryBook, in pack: Pack) -> [Diagnostic] {
        var checker = SoundChecker(pack: pack)
        let report = FileReport(displayPath: book.displayPath)
        func check(_ file: String, directional: Bool, what: String, at position: SourcePosition) {
            if let problem = checker.problem(file, directional: directional) {
                report.error("\(what) \(MessageText.quoted("sounds/" + file)): \(problem)", at: position, about: file)
            }
        }
        func voice(of line: StoryLine, directional: Bool) {
            if let file = line.voice {
                check(file, directional: directional, what: "voice of line \(MessageText.named(line.id))", at: line.voicePosition)
            }
        }
        func ambience(_ tracks: [AmbienceTrack]) {
            for track in tracks {
                if let file = track.file { check(file, directional: false, what: "ambience", at: track.filePosition) }
            }
        }
        for step in book.chapters.flatMap(\.steps) {
            switch step.kind {
            case let .cutscene(scene):
                for line in scene.lines { voice(of: line, directional: line.azimuth != nil) }
                ambience(scene.ambience)
            case let .level(level):
                for line in level.lines { voice(of: line, directional: true) }
                for part in level.ambienceByDayPart.keys.sorted() { ambience(level.ambienceByDayPart[part] ?? []) }
            case let .choice(choice):
                if let prompt = choice.prompt { voice(of: prompt, directional: false) }
                for option in choice.options { voice(of: option.line, directional: true) }
            default:
                break
            }
        }
        return report.diagnostics.sortedForDisplay()
    }
}

/// Decodes each sound a pack names once per use (placed in space or not), resolving names
/// as the audio engine will (``PackSounds``).
private struct SoundChecker {
    let pack: Pack
    let sounds: SoundFolder
    private var checked: [String: String?] = [:]  // "file|directional" → problem

    init(pack: Pack) {
        self.pack = pack
        sounds = SoundFolder(pack.sounds)
    }

    /// Why `file` cannot be played that way, or `nil`.
    mutating func problem(_ file: String, directional: Bool) -> String? {
        let memo = "\(file)|\(directional)"
        if let known = checked[memo] { return known }
        let problem: String?
        switch sounds.sounds.resolve(file) {
        case let .found(url):
            problem = AudioAsset.check(url: url, directional: directional)
        case .missing where pack.manifest.extends != nil:
            // An extending pack checked on its own may take the file from a base not here.
            problem = nil
        default:
            do {
                problem = AudioAsset.check(url: try sounds.locate(file), directional: directional)
            } catch {
                problem = error.description
            }
        }
        checked[memo] = .some(problem)
        return problem
    }
}
