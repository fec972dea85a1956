import EcholotModel
import Foundation

/// Finds and reads a pack's Lua files safely: only regular `.lua` files whose real path
/// stays inside the folder, none larger than 16 MiB, in sorted path order (the load order).
/// A `.lua` that is a link leading nowhere, a pipe or a device is reported, not skipped,
/// and in its place in that order, so that one load names every script it cannot use.
enum ScriptFiles {
    /// Scripts larger than this are refused.
    static let sizeLimit = 16 * 1024 * 1024

    /// One script: where it is and its text.
    struct File {
        var source: ScriptSource
        var text: [UInt8]
    }

    /// Every `*.lua` below `folder` (none when the folder does not exist), each read or
    /// with the reason it cannot be. `prefix` is the folder's path inside the pack
    /// (`scripts/`); `shown` turns a path inside the pack into the one messages give
    /// (by default the file's own path). Throws when `folder` itself is not a folder.
    static func list(in folder: URL, prefix: String, pack: String,
                     shown display: ((String) -> String)? = nil) throws(ScriptError) -> [Result<File, ScriptError>] {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: folder.path, isDirectory: &isDirectory) else { return [] }
        let shown = display.map { $0(String(prefix.dropLast())) } ?? DisplayPath.of(folder)
        guard isDirectory.boolValue else {
            throw ScriptError(kind: .engine, source: ScriptSource(pack: pack, file: prefix, displayPath: shown),
                              line: 1, message: "\"\(prefix)\" must be a folder")
        }
        let realRoot = folder.resolvingSymlinksInPath().standardizedFileURL.path
        guard let enumerator = manager.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey],
                                                  options: [.skipsHiddenFiles]) else { return [] }
        var relatives: [String] = []
        for case let url as URL in enumerator where url.pathExtension == "lua" {
            let relative = String(url.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count))
                .trimmingCharacters(in: CharacterSet(charactersIn: "/"))
            relatives.append(relative)
        }
        var files: [Result<File, ScriptError>] = []
        for relative in relatives.sorted() {
            let url = folder.appendingPathComponent(relative)
            let source = ScriptSource(pack: pack, file: prefix + relative,
                                      displayPath: display.map { $0(prefix + relative) } ?? DisplayPath.of(url))
            let real = url.resolvingSymlinksInPath().standardizedFileURL.path
            let unusable = { (message: String) in
                files.append(.failure(ScriptError(kind: .engine, source: source, line: 1, message: message)))
            }
            guard PathInside.isBelow(real, folder: realRoot) else {
                unusable("the script is a link to a file outside the pack; scripts must stay inside it")
                continue
            }
            switch FileBytes.read(atPath: real, limit: sizeLimit) {
            case let .success(text):
                files.append(.success(File(source: source, text: text)))
            case .failure(.notAFile) where isFolder(real):
                continue  // a folder named like a script holds scripts, found on its own
            case .failure(.missing):
                // Listed, so a link that leads nowhere, or a name that is not UTF-8: named
                // as such, since "no such file" about a name the folder shows would puzzle.
                unusable(FileBytes.undecodableName(relative) ?? "the script is a symbolic link that leads nowhere (its target is missing)")
            case let .failure(problem):
                unusable("cannot read the script: \(problem.message(limit: sizeLimit))")
            }
        }
        return files
    }

    /// Whether `path` is a folder.
    private static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}

/// How paths are shown in messages: relative to the current directory when inside it.
enum DisplayPath {
    /// `url` relative to the working directory, or absolute.
    static func of(_ url: URL) -> String {
        let path = url.standardizedFileURL.path
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path
        if path.hasPrefix(cwd + "/") { return String(path.dropFirst(cwd.count + 1)) }
        return path
    }

    /// The file `relative` of `pack` (its folder when empty) as test reports name it, level
    /// and story tests alike: by the path the pack was named by (`../cave/tests/x.lua`, an
    /// archive's `cave.zip/tests/x.lua`), relative to the current folder when that path is
    /// absolute and inside it — a pack named by its id is found at an absolute path, which
    /// `levels/night-walk/tests/x.lua` says more briefly.
    static func of(_ relative: String, in pack: Pack) -> String {
        let shown = relative.isEmpty ? (pack.displayRoot.isEmpty ? "." : pack.displayRoot) : pack.display(relative)
        return shown.hasPrefix("/") ? of(URL(fileURLWithPath: shown)) : shown
    }
}
