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

    /// A level whose goal and scoring have 150 parameters their rules do not declare, and
    /// whose 150 entities name sounds that do not decode: the rules' check and the audio
    /// check each told 100 and counted the rest, so the file showed 200 problems and two
    /// count lines. Now the file shows its first 100 problems in file order, whichever check
    /// found them, and one line counting the other 200.
    static func levelOfManyChecksProblems() -> [String: String] {
        var files = ["pack.json": Packs.manifest(id: "p")]
        let goal = (0..<40).map { #""p\#($0)": 1"# }.joined(separator: ", ")
        let scoring = (0..<110).map { #""q\#($0)": 1"# }.joined(separator: ", ")
        let entities = (0..<150).map { index in
            files["sounds/broken-\(index).wav"] = "RIFF"
            return #"{ "id": "e\#(index)", "position": { "azimuth": 0 }, "sound": { "file": "broken-\#(index).wav" } }"#
        }
        files["levels/one.json"] = """
            { "id": "one", "name": "One",
            "goals": [ { "type": "timeLimit", "seconds": 60, \(goal) } ],
            "entities": [
            \(entities.joined(separator: ",\n"))
            ],
            "scoring": { "type": "standard", \(scoring) } }
            """
        return files
    }

    /// The lines `levelOfManyChecksProblems` must give: 40 of the goal (line 2), 60 of the
    /// entities (lines 4 to 63), then one count of the 200 others, at the last of them.
    static func expectOneCap(_ lines: [String], file: String) throws {
        try #require(lines.count == FileReport.maxProblems + 1, "\(lines.suffix(3))")
        #expect(lines.filter { $0.contains("not told") }.count == 1, "\(lines.filter { $0.contains("not told") })")
        #expect(lines.first?.hasPrefix("\(file):2:") == true && lines.first?.contains("unknown parameter 'p0'") == true,
                "\(lines.prefix(1))")
        #expect(lines[39].hasPrefix("\(file):2:") && lines[39].contains("unknown parameter 'p39'"), "\(lines[39])")
        #expect(lines[40].hasPrefix(#"\#(file):4:"#) && lines[40].contains(#"sound file "sounds/broken-0.wav""#), "\(lines[40])")
        #expect(lines[99].hasPrefix(#"\#(file):63:"#) && lines[99].contains(#"sound file "sounds/broken-59.wav""#), "\(lines[99])")
        #expect(lines.last?.hasPrefix("\(file):155:") == true, "\(lines.suffix(1))")
        #expect(lines.last?.hasSuffix("error: 200 more problems in this file are not told; fix these first") == true,
                "\(lines.suffix(1))")
    }

    /// `validate` holds a file to one cap over all its checks: 300 problems found by the
    /// rules and the audio check are 100 lines in file order and one count.
    @Test func oneFilesProblemsShareOneCapOverEveryCheck() throws {
        let scratch = Scratch()
        scratch.write(Self.levelOfManyChecksProblems(), in: "p")
        let before = scratch.listing("p")
        let result = try echolot(["validate", "p"], in: scratch.url, data: scratch.at("data"))
        #expect(result.status == 1)
        #expect(result.stdout == "")
        try Self.expectOneCap(result.stderr.split(separator: "\n").map(String.init), file: "p/levels/one.json")
        #expect(scratch.listing("p") == before)
    }

    /// `install` refuses such a pack with the same one cap and one count, and installs nothing.
    @Test func installRefusesWithOneCapPerFile() throws {
        let scratch = Scratch()
        let data = scratch.at("data")
        try ZipBuilder.write(scratch.at("p.zip")) { try $0.pack(Self.levelOfManyChecksProblems()) }
        let result = try echolot(["install", "p.zip"], in: scratch.url, data: data)
        #expect(result.status == 1)
        var lines = result.stderr.split(separator: "\n").map(String.init)
        // The player's line after the author's problems.
        #expect(lines.popLast() == "p.zip: note: nothing was installed or changed, for the problems told above")
        let file = try #require(lines.first?.components(separatedBy: ":2:").first)
        #expect(file.hasSuffix("levels/one.json"), "\(file)")
        try Self.expectOneCap(lines, file: file)
        #expect(!scratch.listing("data/packs").contains { $0 == "p" || $0.hasPrefix("p/") })
    }
}
