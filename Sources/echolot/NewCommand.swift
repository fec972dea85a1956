import ArgumentParser
import EcholotModel
import EcholotTerminal
import Foundation

/// `echolot new pack NAME [--story]`: scaffolding for modders and story authors.
struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Create something new to build on.",
        subcommands: [NewPackCommand.self]
    )

    /// The usage error for `echolot new` asked to make something other than a pack
    /// (`new level x`), or `nil`. ArgumentParser would only call the words unexpected,
    /// and a parent command's own arguments would swallow the subcommand's name.
    static func misuse(_ arguments: [String]) -> String? {
        guard arguments.first == "new", let kind = arguments.dropFirst().first, !kind.hasPrefix("-"),
              kind != NewPackCommand.configuration.commandName, kind != "help" else { return nil }
        return "Error: 'new' makes only a pack, not '\(kind)'.\nUsage: echolot new pack NAME [--author NAME] [--story]"
    }
}

/// `echolot new pack NAME [--author NAME] [--story]`: writes a pack that validates and
/// whose sample test passes.
struct NewPackCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pack",
        abstract: "Create a pack folder: manifest, one level, a custom goal script, a sound, strings, a test, a README.",
        discussion: "With --story, a story pack instead: a story.json with a cut-scene, a level, a choice and two endings, its strings and a transcript test."
    )

    /// The pack's name, or a path ending in it; the folder is named by the id made from it.
    @Argument(help: "The new pack's name, or a path ending in it; its folder is named by the pack id made from it (\"Cave Echoes\" → cave-echoes/).")
    var name: String

    /// The author written into the manifest.
    @Option(help: "The author written into pack.json.")
    var author: String?

    /// Whether to write a story pack (chapters, cut-scenes, a choice) instead of levels with a goal script.
    @Flag(help: "Write a story pack: a story.json with a cut-scene, a level, a choice and two endings.")
    var story = false

    /// Refuses an empty name before anything is looked at (it would name the current folder).
    func validate() throws {
        guard !name.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw ValidationError("give the new pack's folder name, e.g. 'echolot new pack my-pack'")
        }
    }

    /// Creates the pack; exits 1 when the folder exists or the name is unusable.
    func run() throws {
        do {
            let created = try PackScaffold.create(at: URL(fileURLWithPath: name), author: author, story: story, taken: takenIDs())
            print("created \(created.shown)/ (pack id \(created.id)):")
            for file in created.files { print("  \(file)") }
            // Written to be pasted into a shell: a name with spaces is one argument there too.
            let path = Shell.word(created.shown)
            print("next: echolot validate \(path) · echolot test \(path) · echolot play \(path) --watch")
        } catch {
            Terminal.report(error.diagnostics)
            throw ExitCode(1)
        }
    }

    /// The ids of the shipped and installed packs, each with the words naming its pack
    /// (`the shipped pack "Tutorial"`): a new pack taking one would shadow that pack.
    func takenIDs() -> [String: String] {
        var taken: [String: String] = [:]
        for entry in PackLibrary.standard().entries {
            guard let id = entry.id, taken[id] == nil else { continue }
            let name = (try? entry.loaded.get()).map { " \(MessageText.quoted($0.manifest.name))" } ?? ""
            taken[id] = "the \(entry.origin.rawValue) pack\(name)"
        }
        return taken
    }
}
