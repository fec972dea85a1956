import EcholotModel
import Foundation

/// How `echolot play` was asked to run.
public struct PlayOptions: Sendable {
    /// The level to go straight to (its briefing), if any.
    public var level: String?
    /// Overrides every level's visuals mode.
    public var visuals: Visuals?
    /// Where turning comes from.
    public var input: InputSource = .keys
    /// Step sizes, hold rate, tilt mode.
    public var steering = SteeringSettings()
    /// Where to record the input log of each level played (`--record`).
    public var record: String?
    /// Plain lines for screen readers instead of the full screen.
    public var plain = false
    /// Whether to open the sound device (off: silent, no device probing).
    public var audio = true
    /// The language of the pack's strings (default: the pack's own).
    public var language: String?
    /// The time of day the clock of every level and story played starts at (`--time`);
    /// `nil`: the player's own.
    public var time: TimeOfDay?

    /// The time of day a clock starting now starts at: `--time`, else the player's. From
    /// there it runs on simulated minutes, each announced as an input like any other.
    public var clockStart: TimeOfDay {
        if let time { return time }
        let now = Calendar.current.dateComponents([.hour, .minute], from: Date())
        return TimeOfDay(hour: now.hour ?? 12, minute: now.minute ?? 0) ?? .noon
    }

    /// The defaults: keys, full screen, sound on.
    public init() {}

    /// The ending that `echolot test` looks for in a pack's `tests/`.
    public static let storyTestSuffix = StoryTest.suffix

    /// The path of the `attempt`-th level's input log (1-based): the first is `--record`
    /// itself, later ones get `-2`, `-3`, … before the extension. A `.story.json` name is
    /// the story's: its levels go to `NAME.jsonl`, so that `echolot test` never reads an
    /// input log as a transcript.
    public func recordPath(attempt: Int) -> String? {
        guard let record else { return nil }
        if let stem = Self.stem(record, ending: Self.storyTestSuffix) { return Self.numbered(stem, attempt) + ".jsonl" }
        guard let stem = Self.stem(record, ending: nil) else { return Self.numbered(record, attempt) }
        return Self.numbered(stem, attempt) + record.dropFirst(stem.count)
    }

    /// The path of the `attempt`-th story transcript (1-based): `--record` when it ends in
    /// `.story.json`, else the name with that ending instead of its extension
    /// (`walk.jsonl` → `walk.story.json`), because `echolot test` reads only those; later
    /// ones get `-2`, `-3`, … before `.story.json`.
    public func storyRecordPath(attempt: Int) -> String? {
        guard let record else { return nil }
        let stem = Self.stem(record, ending: Self.storyTestSuffix) ?? Self.stem(record, ending: nil) ?? record
        return Self.numbered(stem, attempt) + Self.storyTestSuffix
    }

    /// Whether `path` names a file `--record` writes: a level's input log or its
    /// description, or a story's transcript, of any attempt, beside the `--record` file.
    /// `play --watch` of a pack that holds them must not restart the level for them: the
    /// restart would record again, and so on for ever.
    public func isRecording(_ path: String) -> Bool {
        guard let record else { return false }
        // Asked of every file of a watched pack twice a second: the name is compared first,
        // and only a file named as a recording has its folder's links resolved.
        let file = URL(fileURLWithPath: path).standardizedFileURL
        // The attempt is read from the name ("walk-3.jsonl"), then the name is made again.
        let stem = Self.stem(record, ending: Self.storyTestSuffix) ?? Self.stem(record, ending: nil) ?? record
        let name = file.lastPathComponent, stemName = URL(fileURLWithPath: stem).lastPathComponent
        guard name.hasPrefix(stemName) else { return false }
        let rest = name.dropFirst(stemName.count)
        let digits = rest.hasPrefix("-") ? rest.dropFirst().prefix(while: \.isASCII).prefix(while: \.isNumber) : ""
        let attempt = Int(digits).map { max(1, $0) } ?? 1
        let written = [recordPath(attempt: attempt), recordPath(attempt: attempt).map(RecordingDescription.metaPath(forLog:)),
                       storyRecordPath(attempt: attempt)]
        guard written.contains(where: { $0.map { URL(fileURLWithPath: $0).lastPathComponent } == name }) else { return false }
        let given = URL(fileURLWithPath: record).standardizedFileURL
        return file.deletingLastPathComponent().resolvingSymlinksInPath().path
            == given.deletingLastPathComponent().resolvingSymlinksInPath().path
    }

    /// `path` without `ending` (without its last extension when `ending` is nil), or nil
    /// when it has no such ending or nothing would be left of the file's name.
    private static func stem(_ path: String, ending: String?) -> String? {
        let start = path.lastIndex(of: "/").map(path.index(after:)) ?? path.startIndex
        let name = path[start...]
        let cut: String.Index
        if let ending {
            guard name.hasSuffix(ending) else { return nil }
            cut = path.index(path.endIndex, offsetBy: -ending.count)
        } else {
            guard let dot = name.lastIndex(of: ".") else { return nil }
            cut = dot
        }
        return cut > start ? String(path[..<cut]) : nil
    }

    /// `stem` with `-attempt` after it from the second attempt on.
    private static func numbered(_ stem: String, _ attempt: Int) -> String {
        attempt > 1 ? stem + "-\(attempt)" : stem
    }
}
