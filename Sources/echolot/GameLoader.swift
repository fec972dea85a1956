import ArgumentParser
import EcholotCore
import EcholotModel
import Foundation

/// A level of a loaded pack, ready to become a store: what every command that plays
/// something (`run`, `render`, `play`, `replay`, `test`) starts from.
struct LoadedGame {
    /// The pack the level comes from.
    let pack: Pack
    /// The level's definition (data, source positions).
    let definition: LevelDefinition

    /// The level's id.
    var levelID: String { definition.id }

    /// A fresh store playing an incarnation of the level with the engine's reducers.
    func makeStore() -> Store<GameState> {
        let state = GameState.incarnation(
            of: definition.level, packID: pack.id, packVersion: pack.manifest.version)
        return Store(state: state, reducers: LevelReducers.all)
    }
}

/// Loads packs, levels and input logs for the commands, turning every problem into
/// `path:line:col: error: …` lines on stderr and exit status 1.
enum GameLoader {
    /// Loads `level` of the pack at `path`.
    static func load(pack path: String, level id: String) throws -> LoadedGame {
        let pack: Pack
        do {
            pack = try PackLoader.load(at: URL(fileURLWithPath: path))
        } catch {
            Terminal.report(error.diagnostics)
            throw ExitCode(1)
        }
        guard let definition = pack.level(id: id) else {
            let known = pack.levelOrder.joined(separator: ", ")
            Terminal.error("\(path): error: pack '\(pack.id)' has no level '\(id)'; its levels are: \(known)")
            throw ExitCode(1)
        }
        return LoadedGame(pack: pack, definition: definition)
    }

    /// Reads the input log at `path`, or an empty log when there is none.
    static func inputLog(_ path: String?) throws -> InputLog {
        guard let path else { return InputLog() }
        do {
            return try InputLog.read(contentsOf: URL(fileURLWithPath: path), displayPath: path)
        } catch {
            Terminal.report(error.diagnostics)
            throw ExitCode(1)
        }
    }
}

/// Where the commands write messages for people.
enum Terminal {
    /// One line to stderr.
    static func error(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// Diagnostics to stderr, sorted for reading.
    static func report(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics.sortedForDisplay() { error(diagnostic.description) }
    }
}
