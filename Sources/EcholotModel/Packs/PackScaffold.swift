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
        /// The new pack folder.
        public var folder: URL
        /// The pack id.
        public var id: String
        /// The files written, relative to the folder, sorted.
        public var files: [String]
    }

    /// The pack id for a folder name: lower case, words joined by `-`, other characters
    /// dropped; `nil` when nothing usable is left.
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

    /// A display name for a folder name: `my-first_pack` → `My First Pack`.
    public static func displayName(for name: String) -> String {
        name.split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == " " })
            .map { $0.prefix(1).uppercased() + $0.dropFirst() }
            .joined(separator: " ")
    }

    /// Writes the pack into the new folder at `folder` (its last component names it), a
    /// story pack when `story`; throws a diagnostic on the folder when it exists or the
    /// name gives no pack id.
    public static func create(at folder: URL, author: String? = nil, story: Bool = false) throws(PackLoadError) -> Created {
        let shown = PackFiles.displayPath(of: folder)
        func refuse(_ message: String) -> PackLoadError {
            PackLoadError(diagnostics: [Diagnostic(path: shown.isEmpty ? "." : shown, at: .start, message: message)])
        }
        let name = folder.standardizedFileURL.lastPathComponent
        guard let id = packID(for: name) else {
            throw refuse("cannot make a pack id from \(quoted(name)); use letters, digits and '-' (e.g. \"my-pack\")")
        }
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
        let staging = parent.appendingPathComponent(".\(name).new-\(UUID().uuidString)", isDirectory: true)
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
        return Created(folder: folder, id: id, files: files.keys.sorted())
    }
}
