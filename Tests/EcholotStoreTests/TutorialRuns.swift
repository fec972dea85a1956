import Foundation

/// The tutorial copied as a pack of its own with achievements of its own, and `echolot run`s
/// that win its levels: what the tests of achievements that span levels play.
struct TutorialRuns {
    let scratch: Scratch

    /// A copy of the tutorial whose id is `id`, without its tests, with `script` as
    /// `scripts/<id>.lua`.
    func pack(_ id: String, script: String) throws -> URL {
        let pack = scratch.url(id)
        try FileManager.default.copyItem(at: Executables.tutorial, to: pack)
        try FileManager.default.removeItem(at: pack.appendingPathComponent("tests"))
        let manifest = pack.appendingPathComponent("pack.json")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        try Data(text.replacingOccurrences(of: #""id": "tutorial""#, with: "\"id\": \"\(id)\"").utf8).write(to: manifest)
        let scripts = pack.appendingPathComponent("scripts")
        try FileManager.default.createDirectory(at: scripts, withIntermediateDirectories: true)
        try Data(script.utf8).write(to: scripts.appendingPathComponent("\(id).lua"))
        return pack
    }

    /// An input log winning `level` of the tutorial (facing its bell and selecting it).
    func win(_ level: String) throws -> URL {
        let log = scratch.url("\(level).jsonl")
        let azimuth = level == "first-sound" ? 60 : 300
        try Data("""
            {"t": 1, "action": "turnTo", "azimuth": \(azimuth)}
            {"t": 1.5, "action": "select"}

            """.utf8).write(to: log)
        return log
    }

    /// `echolot run` of `pack` winning `level`, with `extra` arguments and no profile of the environment's.
    func run(_ pack: URL, _ level: String, _ extra: [String]) throws -> Executables.Outcome {
        try Executables.run(Executables.echolot, ["run", pack.path, "--level", level, "--input", try win(level).path] + extra,
                            removing: ["ECHOLOT_PROFILE"])
    }
}
