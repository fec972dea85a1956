import EcholotTestSupport
import Foundation
import Testing
import ZIPFoundation

@testable import EcholotModel

/// The environment the packs tests run `echolot` in: the data folder `data`, the
/// repository's shipped packs, and no profile of the user's; `extra` adds variables or
/// replaces them (`TERM`, `TMPDIR`, `PATH`; `nil` removes one).
func packsEnvironment(data: URL, _ extra: [String: String?] = [:]) -> [String: String?] {
    var environment: [String: String?] = [
        "ECHOLOT_DATA": data.path,
        "ECHOLOT_PACKS": repositoryRoot.appendingPathComponent("levels").path,
        "ECHOLOT_PROFILE": nil,
    ]
    environment.merge(extra) { $1 }
    return environment
}

/// Runs `echolot` in `directory` in the packs tests' environment (``packsEnvironment(data:_:)``).
func echolot(_ arguments: [String], in directory: URL, data: URL) throws -> ProcessOutput {
    try runEcholot(arguments, in: directory, environment: packsEnvironment(data: data))
}

/// Whether ``unprivileged(_:in:data:)`` is held by file permissions: as a user, or as root
/// able to drop what lets it read and write anywhere (setpriv, from util-linux).
let permissionsHold = getuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")

extension Trait where Self == ConditionTrait {
    /// Runs a test of a folder the command may not read or write only where
    /// ``permissionsHold``; elsewhere the test is reported as skipped, not passed.
    static var whenPermissionsHold: Self {
        .enabled(if: permissionsHold, "root without /usr/bin/setpriv reads and writes any folder")
    }
}

/// Runs `echolot` as ``echolot(_:in:data:)`` does, as a user that file permissions hold:
/// as root, the command runs without the capabilities that let root read and write anywhere.
func unprivileged(_ arguments: [String], in directory: URL, data: URL) throws -> ProcessOutput {
    guard getuid() == 0 else { return try echolot(arguments, in: directory, data: data) }
    return try runProcess(URL(fileURLWithPath: "/usr/bin/setpriv"),
                          ["--bounding-set", "-dac_override,-dac_read_search", echolotExecutable.path] + arguments,
                          in: directory, environment: packsEnvironment(data: data))
}

/// Runs `command` in `sh` in `directory`, with the built `echolot` first on the PATH, in
/// the packs tests' environment: for commands as a reader pastes them.
func shell(_ command: String, in directory: URL, data: URL) throws -> ProcessOutput {
    let path = echolotExecutable.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "")
    return try runProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", command], in: directory,
                          environment: packsEnvironment(data: data, ["PATH": path]))
}

/// A fresh temporary folder for one test, removed when released.
final class Scratch {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("echolot-packs-\(UUID().uuidString)", isDirectory: true)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// The URL of `path` inside the folder.
    func at(_ path: String) -> URL { url.appendingPathComponent(path) }

    /// Writes text files (path → contents) below `folder`, creating folders.
    func write(_ files: [String: String], in folder: String = "") {
        for (path, text) in files { writeBytes(folder.isEmpty ? path : folder + "/" + path, Array(text.utf8)) }
    }

    /// Writes one file of raw bytes.
    func writeBytes(_ path: String, _ bytes: [UInt8]) {
        let file = at(path)
        try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: file.path, contents: Data(bytes))
    }

    /// Replaces `old` with `new` in the text file at `path`; `old` must be there.
    func edit(_ path: String, replacing old: String, with new: String) throws {
        let text = try String(contentsOf: at(path), encoding: .utf8)
        try #require(text.contains(old), "\(path) has no \(old)")
        try text.replacingOccurrences(of: old, with: new).write(to: at(path), atomically: true, encoding: .utf8)
    }

    /// Every file below `path` (relative, sorted); empty when it does not exist.
    func listing(_ path: String = "") -> [String] {
        let root = path.isEmpty ? url : at(path)
        guard let enumerator = FileManager.default.enumerator(atPath: root.path) else { return [] }
        return (enumerator.allObjects as? [String] ?? []).sorted()
    }
}

/// Small packs written as files, for the pack tests.
enum Packs {
    /// A manifest with extra fields (JSON text without braces, e.g. `"extends": "base"`).
    static func manifest(id: String, version: String = "1.0.0", extra: String = "") -> String {
        #"{ "id": "\#(id)", "name": "Pack \#(id)", "version": "\#(version)", "api": 1, "author": "Tester""#
            + (extra.isEmpty ? "" : ", " + extra) + " }"
    }

    /// A level with one entity `bell` (sound `sound`) and a `find` goal.
    static func level(id: String, name: String = "Level", sound: String = "a.wav", extra: String = "") -> String {
        """
        {
          "id": "\(id)",
          "name": "\(name)",
          "entities": [
            { "id": "bell", "position": { "azimuth": 60 }, "sound": { "file": "\(sound)" } }
          ],
          "goals": [ { "type": "find", "entity": "bell" }, { "type": "timeLimit", "seconds": 60 } ]\(extra.isEmpty ? "" : ",\n  " + extra)
        }
        """
    }

    /// The files of a small valid pack: manifest, the given levels and `sounds/a.wav`.
    static func files(id: String, version: String = "1.0.0", extra: String = "", levels: [String] = ["one"],
                      strings: [String: String]? = nil) -> [String: String] {
        var files = ["pack.json": manifest(id: id, version: version, extra: extra), "sounds/a.wav": "RIFF"]
        for level in levels { files["levels/\(level).json"] = Packs.level(id: level) }
        if let strings {
            files["strings/en.json"] = "{ " + strings.sorted { $0.key < $1.key }
                .map { "\"\($0.key)\": \"\($0.value)\"" }.joined(separator: ", ") + " }"
        }
        return files
    }
}

/// Builds archives entry by entry, hostile ones included, with ZIPFoundation.
final class ZipBuilder {
    let archive: Archive
    let url: URL

    init(_ url: URL) throws {
        self.url = url
        archive = try Archive(url: url, accessMode: .create)
    }

    /// Adds a file entry with `path` exactly as given.
    func file(_ path: String, _ text: String, compression: CompressionMethod = .deflate) throws {
        try bytes(path, Array(text.utf8), compression: compression)
    }

    /// Adds a file entry of raw bytes.
    func bytes(_ path: String, _ bytes: [UInt8], compression: CompressionMethod = .deflate) throws {
        let data = Data(bytes)
        try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count),
                             compressionMethod: compression) { position, size in
            let start = Int(position)
            return data.subdata(in: start..<min(start + size, data.count))
        }
    }

    /// Adds a symbolic link entry pointing at `target`.
    func link(_ path: String, to target: String) throws {
        let data = Data(target.utf8)
        try archive.addEntry(with: path, type: .symlink, uncompressedSize: Int64(data.count)) { position, size in
            let start = Int(position)
            return data.subdata(in: start..<min(start + size, data.count))
        }
    }

    /// Adds a folder entry.
    func folder(_ path: String) throws {
        try archive.addEntry(with: path, type: .directory, uncompressedSize: 0) { (_: Int64, _: Int) in Data() }
    }

    /// Adds every file of a pack (path → text) under `prefix`.
    func pack(_ files: [String: String], prefix: String = "") throws {
        for (path, text) in files.sorted(by: { $0.key < $1.key }) { try file(prefix + path, text) }
    }

    /// Adds a pack that `validate` passes whole, as `install` wants it: ``pack(_:prefix:)``
    /// with `sounds/a.wav` a real sound instead of the few bytes the model's tests need.
    func playablePack(_ files: [String: String], prefix: String = "") throws {
        var files = files
        files["sounds/a.wav"] = nil
        try pack(files, prefix: prefix)
        try bytes(prefix + "sounds/a.wav", ToneWAV.chime())
    }
}

extension ZipBuilder {
    /// Writes an archive at `url` with `body`; it is closed (complete) when this returns.
    static func write(_ url: URL, _ body: (ZipBuilder) throws -> Void) throws {
        let builder = try ZipBuilder(url)
        try body(builder)
    }

    /// Rewrites the archive at `url` as Info-ZIP's `zip` (Linux's `zip -r`) writes names:
    /// their bytes as they are, without the UTF-8 flag (general purpose bit 11) that
    /// ZIPFoundation always sets; each `#` in a name becomes `hash` when given (a byte that
    /// is not UTF-8, as a code page 437 name has).
    static func unflagNames(_ url: URL, hash: UInt8? = nil) throws {
        try rewriteEntries(url) { bytes, central, local, length in
            func rewrite(flags: Int, name: Int) {
                bytes[flags + 1] &= ~0x08
                for at in name..<name + length where bytes[at] == UInt8(ascii: "#") { bytes[at] = hash ?? bytes[at] }
            }
            rewrite(flags: central + 8, name: central + 46)
            rewrite(flags: local + 6, name: local + 30)
        }
    }

    /// Rewrites the archive at `url` as an MS-DOS (Windows) tool writes it: every entry
    /// "made by" MS-DOS, where a name ending in '/' alone makes an entry a folder, whatever
    /// it holds (Python's `zipfile.writestr` writes such entries).
    static func madeOnMSDOS(_ url: URL) throws {
        try rewriteEntries(url) { bytes, central, _, _ in bytes[central + 5] = 0 }
    }

    /// Calls `body` with the archive's bytes, and the offsets of each entry's central and
    /// local headers and its name's length, then writes the bytes back.
    private static func rewriteEntries(_ url: URL, _ body: (inout [UInt8], _ central: Int, _ local: Int, _ nameLength: Int) -> Void) throws {
        var bytes = [UInt8](try Data(contentsOf: url))
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func u32(_ at: Int) -> Int { u16(at) | u16(at + 2) << 16 }
        // The end record is the last 22 bytes: ZIPFoundation writes no archive comment.
        let end = bytes.count - 22
        try #require(u32(end) == 0x0605_4B50)
        var at = u32(end + 16)
        for _ in 0..<u16(end + 10) {
            try #require(u32(at) == 0x0201_4B50)
            let local = u32(at + 42), length = u16(at + 28)
            body(&bytes, at, local, length)
            at += 46 + length + u16(at + 30) + u16(at + 32)
        }
        try Data(bytes).write(to: url)
    }
}
