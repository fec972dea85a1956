import EcholotTestSupport
import Foundation
import Testing

/// The command line as the guides show it is the one `echolot` takes: a newcomer who copies
/// a command from README.md or docs/ gets no "unknown option", and README.md's synopsis
/// names every option each command has.
@Suite struct DocumentedOptionsTests {
    /// The commands `echolot --help` lists, as words after `echolot`; `new`, which has
    /// subcommands of its own, as `new pack`.
    static let commands: [[String]] = {
        /// The subcommands `echolot COMMAND --help` lists (none when it lists none).
        func listed(by command: [String]) -> [String] {
            guard let help = try? echolot(command + ["--help"]), help.status == 0,
                  help.stdout.contains("USAGE: " + (["echolot"] + command).joined(separator: " ")),
                  let section = help.stdout.range(of: "SUBCOMMANDS:\n") else { return [] }
            // Up to the first blank line: a name starts two spaces in, its wrapped abstract further.
            return help.stdout[section.upperBound...].split(separator: "\n", omittingEmptySubsequences: false)
                .prefix { !$0.isEmpty }
                .filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
                .compactMap { $0.split(separator: " ").first.map(String.init) }
        }
        return listed(by: []).flatMap { name in
            let inner = listed(by: [name])
            return inner.isEmpty ? [[name]] : inner.map { [name, $0] }
        }
    }()

    /// Each option's names in `echolot COMMAND --help` (`--lang` and `--language` are one
    /// option), `--help` left out.
    static func options(of command: [String]) throws -> [[String]] {
        let help = try echolot(command + ["--help"])
        #expect(help.status == 0, "echolot \(command.joined(separator: " ")) --help: \(help.stderr)")
        // Options start two spaces in; their descriptions, wrapped, start further in.
        let pattern = try NSRegularExpression(pattern: #"^  (?:-\w, )?(--[a-z][a-z0-9-]*)(?:, (--[a-z][a-z0-9-]*))?"#,
                                              options: .anchorsMatchLines)
        let text = help.stdout
        return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            (1..<match.numberOfRanges).compactMap { Range(match.range(at: $0), in: text).map { String(text[$0]) } }
        }.filter { $0 != ["--help"] && $0 != ["--version"] }
    }

    /// The `--options` written in `text`.
    static func written(in text: Substring) -> Set<String> {
        var found: Set<String> = []
        var rest = text[...]
        while let start = rest.range(of: "--") {
            let name = rest[start.upperBound...].prefix { $0.isLowercase || $0.isNumber || $0 == "-" }
            if let first = name.first, first.isLowercase { found.insert("--" + name) }
            rest = rest[start.upperBound...]
        }
        return found
    }

    /// The command a piece of text runs (`echolot new pack …` → ["new", "pack"]), longest first.
    static func command(at text: Substring) -> [String]? {
        let words = text.split(separator: " ").prefix(2).map(String.init)
        return commands.sorted { $0.count > $1.count }.first { Array(words.prefix($0.count)) == $0 }
    }

    /// Every `echolot COMMAND …` in the guides: in README.md and docs/*.md, each inline code
    /// span and each line of a code block, cut at the next `echolot ` (a line may hold several).
    static func documentedCommands() throws -> [(file: String, command: [String], text: Substring)] {
        let docs = repositoryRoot.appendingPathComponent("docs")
        let files = ["README.md"] + (try FileManager.default.contentsOfDirectory(atPath: docs.path))
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        var found: [(String, [String], Substring)] = []
        for file in files {
            let text = try String(contentsOf: repositoryRoot.appendingPathComponent(file), encoding: .utf8)
            var pieces: [Substring] = []
            for (index, block) in text.components(separatedBy: "```").enumerated() {
                if index % 2 == 1 {
                    pieces += block.split(separator: "\n")
                } else {
                    pieces += block.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map { $0.element[...] }
                }
            }
            for piece in pieces {
                let parts = piece.components(separatedBy: "echolot ").dropFirst()
                for part in parts {
                    guard let command = command(at: part[...]) else { continue }
                    found.append((file, command, part[...]))
                }
            }
        }
        return found
    }

    @Test func everyOptionTheGuidesShowExists() throws {
        #expect(Self.commands.count >= 11 && Self.commands.contains(["new", "pack"]), "\(Self.commands)")
        var known: [[String]: Set<String>] = [:]
        for command in Self.commands { known[command] = Set(try Self.options(of: command).flatMap { $0 }) }
        let shown = try Self.documentedCommands()
        #expect(shown.count > 20, "the guides show few commands: \(shown.count)")
        for (file, command, text) in shown {
            for option in Self.written(in: text) where !(known[command] ?? []).contains(option) {
                Issue.record("\(file): 'echolot \(command.joined(separator: " "))' has no option \(option): \(text)")
            }
        }
    }

    /// README.md's synopsis is where a newcomer looks first: every command is there with
    /// every option it takes, so an option added to a command without a word in the guides
    /// fails here.
    @Test func theReadmeSynopsisNamesEveryOption() throws {
        let readme = try String(contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.range(of: "## The command line\n```sh\n"))
        let block = readme[section.upperBound...].prefix { $0 != "`" }
        // A command's line and the indented lines that continue it, comments cut off.
        var synopsis: [[String]: Set<String>] = [:]
        var current: [String]?
        for line in block.split(separator: "\n") {
            let code = line.prefix { $0 != "#" }
            if code.hasPrefix("echolot ") {
                current = Self.command(at: code.dropFirst("echolot ".count))
                if current == nil { Issue.record("README.md's synopsis names no command in: \(line)") }
            }
            guard let current else { continue }
            synopsis[current, default: []].formUnion(Self.written(in: code))
        }
        for command in Self.commands {
            let name = "echolot " + command.joined(separator: " ")
            let written = try #require(synopsis[command], "README.md's synopsis lacks \(name)")
            for names in try Self.options(of: command) where written.isDisjoint(with: names) {
                Issue.record("README.md's synopsis of \(name) lacks \(names[0])")
            }
        }
    }
}
