import ArgumentParser
import EcholotModel
import EcholotScript
import EcholotTerminal
import Foundation

/// `echolot packs [--all]`: lists the installed packs (and with `--all` the shipped
/// ones) with name, version, author and level count; packs that do not load, files or
/// scripts, are listed as broken, with their problems on stderr. It exits 0 all the same: the listing worked,
/// and `validate` is the command whose status says whether a pack is sound.
struct PacksCommand: LoadsStandardRules {
    static let configuration = CommandConfiguration(
        commandName: "packs",
        abstract: "List installed packs: id, version, name, author, levels."
    )

    /// Whether to list the shipped packs too.
    @Flag(help: "List the shipped packs too.")
    var all = false

    /// Whether to say each pack in a sentence rather than a table row.
    @Flag(help: "A sentence a pack for screen readers, each figure named, no table (also when TERM=dumb or ECHOLOT_PLAIN=1).")
    var plain = false

    /// Prints the table, or the sentences.
    func run() throws {
        let library = PackLibrary.standard()
        // A pack whose scripts do not load (or whose levels do not check against them) is
        // as broken as one whose files do not parse: `play` could start none of its levels.
        let listing = library.catalog { pack in
            // Only what is listed: loading every shipped pack's scripts for a listing that
            // leaves them out would be thrown away.
            guard all || library.entry(id: pack.id)?.origin == .installed else { return [] }
            if case let .failure(error) = PackRules.checked(pack) { return error.diagnostics }
            return []
        }
        let shown: (PackLibrary.Origin) -> Bool = { all || $0 == .installed }
        // The listing still works; it only cannot show what that folder would have held.
        if all, let problem = ShippedPacks.explicitFolderProblem() {
            Terminal.error("warning: \(problem), so no shipped packs are listed")
        }
        if LineMode.wanted(plain: plain) {
            sentences(listing, shown: shown)
            return
        }
        var rows: [[String]] = [["ID", "VERSION", "NAME", "AUTHOR", "LEVELS"] + (all ? ["FROM"] : [])]
        for entry in listing.packs where shown(entry.origin) {
            let manifest = entry.pack.manifest
            // A pack's own texts reach the terminal made safe, as in the menus (an escape
            // sequence in a name would be a command to the terminal, a line break a new
            // row), and cut: see ``cell(_:)``.
            rows.append([Self.cell(manifest.id), Self.cell(manifest.version), Self.cell(Names(pack: entry.pack).pack(entry.pack)),
                         Self.cell(manifest.author ?? "–"),
                         String(entry.pack.offeredLevelCount)] + (all ? [entry.origin.rawValue] : []))
        }
        for problem in listing.problems where shown(problem.origin) {
            // By folder, as the menu names it: a copy of a pack has that pack's id.
            let read = problem.pack
            let name = read.map { Self.cell(Names(pack: $0).pack($0)) + " " } ?? ""
            rows.append([Self.cell(problem.folder), Self.cell(read?.manifest.version ?? "–"), name + "(broken: errors on stderr)",
                         Self.cell(read?.manifest.author ?? "–"), "–"]
                + (all ? [problem.origin.rawValue] : []))
        }
        if rows.count == 1 {
            print(PacksCommand.noneInstalled())
        } else {
            print(PacksCommand.table(rows))
        }
        for problem in listing.problems where shown(problem.origin) {
            Terminal.report(problem.diagnostics)
        }
    }

    /// The listing as a screen reader reads it well: `cave 1.0.0: Cave Echoes, by Ann, 3
    /// levels.`, and for a pack that does not load, that its errors follow (on stderr).
    private func sentences(_ listing: PackCatalogListing, shown: (PackLibrary.Origin) -> Bool) {
        let packs = listing.packs.filter { shown($0.origin) }
        let problems = listing.problems.filter { shown($0.origin) }
        if packs.isEmpty, problems.isEmpty {
            print(PacksCommand.noneInstalled())
            return
        }
        for entry in packs {
            let manifest = entry.pack.manifest
            let levels = entry.pack.offeredLevelCount
            var parts = [TerminalText.safe(Names(pack: entry.pack).pack(entry.pack))]
            if let author = manifest.author { parts.append("by " + TerminalText.safe(author)) }
            parts.append("\(levels) level\(levels == 1 ? "" : "s")")
            if all { parts.append(entry.origin.rawValue) }
            print("\(manifest.id) \(manifest.version): " + parts.joined(separator: ", ") + ".")
        }
        for problem in problems {
            let origin = all ? ", \(problem.origin.rawValue)" : ""
            // Named by folder, as in the table; what its pack.json says, when it reads.
            var head = problem.folder
            var known: [String] = []
            if let read = problem.pack {
                head += " " + read.manifest.version
                known.append(TerminalText.safe(Names(pack: read).pack(read)))
                if let author = read.manifest.author { known.append("by " + TerminalText.safe(author)) }
            }
            let said = known.map { $0 + ", " }.joined()
            // A problem it shares with a pack before it (a cycle both are in) is told once.
            if problem.diagnostics.isEmpty, let reason = problem.reason {
                print("\(head)\(origin): \(said)does not load, for the problem told at \(MessageText.oneLine(reason.path)).")
            } else {
                print("\(head)\(origin): \(said)does not load; its errors follow.")
            }
        }
        for problem in problems { Terminal.report(problem.diagnostics) }
    }

    /// What is said when there is nothing to list.
    private static func noneInstalled() -> String {
        "no packs installed in \(DataDirectory.packsFolder().path); install one with 'echolot install FILE.zip'"
    }

    /// The widest a cell is shown: one long name or author would push every other
    /// column off a window's edge. A longer one ends in "…".
    static let widestCell = 40

    /// A pack's text as a cell: made safe for the terminal and cut to ``widestCell``.
    private static func cell(_ text: String) -> String {
        TerminalWidth.cut(TerminalText.safe(text), columns: widestCell)
    }

    /// Rows as left-aligned columns two spaces apart, measured in terminal columns (a CJK
    /// name or an emoji is two columns a character).
    static func table(_ rows: [[String]]) -> String {
        let widths = rows[0].indices.map { column in rows.map { TerminalWidth.columns($0[column]) }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : TerminalWidth.padded(cell, to: widths[column])
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }
}
