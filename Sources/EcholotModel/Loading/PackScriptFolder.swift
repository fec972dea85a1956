import Foundation

/// Scripts a pack has where loading does not look: a file below `scripts/` whose name ends
/// in a slip of `.lua` (`.lau`, `.LUA`), a folder beside `scripts/` named like it
/// (`Scripts`, `script`) that holds Lua files. Loading reads `scripts/**/*.lua` alone, so
/// their rules are simply missing, and "unknown goal type" at every level that uses one
/// names the symptom, not the cause.
public enum PackScriptFolder {
    /// The folder's name inside the pack.
    public static let name = "scripts"

    /// A warning at the 1:1 of each script of `pack`'s own folder that loading does not
    /// read, saying what to rename.
    public static func warnings(of pack: Pack) -> [Diagnostic] {
        let files = PackTestFolder.files(of: pack)
        var warnings: [Diagnostic] = []
        if files.entry(name) == .directory {
            let slips = PackTestFolder.files(below: name, in: files) { file in
                !file.hasSuffix(PackTestFolder.levelSuffix) && PackTestFolder.nearMiss(file) == PackTestFolder.levelSuffix
            }
            for path in slips {
                let file = String(path.split(separator: "/").last ?? "")
                warnings.append(Diagnostic(path: files.display(path), at: .start, message:
                    "not loaded: a script's name ends in .lua, not \(PackTestFolder.lastExtension(file)); rename it",
                    severity: .warning))
            }
        }
        let scripts = { (folder: String) in
            PackTestFolder.files(below: folder, in: files) { PackTestFolder.nearMiss($0) == PackTestFolder.levelSuffix }
        }
        return warnings + PackTestFolder.misnamedFolders(named: name, in: files, holding: scripts,
                                                         what: "scripts", fix: "move its scripts into \(name)/")
    }
}
