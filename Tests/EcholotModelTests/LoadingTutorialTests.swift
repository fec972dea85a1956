import EcholotCore
import Foundation
import Testing

@testable import EcholotModel

/// Where the loading tests find the repository's shipped packs.
enum LoadingPaths {
    /// The repository's root, found from this file's path.
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The shipped tutorial pack.
    static let tutorial = repositoryRoot.appendingPathComponent("levels/tutorial")
}

@Suite("Loading: the tutorial pack")
struct LoadingTutorialTests {
    @Test func tutorialHasNoDiagnostics() {
        #expect(PackLoader.validate(at: LoadingPaths.tutorial).map(\.description) == [])
    }

    @Test func tutorialManifest() throws {
        let pack = try PackLoader.load(at: LoadingPaths.tutorial)
        #expect(pack.id == "tutorial")
        #expect(pack.manifest.kind == .scored)
        #expect(pack.manifest.version == "1.0.1")
        #expect(pack.manifest.api == 1)
        #expect(pack.manifest.defaultLanguage == "en")
        #expect(pack.manifest.scenarios.map(\.id) == ["basics"])
        #expect(pack.levelOrder == ["first-sound", "two-voices", "around-you", "in-order"])
        #expect(pack.levels.keys.sorted() == ["around-you", "first-sound", "in-order", "two-voices"])
        #expect(pack.string("level.first-sound.name", language: "de") == "Der erste Klang")
        #expect(pack.string("level.first-sound.name", language: "fr") == "The First Sound")
    }

    @Test func firstSoundHasTheBellAt60Degrees() throws {
        let pack = try PackLoader.load(at: LoadingPaths.tutorial)
        let level = try #require(pack.level(id: "first-sound")).level
        #expect(level[LevelKeys.id] == "first-sound")
        #expect(level[LevelKeys.status] == .ready)
        #expect(level["time"] == .number(0))
        #expect(level["misses"] == .int(0))
        #expect(level["selections"] == .int(0))
        #expect(level["found"] == .list([]))
        #expect(level[LevelKeys.view][ViewKeys.selectTolerance] == 20)
        #expect(level[LevelKeys.view][ViewKeys.visuals] == .shown)
        let bell = try #require(level[LevelKeys.entities]["bell"])
        #expect(bell[EntityKeys.azimuth] == 60)
        #expect(bell["azimuth"] == .number(60))
        #expect(bell[EntityKeys.elevation] == 0)
        #expect(bell[EntityKeys.distance] == 1.5)
        #expect(bell[EntityKeys.name] == "Bell")
        #expect(bell[EntityKeys.glyph] == "B")
        #expect(bell["found"] == .bool(false))
        #expect(bell["selectable"] == .bool(true))
        #expect(bell["position"] == .null)
        let sound = try #require(bell[EntityKeys.sound])
        #expect(sound[SoundKeys.file] == "bell.wav")
        #expect(sound["volume"] == .number(1))
        #expect(sound["loop"] == .bool(true))
        #expect(sound["pitch"] == .number(1))
        #expect(sound["rolloff"] == .number(1))
        #expect(sound["playing"] == .bool(true))
        let goals = level[LevelKeys.goals]
        #expect(goals.ids == ["find"])
        let find = try #require(goals["find"])
        #expect(find.attributes == ["id": "find", "type": "find", "state": "pending", "entity": "bell"])
        #expect(level[LevelKeys.scoring] == ["type": "standard"])
    }

    @Test func tutorialGoalsAndBehaviours() throws {
        let pack = try PackLoader.load(at: LoadingPaths.tutorial)
        let twoVoices = try #require(pack.level(id: "two-voices")).level
        #expect(Set(twoVoices[LevelKeys.goals].ids) == ["find", "avoid", "maxMisses"])
        #expect(twoVoices[LevelKeys.goals]["maxMisses"]?["misses"] == .int(3))
        let aroundYou = try #require(pack.level(id: "around-you")).level
        let lark = try #require(aroundYou[LevelKeys.entities]["lark"])
        #expect(lark[EntityKeys.behaviours] == [["type": "orbit", "speed": 6]])
        #expect(lark[EntityKeys.tags] == ["bird"])
        #expect(aroundYou[LevelKeys.ambience] == [["file": "wind.wav", "volume": 0.4, "loop": true]])
        let inOrder = try #require(pack.level(id: "in-order")).level
        #expect(inOrder[LevelKeys.goals]["findInOrder"]?["entities"] == ["drum", "bell", "lark"])
        #expect(inOrder[LevelKeys.entities]["bell"]?[EntityKeys.sound]?[SoundKeys.pitch] == 0.8)
    }

    @Test func sourceMapLocatesRuleParameters() throws {
        let pack = try PackLoader.load(at: LoadingPaths.tutorial)
        let definition = try #require(pack.level(id: "around-you"))
        let text = try String(contentsOf: definition.file, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        func locate(_ marker: String) -> SourcePosition? {
            for (i, line) in lines.enumerated() {
                if let range = line.range(of: marker) {
                    return SourcePosition(line: i + 1, column: line.distance(from: line.startIndex, to: range.lowerBound) + 1)
                }
            }
            return nil
        }
        let seconds = try #require(locate("60 }"))
        #expect(definition.source.positions["goals[1].seconds"] == seconds)
        let speed = try #require(locate("6 }"))
        #expect(definition.source.positions["entities[1].behaviours[0].speed"] == speed)
        #expect(definition.goalPaths["timeLimit"] == "goals[1]")
        #expect(definition.entityPaths["lark"] == "entities[1]")
        let diagnostic = definition.source.diagnostic(at: "goals[1].seconds", "expected a positive number")
        #expect(diagnostic.path.hasSuffix("levels/tutorial/levels/around-you.json"))
        #expect(diagnostic.position == seconds)
        #expect(diagnostic.message == "goals[1].seconds: expected a positive number")
        // A parameter that is not there is reported at the goal that lacks it.
        #expect(definition.source.position(of: "goals[1].missing") == definition.source.positions["goals[1]"])
    }

    @Test func validateByPathShowsRelativePaths() {
        let report = PackLoader.validate(path: "levels/tutorial", relativeTo: LoadingPaths.repositoryRoot)
        #expect(report.diagnostics == [])
        #expect(report.summary == "ok: tutorial (4 levels)")
        let single = PackLoader.validate(path: "levels/tutorial/levels/first-sound.json", relativeTo: LoadingPaths.repositoryRoot)
        #expect(single.diagnostics == [])
        #expect(single.summary == "ok: levels/tutorial/levels/first-sound.json (a level of tutorial)")
    }
}
