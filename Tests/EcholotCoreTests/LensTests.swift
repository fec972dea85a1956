import PropertyBased
import Testing

@testable import EcholotCore

private enum Room {}
private enum Lamp {}

private enum RoomKeys {
    static let name = Key<Room, String>("name", default: "")
    static let lamps = Key<Room, NodeMap<Lamp>>("lamps", default: NodeMap())
}

private enum LampKeys {
    static let brightness = Key<Lamp, Double>("brightness", default: 0)
    static let on = Key<Lamp, Bool>("on", default: false)
}

private func room(lamps: Int) -> Node<Room> {
    var room = Node<Room>()
    room[RoomKeys.name] = "hall"
    var map = NodeMap<Lamp>()
    for i in 0..<lamps {
        var lamp = Node<Lamp>()
        lamp[LampKeys.brightness] = Double(i)
        map["lamp\(i)"] = lamp
    }
    room[RoomKeys.lamps] = map
    return room
}

@Suite struct LensTests {
    @Test func typedKeysReadDefaultsAndWrite() {
        var lamp = Node<Lamp>()
        #expect(lamp[LampKeys.on] == false)
        lamp[LampKeys.on] = true
        #expect(lamp[LampKeys.on])
        #expect(lamp["on"] == .bool(true))
        // A script-defined attribute lives on the same node.
        lamp["colour"] = "amber"
        #expect(lamp.attributes.count == 2)
        // A mistyped stored value reads as the default instead of failing.
        lamp["brightness"] = "very"
        #expect(lamp[LampKeys.brightness] == 0)
    }

    @Test func lensLawsHold() async {
        let lens = RoomKeys.lamps.lens.child("lamp3").appending(
            Lens<Node<Lamp>?, Double>(
                get: { $0?[LampKeys.brightness] ?? 0 },
                modify: { lamp, body in
                    var node = lamp ?? Node<Lamp>()
                    node.modify(LampKeys.brightness, body)
                    lamp = node
                }))
        await propertyCheck(input: Gen.double(in: -1e6...1e6), Gen.double(in: -1e6...1e6), Gen.int(in: 4...40)) { a, b, n in
            let whole = room(lamps: n)
            // get(set(s, v)) == v
            #expect(lens.get(lens.set(whole, a)) == a)
            // set(s, get(s)) == s
            #expect(lens.set(whole, lens.get(whole)) == whole)
            // set(set(s, a), b) == set(s, b)
            #expect(lens.set(lens.set(whole, a), b) == lens.set(whole, b))
        }
    }

    /// A lens cannot fail by itself; the body's error comes out of `modify` with its own
    /// type, so a scoped reducer's caller sees exactly what the reducer threw.
    @Test func aBodysErrorComesOutOfModifyWithItsType() {
        struct Refused: Error, Equatable { let brightness: Double }
        var whole = room(lamps: 3)
        let lens = RoomKeys.lamps.lens.child("lamp1")
        do {
            try lens.modify(&whole) { (lamp: inout Node<Lamp>?) throws(Refused) in
                throw Refused(brightness: lamp?[LampKeys.brightness] ?? -1)
            }
            Issue.record("the body's error was lost")
        } catch {
            #expect(error == Refused(brightness: room(lamps: 3)[RoomKeys.lamps]["lamp1"]?[LampKeys.brightness] ?? -1))
        }
    }

    @Test func writingThroughALensLeavesTheOriginalAlone() {
        let original = room(lamps: 100)
        let lens = RoomKeys.lamps.lens.child("lamp7")
        var changed = lens.set(original, nil)
        changed[RoomKeys.name] = "kitchen"
        #expect(original[RoomKeys.lamps].count == 100)
        #expect(original[RoomKeys.name] == "hall")
        #expect(changed[RoomKeys.lamps].count == 99)
        // Untouched lamps are shared, not copied.
        let a = original[RoomKeys.lamps].storage["lamp8"]!.mapValue!
        let b = changed[RoomKeys.lamps].storage["lamp8"]!.mapValue!
        #expect(a.isIdentical(to: b))
    }

    /// A reducer that changes every child of a node through `modify` must change each in
    /// place when nothing else shares it: a copy per child per tick was the Swift orbit's
    /// whole cost once (an optimiser-kept second reference made no child unique).
    @Test func modifyingChildrenOfAnUnsharedNodeChangesThemInPlace() {
        var hall = room(lamps: 100)
        func storage(of id: String) -> ObjectIdentifier? {
            hall[RoomKeys.lamps].storage[id]?.mapValue?.root.map(ObjectIdentifier.init)
        }
        let before = (0..<100).map { storage(of: "lamp\($0)") }
        hall.modify(RoomKeys.lamps) { lamps in
            for id in lamps.ids {
                lamps.modify(id) { lamp in lamp[LampKeys.brightness] += 0.5 }
            }
        }
        #expect((0..<100).map { storage(of: "lamp\($0)") } == before)
        #expect(hall[RoomKeys.lamps]["lamp7"]?[LampKeys.brightness] == 7.5)

        // Shared, the same change copies, and the sharer keeps what it had.
        let kept = hall
        hall.modify(RoomKeys.lamps) { lamps in lamps.modify("lamp7") { $0[LampKeys.brightness] = 0 } }
        #expect(storage(of: "lamp7") != before[7])
        #expect(kept[RoomKeys.lamps]["lamp7"]?[LampKeys.brightness] == 7.5)
    }
}
