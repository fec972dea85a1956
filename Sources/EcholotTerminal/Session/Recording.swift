import Foundation

/// What a recorded session says about itself, kept beside the input log in
/// `LOG.meta.json` so the log stays exactly the input-log contract that `echolot run`
/// reads: which pack and level it plays, and the state hash it must replay to.
public struct Recording: Codable, Equatable, Sendable {
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

    /// The value of ``format``.
    public static let formatName = "echolot-recording/1"

    /// A description of a finished recording.
    public init(pack: String, packID: String, packVersion: String, level: String, step: Double,
                ticks: Int, outcome: String, stateHash: String) {
        self.format = Self.formatName
        self.pack = pack
        self.packID = packID
        self.packVersion = packVersion
        self.level = level
        self.step = step
        self.ticks = ticks
        self.outcome = outcome
        self.stateHash = stateHash
    }

    /// Where the description of the log at `logPath` lives.
    public static func metaPath(forLog logPath: String) -> String { logPath + ".meta.json" }

    /// Reads the description beside the log at `logPath`.
    public static func read(forLog logPath: String) throws -> Recording {
        let path = metaPath(forLog: logPath)
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw RecordingError("\(path): error: cannot read the recording's description (\(error.localizedDescription))")
        }
        let recording: Recording
        do {
            recording = try JSONDecoder().decode(Recording.self, from: data)
        } catch {
            throw RecordingError("\(path): error: not a recording description: \(error)")
        }
        guard recording.format == formatName else {
            throw RecordingError("\(path): error: unknown recording format '\(recording.format)' (expected '\(formatName)')")
        }
        return recording
    }

    /// Writes the description beside the log, replacing any earlier one atomically.
    public func write(forLog logPath: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = try encoder.encode(self)
        try (data + Data("\n".utf8)).write(to: URL(fileURLWithPath: Self.metaPath(forLog: logPath)), options: .atomic)
    }
}

/// A problem with a recording, as a `path: error: message` line.
public struct RecordingError: Error, CustomStringConvertible {
    /// The line.
    public let description: String
    /// Wraps a line.
    public init(_ description: String) { self.description = description }
}
