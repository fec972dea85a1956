import EcholotAudio
import EcholotCore
import Testing

/// The generic value→object translator on its own, with plain objects that log what was
/// done to them: no OpenAL needed.
@Suite struct Translator {
    /// Records every hook call.
    final class Log {
        var events: [String] = []
        var nextObject = 0
    }

    /// A translator keyed by the `file` attribute, whose objects are serial numbers.
    func translator(_ log: Log) -> ValueTranslator<Int> {
        ValueTranslator(
            primaryAttribute: ["file"],
            create: { key, _ in
                if key.primary == "broken" {
                    log.events.append("fail \(key.id)/\(key.primary)")
                    return nil
                }
                log.nextObject += 1
                log.events.append("create \(key.id)/\(key.primary) #\(log.nextObject)")
                return log.nextObject
            },
            update: { object, changes, element in
                let paths = changes.map { $0.path.joined(separator: ".") }.joined(separator: ",")
                log.events.append("update #\(object) [\(paths)] volume \(element()["volume"])")
            },
            release: { object in log.events.append("release #\(object)") }
        )
    }

    /// A change of attribute `name` inside an element.
    func change(_ name: String, _ value: Value?) -> ArraySlice<ElementChange> {
        [ElementChange(path: [name], new: value)]
    }

    @Test func createsUpdatesWithTheChangesAndReleases() {
        let log = Log()
        let t = translator(log)
        t.resync(id: "a", element: ["file": "x.wav", "volume": 1])
        t.sync(id: "a", changes: change("volume", 2)) { ["file": "x.wav", "volume": 2] }
        t.sync(id: "a", changes: [.whole(nil)]) { nil }
        #expect(log.events == ["create a/x.wav #1", "update #1 [volume] volume 2", "release #1"])
        #expect(t.count == 0)
    }

    @Test func aChangeOutsideThePrimaryAttributeDoesNotReadTheElement() {
        let log = Log()
        let t = translator(log)
        t.resync(id: "a", element: ["file": "x.wav"])
        var reads = 0
        t.sync(id: "a", changes: change("azimuth", 5)) {
            reads += 1
            return ["file": "x.wav", "azimuth": 5]
        }
        #expect(reads == 1)  // Only because the log's update hook asks for the volume.
        #expect(log.events.last == "update #1 [azimuth] volume null")
    }

    @Test func aNewPrimaryAttributeReplacesTheObject() {
        let log = Log()
        let t = translator(log)
        t.resync(id: "a", element: ["file": "x.wav"])
        t.sync(id: "a", changes: change("file", "y.wav")) { ["file": "y.wav"] }
        #expect(log.events == ["create a/x.wav #1", "release #1", "create a/y.wav #2"])
        #expect(t.key(for: "a")?.primary == "y.wav")
    }

    @Test func theSamePrimaryAttributeKeepsTheObject() {
        let log = Log()
        let t = translator(log)
        t.resync(id: "a", element: ["file": "x.wav", "volume": 1])
        t.resync(id: "a", element: ["file": "x.wav", "volume": 3])
        #expect(log.events == ["create a/x.wav #1", "update #1 [] volume 3"])
    }

    @Test func anElementWithoutPrimaryAttributeHasNoObject() {
        let log = Log()
        let t = translator(log)
        t.resync(id: "a", element: ["file": "x.wav"])
        t.sync(id: "a", changes: change("file", nil)) { ["volume": 1] }
        #expect(log.events == ["create a/x.wav #1", "release #1"])
        #expect(t.object(for: "a") == nil)
    }

    @Test func aFailedCreationLeavesNoObjectAndIsRetriedOnChange() {
        let log = Log()
        let t = translator(log)
        t.resync(id: "a", element: ["file": "broken"])
        t.sync(id: "a", changes: change("volume", 2)) { ["file": "broken", "volume": 2] }
        #expect(log.events == ["fail a/broken", "fail a/broken"])
        #expect(t.count == 0)
    }

    @Test func removeAllReleasesEverything() {
        let log = Log()
        let t = translator(log)
        for id in ["a", "b", "c"] { t.resync(id: id, element: ["file": "x.wav"]) }
        t.removeAll()
        #expect(log.events.filter { $0.hasPrefix("release") }.count == 3)
        #expect(t.liveIDs.isEmpty)
    }
}
