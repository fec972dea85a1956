import EcholotCore
import EcholotModel
import Testing
@testable import EcholotScript

/// The sandbox's `rawget`, `next` and `rawset` on the entity a behaviour receives: they
/// see through it to the entity it stands for during the call, as its fields do, and a
/// `rawset` goes through the writer like any other write.
@Suite struct LiveViewHelperTests {
    static let script = """
        echolot.behaviour("poke", {
          on = {
            ["pack.rawget"] = function(e) e.name = tostring(rawget(e, "azimuth")) end,
            ["pack.next"] = function(e) local k = next(e) e.name = type(k) .. ":" .. tostring(rawget(e, k) ~= nil) end,
            ["pack.rawlen"] = function(e) e.name = tostring(rawlen(e.tags)) end,
            ["pack.rawset"] = function(e) if e.id == "a" then rawset(e, "azimuth", 77) else e.name = "b sees " .. tostring(e.azimuth) end end,
          },
        })
        """

    func world() throws -> Store<GameState> {
        let level = Support.level(entities: [("a", 10), ("b", 20)], behaviours: #"[{"type": "poke"}]"#)
        let world = try Support.world(scripts: ["poke.lua": LiveViewHelperTests.script], level: level)
        world.store.dispatch(.start)
        return world.store
    }

    @Test func rawgetReadsTheEntity() throws {
        let store = try world()
        let transition = store.dispatch(Action("pack.rawget"))
        #expect(transition.rejections.isEmpty, "\(transition.rejections)")
        #expect(store.entity("a")?["name"] == .string("10.0"))
        #expect(store.entity("b")?["name"] == .string("20.0"))
    }

    @Test func nextVisitsTheEntitysFields() throws {
        let store = try world()
        let transition = store.dispatch(Action("pack.next"))
        #expect(transition.rejections.isEmpty, "\(transition.rejections)")
        #expect(store.entity("a")?["name"] == .string("string:true"))
    }

    @Test func rawlenMeasuresTheEntitysList() throws {
        let store = try world()
        store.dispatch(Action("pack.rawlen"))
        #expect(store.entity("a")?["name"] == .string("1"))
    }

    /// The write lands in the state, and the next entity of the batch sees its own value,
    /// not a field left behind on the view they share.
    @Test func rawsetWritesThroughTheWriter() throws {
        let store = try world()
        let transition = store.dispatch(Action("pack.rawset"))
        #expect(transition.rejections.isEmpty, "\(transition.rejections)")
        #expect(store.entity("a")?[EntityKeys.azimuth] == 77)
        #expect(store.entity("b")?["name"] == .string("b sees 20.0"))
    }
}
