import EcholotCore
import EcholotModel
import Foundation
import Testing

/// The director at run time: unchecked stories stop with a message instead of looping.
@Suite struct StoryDirectorTests {
    static func run(_ chapters: [Chapter]) throws -> StoryTranscript {
        let pack = try StoryValidationTests.pack()
        let book = StoryBook(chapters: chapters, start: chapters[0].id, displayPath: "story.json")
        return StoryRunner().run(book, pack: pack, script: StoryScript()) { _ in [] }
    }

    @Test func aLoopOfJumpsStopsTheStory() throws {
        let transcript = try Self.run([
            Chapter(id: "a", steps: [StoryStep(.jump("b"), at: .start)], position: .start),
            Chapter(id: "b", steps: [StoryStep(.jump("a"), at: .start)], position: .start),
        ])
        #expect(transcript.status == "stopped")
        #expect(transcript.errors.first?.contains("its jumps loop") == true)
    }

    @Test func anUnknownChapterStopsTheStory() throws {
        let transcript = try Self.run([Chapter(id: "a", steps: [StoryStep(.jump("zz"), at: .start)], position: .start)])
        #expect(transcript.status == "stopped")
        #expect(transcript.errors == ["story.json:1:1: no chapter 'zz'"])
    }

    @Test func cutsceneLinesFollowTheirDurations() throws {
        let lines = [StoryLine(id: "hello", seconds: 1), StoryLine(id: "bye", seconds: 1)]
        let transcript = try Self.run([
            Chapter(id: "a", steps: [
                StoryStep(.cutscene(Cutscene(id: "s", lines: lines)), at: .start),
                StoryStep(.set("seen", .bool(true)), at: .start),
                StoryStep(.end("done"), at: .start),
            ], position: .start),
        ])
        #expect(transcript.lines == ["hello", "bye"])
        #expect(transcript.variables["seen"] == .bool(true))
        #expect(transcript.ending == "done")
    }
}
