import EcholotCore
import EcholotModel

/// A problem in a script: where it is (pack, file, line), what went wrong, and — for an
/// error while running — which rule and which action it was handling.
public struct ScriptError: SelfLocatingError, Sendable, Equatable {
    /// What kind of problem it is.
    public enum Kind: String, Sendable {
        /// The file does not compile.
        case syntax
        /// The script raised an error (or Lua did, e.g. indexing nil).
        case runtime
        /// The reducer call ran more instructions than its budget.
        case instructionLimit
        /// The Lua state grew past its memory cap.
        case memoryLimit
        /// Recursion went deeper than Lua's stack allows.
        case stackOverflow
        /// A value the script produced does not fit the state (a function, a mixed table, …).
        case badValue
        /// The file could not be read, or the engine itself failed.
        case engine
    }

    /// What kind of problem it is.
    public var kind: Kind
    /// The script the problem is in, when known.
    public var source: ScriptSource?
    /// The line in that script, when known.
    public var line: Int?
    /// The column in that line, when known: Lua reports none, but a spec's field found in
    /// the text has one.
    public var column: Int?
    /// What is wrong, without position.
    public var message: String
    /// The rule that was running: `goal 'find'`, `behaviour 'orbit'`, …
    public var rule: String?
    /// The action it was handling.
    public var action: String?
    /// Further problems found with this one and told after it: the rest of a rule's spec,
    /// which a registration checks whole, so that one load tells every problem in it.
    public var more: [ScriptError] = []

    /// Creates an error.
    public init(kind: Kind, source: ScriptSource? = nil, line: Int? = nil, column: Int? = nil, message: String,
                rule: String? = nil, action: String? = nil) {
        self.kind = kind
        self.source = source
        self.line = line
        self.column = column
        self.message = message
        self.rule = rule
        self.action = action
    }

    /// The pack the problem is in, when known.
    public var pack: String? { source?.pack }

    /// `path:line:col: error: message (pack 'p', goal 'find', action 'tick')` — the command
    /// line's diagnostic form; the column is 1 where Lua gives none. One line, whatever
    /// the script's message holds (`error("a\nb")`).
    public var description: String { described(file: source?.displayPath) }

    /// The description with the script named by its path inside its pack (`scripts/story.lua`).
    public var descriptionInPack: String { described(file: source?.file) }

    /// `file:line:col: error: message (context)`, or without a place when there is no file.
    private func described(file: String?) -> String {
        guard let file else { return MessageText.oneLine("error: \(message)\(context)") }
        return MessageText.oneLine("\(file):\(line ?? 1):\(column ?? 1): error: \(message)\(context)")
    }

    /// Whether the message names the rule and the action (it does for every error a rule
    /// call raises), so a store's rejection shows it alone.
    public var namesReducerAndAction: Bool { rule != nil && action != nil }

    /// Where the error happened besides the file — ` (pack 'p', rule, action 'a')` — or "".
    public var context: String {
        var parts: [String] = []
        if let pack { parts.append("pack '\(pack)'") }
        if let rule { parts.append(rule) }
        if let action { parts.append("action '\(action)'") }
        return parts.isEmpty ? "" : " (" + parts.joined(separator: ", ") + ")"
    }
}
