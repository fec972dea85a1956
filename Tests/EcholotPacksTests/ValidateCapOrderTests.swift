import EcholotTestSupport
import Foundation
import Testing

@testable import EcholotModel

/// Checks of what a pack builds on hold its pack.json to the cap of every file's report.
@Suite("Packs: validate tells the first 100 problems of a file in file order")
struct ValidateCapOrderTests {
    /// 150 dependencies no library has: every one was told, outside the cap, by `pack` (and
    /// by every command that loads the pack). Now the first 100 in pack.json are, then one
    /// line counting the rest, and `pack` writes no archive.
    @Test func missingDependenciesAreHeldToTheCap() throws {
        let scratch = Scratch()
        let dependencies = (0..<150).map { #""m-\#(100 + $0)": "^1.0.0""# }.joined(separator: ",\n")
        scratch.write(Packs.files(id: "p", extra: "\"dependencies\": {\n\(dependencies)\n}"), in: "p")
        let before = scratch.listing()
        for command in ["validate", "pack"] {
            let result = try echolot([command, "p"], in: scratch.url, data: scratch.at("data"))
            #expect(result.status == 1, "\(command)")
            let lines = result.stderr.split(separator: "\n").map(String.init)
            try #require(lines.count == FileReport.maxProblems + 1, "\(command): \(lines.suffix(3))")
            #expect(lines.first?.hasPrefix(#"p/pack.json:2:10: error: dependencies.m-100: pack "p" depends on "m-100" ^1.0.0, which is neither"#) == true,
                    "\(command): \(lines.prefix(1))")
            #expect(lines[99].hasPrefix(#"p/pack.json:101:10: error: dependencies.m-199: "#), "\(command): \(lines[99])")
            #expect(lines.last == "p/pack.json:151:10: error: 50 more problems in this file are not told; fix these first",
                    "\(command)")
        }
        #expect(scratch.listing() == before)
    }
}
