import EcholotTestSupport
import Foundation
import Testing

@testable import EcholotModel

/// `echolot validate` holds every file to the cap of its report, whichever layer finds the
/// problems: a file of thousands of mistakes is told in 100 lines and one that counts the rest.
@Suite("Packs: validate tells at most 100 problems of a file, whichever check finds them")
struct ValidateCapTests {
    /// A goal with 250 parameters its rule does not declare, checked by the scripts: the
    /// first 100 in the file are told, then how many more there are (it printed all 250).
    @Test func ruleParameterProblemsAreHeldToTheCap() throws {
        let scratch = Scratch()
        let keys = (0..<250).map { #""p\#($0)": 1"# }.joined(separator: ", ")
        scratch.write([
            "pack.json": Packs.manifest(id: "p"),
            "levels/one.json": """
                { "id": "one", "name": "One", "entities": [], "goals": [ { "type": "timeLimit", "seconds": 60,
                \(keys) } ] }
                """,
        ], in: "p")
        let before = scratch.listing("p")
        let result = try echolot(["validate", "p"], in: scratch.url, data: scratch.at("data"))
        #expect(result.status == 1)
        #expect(result.stdout == "")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == FileReport.maxProblems + 1, "\(lines.suffix(3))")
        #expect(lines.first == "p/levels/one.json:2:7: error: goal 'timeLimit': unknown parameter 'p0' (parameters: seconds)")
        // The first 100 in the file, not the first 100 in the order the rules found them.
        #expect(lines.dropLast().last == "p/levels/one.json:2:988: error: goal 'timeLimit': unknown parameter 'p99' (parameters: seconds)")
        #expect(lines.last == "p/levels/one.json:2:2638: error: 150 more problems in this file are not told; fix these first")
        #expect(scratch.listing("p") == before)
    }
}
