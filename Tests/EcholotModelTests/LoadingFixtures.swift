import Foundation

@testable import EcholotModel

/// A small pack written into a fresh temporary directory, removed when released.
///
/// The pack folder is `<tmp>/p` and is loaded through a URL relative to `<tmp>`, so
/// diagnostics show paths like `p/levels/one.json`, as they would for a pack given
/// relatively on the command line.
final class TempPack {
    let base: URL
    var root: URL { base.appendingPathComponent("p") }
    /// The pack as a relative URL (display paths start with `p/`).
    var url: URL { URL(fileURLWithPath: "p", relativeTo: base) }

    static let manifest = #"{ "id": "t", "name": "Test", "version": "1.0.0", "api": 1 }"#

    /// A valid level file `one.json` with one entity `bell` and a `find` goal.
    static let level = """
        {
          "id": "one",
          "name": "One",
          "entities": [
            { "id": "bell", "position": { "azimuth": 60 }, "sound": { "file": "a.wav" } }
          ],
          "goals": [ { "type": "find", "entity": "bell" } ]
        }
        """

    /// Writes `files` (path inside the pack → contents); a manifest and a sound
    /// `sounds/a.wav` are added unless given.
    init(_ files: [String: String] = [:], defaults: Bool = true) {
        base = FileManager.default.temporaryDirectory
            .appendingPathComponent("echolot-loading-\(UUID().uuidString)", isDirectory: true)
        try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        var all = files
        if defaults {
            if all["pack.json"] == nil { all["pack.json"] = TempPack.manifest }
            if all["sounds/a.wav"] == nil { all["sounds/a.wav"] = "RIFF" }
        }
        for (path, text) in all { write(path, text) }
    }

    deinit {
        try? FileManager.default.removeItem(at: base)
    }

    /// Writes a file inside the pack, creating folders.
    func write(_ path: String, _ text: String) {
        writeBytes(path, Array(text.utf8))
    }

    /// Writes raw bytes inside the pack.
    func writeBytes(_ path: String, _ bytes: [UInt8]) {
        let url = root.appendingPathComponent(path)
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: url.path, contents: Data(bytes))
    }

    /// Makes a folder inside the pack.
    func mkdir(_ path: String) {
        try? FileManager.default.createDirectory(at: root.appendingPathComponent(path), withIntermediateDirectories: true)
    }

    /// Creates a symbolic link at `path` inside the pack pointing to `target`.
    func link(_ path: String, to target: String) {
        let url = root.appendingPathComponent(path)
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: target)
    }

    /// Writes a file next to the pack (outside it), returning its absolute path.
    @discardableResult
    func writeOutside(_ name: String, _ text: String) -> String {
        let url = base.appendingPathComponent(name)
        _ = FileManager.default.createFile(atPath: url.path, contents: Data(text.utf8))
        return url.path
    }

    /// Creates a sparse file of `size` bytes inside the pack.
    func sparse(_ path: String, size: Int) {
        let url = root.appendingPathComponent(path)
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        if let handle = try? FileHandle(forWritingTo: url) {
            try? handle.truncate(atOffset: UInt64(size))
            try? handle.close()
        }
    }

    /// Every diagnostic, as the command line prints them.
    var problems: [String] { PackLoader.validate(at: url).map(\.description) }

    /// Loads the pack; records an issue-free load.
    func load() throws -> Pack {
        try PackLoader.load(at: url)
    }

    /// A level file with the given entities (JSON array text) and extra top-level fields.
    static func levelJSON(id: String = "one", entities: String = "[]", extra: String = "") -> String {
        """
        {
          "id": "\(id)",
          "name": "Level",
          "entities": \(entities)\(extra.isEmpty ? "" : ",\n  " + extra)
        }
        """
    }
}
