import Foundation

/// The shipped tutorial pack, found from this file's place in the repository.
enum Tutorial {
    /// `levels/tutorial` at the repository root.
    static var root: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("levels/tutorial", isDirectory: true)
    }

    /// A copy of the tutorial made a story pack, to be given a story.json: a pack of
    /// another kind never plays one, and `validate` says so.
    static func storyCopy() throws -> URL {
        let root = try copy()
        let manifest = root.appendingPathComponent("pack.json")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        try Data(text.replacingOccurrences(of: #""kind": "scored""#, with: #""kind": "story""#).utf8).write(to: manifest)
        return root
    }

    /// A copy of the tutorial in a fresh temporary folder, to break on purpose.
    static func copy() throws -> URL {
        let copy = FileManager.default.temporaryDirectory
            .appendingPathComponent("echolot-tutorial-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.copyItem(at: root, to: copy)
        return copy
    }
}
