import ArgumentParser
import EcholotModel
import EcholotTerminal
import Foundation

/// `echolot install FILE.zip [--replace]`: installs a pack archive into the data folder's
/// `packs/`, refusing hostile or broken archives with nothing written.
struct InstallCommand: ParsableCommand {
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
            nor of an installed one unless --replace is given.
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
                                      verify: { ValidateCommand.deepProblems(of: $0, whole: true) })
        do {
            let installed = try installer.install(URL(fileURLWithPath: archive), displayPath: archive)
            let manifest = installed.pack.manifest
            let levels = installed.pack.levels.count
            var line = "installed \(manifest.id) \(manifest.version) (\(TerminalText.safe(Names(pack: installed.pack).pack(installed.pack))), \(levels) level\(levels == 1 ? "" : "s"))"
            if let old = installed.replacedVersion { line += ", replacing \(old)," }
            print(line + " into \(installed.folder.path)")
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
            held.deliver()
            throw ExitCode(1)
        }
    }
}
