import Foundation

extension MessageText {
    /// The most characters of a command-line argument a message echoes; the rest is cut.
    public static let argumentLimit = 200

    /// A command-line argument (a path, an id, an option's value) as a message echoes it:
    /// what ``oneLine(_:)`` escapes written out, and cut after ``argumentLimit`` characters
    /// with a note of how many more there were. A pasted megabyte or an escape sequence
    /// in an argument would otherwise fill or drive the terminal that reads the message.
    public static func argument(_ text: String) -> String {
        let kept = text.prefix(argumentLimit)
        guard kept.endIndex < text.endIndex else { return oneLine(text) }
        let more = text[kept.endIndex...].count
        return oneLine(String(kept)) + "… (\(more) more character\(more == 1 ? "" : "s"))"
    }

    /// `message` with every argument of `arguments` that ``argument(_:)`` changes (and the
    /// value of an `--option=value` one) echoed as it shows it: for messages made by code
    /// that quotes arguments whole, such as the argument parser's.
    public static func echoingArguments(_ message: String, _ arguments: [String]) -> String {
        let parts = arguments.flatMap { [$0] + ($0.hasPrefix("--") ? $0.split(separator: "=", maxSplits: 1).dropFirst().map(String.init) : []) }
        var out = message
        for part in parts.sorted(by: { $0.count > $1.count }) where !part.isEmpty && argument(part) != part {
            out = out.replacingOccurrences(of: part, with: argument(part))
        }
        return out
    }
}
