import EcholotCore
import Foundation

/// What a recorded session says about itself, kept beside the input log in
/// `LOG.meta.json` so the log stays exactly the input-log contract that `echolot run`
/// reads: which pack and level it plays, what it started with, and the state hash it must
/// replay to.
public struct RecordingDescription: Equatable, Sendable {
    /// Marks the file as ours.
    public var format: String
    /// The pack folder, absolute.
    public var pack: String
    /// The pack's id and version, checked before replaying.
    public var packID: String
    /// The pack's version when it was recorded.
    public var packVersion: String
    /// The level played.
    public var level: String
    /// Simulated seconds per tick.
    public var step: Double
    /// Ticks played.
    public var ticks: Int
    /// `won`, `lost` or `running` (left before the end).
    public var outcome: String
    /// The final state's stable hash.
    public var stateHash: String
    /// The achievements the level started with, earned before it (the profile's), sorted:
    /// a replay starts with them too, since the rules ran with them. A description written
    /// before levels started with any has none.
    public var earnedBefore: [String]
    /// The progress records of unearned achievements the level started with (the
    /// profile's, ``GameState/startWith(earnedBefore:progressBefore:)``): a replay starts
    /// with them too. Written only when there are some; a description without any (or
    /// written before levels started with them) has none.
    public var progressBefore: ProgressRecords = [:]
    /// Where `level` is written in the description read (`nil` for one made in memory):
    /// what a replay tells a level the pack lacks at. Not written, and not compared.
    public var levelPosition: SourcePosition?
    /// Where `pack` is written in the description read (`nil` for one made in memory):
    /// what a replay tells a pack that is here no more at. Not written, and not compared.
    public var packPosition: SourcePosition?

    /// Whether two descriptions say the same, wherever they were read from.
    public static func == (a: Self, b: Self) -> Bool {
        (a.format, a.pack, a.packID, a.packVersion, a.level) == (b.format, b.pack, b.packID, b.packVersion, b.level)
            && (a.step, a.ticks, a.outcome, a.stateHash) == (b.step, b.ticks, b.outcome, b.stateHash)
            && a.earnedBefore == b.earnedBefore && a.progressBefore == b.progressBefore
    }

    /// The value of ``format``.
    public static let formatName = "echolot-recording/1"

    /// The tick lengths a description may give, in seconds: `play` records at 1/60 s; a
    /// tick of 0 would never advance time and one of millions of seconds is not a tick.
    public static let steps: ClosedRange<Double> = 0.001...1

    /// The largest description read (they are a few hundred bytes), so that a wrong file
    /// cannot exhaust memory.
    static let maxFileSize = 1 << 20

    /// The fields a description has.
    private static let fields = ["format", "pack", "packID", "packVersion", "level", "step", "ticks", "outcome", "stateHash",
                                 "earnedBefore", "progressBefore"]

    /// A description of a finished recording whose level started with `earnedBefore` and
    /// the progress records `progressBefore`.
    public init(pack: String, packID: String, packVersion: String, level: String, step: Double,
                ticks: Int, outcome: String, stateHash: String, earnedBefore: Set<String> = [],
                progressBefore: ProgressRecords = [:]) {
        self.format = Self.formatName
        self.pack = pack
        self.packID = packID
        self.packVersion = packVersion
        self.level = level
        self.step = step
        self.ticks = ticks
        self.outcome = outcome
        self.stateHash = stateHash
        self.earnedBefore = earnedBefore.sorted()
        self.progressBefore = progressBefore
    }

    /// Where the description of the log at `logPath` lives.
    public static func metaPath(forLog logPath: String) -> String { logPath + ".meta.json" }

    /// Reads the description beside the log at `logPath`, reporting every problem as
    /// `path:line:col: error: …`.
    public static func read(forLog logPath: String) throws(PackLoadError) -> RecordingDescription {
        try JSONFile.read(atPath: metaPath(forLog: logPath), limit: maxFileSize,
                          missing: "no such file: a recording's description is written beside its log by 'echolot play --record'",
                          read)
    }

    /// The description in `field`, or `nil` after reporting what is wrong with it.
    private static func read(_ field: Field) -> RecordingDescription? {
        guard let object = field.object(known: fields) else { return nil }
        guard let format = object.required("format")?.string() else { return nil }
        guard format == formatName else {
            // Another format's fields mean something else: its other problems are not told.
            object.optional("format")?.fail("unknown recording format \(quoted(format)) (expected \(quoted(formatName)))")
            return nil
        }
        object.rejectUnknown()
        let packField = object.required("pack")
        let pack = packField?.nonEmptyString()
        let packID = object.required("packID")?.nonEmptyString()
        let packVersion = object.required("packVersion")?.nonEmptyString()
        let levelField = object.required("level")
        let level = levelField?.nonEmptyString()
        let step = object.required("step")?.number(from: steps.lowerBound, to: steps.upperBound)
        let ticks = object.required("ticks").flatMap(Self.ticks)
        let outcome = object.required("outcome")?.oneOf([Outcome.won, .lost, .running].map(\.rawValue))
        let stateHash = object.required("stateHash")?.nonEmptyString()
        // Optional: a description from before levels started with achievements started with none.
        let earnedBefore: Set<String>? = object.optional("earnedBefore").map(Self.achievementIDs) ?? []
        let progressBefore: ProgressRecords? = object.optional("progressBefore").map { AchievementProgress.records($0) } ?? [:]
        if let step, let ticks, let field = object.optional("ticks"), Double(ticks) * step > LevelRunner.longestRun {
            field.fail("\(ticks) ticks of \(step.authorText) s are \((Double(ticks) * step).rounded().authorText) s of play; "
                + "a replay may last at most \(LevelRunner.longestRun.authorText) s (as 'echolot run --max-seconds')")
            return nil
        }
        guard let pack, let packID, let packVersion, let level, let step, let ticks, let outcome, let stateHash,
              let earnedBefore, let progressBefore else { return nil }
        var description = RecordingDescription(pack: pack, packID: packID, packVersion: packVersion, level: level, step: step,
                                               ticks: ticks, outcome: outcome, stateHash: stateHash, earnedBefore: earnedBefore,
                                               progressBefore: progressBefore)
        description.levelPosition = levelField?.position
        description.packPosition = packField?.position
        return description
    }

    /// The achievement ids of `field`, each problem told at its item; `nil` then.
    private static func achievementIDs(_ field: Field) -> Set<String>? {
        field.node.achievementIDs { node, index, message in
            let at = index.map { Field(node: node, path: JSONPath.element(field.path, $0), report: field.report) } ?? field
            at.fail(message)
        }
    }

    /// A count of ticks: a whole number ≥ 0.
    private static func ticks(_ field: Field) -> Int? {
        guard let ticks = field.integer() else { return nil }
        guard ticks >= 0 else {
            field.fail("expected a whole number ≥ 0, found \(ticks)")
            return nil
        }
        return ticks
    }

    /// The description as written: one field a line, keys sorted, each value as the state
    /// writes it (a progress record's integer stays one); `progressBefore` only when there
    /// are some, as older descriptions have none.
    public var text: String {
        var fields: [(key: String, value: Value)] = [
            ("format", .string(format)), ("pack", .string(pack)), ("packID", .string(packID)),
            ("packVersion", .string(packVersion)), ("level", .string(level)), ("step", .number(step)), ("ticks", .int(ticks)),
            ("outcome", .string(outcome)), ("stateHash", .string(stateHash)), ("earnedBefore", .list(earnedBefore.map(Value.string))),
        ]
        if !progressBefore.isEmpty { fields.append(("progressBefore", AchievementProgress.json(progressBefore))) }
        let lines = fields.sorted { $0.key < $1.key }.map { "  \(Value.string($0.key).jsonText): \($0.value.jsonText)" }
        return "{\n" + lines.joined(separator: ",\n") + "\n}\n"
    }

    /// Writes the description beside the log, replacing any earlier one atomically.
    public func write(forLog logPath: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: Self.metaPath(forLog: logPath)), options: .atomic)
    }
}
