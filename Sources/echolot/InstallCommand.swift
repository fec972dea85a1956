import ArgumentParser
import EcholotModel
import EcholotTerminal
import Foundation

/// `echolot install FILE.zip [--replace]`: installs a pack archive into the data folder's
/// `packs/`, refusing hostile or broken archives with nothing written.
struct InstallCommand: LoadsStandardRules {
    static let configuration = CommandConfiguration(
        commandName: "install",
        abstract: "Install a pack archive (.zip) for this user.",
        discussion: """
            The archive is checked entry by entry (no '..', absolute paths or links, no \
            duplicate names, limits on entries, sizes and compression ratio), extracted \
            beside the packs folder, validated as 'echolot validate' does (scripts, rules, \
            sounds, story), and only then moved into place: \
            $ECHOLOT_DATA/packs, else $XDG_DATA_HOME/echolot/packs, else \
            ~/.local/share/echolot/packs. A pack may not take the id of a shipped pack, \
            nor of an installed one unless --replace is given; the archive that is \
            installed, file for file, is told as already installed. To remove an \
            installed pack, remove its folder packs/<id>; progress in it stays in the profile.
            """
    )

    /// The archive to install.
    @Argument(help: "The pack archive (.zip).")
    var archive: String

    /// Whether an installed pack with the same id may be replaced.
    @Flag(help: "Replace an installed pack with the same id (an update).")
    var replace = false

    /// Installs the archive; exits 1 with every problem when it is refused. Ctrl-C or a
    /// kill while it runs takes back what it wrote, says so, and then ends the process.
    func run() throws {
        let held = HeldSignals()
        let installer = PackInstaller(replace: replace, interrupted: HeldSignals.arrived,
                                      verify: { ValidateCommand.deepProblems(of: $0, whole: $1) },
                                      name: { Names(pack: $0).pack($0) })
        do {
            let installed = try installer.install(URL(fileURLWithPath: archive), displayPath: archive)
            let manifest = installed.pack.manifest
            let name = TerminalText.safe(Names(pack: installed.pack).pack(installed.pack))
            // What the player came for next, in the words of both outcomes. A pack of rules
            // alone has nothing to play: the packs that depend on it use it.
            let play = installed.pack.levels.isEmpty
                ? "it has no levels of its own: packs that depend on it use its rules"
                : "play it with: echolot play \(manifest.id)"
            if installed.alreadyInstalled {
                print("\(name) \(manifest.version) is already installed; \(play)")
                held.release()
                return
            }
            let levels = installed.pack.offeredLevelCount
            var line = "installed \(manifest.id) \(manifest.version) (\(name), \(levels) level\(levels == 1 ? "" : "s"))"
            if let old = installed.replacedVersion { line += ", replacing \(old)," }
            print(line + " into \(installed.folder.path); \(play)")
            // Told, not refused: the update the player asked for is done, and a pack built
            // on the old version may have its own update waiting for this one.
            for left in installed.noLongerLoading {
                let problem = left.problem
                let version = left.version.map { " \($0)" } ?? ""
                Terminal.error("warning: the installed pack \(problem.name)\(version) does not "
                    + "load with \(manifest.id) \(manifest.version) and needs an update too:")
                Terminal.report(problem.diagnostics)
            }
            held.release()
        } catch {
            Terminal.report(error.diagnostics)
            // Problems placed in the pack's files are told for its author; the player who
            // only installs it is told what came of the install. A refusal of the archive
            // itself (a link in it, an id taken, Ctrl-C) says that in its own words.
            if error.diagnostics.contains(where: { $0.path != archive }) {
                let problems = error.diagnostics.count == 1 ? "the problem" : "the problems"
                Terminal.error("\(MessageText.argument(archive)): note: nothing was installed or changed, for \(problems) told above")
            }
            held.deliver()
            throw ExitCode(1)
        }
    }
}
