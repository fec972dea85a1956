import EcholotModel
import Foundation

/// The one form every problem takes on the command line — `path:line:col: error: message`,
/// one line each, and so do warnings and notes — checked for what a generated hostile input
/// made a reader or a command say.
public enum DiagnosticForm {
    /// The longest line accepted: messages quote at most a few hundred characters of what
    /// they are about, so a longer line has let a whole value or file through.
    public static let longestLine = 2_000

    /// What is wrong with `line` as a problem's line; `nil` when it has the form.
    public static func problem(in line: String) -> String? {
        if let scalar = line.unicodeScalars.first(where: MessageText.isUnshowable) {
            return "holds U+\(MessageText.hex(scalar)), which breaks or hides part of the line"
        }
        guard line.count <= longestLine else { return "is \(line.count) characters long" }
        // The first of the markers: a message may quote another.
        guard let marker = [": error: ", ": warning: ", ": note: "].compactMap({ line.range(of: $0) })
            .min(by: { $0.lowerBound < $1.lowerBound }) else { return "has no ': error: '" }
        guard !line[marker.upperBound...].trimmingCharacters(in: .whitespaces).isEmpty else { return "says nothing" }
        let place = line[..<marker.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
        guard place.count >= 3, !place.dropLast(2).joined(separator: ":").isEmpty,
              let row = Int(place[place.count - 2]), let column = Int(place[place.count - 1]), row >= 1, column >= 1
        else { return "does not begin with path:line:col" }
        return nil
    }

    /// What is wrong with `lines`, each a problem told: each line's form, and a line told
    /// twice (one problem, one line).
    public static func problems(in lines: [String]) -> [String] {
        var seen: Set<String> = []
        var found: [String] = []
        for line in lines {
            if let problem = problem(in: line) { found.append("\(problem): \(line.prefix(300))") }
            if !seen.insert(line).inserted { found.append("told twice: \(line.prefix(300))") }
        }
        return found
    }

    /// What is wrong with `diagnostics` of the file `bytes` shown as `path`: their lines'
    /// form, and a place in that file past its end.
    public static func problems(in diagnostics: [Diagnostic], of bytes: [UInt8], shownAs path: String) -> [String] {
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        var found = problems(in: diagnostics.map(\.description))
        for diagnostic in diagnostics where diagnostic.path == path {
            if diagnostic.line < 1 || diagnostic.line > lines.count || diagnostic.column > lines[diagnostic.line - 1].count + 1 {
                found.append("placed past the end of its line or file: \(diagnostic.description.prefix(300))")
            }
        }
        return found
    }
}
