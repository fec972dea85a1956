import EcholotCore
import EcholotModel
import EcholotTerminal
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
