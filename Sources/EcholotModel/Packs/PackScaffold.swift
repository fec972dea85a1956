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

    /// The pack id for a pack's name: lower case; accented letters without their accents
    /// (`Glöckchen` → `glockchen`, `ß` → `ss`); letters, digits, `.` and `_` kept, spaces and
    /// dashes joined into one `-`, other characters dropped; cut at a word's end to the
    /// longest id a pack may have; `nil` when nothing usable is left.
    public static func packID(for name: String) -> String? {
        var id = ""
        for scalar in latin(name.lowercased()).unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "." || scalar == "_" {
                id.unicodeScalars.append(scalar)
            } else if scalar == "-" || scalar == " " {
                if !id.isEmpty, !id.hasSuffix("-") { id += "-" }
            }
        }
        while let first = id.unicodeScalars.first, !Identifiers.isPackID(String(first)) { id.removeFirst() }
        if id.utf8.count > ManifestReader.longestIDOrVersion {
            // The id names the folder and the archive for good: a whole word last reads better.
            let cut = String(id.prefix(ManifestReader.longestIDOrVersion + 1))
            let lastWord = cut.lastIndex(of: "-").map { cut[..<$0] } ?? cut.prefix(ManifestReader.longestIDOrVersion)
            id = String(lastWord.count >= ManifestReader.longestIDOrVersion / 2 ? lastWord : cut.prefix(ManifestReader.longestIDOrVersion))
        }
        while id.hasSuffix("-") || id.hasSuffix(".") { id.removeLast() }
        return Identifiers.isPackID(id) ? id : nil
    }

    /// `text` with its letters' accents taken off (`é` → `e`) and the letters that are
    /// not an accented one spelt in Latin letters (`ß` → `ss`), so that a name in German or
    /// French keeps its words in the id rather than losing letters from them.
    private static func latin(_ text: String) -> String {
        let spelt: [Unicode.Scalar: String] = ["ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d", "þ": "th", "ð": "d", "ı": "i"]
        var out = ""
        for scalar in text.decomposedStringWithCompatibilityMapping.unicodeScalars
        where scalar.properties.generalCategory != .nonspacingMark {
            if let letters = spelt[scalar] { out += letters } else { out.unicodeScalars.append(scalar) }
        }
        return out
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
    /// diagnostic on the folder when it exists, the name gives no pack id, or the id is one
    /// of `taken` (the shipped and installed packs' ids, each with the words naming its pack).
    public static func create(at requested: URL, author: String? = nil, story: Bool = false,
                              taken: [String: String] = [:]) throws(PackLoadError) -> Created {
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
        if let owner = taken[id] {
            // The folder would stand for that pack wherever its id is typed here, and `pack`
            // would refuse it only once the author had built on it.
            let other = PackFiles.displayPath(of: folder.deletingLastPathComponent().appendingPathComponent("my-" + id))
            throw refuse("the pack id \(quoted(id)) belongs to \(owner): a folder \(shown)/ would be read in its place "
                + "wherever \(quoted(id)) is typed beside it, and 'echolot pack' refuses a pack that takes another's id; "
                + "choose another name, e.g. echolot new pack \(other) (nothing was written)")
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
        if let enclosing = enclosingPack(of: folder) {
            // Its files would be the outer pack's: `pack` would ship them in its archive,
            // and a folder in its `levels/` is no level.
            let beside = enclosing.parent.isEmpty ? id : enclosing.parent + "/" + id
            throw refuse("is inside the pack folder \(enclosing.shown) (it has a pack.json), so its files would be that pack's; "
                + "make it beside that pack instead: echolot new pack \(beside) (nothing was written)")
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

    /// The nearest folder above `folder` that holds a `pack.json`, shown as the path given
    /// spells it (absolute when that is far from it), with its parent shown the same way
    /// (`""` for the current folder); nil when no folder above is a pack.
    static func enclosingPack(of folder: URL) -> (shown: String, parent: String)? {
        let typed = PackFiles.displayPath(of: folder).split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        // A relative path of plain names is cut back name by name; anything else is shown whole.
        let relative = !typed.isEmpty && !typed[0].isEmpty && !typed.contains("..") && !typed.contains(".")
        func shown(_ url: URL, up: Int) -> String {
            guard relative, up <= typed.count + 2 else { return url.path }
            if up <= typed.count { return typed.dropLast(up).joined(separator: "/") }
            return Array(repeating: "..", count: up - typed.count).joined(separator: "/")
        }
        var ancestor = folder.standardizedFileURL
        var up = 0
        while ancestor.path != "/" {
            ancestor = ancestor.deletingLastPathComponent()
            up += 1
            guard FileManager.default.fileExists(atPath: ancestor.appendingPathComponent("pack.json").path) else { continue }
            let pack = shown(ancestor, up: up)
            return (pack.isEmpty ? "." : pack, shown(ancestor.deletingLastPathComponent(), up: up + 1))
        }
        return nil
    }
}
