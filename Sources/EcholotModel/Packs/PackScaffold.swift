import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a new pack (`echolot new pack NAME`) that validates and whose sample test
/// passes: a manifest, one level, one custom goal script, one sound, English strings,
/// one test and a README; or, for `--story`, a story pack (``StoryTemplates``). The folder appears all at once (written beside it under a
/// hidden name, then renamed), and an existing folder is never touched.
public enum PackScaffold {
    /// What was written.
    public struct Created: Sendable {
        /// The new pack folder, named by the pack id.
        public var folder: URL
        /// The folder as messages show it: the path given, with the id as its last part.
        public var shown: String
        /// The pack id.
        public var id: String
        /// The files written, relative to the folder, sorted.
        public var files: [String]
    }

    /// The pack id for a pack's name: lower case; letters, digits, `.` and `_` kept, spaces
    /// and dashes joined into one `-`, other characters dropped; `nil` when nothing usable is left.
    public static func packID(for name: String) -> String? {
        var id = ""
        for scalar in name.lowercased().unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "." || scalar == "_" {
                id.unicodeScalars.append(scalar)
            } else if scalar == "-" || scalar == " " {
                if !id.isEmpty, !id.hasSuffix("-") { id += "-" }
            }
        }
        while let first = id.unicodeScalars.first, !Identifiers.isPackID(String(first)) { id.removeFirst() }
        while id.hasSuffix("-") { id.removeLast() }
        return Identifiers.isPackID(id) ? id : nil
    }

    /// A display name for a pack's name as given: `my-first_pack` → `My First Pack`.
    public static func displayName(for name: String) -> String {
        name.split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == " " })
            .map { $0.prefix(1).uppercased() + $0.dropFirst() }
            .joined(separator: " ")
    }

    /// Writes the pack named by `requested`'s last component, a story pack when `story`, into
    /// a new folder beside it named by the pack id made from that name (`Cave Echoes` →
    /// `cave-echoes/`, the name the pack's archive and installed copy get too); throws a
    /// diagnostic on the folder when it exists or the name gives no pack id.
    public static func create(at requested: URL, author: String? = nil, story: Bool = false) throws(PackLoadError) -> Created {
        func refusal(_ message: String, at path: String) -> PackLoadError {
            PackLoadError(diagnostics: [Diagnostic(path: path.isEmpty ? "." : path, at: .start, message: message)])
        }
        // `.` and `..` name a folder that is there, not a new pack: their own names would
        // make a pack beside it, where the author did not ask for one.
        if [".", ".."].contains(requested.relativePath.split(separator: "/").last.map(String.init) ?? ".") {
            throw refusal("give the new pack's name (echolot new pack cave-echoes), not an existing folder; nothing was written",
                          at: PackFiles.displayPath(of: requested))
        }
        let name = requested.standardizedFileURL.lastPathComponent
        guard let id = packID(for: name) else {
            throw refusal("cannot make a pack id from \(quoted(name)); use letters, digits and '-' (e.g. \"my-pack\")",
                          at: PackFiles.displayPath(of: requested))
        }
        let folder = requested.deletingLastPathComponent().appendingPathComponent(id, isDirectory: true)
        let shown = PackFiles.displayPath(of: folder)
        func refuse(_ message: String) -> PackLoadError { refusal(message, at: shown) }
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: folder.path) {
            throw refuse("already exists; choose a new name (nothing was written)")
        }
        let parent = folder.deletingLastPathComponent()
        guard manager.fileExists(atPath: parent.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw refuse("the folder \(parent.path) does not exist")
        }
        let files = story ? StoryTemplates.files(id: id, name: displayName(for: name), author: author)
            : PackTemplates.files(id: id, name: displayName(for: name), author: author)
        let staging = parent.appendingPathComponent(".\(id).new-\(UUID().uuidString)", isDirectory: true)
        do {
            for (path, bytes) in files {
                let url = staging.appendingPathComponent(path)
                try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(bytes).write(to: url)
            }
        } catch {
            try? manager.removeItem(at: staging)
            throw refuse("cannot write the pack: \(error.localizedDescription)")
        }
        // rename(2) refuses to replace a folder that appeared meanwhile unless it is empty;
        // a non-empty one stays as it was.
        guard rename(staging.path, folder.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? manager.removeItem(at: staging)
            throw refuse("cannot create the pack folder: \(reason)")
        }
        return Created(folder: folder, shown: shown.isEmpty ? "." : shown, id: id, files: files.keys.sorted())
    }
}
