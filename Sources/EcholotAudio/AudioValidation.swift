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
    /// A level of a base that names a sound this pack's own file stands in for is told at
    /// that file, once: the base's level is not the author's to change, the sound is.
    /// `levels` limits the check to those levels' files (all of them when `nil`).
    public static func diagnostics(for pack: Pack, levels: Set<String>? = nil) -> [Diagnostic] {
        var checker = SoundChecker(pack: pack)
        let reports = FileReports()
        let own = pack.root.standardizedFileURL.resolvingSymlinksInPath().path
        // By file and problem: a file played both in space (it must be mono) and as
        // ambience names, for each problem, only the levels it is one for.
        struct StandIn: Hashable { var url: String, problem: String }
        var standIns: [StandIn: [String]] = [:]
        for id in pack.levels.keys.sorted() where levels?.contains(id) ?? true {
            guard let definition = pack.levels[id] else { continue }
            let baseLevel = !pack.isOwn(definition)
            for (file, path) in definition.soundReferences {
                // Entity sounds are placed in space; ambience and music are not.
                guard let problem = checker.problem(file, directional: SoundUses.isEntitySound(path)) else { continue }
                if baseLevel, let url = checker.ownFile(file, in: own) {
                    let key = StandIn(url: url, problem: problem)
                    if standIns[key]?.last != id { standIns[key, default: []].append(id) }
                    continue
                }
                reports.error(at: path, in: definition.source, "sound file \(MessageText.quoted("sounds/" + file)): \(problem)", about: file)
            }
        }
        for (told, ids) in standIns {
            let shown = pack.display(String(told.url.dropFirst(own.count + 1)))
            let levels = ids.map { MessageText.named($0) }.joined(separator: ", ")
            reports.report(for: shown).error("\(told.problem); it stands in for the sound of the same name in a base, "
                + "which its level\(ids.count == 1 ? "" : "s") \(levels) play\(ids.count == 1 ? "s" : "")", at: .start)
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

    /// The absolute path of the file `file` resolves to when it lies in the folder `own`
    /// (the pack itself, not a base); `nil` otherwise.
    func ownFile(_ file: String, in own: String) -> String? {
        guard case let .found(url) = sounds.sounds.resolve(file) else { return nil }
        let path = url.standardizedFileURL.resolvingSymlinksInPath().path
        return PathInside.isBelow(path, folder: own) ? path : nil
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
