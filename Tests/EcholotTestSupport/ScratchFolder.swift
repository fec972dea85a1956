import Foundation

/// The folder every test's scratch files go under: one per test process, removed when the
/// process exits, so a test run leaves nothing in the temporary directory however its
/// tests end.
private let scratchRoot: URL = {
    let root = scratchRootPath()
    try? FileManager.default.removeItem(at: root)
    try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(at: scratchRootPath()) }
    return root
}()

/// Where this process keeps its scratch files (a function, so the exit handler, which
/// cannot capture, finds the same folder).
private func scratchRootPath() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("echolot-tests-\(getpid())", isDirectory: true)
}

/// A fresh, empty folder named after `name`, removed with the process's scratch files.
public func scratchFolder(_ name: String = "scratch") throws -> URL {
    let url = scratchRoot.appendingPathComponent("\(name)-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// A fresh temporary folder, removed with the process's scratch files.
public func temporaryFolder() throws -> URL {
    try scratchFolder("echolot-test")
}

/// Creates an empty file in `folder` whose name is the raw `name` bytes, which need not be
/// UTF-8 (as in a pack zipped on an old system): Foundation's paths cannot name such a file.
public func createFile(rawName name: [UInt8], in folder: URL) throws {
    let path = Array(folder.path.utf8) + [UInt8(ascii: "/")] + name + [0]
    let fd = path.withUnsafeBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644) }
    guard fd >= 0 else { throw CocoaError(.fileWriteUnknown) }
    close(fd)
}

/// Writes `files` (paths inside the pack to their text) into `folder`, and the tutorial's
/// bell as `sounds/<sound>`, so that a test's levels have a sound that plays.
public func writePackFiles(_ files: [String: String], in folder: URL, sound: String = "bell.wav") throws {
    for (path, text) in files {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
    let sounds = folder.appendingPathComponent("sounds", isDirectory: true)
    try FileManager.default.createDirectory(at: sounds, withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("levels/tutorial/sounds/bell.wav"),
                                     to: sounds.appendingPathComponent(sound))
}

/// A scratch copy of the shipped pack `levels/<name>`, in a folder of its own name, for a
/// test to change; with `id`, the copy's `pack.json` gives it that id, so that `validate`
/// has no shipped pack's id to warn of.
public func shippedPackCopy(_ name: String, id: String? = nil) throws -> URL {
    let pack = try scratchFolder(name).appendingPathComponent(name)
    try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("levels/\(name)"), to: pack)
    if let id {
        let manifest = pack.appendingPathComponent("pack.json")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "\"id\": \"\(name)\"", with: "\"id\": \"\(id)\"").utf8).write(to: manifest)
    }
    return pack
}
