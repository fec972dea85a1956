import EcholotCore
import EcholotModel

/// Every script that failed to load, each with its pack, file and line.
public struct ScriptLoadError: SelfLocatingError, Sendable {
    /// The problems, in load order.
    public var errors: [ScriptError]

    /// Creates the error.
    public init(errors: [ScriptError]) { self.errors = errors }

    /// One problem per line.
    public var description: String { errors.map(\.description).joined(separator: "\n") }

    /// The problems with their scripts named by their paths inside their packs.
    public var descriptionInPack: String { errors.map(\.descriptionInPack).joined(separator: "\n") }

    /// Each problem names its own rule and action, when it has them; the list as a whole does not.
    public var namesReducerAndAction: Bool { false }
}

extension ScriptError {
    /// An error from a failed call, placed at `line` of `source` when Lua did not say where.
    init(_ failure: CapturedFailure, source: ScriptSource? = nil, line: Int? = nil, rule: String? = nil,
         action: String? = nil) {
        let located = failure.source != nil
        self.init(kind: failure.kind, source: failure.source ?? source, line: located ? failure.line : line,
                  column: located ? failure.column : nil, message: failure.message, rule: rule, action: action)
    }
}

extension ScriptLoadError {
    /// The problems as diagnostics of `pack` (`path:line:1: error: …`), for front ends that
    /// list them with the pack's other problems.
    public func diagnostics(in pack: Pack) -> [Diagnostic] {
        errors.map {
            Diagnostic(path: $0.source?.displayPath ?? pack.displayRoot, line: $0.line ?? 1, column: $0.column ?? 1, message: $0.message + $0.context)
        }
    }
}
