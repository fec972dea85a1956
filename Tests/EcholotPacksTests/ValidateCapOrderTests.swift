import EcholotTestSupport
import Foundation
import Testing

@testable import EcholotModel

/// Checks that find a file's problems out of its order — dependencies by id, an extending
/// pack's manifest part by part, a story's steps by kind — tell its first 100 problems by
/// position, not the first 100 found, and hold it to the cap of every file's report.
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

    /// Dependencies written in the reverse of their ids' order, the order they are resolved
    /// in: the first 100 in the file are told (m-999 to m-900), not the first 100 found.
    @Test func missingDependenciesAreToldInFileOrder() throws {
        let scratch = Scratch()
        let dependencies = (0..<150).map { #""m-\#(999 - $0)": "^1.0.0""# }.joined(separator: ",\n")
        scratch.write(Packs.files(id: "p", extra: "\"dependencies\": {\n\(dependencies)\n}"), in: "p")
        let result = try echolot(["validate", "p"], in: scratch.url, data: scratch.at("data"))
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        try #require(lines.count == FileReport.maxProblems + 1, "\(lines.suffix(3))")
        #expect(lines.first?.hasPrefix(#"p/pack.json:2:10: error: dependencies.m-999: "#) == true, "\(lines.prefix(1))")
        #expect(lines[99].hasPrefix(#"p/pack.json:101:10: error: dependencies.m-900: "#), "\(lines[99])")
        #expect(lines.last == "p/pack.json:151:10: error: 50 more problems in this file are not told; fix these first")
    }

    /// An extending pack's manifest checked against its base part by part — the levels it
    /// lists, then its parameters, then its preview — where the file writes them the other
    /// way round: the preview and the first 99 parameters are told, not the levels found first.
    @Test func anExtendingPacksManifestIsToldInFileOrder() throws {
        let scratch = Scratch()
        scratch.write(Packs.files(id: "base"), in: "data/packs/base")
        let parameters = (0..<120).map { #""x\#($0)": { "timeLimit": { "seconds": 1 } }"# }.joined(separator: ",\n")
        let levels = (0..<30).map { #""y\#($0)""# }.joined(separator: ",\n")
        scratch.write(["pack.json": """
            { "id": "p", "name": "P", "version": "1.0.0", "api": 1, "author": "Tester", "extends": "base",
            "preview": "gone.wav",
            "parameters": {
            \(parameters)
            },
            "levels": ["one",
            \(levels)
            ] }
            """], in: "p")
        let result = try echolot(["validate", "p"], in: scratch.url, data: scratch.at("data"))
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        try #require(lines.count == FileReport.maxProblems + 1, "\(lines.suffix(3))")
        #expect(lines.first?.hasPrefix(#"p/pack.json:2:12: error: preview: sound file "sounds/gone.wav" is neither"#) == true,
                "\(lines.prefix(1))")
        #expect(lines[1].hasPrefix(#"p/pack.json:4:"#) && lines[1].contains(#"unknown level "x0""#), "\(lines[1])")
        #expect(lines[99].hasPrefix(#"p/pack.json:102:"#) && lines[99].contains(#"unknown level "x98""#), "\(lines[99])")
        #expect(lines.last?.hasPrefix("p/pack.json:155:") == true, "\(lines.suffix(1))")
        #expect(lines.last?.hasSuffix("error: 51 more problems in this file are not told; fix these first") == true,
                "\(lines.suffix(1))")
    }

    /// A cut-scene whose 120 ambience sounds come before its line's voice in story.json,
    /// though the audio check looks at the lines first: the ambience's first 100 are told,
    /// the voice after them counted, where the voice took the first place.
    @Test func aStorysSoundsAreToldInFileOrder() throws {
        let scratch = Scratch()
        var files = ["pack.json": Packs.manifest(id: "p", extra: #""kind": "story""#),
                     "strings/en.json": #"{ "pack.name": "Pack p" }"#]
        let ambience = (0..<120).map { index in
            files["sounds/wind-\(index).wav"] = "RIFF"
            return #"{ "file": "wind-\#(index).wav" }"#
        }
        files["sounds/voice.wav"] = "RIFF"
        files["story.json"] = """
            { "chapters": [ { "id": "a", "steps": [ { "cutscene": "s", "ambience": [
            \(ambience.joined(separator: ",\n"))
            ],
            "lines": [ { "id": "pack.name", "duration": 1, "voice": "voice.wav" } ] } ] } ] }
            """
        scratch.write(files, in: "p")
        let result = try echolot(["validate", "p"], in: scratch.url, data: scratch.at("data"))
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        try #require(lines.count == FileReport.maxProblems + 1, "\(lines.suffix(3))")
        #expect(lines.first?.hasPrefix(#"p/story.json:2:11: error: ambience "sounds/wind-0.wav": "#) == true, "\(lines.prefix(1))")
        #expect(lines[99].hasPrefix(#"p/story.json:101:11: error: ambience "sounds/wind-99.wav": "#), "\(lines[99])")
        #expect(!lines.contains { $0.contains("voice of line") }, "\(lines.suffix(3))")
        #expect(lines.last?.hasPrefix("p/story.json:123:") == true, "\(lines.suffix(1))")
        #expect(lines.last?.hasSuffix("error: 21 more problems in this file are not told; fix these first") == true,
                "\(lines.suffix(1))")
    }
}
