import ArgumentParser
import EcholotModel
import EcholotTerminal
import Foundation

/// `echolot packs [--all]`: lists the installed packs (and with `--all` the shipped
/// ones) with name, version, author and level count; packs that do not load are listed
/// as broken, with their problems on stderr. It exits 0 all the same: the listing worked,
/// and `validate` is the command whose status says whether a pack is sound.
struct PacksCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "packs",
        abstract: "List installed packs: id, version, name, author, levels."
    )

    /// Whether to list the shipped packs too.
    @Flag(help: "List the shipped packs too.")
    var all = false

    /// Prints the table.
    func run() throws {
        let library = PackLibrary.standard()
        let listing = library.catalog()
        let shown: (PackLibrary.Origin) -> Bool = { all || $0 == .installed }
        var rows: [[String]] = [["ID", "VERSION", "NAME", "AUTHOR", "LEVELS"] + (all ? ["FROM"] : [])]
        for entry in listing.packs where shown(entry.origin) {
            let manifest = entry.pack.manifest
            // A pack's own texts reach the terminal made safe, as in the menus: an escape
            // sequence in a name would be a command to the terminal, a line break a new row.
            rows.append([manifest.id, manifest.version, TerminalText.safe(manifest.name), TerminalText.safe(manifest.author ?? "–"),
                         String(entry.pack.levels.count)] + (all ? [entry.origin.rawValue] : []))
        }
        for problem in listing.problems where shown(problem.origin) {
            rows.append([problem.id ?? problem.url.lastPathComponent, "–", "(broken: errors on stderr)", "–", "–"]
                + (all ? [problem.origin.rawValue] : []))
        }
        let folder = DataDirectory.packsFolder().path
        if rows.count == 1 {
            print("no packs installed in \(folder); install one with 'echolot install FILE.zip'")
        } else {
            print(PacksCommand.table(rows))
        }
        for problem in listing.problems where shown(problem.origin) {
            Terminal.report(problem.diagnostics)
        }
    }

    /// Rows as left-aligned columns two spaces apart.
    static func table(_ rows: [[String]]) -> String {
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }
}
