import EcholotTestSupport
import Foundation
import Testing

/// A first word that is no command is told as one, with the command it is close to or the
/// list of commands (after `help` too); paths, options and `help` of a command keep the
/// parser's own answers.
@Suite struct UnknownCommandTests {
    /// `uninstall` (no such command, and not a misspelling of one) lists the commands.
    @Test func anUnknownCommandListsTheCommands() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try echolot(["uninstall", "acme-red"], in: folder)
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "error: unknown command 'uninstall'; the commands are: validate, test, run, render, play, "
            + "replay, stats, install, packs, pack, new (see 'echolot --help')\n", "\(run.stderr)")
    }

    /// A misspelt command is answered with the command meant.
    @Test func aMisspeltCommandIsCorrected() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let instal = try echolot(["instal", "x.zip"], in: folder)
        #expect(instal.status == 2)
        #expect(instal.stderr == "error: unknown command 'instal'; did you mean 'install'? (see 'echolot --help')\n", "\(instal.stderr)")
        let valdiate = try echolot(["valdiate"], in: folder)
        #expect(valdiate.stderr == "error: unknown command 'valdiate'; did you mean 'validate'? (see 'echolot --help')\n", "\(valdiate.stderr)")
        let packz = try echolot(["packz"], in: folder)
        #expect(packz.stderr == "error: unknown command 'packz'; did you mean 'packs' or 'pack'? (see 'echolot --help')\n", "\(packz.stderr)")
    }

    /// `help` with a word that is no command says so, as the command itself would: it printed
    /// the overview and exited 0, as if the command had no help of its own.
    @Test func helpForAnUnknownCommandIsAUsageError() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let instal = try echolot(["help", "instal"], in: folder)
        #expect(instal.status == 2)
        #expect(instal.stdout.isEmpty, "\(instal.stdout)")
        #expect(instal.stderr == "error: unknown command 'instal'; did you mean 'install'? (see 'echolot --help')\n", "\(instal.stderr)")
        let nosuch = try echolot(["help", "nosuch"], in: folder)
        #expect(nosuch.status == 2)
        #expect(nosuch.stderr.hasPrefix("error: unknown command 'nosuch'; the commands are: validate,"), "\(nosuch.stderr)")
        for words in [["help"], ["help", "help"]] {
            let overview = try echolot(words, in: folder)
            #expect(overview.status == 0, "\(words): \(overview.stderr)")
            #expect(overview.stdout.hasPrefix("OVERVIEW:"), "\(words): \(overview.stdout)")
        }
    }

    /// A path as first word (a folder there, or a word with a slash or an extension), an
    /// unknown option and `help NAME` keep the parser's answers.
    @Test func pathsOptionsAndHelpAreUnchanged() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("some-pack"), withIntermediateDirectories: true)
        for path in ["some-pack", "./other", "cave.zip"] {
            let run = try echolot([path], in: folder)
            #expect(run.status == 2)
            #expect(run.stderr.hasPrefix("Error: Unexpected argument '\(path)'\n"), "\(run.stderr)")
        }
        let option = try echolot(["--bogus"], in: folder)
        #expect(option.status == 2)
        #expect(option.stderr.hasPrefix("Error: Unknown option '--bogus'\n"), "\(option.stderr)")
        let help = try echolot(["help", "install"], in: folder)
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE: echolot install"), "\(help.stdout)")
    }

    /// A word after `help` and a command that is none of its subcommands is told with the one
    /// it is close to, and a word after a command with none is refused: each printed that
    /// command's help and exited 0, as if the words had named something. `help new pack` still helps.
    @Test func helpChecksEveryWord() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pakc = try echolot(["help", "new", "pakc"], in: folder)
        #expect(pakc.status == 2)
        #expect(pakc.stdout.isEmpty, "\(pakc.stdout)")
        #expect(pakc.stderr == "error: unknown command 'new pakc'; did you mean 'new pack'? (see 'echolot new --help')\n", "\(pakc.stderr)")
        let far = try echolot(["help", "new", "level"], in: folder)
        #expect(far.status == 2)
        #expect(far.stderr == "error: unknown command 'new level'; the commands are: new pack (see 'echolot new --help')\n", "\(far.stderr)")
        let extra = try echolot(["help", "play", "extra"], in: folder)
        #expect(extra.status == 2)
        #expect(extra.stdout.isEmpty, "\(extra.stdout)")
        #expect(extra.stderr == "error: 'echolot play' has no subcommands, so 'help' takes nothing after 'play', not 'extra' "
            + "(see 'echolot help play')\n", "\(extra.stderr)")
        let pack = try echolot(["help", "new", "pack"], in: folder)
        #expect(pack.status == 0, "\(pack.stderr)")
        #expect(pack.stdout.contains("USAGE: echolot new pack"), "\(pack.stdout)")
    }
}
