import Testing

@testable import EcholotCore

/// Maps of the same keys share one key list once asked to, and nothing a user of the
/// state can see changes: contents, order, equality, stable hash, other copies.
@Suite struct SharedKeyListsTests {
    /// An entity-like map built one key at a time, as the loaders build them.
    private func entity(_ i: Int) -> Value {
        var sound = PersistentMap<Value>()
        sound["file"] = .string("bell.wav")
        sound["volume"] = .number(1)
        var map = PersistentMap<Value>()
        map["id"] = .string("e\(i)")
        map["azimuth"] = .number(Double(i))
        map["tags"] = .list([.string("bench")])
        map["sound"] = .map(sound)
        map["behaviours"] = .list([.map(["type": .string("orbit")])])
        return .map(map)
    }

    private func level(entities: Int) -> PersistentMap<Value> {
        var all = PersistentMap<Value>()
        for i in 0..<entities { all["e\(i)"] = entity(i) }
        return ["name": .string("test"), "entities": .map(all)]
    }

    private func keyList(_ value: Value?) -> CompactKeys? {
        guard case let .map(map)? = value else { return nil }
        return map.compactRoot?.keys
    }

    @Test func mapsOfTheSameKeysShareOneList() {
        var state = level(entities: 100)
        let before = state
        var lists = SharedKeyLists()
        state.shareKeyLists(&lists)
        // The level, the entities' shape, their sounds' and their behaviour entries'.
        #expect(lists.count == 4)
        guard case let .map(entities)? = state["entities"] else { Issue.record("no entities"); return }
        let first = keyList(entities["e0"])
        #expect(first != nil)
        #expect((1..<100).allSatisfy { keyList(entities["e\($0)"]) === first })
        guard case let .map(e0)? = entities["e0"], case let .map(e1)? = entities["e1"] else { return }
        #expect(keyList(e0["sound"]) === keyList(e1["sound"]))
        // Nothing else changed: contents, order and hash are the same, and the copy taken
        // before still has lists of its own.
        #expect(state == before)
        #expect(Array(state.keys) == Array(before.keys))
        #expect(Value.map(state).stableHash == Value.map(before).stableHash)
        guard case let .map(oldEntities)? = before["entities"] else { return }
        #expect(keyList(oldEntities["e0"]) !== keyList(oldEntities["e1"]))
    }

    @Test func aSharedListSurvivesChangesOfValuesButNotOfKeys() {
        var state = level(entities: 3)
        var lists = SharedKeyLists()
        state.shareKeyLists(&lists)
        guard case var .map(entities)? = state["entities"] else { Issue.record("no entities"); return }
        let shared = keyList(entities["e0"])
        entities.modifyValue(forKey: "e1") { value in
            guard case var .map(entity)? = value else { return }
            entity["azimuth"] = .number(90)
            value = .map(entity)
        }
        #expect(keyList(entities["e1"]) === shared)
        entities.modifyValue(forKey: "e2") { value in
            guard case var .map(entity)? = value else { return }
            entity["found"] = .bool(true)
            value = .map(entity)
        }
        #expect(keyList(entities["e2"]) !== shared)
        #expect(keyList(entities["e0"]) === shared)
        #expect(entities["e1"]?.mapValue?["azimuth"] == .number(90))
        #expect(entities["e0"]?.mapValue?["azimuth"] == .number(0))
    }
}
