import EcholotModel

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

    /// The defaults: keys, full screen, sound on.
    public init() {}

    /// The path of the `attempt`-th recording (1-based): the first is `--record` itself,
    /// later ones get `-2`, `-3`, … before the extension.
    public func recordPath(attempt: Int) -> String? {
        guard let record else { return nil }
        guard attempt > 1 else { return record }
        let slash = record.lastIndex(of: "/")
        if let dot = record.lastIndex(of: "."), slash.map({ dot > $0 }) ?? true, dot != record.startIndex {
            return String(record[..<dot]) + "-\(attempt)" + String(record[dot...])
        }
        return record + "-\(attempt)"
    }
}
