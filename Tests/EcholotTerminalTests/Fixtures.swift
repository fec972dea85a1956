import EcholotCore
import EcholotModel
import EcholotTerminal
import EcholotTestSupport
import Foundation

/// The shipped tutorial, loaded once.
let tutorial: Pack = {
    do {
        return try PackLoader.load(at: URL(fileURLWithPath: tutorialPath))
    } catch {
        fatalError("the tutorial does not load: \(error)")
    }
}()

/// A tutorial level's definition.
func tutorialLevel(_ id: String) -> LevelDefinition {
    guard let definition = tutorial.level(id: id) else { fatalError("no tutorial level \(id)") }
    return definition
}

/// A store playing a tutorial level with the engine's own reducers (no rules layer: the
/// terminal's logic must not depend on it).
func tutorialStore(_ id: String) -> Store<GameState> {
    Store(state: GameState.incarnation(of: tutorialLevel(id).level, packID: tutorial.id, packVersion: tutorial.manifest.version),
          reducers: LevelReducers.all)
}

/// A copy of the shipped tutorial whose pack.json adds, after The Basics, a scenario
/// "Later" that lists no levels (`"levels": []`), as a pack written scenario by scenario has.
func tutorialCopyWithAnEmptyScenario() throws -> URL {
    let pack = try shippedPackCopy("tutorial")
    let manifest = pack.appendingPathComponent("pack.json")
    let text = try String(contentsOf: manifest, encoding: .utf8)
    let levels = #""levels": ["first-sound", "two-voices", "around-you", "in-order"]"#
    guard text.contains(levels) else { throw HarnessError("the tutorial's pack.json no longer lists \(levels)") }
    try Data(text.replacingOccurrences(of: levels, with: levels + #" }, { "id": "later", "name": "Later", "levels": []"#)
        .utf8).write(to: manifest)
    return pack
}

/// Collects what a display is given.
final class Transcript {
    var text = ""
    var output: (String) throws(SystemError) -> Void {
        { [unowned self] line throws(SystemError) in self.text += line }
    }
}

/// The rows of a full screen's first draw, top to bottom, without escape sequences: the
/// canvas writes each row once, ended by "clear the rest of the line".
func drawnRows(_ text: String) -> [String] {
    Array(text.components(separatedBy: Escape.clearLine).dropLast().map { Escape.strip($0) })
}
