@testable import EcholotAudio
import EcholotCore
import EcholotModel
import Testing

/// What the engine learns from a diff in one pass: which entities changed and how, and
/// whether the view, ambience or music did.
@Suite struct AudioDiffs {
    func state(_ azimuths: [String: Double]) -> GameState {
        TestLevels.state(azimuths.map { TestLevels.entity($0.key, azimuth: $0.value, file: "x.wav") })
    }

    /// The entity ids and relative change paths, sorted for comparison.
    func touched(_ before: GameState, _ after: GameState) -> [String]? {
        guard case let .some(entities) = AudioDiff(Diff(from: before.tree, to: after.tree)).entities else { return nil }
        return entities.flatMap { entry in entry.changes.map { "\(entry.id):\($0.path.joined(separator: "."))" } }.sorted()
    }

    @Test func oneMovedEntityIsTheOnlyOneTouched() {
        let before = state(["a": 0, "b": 90, "c": 180])
        let after = TestLevels.changing(before, entity: "b") { $0[EntityKeys.azimuth] = 100 }
        #expect(touched(before, after) == ["b:azimuth"])
        #expect(!AudioDiff(Diff(from: before.tree, to: after.tree)).view)
    }

    @Test func addedAndRemovedEntitiesAreTouchedWhole() {
        let before = state(["a": 0, "b": 90])
        var after = TestLevels.removing(before, entity: "a")
        after.modify(Game.level) { $0.modify(LevelKeys.entities) { $0["n"] = TestLevels.entity("n", azimuth: 5, file: "y.wav") } }
        #expect(touched(before, after) == ["a:", "n:"])
    }

    @Test func aSoundChangeKeepsItsPath() {
        let before = state(["a": 0])
        let after = TestLevels.changing(before, entity: "a") { $0.modify(EntityKeys.sound) { $0?[SoundKeys.volume] = 0.5 } }
        #expect(touched(before, after) == ["a:sound.volume"])
    }

    @Test func turningTheViewTouchesNoEntity() {
        let before = state(["a": 0])
        let changed = AudioDiff(Diff(from: before.tree, to: TestLevels.turning(before, to: 45).tree))
        #expect(changed.view)
        guard case .none = changed.entities else { return #expect(Bool(false), "entities touched") }
    }

    @Test func aNewLevelTouchesEverything() {
        let changed = AudioDiff(Diff(from: .emptyMap, to: state(["a": 0]).tree))
        #expect(changed.view && changed.ambience && changed.music)
        guard case .all = changed.entities else { return #expect(Bool(false), "not all entities") }
    }
}
