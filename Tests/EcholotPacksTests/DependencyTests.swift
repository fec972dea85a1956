import Foundation
import Testing

@testable import EcholotModel

@Suite("Packs: dependencies load in order; cycles and unmet versions are refused with their chain")
struct DependencyTests {
    /// Packs in `lib/<id>`, each with the dependencies given (id → range) and version.
    func library(_ scratch: Scratch, _ packs: [(id: String, version: String, needs: [String: String])]) -> PackLibrary {
        for pack in packs {
            let needs = pack.needs.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \"\($0.value)\"" }
            let extra = needs.isEmpty ? "" : "\"dependencies\": { " + needs.joined(separator: ", ") + " }"
            scratch.write(Packs.files(id: pack.id, version: pack.version, extra: extra), in: "lib/" + pack.id)
        }
        return PackLibrary(folders: [PackLibrary.Folder(url: scratch.at("lib"), origin: .other)])
    }

    /// The messages of loading `id`, each prefixed with the pack folder the file is in.
    func problems(_ library: PackLibrary, _ id: String) -> [String] {
        guard case let .failure(error)? = library.load(id: id) else { return [] }
        return error.diagnostics.map {
            let url = URL(fileURLWithPath: $0.path)
            return url.deletingLastPathComponent().lastPathComponent + "/" + url.lastPathComponent + ": " + $0.message
        }
    }

    @Test func loadOrderPutsEveryPackAfterWhatItNeeds() throws {
        let scratch = Scratch()
        let library = library(scratch, [
            ("a", "1.0.0", ["b": "^1.0.0", "c": "*"]),
            ("b", "1.4.2", ["c": ">=0.9.0 <2.0.0"]),
            ("c", "1.0.0", [:]),
            ("d", "1.0.0", ["c": "1.0.0"]),
        ])
        let a = try #require(try library.load(id: "a")?.get())
        #expect(a.loadOrder.map(\.id) == ["c", "b", "a"])
        #expect(a.bases.isEmpty)
        let d = try #require(try library.load(id: "d")?.get())
        #expect(d.loadOrder.map(\.id) == ["c", "d"])
        #expect(d.manifest.dependencies.map(\.id) == ["c"])
    }

    @Test func aCycleIsReportedWithItsChain() {
        let scratch = Scratch()
        let library = library(scratch, [
            ("a", "1.0.0", ["b": "*"]),
            ("b", "1.0.0", ["c": "*"]),
            ("c", "1.0.0", ["a": "*"]),
        ])
        // The same from every pack of it: written from its first pack by id, in its pack.json.
        for id in ["a", "b", "c"] {
            #expect(problems(library, id) == ["a/pack.json: dependencies.b: packs depend on each other in a cycle: a → b → c → a"])
        }
    }

    /// One cycle of three packs was told three times by `packs` and `validate`, once in
    /// each pack.json, written from each pack: it is one problem, told once, and every pack
    /// of it is still listed as broken.
    @Test func aCycleIsToldOnceForAllItsPacks() throws {
        let scratch = Scratch()
        let data = scratch.at("data")
        scratch.write(Packs.files(id: "b", extra: #""dependencies": { "c": "*" }"#), in: "data/packs/b")
        scratch.write(Packs.files(id: "c", extra: #""dependencies": { "a": "*" }"#), in: "data/packs/c")
        scratch.write(Packs.files(id: "a", extra: #""extends": "b""#), in: "data/packs/a")
        let message = "error: extends: packs depend on each other in a cycle: a → b → c → a\n"
        let listed = try echolot(["packs"], in: scratch.url, data: data)
        #expect(listed.status == 0)
        #expect(listed.stdout.components(separatedBy: "(broken: errors on stderr)").count == 4, "\(listed.stdout)")
        #expect(listed.stderr == data.path + "/packs/a/pack.json:1:93: " + message)
        // Said to a screen reader, each pack: the first with its errors, the others where.
        let plain = try echolot(["packs", "--plain"], in: scratch.url, data: data)
        #expect(plain.stdout == "a 1.0.0: Pack a, by Tester, does not load; its errors follow.\n"
            + "b 1.0.0: Pack b, by Tester, does not load, for the problem told at \(data.path)/packs/a/pack.json.\n"
            + "c 1.0.0: Pack c, by Tester, does not load, for the problem told at \(data.path)/packs/a/pack.json.\n", "\(plain.stdout)")
        let validated = try echolot(["validate", "c", "b", "a"], in: scratch.url, data: data)
        #expect(validated.status == 1)
        #expect(validated.stderr == data.path + "/packs/a/pack.json:1:93: " + message)
        // Each pack asked about after the first gets its line, where the cycle was told: it
        // was silent, and only the exit status said that b and a failed.
        #expect(validated.stdout == "b: not valid, for the problem told above at \(data.path)/packs/a/pack.json\n"
            + "a: not valid, for the problem told above at \(data.path)/packs/a/pack.json\n", "\(validated.stdout)")
        // Alone, c is told the cycle it is in; named twice, it is checked and told once.
        let alone = try echolot(["validate", "c"], in: scratch.url, data: data)
        #expect(alone.status == 1)
        #expect(alone.stderr == data.path + "/packs/a/pack.json:1:93: " + message)
        #expect(alone.stdout.isEmpty, "\(alone.stdout)")
        let twice = try echolot(["validate", "c", "c"], in: scratch.url, data: data)
        #expect(twice.status == 1)
        #expect(twice.stderr == data.path + "/packs/a/pack.json:1:93: " + message)
        #expect(twice.stdout.isEmpty, "\(twice.stdout)")
        // Named by their folders, a relative path and the one the cycle is found by are
        // one file: the cycle is told once.
        let byPath = try echolot(["validate", "data/packs/a", "data/packs/b"], in: scratch.url, data: data)
        #expect(byPath.status == 1)
        #expect(byPath.stderr == "data/packs/a/pack.json:1:93: " + message, "\(byPath.stderr)")
        // The line pointing back names the file as it was told, not as b's chain reached it.
        #expect(byPath.stdout == "b: not valid, for the problem told above at data/packs/a/pack.json\n", "\(byPath.stdout)")
        // A menu still gives each pack its reason.
        let library = PackLibrary(folders: [PackLibrary.Folder(url: scratch.at("data/packs"), origin: .installed)])
        let broken = library.catalog().problems
        #expect(broken.map(\.id) == ["a", "b", "c"])
        #expect(broken.map(\.diagnostics.count) == [1, 0, 0])
        #expect(Set(broken.map { $0.reason?.message }) == ["extends: packs depend on each other in a cycle: a → b → c → a"])
    }

    /// An edition written beside its base, neither installed: the pack named by its folder
    /// finds the base in the folder that holds both; an installed or shipped pack of that id
    /// still comes first, and a pack found nowhere says where it was looked for.
    @Test func aPackFindsItsBaseBesideIt() throws {
        let scratch = Scratch()
        scratch.write(Packs.files(id: "base", version: "1.0.0"), in: "work/base")
        scratch.write(Packs.files(id: "ed", extra: #""extends": "base", "dependencies": { "tools": "*" }"#, levels: []), in: "work/ed")
        scratch.write(Packs.files(id: "tools"), in: "work/tools-folder")
        let empty = PackLibrary(folders: [PackLibrary.Folder(url: scratch.at("lib"), origin: .other)])
        let edition = try empty.load(at: scratch.at("work/ed")).get()
        #expect(edition.bases.map(\.manifest.version) == ["1.0.0"])
        #expect(edition.loadOrder.map(\.id) == ["base", "tools", "ed"])
        // One of the library's own comes first.
        scratch.write(Packs.files(id: "base", version: "2.0.0"), in: "lib/base")
        let library = PackLibrary(folders: [PackLibrary.Folder(url: scratch.at("lib"), origin: .other)])
        #expect(try library.load(at: scratch.at("work/ed")).get().bases.map(\.manifest.version) == ["2.0.0"])
        // Missing everywhere, the message names the folder beside it as the pack was named.
        scratch.write(["pack.json": Packs.manifest(id: "ed", extra: #""extends": "nowhere""#)], in: "work/ed")
        let outcome = PackLoader.check(root: scratch.at("work/ed"), displayRoot: "work/ed")
        let pack = try #require(outcome.pack)
        guard case let .failure(error) = library.resolve(pack) else { Issue.record("resolved"); return }
        #expect(error.diagnostics.map(\.description) == ["work/ed/pack.json:1:95: error: extends: pack \"ed\" extends \"nowhere\", "
            + "which is neither installed, shipped nor a pack folder in work (needed through ed → nowhere); install it with "
            + "'echolot install FILE.zip', or put its folder in work"])
        // Shown as the current folder (`.`, whose display root is empty), it lies in `..`: it said `.`.
        let here = PackLoader.check(root: scratch.at("work/ed"), displayRoot: "")
        guard case let .failure(fromInside) = library.resolve(try #require(here.pack)) else { Issue.record("resolved"); return }
        #expect(fromInside.diagnostics.first?.message.hasSuffix("or put its folder in ..") == true, "\(fromInside.diagnostics)")
    }

    /// An edition's level file that does not read leaves no level of its id: the base's,
    /// which the file was written to replace, was still among the levels that the story,
    /// the audio checks and the lists read, though `level(id:)` refused it.
    @Test func aBrokenReplacementLeavesNoBaseLevelInItsPlace() throws {
        let scratch = Scratch()
        scratch.write(Packs.files(id: "base", levels: ["one", "two"]), in: "work/base")
        scratch.write(Packs.files(id: "ed", extra: #""extends": "base""#, levels: []), in: "work/ed")
        scratch.write(["levels/one.json": #"{ "id": "one", "name": "Broken", "entities": 5, "goals": [] }"#], in: "work/ed")
        let library = PackLibrary(folders: [PackLibrary.Folder(url: scratch.at("lib"), origin: .other)])
        let readable = library.loadReadable(at: scratch.at("work/ed"))
        let pack = try #require(readable.pack)
        #expect(!readable.problems.isEmpty)
        #expect(pack.unreadLevels == ["one"])
        #expect(pack.levels.keys.sorted() == ["two"])
        #expect(pack.level(id: "one") == nil)
    }

    /// The walk along a chain recurses; a chain longer than any real pack needs is refused
    /// where it grows too long, with its ends, instead of being followed to the end.
    /// A base missing for two packs that build on one another is told once, for the first,
    /// whatever chain led to it; and a sibling whose id is two edits away is not offered
    /// as the base meant.
    @Test func aMissingBaseIsToldOnceAndNoSiblingIsMeant() throws {
        let scratch = Scratch()
        let data = scratch.at("data")
        scratch.write(Packs.files(id: "acme-blue", extra: #""extends": "acme-base""#), in: "data/packs/acme-blue")
        scratch.write(Packs.files(id: "acme-late", extra: #""extends": "acme-blue""#), in: "data/packs/acme-late")
        let plain = try echolot(["packs", "--plain"], in: scratch.url, data: data)
        #expect(plain.stdout == "acme-blue 1.0.0: Pack acme-blue, by Tester, does not load; its errors follow.\n"
            + "acme-late 1.0.0: Pack acme-late, by Tester, does not load, for the problem told at "
            + "\(data.path)/packs/acme-blue/pack.json.\n", "\(plain.stdout)")
        #expect(plain.stderr.split(separator: "\n").count == 1, "\(plain.stderr)")
        #expect(plain.stderr.hasSuffix("; install it with 'echolot install FILE.zip'\n"), "not acme-late: \(plain.stderr)")
    }

    @Test func aChainTooLongIsRefusedWhereItGrowsTooLong() {
        let scratch = Scratch()
        let count = PackResolver.longestChain + 6
        let library = library(scratch, (0..<count).map { i in
            ("p\(i)", "1.0.0", i + 1 < count ? ["p\(i + 1)": "*"] : [:])
        })
        let last = PackResolver.longestChain
        #expect(problems(library, "p0") == [
            "p\(last - 1)/pack.json: dependencies.p\(last): packs build on each other more than \(last) deep "
                + "(needed through p0 → p1 → … → p\(last - 1) → p\(last)); make the chain shorter",
        ])
        // A chain of the longest length loads.
        #expect(problems(library, "p6").isEmpty)
    }

    @Test func extendsTakesPartInCycles() {
        let scratch = Scratch()
        scratch.write(Packs.files(id: "x", extra: #""extends": "y""#), in: "lib/x")
        scratch.write(Packs.files(id: "y", extra: #""extends": "x""#), in: "lib/y")
        let library = PackLibrary(folders: [PackLibrary.Folder(url: scratch.at("lib"), origin: .other)])
        #expect(problems(library, "x") == ["x/pack.json: extends: packs depend on each other in a cycle: x → y → x"])
        #expect(problems(library, "y") == ["x/pack.json: extends: packs depend on each other in a cycle: x → y → x"])
    }

    @Test func anUnmetDependencyNamesTheChain() {
        let scratch = Scratch()
        let library = library(scratch, [
            ("a", "1.0.0", ["b": "^1.0.0"]),
            ("b", "1.0.0", ["missing": "^2.1.0"]),
        ])
        #expect(problems(library, "a") == [
            "b/pack.json: dependencies.missing: pack \"b\" depends on \"missing\" ^2.1.0, which is neither installed nor shipped (needed through a → b → missing); install it with 'echolot install FILE.zip'",
        ])
    }

    @Test func anIncompatibleVersionIsRefused() {
        let scratch = Scratch()
        let library = library(scratch, [
            ("a", "1.0.0", ["b": "^2.0.0"]),
            ("b", "1.3.0", [:]),
        ])
        #expect(problems(library, "a") == [
            "a/pack.json: dependencies.b: pack \"a\" needs \"b\" ^2.0.0, but version 1.3.0 is the one available (needed through a → b)",
        ])
    }

    /// A base's version out of the range its `dependencies` entry gives was told at
    /// `extends`, which names no version: it is told at the range that refuses it.
    @Test func aBaseOutOfRangeIsToldAtTheRange() throws {
        let scratch = Scratch()
        scratch.write(["hard/pack.json": """
            {
              "id": "hard",
              "name": "Hard",
              "version": "1.0.0",
              "api": 1,
              "extends": "tutorial",
              "dependencies": { "tutorial": "^2.0.0" }
            }
            """])
        let validated = try echolot(["validate", "hard"], in: scratch.url, data: scratch.at("data"))
        #expect(validated.status == 1)
        #expect(validated.stderr == "hard/pack.json:7:33: error: dependencies.tutorial: pack \"hard\" needs \"tutorial\" "
            + "^2.0.0, but version 1.0.1 is the one available (needed through hard → tutorial)\n")
    }

    /// A range at the largest number a version can have has nothing above it:
    /// "^9223372036854775807.0.0" crashed every command that read the manifest, since
    /// the bound after it overflowed.
    @Test func aRangeAtTheLargestNumberHasNoUpperBound() throws {
        let scratch = Scratch()
        let top = String(Int.max)
        let library = library(scratch, [
            ("a", "1.0.0", ["b": "^\(top).0.0", "c": "~0.\(top).0", "d": "^0.0.\(top)"]),
            ("b", "\(top).1.0", [:]), ("c", "0.\(top).7", [:]), ("d", "0.0.\(top)", [:]),
        ])
        let a = try #require(try library.load(id: "a")?.get())
        #expect(a.loadOrder.map(\.id) == ["b", "c", "d", "a"])
    }

    /// A version with a number past the largest passed as a semantic version, and then
    /// satisfied every range (the resolver could not compare it, and let it through).
    @Test func aVersionTooLargeToCompareIsRefused() throws {
        let scratch = Scratch()
        let library = library(scratch, [
            ("a", "1.0.0", ["b": "^1.0.0"]),
            ("b", "99999999999999999999.0.0", [:]),
            ("c", "1.0.0", ["b": ">=1.0.0 <99999999999999999999.0.0"]),
        ])
        #expect(PackLoader.validate(at: scratch.at("lib/b")).map(\.message) == [
            "version: \"99999999999999999999.0.0\" has a number too large to compare; a version's numbers go up to 9223372036854775807",
        ])
        #expect((try? library.load(id: "a")?.get()) == nil)
        #expect(problems(library, "c") == [
            "c/pack.json: dependencies.b: \">=1.0.0 <99999999999999999999.0.0\" is not a version range: \"99999999999999999999.0.0\" "
                + "has a number too large to compare; a version's numbers go up to 9223372036854775807",
        ])
    }

    @Test func aBrokenDependencyIsNamed() {
        let scratch = Scratch()
        let library = library(scratch, [("a", "1.0.0", ["b": "*"]), ("b", "1.0.0", [:])])
        scratch.write(["levels/one.json": "{"], in: "lib/b")
        let again = PackLibrary(folders: library.folders)
        let found = problems(again, "a")
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("a/pack.json: dependencies.b: pack \"a\" depends on \"b\", which does not load (needed through a → b): ") == true)
    }

    @Test func badDependencyDeclarationsAreReportedWhereWritten() {
        let scratch = Scratch()
        scratch.write(Packs.files(id: "a", extra: #""dependencies": { "b": "^1.2", "Bad!": "*", "a": "*", "c": 3 }"#),
                      in: "a")
        let problems = PackLoader.validate(at: scratch.at("a")).map(\.message)
        #expect(problems == [
            "dependencies.b: \"^1.2\" is not a version range: \"1.2\" is not a semantic version such as \"1.2.0\"; write ranges like \"^1.2.0\", \"~1.2.0\", \"1.2.0\", \"*\" or \">=1.0.0 <2.0.0\"",
            "dependencies[\"Bad!\"]: \"Bad!\" is not a valid pack id",
            "dependencies.a: a pack cannot depend on itself",
            "dependencies.c: expected a string, found a number",
        ])
    }
}

@Suite("Packs: semantic versions and ranges")
struct VersionTests {
    @Test func versionsOrderAsSemverSays() throws {
        let ordered = ["0.9.0", "1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta.2", "1.0.0-beta.11",
                       "1.0.0", "1.2.0", "1.10.0", "2.0.0"].compactMap(SemanticVersion.init)
        #expect(ordered.count == 10)
        #expect(ordered == ordered.sorted())
        #expect(SemanticVersion("1.0.0+build.7") == SemanticVersion("1.0.0"))
        #expect(SemanticVersion("1.0") == nil)
        #expect(SemanticVersion("01.0.0") == nil)
        #expect(SemanticVersion("2.0.0-rc.1")?.description == "2.0.0-rc.1")
    }

    @Test func rangesAcceptWhatTheySay() throws {
        func accepts(_ range: String, _ versions: [String]) throws -> [Bool] {
            let parsed = try VersionRange(range)
            return versions.map { parsed.contains(SemanticVersion($0)!) }
        }
        #expect(try accepts("^1.2.0", ["1.2.0", "1.9.9", "2.0.0", "1.1.9"]) == [true, true, false, false])
        #expect(try accepts("^0.2.3", ["0.2.3", "0.2.9", "0.3.0"]) == [true, true, false])
        #expect(try accepts("^0.0.3", ["0.0.3", "0.0.4"]) == [true, false])
        #expect(try accepts("~1.2.0", ["1.2.5", "1.3.0"]) == [true, false])
        #expect(try accepts(">=1.0.0 <2.0.0", ["1.0.0", "1.5.0", "2.0.0", "0.9.9"]) == [true, true, false, false])
        #expect(try accepts("1.2.3", ["1.2.3", "1.2.4"]) == [true, false])
        #expect(try accepts("*", ["0.0.1", "9.9.9"]) == [true, true])
        #expect(try accepts("<2.0.0", ["2.0.0-beta.1"]) == [false])
        #expect(try accepts(">=2.0.0-beta.1", ["2.0.0-beta.2", "2.0.0"]) == [true, true])
        #expect(throws: VersionRangeError.self) { try VersionRange("latest") }
    }

    /// A range ending above the largest number a version may have carried no upper bound at
    /// all, so `^0.0.<largest>` accepted 5.0.0: the bound carries into the number before.
    @Test func rangesEndingAboveTheLargestNumberStillEnd() throws {
        let largest = Int.max
        func accepts(_ range: String, _ versions: [String]) throws -> [Bool] {
            let parsed = try VersionRange(range)
            return versions.map { parsed.contains(SemanticVersion($0)!) }
        }
        #expect(try accepts("^0.0.\(largest)", ["0.0.\(largest)", "0.1.0", "5.0.0"]) == [true, false, false])
        #expect(try accepts("^0.\(largest).0", ["0.\(largest).7", "1.0.0"]) == [true, false])
        #expect(try accepts("~1.\(largest).0", ["1.\(largest).3", "2.0.0", "5.0.0"]) == [true, false, false])
        #expect(try accepts("^\(largest).0.0", ["\(largest).5.0"]) == [true])
        #expect(try accepts("~\(largest).\(largest).0", ["\(largest).\(largest).9"]) == [true])
    }
}
