import Foundation
import Testing

@testable import EcholotModel

@Suite("Packs: the library lists usable packs, sets broken ones apart, and has a safe mode")
struct CatalogTests {
    /// `shipped/tutorial` and `data/packs/{good,broken,impostor}`.
    func setup(_ scratch: Scratch) {
        scratch.write(Packs.files(id: "tutorial"), in: "shipped/tutorial")
        scratch.write(Packs.files(id: "good"), in: "data/packs/good")
        scratch.write(Packs.files(id: "broken"), in: "data/packs/broken")
        scratch.write(["levels/one.json": #"{ "id": "one" }"#], in: "data/packs/broken")
        scratch.write(Packs.files(id: "tutorial", version: "9.9.9"), in: "data/packs/impostor")
        scratch.write(["pack.json": "half-written"], in: "data/packs/.incoming-1234")
    }

    func environment(_ scratch: Scratch) -> [String: String] {
        ["ECHOLOT_PACKS": scratch.at("shipped").path, "ECHOLOT_DATA": scratch.at("data").path]
    }

    @Test func brokenPacksAreReportedAndTheOthersStayUsable() throws {
        let scratch = Scratch()
        setup(scratch)
        let library = PackLibrary.standard(environment: environment(scratch))
        let listing = library.catalog()
        #expect(listing.packs.map(\.pack.id) == ["tutorial", "good"])
        #expect(listing.packs.map(\.origin) == [.shipped, .installed])
        #expect(listing.problems.map { $0.id ?? "?" } == ["broken", "tutorial"])
        #expect(listing.problems[0].diagnostics.map(\.message) == ["missing required field \"name\"",
                                                                    "missing required field \"entities\""])
        #expect(listing.problems[0].diagnostics.allSatisfy { $0.path.hasSuffix("packs/broken/levels/one.json") })
        #expect(listing.problems[1].diagnostics.map(\.message).first?.hasPrefix("pack id \"tutorial\" is already taken by ") == true)
        // The shipped tutorial wins over the installed impostor.
        #expect(try library.load(id: "tutorial")?.get().manifest.version == "1.0.0")
    }

    @Test func safeModeOffersOnlyTheShippedPacks() {
        let scratch = Scratch()
        setup(scratch)
        let library = PackLibrary.standard(safe: true, environment: environment(scratch))
        #expect(library.catalog().packs.map(\.pack.id) == ["tutorial"])
        #expect(library.catalog().problems.isEmpty)
        #expect(library.load(id: "good") == nil)
    }

    @Test func aVerifierCanDisableAPack() {
        let scratch = Scratch()
        setup(scratch)
        let library = PackLibrary.standard(environment: environment(scratch))
        let listing = library.catalog { pack in
            pack.id == "good"
                ? [Diagnostic(path: pack.display("scripts/goal.lua"), line: 3, column: 1, message: "syntax error")]
                : []
        }
        #expect(listing.packs.map(\.pack.id) == ["tutorial"])
        let good = listing.problems.first { $0.id == "good" }
        #expect(good?.diagnostics.map(\.description).first?.hasSuffix("good/scripts/goal.lua:3:1: error: syntax error") == true)
    }

    @Test func theDataFolderFollowsTheEnvironment() {
        #expect(DataDirectory.url(environment: ["ECHOLOT_DATA": "/x/data"]).path == "/x/data")
        #if !os(macOS)
        #expect(DataDirectory.packsFolder(environment: ["XDG_DATA_HOME": "/x/share", "HOME": "/home/a"]).path
            == "/x/share/echolot/packs")
        #expect(DataDirectory.packsFolder(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/a"]).path
            == "/home/a/.local/share/echolot/packs")
        #endif
    }
}
