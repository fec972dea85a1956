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

    /// Sounds that are there but do not decode, found by the audio check: one named by 20
    /// entities is one line, and 150 more in one level file are held to the cap.
    @Test func undecodableSoundsAreToldOncePerFileAndHeldToTheCap() throws {
        let scratch = Scratch()
        var files = ["pack.json": Packs.manifest(id: "p")]
        let entities = (0..<170).map { index in
            let file = index < 20 ? "shared.wav" : "broken-\(index - 20).wav"
            files["sounds/" + file] = "RIFF"
            return #"{ "id": "e\#(index)", "position": { "azimuth": 0 }, "sound": { "file": "\#(file)" } }"#
        }
        files["levels/one.json"] = #"{ "id": "one", "name": "One", "goals": [ { "type": "timeLimit", "seconds": 60 } ], "entities": [\#n"#
            + entities.joined(separator: ",\n") + "\n] }"
        scratch.write(files, in: "p")
        let result = try echolot(["validate", "p"], in: scratch.url, data: scratch.at("data"))
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == FileReport.maxProblems + 1, "\(lines.suffix(3))")
        #expect(lines.first?.hasPrefix(#"p/levels/one.json:2:64: error: entities[0].sound.file: sound file "sounds/shared.wav": "#) == true,
                "\(lines.prefix(2))")
        #expect(lines.first?.hasSuffix(" (also used by 19 more entities)") == true, "\(lines.prefix(2))")
        #expect(lines.dropFirst().first?.hasPrefix(#"p/levels/one.json:22:65: error: entities[20].sound.file: sound file "sounds/broken-0.wav": "#) == true,
                "\(lines.prefix(2))")
        #expect(lines.last == "p/levels/one.json:171:66: error: 51 more problems in this file are not told; fix these first")
    }
}
