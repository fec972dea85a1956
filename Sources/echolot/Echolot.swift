import ArgumentParser
import EcholotModel
import Foundation

/// A command that loads the standard rules (every one that checks or plays a pack): a bad
/// `$ECHOLOT_SCRIPTS` stops it with one message before it starts, rather than each level
/// being blamed for every rule type it uses.
protocol LoadsStandardRules: ParsableCommand {}

/// The `echolot` command: play, run, validate and inspect Echolot packs.
struct Echolot: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "echolot",
        abstract: "An engine for acoustic-localization games: hear, turn, select.",
        version: "echolot \(EngineVersion.description)",
        subcommands: [
            ValidateCommand.self,
            TestCommand.self,
            RunCommand.self,
            RenderCommand.self,
            PlayCommand.self,
            ReplayCommand.self,
            StatsCommand.self,
            InstallCommand.self,
            PacksCommand.self,
            PackCommand.self,
            NewCommand.self,
        ]
    )

    /// The names of the subcommands, in the order `--help` lists them.
    static var commandNames: [String] { configuration.subcommands.map { $0._commandName } }

    /// The usage error for a first word that is no command (`echolot uninstall x`), or a word
    /// after `help` that is none (`echolot help instal`), with the command it is close to, else
    /// every command; nil when the word is a command, `help`, an option, or — as the first word —
    /// a path (a file or folder there, or a word with a `/` or an extension), which the parser's
    /// own message answers.
    static func unknownCommand(_ arguments: [String]) -> String? {
        guard let word = arguments.first else { return nil }
        // The parser answers `help WORD` it does not know with the overview and success, so a
        // misspelt command looked like one without help of its own.
        if word == "help" {
            guard arguments.count > 1, arguments[1] != "help" else { return nil }
            return unknownHelpTopic(Array(arguments.dropFirst()))
        }
        guard !word.isEmpty, !word.hasPrefix("-"), !commandNames.contains(word), !word.contains("/"), !word.contains("."),
              !FileManager.default.fileExists(atPath: word) else { return nil }
        return unknownCommand(named: word)
    }

    /// The usage error for the words after `help` (`new pakc`, `play extra`) when one is no
    /// subcommand of the command before it, or follows a command that has none; nil when
    /// they name a command, or an option among them leaves the answer to the parser.
    private static func unknownHelpTopic(_ words: [String]) -> String? {
        var command: ParsableCommand.Type = Echolot.self
        var path: [String] = []
        for word in words {
            guard !word.hasPrefix("-") else { return nil }
            let subcommands = command.configuration.subcommands
            if let next = subcommands.first(where: { $0._commandName == word }) {
                command = next
                path.append(word)
                continue
            }
            // The parser printed the last command's help for any words after it, and exit 0
            // read as if they had named something.
            guard !subcommands.isEmpty else {
                let shown = (["echolot"] + path).joined(separator: " ")
                return "error: '\(shown)' has no subcommands, so 'help' takes nothing after '\(path.joined(separator: " "))', "
                    + "not '\(MessageText.argument(word))' (see 'echolot help \(path.joined(separator: " "))')"
            }
            return unknownCommand(named: word, among: subcommands.map { $0._commandName }, under: path)
        }
        return nil
    }

    /// The usage error for `word`, which is none of `names`, the subcommands of the command
    /// at `path` (the words after `echolot`; empty for `echolot` itself).
    private static func unknownCommand(named word: String, among names: [String] = commandNames, under path: [String] = []) -> String {
        let distances = names.map { ($0, editDistance(word, $0)) }
            .filter { $0.1 <= ($0.0.count >= 8 ? 2 : 1) }
        let best = distances.map(\.1).min()
        let parent = path.map { $0 + " " }.joined()
        let close = distances.filter { $0.1 == best }.map { "'\(parent + $0.0)'" }
        let hint = close.isEmpty
            ? "the commands are: " + names.map { parent + $0 }.joined(separator: ", ")
            : "did you mean " + close.joined(separator: " or ") + "?"
        let help = (["echolot"] + path + ["--help"]).joined(separator: " ")
        return "error: unknown command '\(parent)\(MessageText.argument(word))'; \(hint) (see '\(help)')"
    }

    /// The usage error for the first argument that is not UTF-8 (`dl\xE9/pack`, a folder
    /// named in Latin-1), nil when all are: Swift hands such an argument on with its bad
    /// bytes replaced, so the path it names would be told as missing while `ls` shows it.
    static func undecodableArgument(_ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>, count: Int32) -> String? {
        for index in 1 ..< Int(max(count, 1)) {
            guard let argument = argv[index] else { continue }
            let bytes = Array(UnsafeBufferPointer(start: argument, count: strlen(argument))).map { UInt8(bitPattern: $0) }
            guard String(validating: bytes, as: UTF8.self) == nil else { continue }
            return "error: argument \(MessageText.named(bytes: bytes)) is not valid UTF-8, and Echolot opens files and "
                + "folders by UTF-8 names only; rename the file or folder it names (or pass a link named in UTF-8)"
        }
        return nil
    }

    /// The edits (insert, delete, change, swap two neighbours) that turn `a` into `b`.
    private static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.lowercased()), b = Array(b.lowercased())
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[a.count][b.count]
    }
}
