import EcholotTestSupport
import Foundation
import Testing

/// `echolot validate` on stories far longer than anyone writes: checked in full, without
/// recursion that a long run of steps could overflow.
@Suite struct LongStoryTests {
    /// A copy of Night Walk with `story` as its story.json.
    private func nightWalk(story: Any) throws -> URL {
        let folder = try shippedPackCopy("night-walk")
        try JSONSerialization.data(withJSONObject: story).write(to: folder.appendingPathComponent("story.json"))
        return folder
    }

    @Test func twentyThousandStepsInARowAreChecked() throws {
        let steps: [Any] = (0..<20_000).map { ["set": "v\($0)", "value": $0] } + [["end": "x"]]
        let folder = try nightWalk(story: ["chapters": [["id": "a", "steps": steps]]])
        let result = try echolot(["validate", folder.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("ok: night-walk"))
    }

    @Test func tenThousandOneStepChaptersAreChecked() throws {
        let chapters: [Any] = (0..<10_000).map { ["id": "c\($0)", "steps": [["set": "v", "value": $0]]] }
            + [["id": "z", "steps": [["end": "x"]]]]
        let folder = try nightWalk(story: ["chapters": chapters])
        let result = try echolot(["validate", folder.path])
        #expect(result.status == 0, "\(result.stderr)")
    }

    /// A loop twenty thousand steps round is still found, once, at its jump.
    @Test func aLongLoopIsReportedOnceAtItsJump() throws {
        let steps: [Any] = (0..<20_000).map { ["set": "v\($0)", "value": $0] } + [["goto": "a"]]
        let folder = try nightWalk(story: ["chapters": [["id": "a", "steps": steps], ["id": "b", "steps": [["end": "x"]]]]])
        let result = try echolot(["validate", folder.path])
        #expect(result.status == 1)
        let text = try String(contentsOf: folder.appendingPathComponent("story.json"), encoding: .utf8)
        let column = text.distance(from: text.startIndex, to: try #require(text.range(of: #"{"goto""#)).lowerBound) + 1
        // Night Walk's strings name its own chapters, which this story has not: warned of in
        // the strings files, beside what is told of the story.
        let story = "\(folder.path)/story.json"
        #expect(result.stderr.split(separator: "\n").filter { $0.hasPrefix(story) } == [
            "\(story):1:1: note: \(storyScriptsNote)",
            "\(story):1:\(column): error: this jump loops with no level or choice in between (a), "
                + "so the story would never go on; put a level, a choice or an end in the loop",
        ])
    }
}
