import EcholotCore
import EcholotModel

/// Where a session's inputs go as they happen, each with its simulated time: a log file
/// (`--record` of a level) or a story's recording in memory.
public protocol InputSink: AnyObject {
    /// Takes one input.
    func record(t: Double, action: Action)
    /// No more inputs will come.
    func close()
    /// The first error that stopped recording, if any.
    var failure: SystemError? { get }
}

extension InputRecorder: InputSink {}

/// Inputs kept in memory: one scene of a story being recorded.
public final class InputList: InputSink {
    /// What was recorded, in order.
    public private(set) var events: [InputEvent] = []

    /// An empty list.
    public init() {}

    /// Appends the input.
    public func record(t: Double, action: Action) { events.append(InputEvent(t: t, action: action)) }

    /// Nothing to close in memory.
    public func close() {}

    /// Memory does not fail.
    public var failure: SystemError? { nil }
}
