import EcholotCore
import Foundation
import Testing

@testable import EcholotModel

@Suite("Packs: the watcher reloads changed packs and keeps the last good one")
struct WatcherTests {
    func watcher(_ scratch: Scratch) -> PackWatcher {
        scratch.write(Packs.files(id: "live", levels: ["one", "two"], strings: ["greeting": "Hello"]), in: "live")
        // Loaded on its own: the watcher's default would also look at installed packs.
        return PackWatcher(url: scratch.at("live"), load: { PackLibrary(folders: []).load(at: $0) })
    }

    @Test func nothingChangedMeansNoReload() {
        let scratch = Scratch()
        let watcher = watcher(scratch)
        #expect(watcher.current?.id == "live")
        #expect(watcher.poll() == nil)
    }

    @Test func anEditReloadsTheLevel() throws {
        let scratch = Scratch()
        let watcher = watcher(scratch)
        scratch.write(["levels/one.json": Packs.level(id: "one", name: "Edited")], in: "live")
        guard case let .reloaded(pack, files)? = watcher.poll() else {
            Issue.record("expected a reload")
            return
        }
        #expect(files == ["levels/one.json"])
        #expect(pack.levels["one"]?.level[LevelKeys.name] == "Edited")
        #expect(watcher.current?.levels["one"]?.level[LevelKeys.name] == "Edited")
        #expect(watcher.poll() == nil)
    }

    @Test func aBrokenEditKeepsTheLastGoodVersionUntilFixed() throws {
        let scratch = Scratch()
        let watcher = watcher(scratch)
        scratch.write(["strings/en.json": #"{ "greeting": "Hi", }"#], in: "live")
        guard case let .failed(problems, files)? = watcher.poll() else {
            Issue.record("expected a failed reload")
            return
        }
        #expect(files == ["strings/en.json"])
        #expect(problems.map(\.message) == ["trailing comma before '}'"])
        #expect(watcher.current?.string("greeting", language: "en") == "Hello")
        #expect(watcher.problems.count == 1)

        scratch.write(["strings/en.json": #"{ "greeting": "Hi" }"#], in: "live")
        guard case let .reloaded(pack, _)? = watcher.poll() else {
            Issue.record("expected a reload after the fix")
            return
        }
        #expect(pack.string("greeting", language: "en") == "Hi")
        #expect(watcher.problems.isEmpty)
    }

    @Test func addedAndRemovedFilesCount() throws {
        let scratch = Scratch()
        let watcher = watcher(scratch)
        scratch.write(["scripts/goals/new.lua": "-- a new rule"], in: "live")
        try FileManager.default.removeItem(at: scratch.at("live/levels/two.json"))
        guard case let .reloaded(pack, files)? = watcher.poll() else {
            Issue.record("expected a reload")
            return
        }
        #expect(files == ["levels/two.json", "scripts/goals/new.lua"])
        #expect(pack.levels.keys.sorted() == ["one"])
    }

    /// A pack built on a base beside it is reloaded when the base changes, the file named
    /// by its path from the pack; a base installed by `echolot install` is not watched
    /// (an author does not write there), though each reload reads it afresh.
    @Test func aBaseBesideThePackIsWatchedAndAnInstalledOneIsNot() throws {
        let scratch = Scratch()
        let installed = scratch.at("data/packs")
        scratch.write(Packs.files(id: "rules", levels: []), in: "data/packs/rules")
        scratch.write(Packs.files(id: "base", levels: ["one"]), in: "work/base")
        scratch.write(Packs.files(id: "ext", extra: #""extends": "base", "dependencies": { "rules": "^1.0.0" }"#, levels: []),
                      in: "work/ext")
        let library = { PackLibrary(folders: [PackLibrary.Folder(url: installed, origin: .installed)]) }
        let watcher = PackWatcher(url: scratch.at("work/ext"), watching: { PackWatcher.authoredFolders(of: $0, installed: installed) },
                                  load: { library().load(at: $0) })
        #expect(watcher.current?.levels["one"]?.level[LevelKeys.name] == "Level")
        scratch.write(["levels/one.json": Packs.level(id: "one", name: "Edited")], in: "work/base")
        guard case let .reloaded(pack, files)? = watcher.poll() else {
            Issue.record("expected a reload")
            return
        }
        #expect(files == ["../base/levels/one.json"])
        #expect(pack.levels["one"]?.level[LevelKeys.name] == "Edited")
        scratch.write(["levels/two.json": Packs.level(id: "two")], in: "data/packs/rules")
        #expect(watcher.poll() == nil)
    }
}
