import PropertyBased
import Testing

@testable import EcholotCore

/// Every non-map value with its path: the naive diff the structural one must agree with.
/// (An empty map has no leaves; the diff reports it where it appears or disappears.)
private func leaves(_ value: Value, _ path: [String] = [], into out: inout [[String]: Value]) {
    if case let .map(map) = value {
        for (key, child) in map { leaves(child, path + [key], into: &out) }
    } else {
        out[path] = value
    }
}

/// Applies generated edits: each number picks a path of one to three keys from a small
/// alphabet and either sets a scalar there (creating maps on the way) or removes it.
private func apply(_ edits: [Int], to value: Value) -> Value {
    var value = value
    for edit in edits {
        let depth = 1 + edit % 3
        var path: [String] = []
        var rest = edit / 3
        for _ in 0..<depth {
            path.append("k\(rest % 6)")
            rest /= 6
        }
        let newValue: Value = rest % 4 == 0 ? .null : .int(rest % 10)
        set(&value, path[...], newValue)
    }
    return value
}

private func set(_ value: inout Value, _ path: ArraySlice<String>, _ newValue: Value) {
    guard let key = path.first else {
        value = newValue
        return
    }
    var map = value.mapValue ?? PersistentMap()
    value = .null
    var child = map.removeValue(forKey: key) ?? .null
    set(&child, path.dropFirst(), newValue)
    if !child.isNull { map[key] = child }
    value = .map(map)
}

@Suite struct DiffTests {
    @Test func reportsExactlyTheChanges() async {
        let gen = Gen.int(in: 0...100_000).array(of: 0...40)
        await propertyCheck(input: gen, gen) { base, edits in
            let a = apply(base, to: .emptyMap)
            let b = apply(edits, to: a)
            var before: [[String]: Value] = [:], after: [[String]: Value] = [:]
            leaves(a, into: &before)
            leaves(b, into: &after)
            // Every path whose leaf differs must be covered by exactly the reported changes.
            var expected = Set<[String]>()
            for (path, value) in before where after[path] != value { expected.insert(path) }
            for (path, value) in after where before[path] != value { expected.insert(path) }
            let diff = Diff(from: a, to: b)
            var covered = Set<[String]>()
            for change in diff.changes {
                var old: [[String]: Value] = [:], new: [[String]: Value] = [:]
                if let o = change.old { leaves(o, change.path, into: &old) }
                if let n = change.new { leaves(n, change.path, into: &new) }
                covered.formUnion(old.keys)
                covered.formUnion(new.keys)
                #expect(change.old != change.new)
            }
            #expect(covered == expected)
            #expect(Diff(from: a, to: a).isEmpty)
        }
    }

    @Test func costFollowsTheChangeNotTheTree() {
        // One changed entity among 10,000 yields exactly one change, found through shared
        // storage; a deep comparison would visit all of them.
        var entities = PersistentMap<Value>()
        for i in 0..<10_000 { entities["e\(i)"] = ["azimuth": .int(i), "name": .string("e\(i)")] }
        let a: Value = ["level": ["entities": .map(entities)]]
        var b = a
        b["level"]["entities"]["e42"]["azimuth"] = 7
        let diff = Diff(from: a, to: b)
        #expect(diff.changes == [Change(path: ["level", "entities", "e42", "azimuth"], old: 42, new: 7)])
        #expect(diff.touches(["level", "entities"]))
        #expect(!diff.touches(["level", "view"]))
    }
}
