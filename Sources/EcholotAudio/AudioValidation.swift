import EcholotCore
import EcholotModel
import Foundation
import Synchronization

/// The sound check of docs/audio.md with the files decoded: ``PackSoundCheck`` with
/// ``AudioAsset/check(url:directional:)`` as its decoder. `validate`, `pack` and `install`
/// take every problem it finds as the pack's; the commands that play one level take
/// ``sounds(ofLevel:in:)``: that level's sounds are decoded and their problems stop it, the
/// others are only looked at, and what that finds is a warning.
public enum AudioValidation {
    /// Diagnostics for every sound file the levels of `pack` (and `readWithProblems`, levels
    /// whose files have other problems) name that cannot be played where it is used (entity
    /// sounds must also be mono), and for the pack's own preview sound; empty when all are
    /// fine. `levels` limits the check to those levels' files (then the preview, which is
    /// no level's, is left out).
    public static func diagnostics(for pack: Pack, levels: Set<String>? = nil,
                                   readWithProblems: [LevelDefinition] = []) -> [Diagnostic] {
        var check = PackSoundCheck(pack: pack, decoded: decodedProblem)
        let chosen = pack.levels.values.filter { levels?.contains($0.id) ?? true }
        let unread = readWithProblems.filter { levels?.contains($0.id) ?? true }
        return check.diagnostics(of: chosen + unread, preview: levels == nil)
    }

    /// What a command that plays level `id` of `pack` is told of the pack's sounds: the
    /// problems of the sounds the level names stop it (as `validate` tells them); what is
    /// seen wrong, without decoding, of every other level's sounds and of the preview is a
    /// warning, so that the pack's author hears of it from whoever plays it, and the level plays.
    public static func sounds(ofLevel id: String, in pack: Pack) -> SoundVerdict {
        verdict(of: pack, playing: [id])
    }

    /// The problems of the levels `played` (and `also`, found elsewhere) refusing, those of
    /// the pack's other levels and preview as warnings. Only the sounds played are decoded:
    /// the others are held to what is seen without opening them (``PackSoundCheck`` with no
    /// decoder), since decoding a pack of thousands of sounds took longer than the level.
    private static func verdict(of pack: Pack, playing played: Set<String>, also: [Diagnostic] = []) -> SoundVerdict {
        var decoding = PackSoundCheck(pack: pack, decoded: decodedProblem)
        var seen = PackSoundCheck(pack: pack)
        let (playing, others) = pack.levels.values.partitioned { played.contains($0.id) }
        return SoundVerdict(refusing: (also + decoding.diagnostics(of: playing, preview: false)).sortedForDisplay(),
                            elsewhere: seen.diagnostics(of: others, preview: true).map(\.asWarning))
    }

    /// What playing the story `book` of `pack` is told of the pack's sounds: a story is
    /// played through as one, so the problems of its voices and ambience and of every
    /// level it plays stop it; what is seen of the pack's other levels and preview are warnings.
    public static func sounds(ofStory book: StoryBook, in pack: Pack) -> SoundVerdict {
        verdict(of: pack, playing: levels(of: book), also: diagnostics(for: book, in: pack))
    }

    /// The ids of the levels `book` plays.
    private static func levels(of book: StoryBook) -> Set<String> {
        Set(book.chapters.flatMap(\.steps).compactMap { step -> String? in
            if case let .level(level) = step.kind { return level.level }
            return nil
        })
    }

    /// The sound problems `echolot test` tells, as warnings: its tests play no sound, yet a
    /// player cannot start the levels (or the story) these problems stop. The sounds of the
    /// levels `played` and, with `story`, of the pack's story (its voices, ambience and
    /// levels) are decoded, as the commands that play them decode them; the pack's other
    /// sounds are looked at as ``sounds(ofLevel:in:)`` looks at them.
    public static func warnings(for pack: Pack, played: Set<String>, story: Bool) -> [Diagnostic] {
        var book: StoryBook?
        if story, case let .success(read)? = StoryReader.reading(for: pack)?.result { book = read }
        let found = verdict(of: pack, playing: played.union(book.map(levels(of:)) ?? []),
                            also: book.map { diagnostics(for: $0, in: pack) } ?? [])
        return (found.refusing + found.elsewhere).map(\.asWarning).sortedForDisplay()
    }

    /// A warning at each of the pack's own levels (`only` that one, when given) in which more
    /// entities have a sound than the device plays at once (``AudioDevice/entitySoundLimit``):
    /// the farthest would stay silent, which no other check shows its author. Counted from
    /// the level file: a rule may give sounds to more entities as the level runs.
    public static func crowdWarnings(for pack: Pack, only: String? = nil) -> [Diagnostic] {
        let limit = AudioDevice.entitySoundLimit
        return pack.levels.values.filter { (only ?? $0.id) == $0.id && pack.isOwn($0) }.compactMap { definition in
            let sounding = definition.soundReferences.count(where: { SoundUses.isEntitySound($0.path) })
            guard sounding > limit else { return nil }
            return Diagnostic(path: definition.source.displayPath, at: definition.source.position(of: "entities"), message:
                "entities: \(sounding) entities have a sound, more than the \(limit) a player's sound device plays at once: "
                    + "only the \(limit) nearest are heard as the level begins; give fewer entities a sound, or split the level",
                severity: .warning)
        }.sortedForDisplay()
    }

    /// Diagnostics for every sound file `book` (the pack's story) names — voices and
    /// ambience — that cannot be played where it is used: a voice that becomes a speaking
    /// entity (over a level, a choice's option, a line with an `azimuth`) must be mono.
    /// Each is reported at the file's name in `story.json` (its `voice` or `file` value),
    /// once, at its first use, with how many more uses share it, and the story is held to
    /// ``FileReport/maxProblems``.
    public static func diagnostics(for book: StoryBook, in pack: Pack) -> [Diagnostic] {
        let report = FileReport(displayPath: book.displayPath)
        let folder = SoundFolder(pack.sounds)
        func problem(_ file: String, directional: Bool) -> String? {
            if case let .found(url) = pack.sounds.resolve(file) { return decodedProblem(url, directional: directional) }
            // The reader found every file of a story it read; `play` reads a story once and
            // checks it when it starts, by when a file may be gone.
            do {
                return AudioAsset.check(url: try folder.locate(file), directional: directional)
            } catch {
                return error.description
            }
        }
        func check(_ file: String, directional: Bool, what: String, at position: SourcePosition) {
            if let problem = problem(file, directional: directional) {
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

/// What a command that plays is told of a pack's sounds (``AudioValidation/sounds(ofLevel:in:)``).
public struct SoundVerdict: Sendable {
    /// The problems of the sounds played, as `validate` tells them: any of them refuses
    /// the play before anything is played or written.
    public var refusing: [Diagnostic]
    /// The problems of the pack's other sounds, as warnings: told once, and play goes on.
    public var elsewhere: [Diagnostic]
}

extension AudioValidation {
    /// What a file found was last decoded to, by its path, use, size and time of change:
    /// the play menu checks a pack's sounds at every level it starts, and a file decoded
    /// once needs no second decoding until it changes.
    private struct Decoded: Hashable {
        var file: FileVersion, directional: Bool
    }

    private static let decoded = Mutex<[Decoded: String?]>([:])

    /// Why the file at `url` cannot be played (placed in space when `directional`), or `nil`.
    static func decodedProblem(_ url: URL, directional: Bool) -> String? {
        let file = FileVersion(url)
        guard file.isKnown else { return AudioAsset.check(url: url, directional: directional) }
        let key = Decoded(file: file, directional: directional)
        if let known = decoded.withLock({ $0[key] }) { return known }
        let problem = AudioAsset.check(url: url, directional: directional)
        decoded.withLock { $0[key] = .some(problem) }
        return problem
    }
}

extension Diagnostic {
    /// The same place and words, told as a warning.
    var asWarning: Diagnostic {
        var warning = self
        warning.severity = .warning
        return warning
    }
}

extension Sequence {
    /// The elements for which `isIncluded` holds, then the others, each in order.
    func partitioned(_ isIncluded: (Element) -> Bool) -> ([Element], [Element]) {
        var included: [Element] = [], excluded: [Element] = []
        for element in self {
            if isIncluded(element) { included.append(element) } else { excluded.append(element) }
        }
        return (included, excluded)
    }
}
