import EcholotCore

/// What a story run did, in order: what transcript tests compare with their expectations.
public struct StoryTranscript: Sendable, Equatable {
    /// Line ids spoken, in order.
    public var lines: [String] = []
    /// Choices offered: `id: option, option, …`.
    public var choices: [String] = []
    /// Options picked: `id=option`.
    public var picks: [String] = []
    /// Levels entered (every attempt), in order.
    public var levels: [String] = []
    /// The story variables at the end.
    public var variables: PersistentMap<Value> = PersistentMap()
    /// `clock` actions dispatched, as `HH:MM`.
    public var clocks: [String] = []
    /// `finished`, `stopped` or `running` (inputs ran out).
    public var status: String = StoryStatus.running.rawValue
    /// The ending's name when finished.
    public var ending: String?
    /// Why the story stopped, rejected actions, and missing or unused inputs.
    public var errors: [StoryRunError] = []
    /// The final state's stable hash.
    public var stateHash: String = ""

    /// Creates an empty transcript.
    public init() {}

    /// Records what one dispatch processed.
    public mutating func record(_ actions: [Action]) {
        for action in actions {
            switch action.name {
            case StoryAction.line: lines.append(action["id"].stringValue ?? "?")
            case StoryAction.choice:
                let options = action["options"].listValue?.compactMap(\.stringValue) ?? []
                choices.append("\(action["id"].stringValue ?? "?"): \(options.joined(separator: ", "))")
            case StoryAction.choiceMade: picks.append("\(action["id"].stringValue ?? "?")=\(action["option"].stringValue ?? "?")")
            case StoryAction.level: levels.append(action["id"].stringValue ?? "?")
            case StoryAction.stopped: errors.append(StoryRunError(action["message"].stringValue ?? "the story stopped"))
            case ActionName.clock:
                // A clock the store refused is still part of what was sent: show its numbers.
                let h = action["hour"].intValue ?? 0, m = action["minute"].intValue ?? 0
                clocks.append(TimeOfDay(hour: h, minute: m)?.text ?? "\(h):\(m)")
            default: break
            }
        }
    }
}

/// One thing that went wrong in a story run, and where in the story test it arose.
public struct StoryRunError: Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, in a sentence.
    public var message: String
    /// The play whose inputs were running; outside any play (a cut-scene without one, a
    /// scene whose rules do not load), the play the run was on its way to, or the last
    /// one when the inputs ran out. `nil` when the test has no plays.
    public var position: SourcePosition?

    /// An error not yet placed.
    public init(_ message: String, at position: SourcePosition? = nil) {
        self.message = message
        self.position = position
    }

    /// An error not yet placed, as `error` describes itself; a located one names its file
    /// as its pack knows it (``SelfLocatingError/descriptionInPack``), so a recorded
    /// expectation matches from any working directory.
    public init(describing error: any Error, at position: SourcePosition? = nil) {
        let text = (error as? Rejection)?.descriptionInPack ?? (error as? any SelfLocatingError)?.descriptionInPack
        self.init(text ?? "\(error)", at: position)
    }

    /// The message.
    public var description: String { message }
}
