import EcholotCore

/// A story as it was played, written as a transcript test (`tests/*.story.json`): the
/// start time, every scene's inputs, and everything the play produced as the expectation.
/// `echolot play --record` writes one, so a play-through becomes a test that
/// `echolot test` replays exactly.
public struct StoryRecording: Sendable {
    /// One scene's inputs: the scene's kind (`level`, `choice`, `cutscene`), its id, and
    /// what the player did, in seconds from the scene's start.
    public struct Scene: Sendable {
        /// What kind of scene it is.
        public var kind: StorySceneKind
        /// The level, choice or cut-scene id.
        public var id: String
        /// The inputs.
        public var events: [InputEvent]

        /// Creates a scene.
        public init(kind: StorySceneKind, id: String, events: [InputEvent] = []) {
            self.kind = kind
            self.id = id
            self.events = events
        }
    }

    /// The time the story's clock started at.
    public var clock: TimeOfDay?
    /// The achievements the story began with (the profile's), which the test begins with too.
    public var earnedBefore: Set<String>
    /// The progress records of unearned achievements the story began with (the profile's),
    /// which the test begins with too.
    public var progressBefore: ProgressRecords
    /// The scenes played, in order.
    public var scenes: [Scene] = []
    /// What the play produced.
    public var transcript = StoryTranscript()

    /// An empty recording starting at `clock` with the achievements `earnedBefore` and the
    /// progress records `progressBefore`.
    public init(clock: TimeOfDay?, earnedBefore: Set<String> = [], progressBefore: ProgressRecords = [:]) {
        self.clock = clock
        self.earnedBefore = earnedBefore
        self.progressBefore = progressBefore
    }

    /// The test file's text: one play per line, so it reads and diffs well.
    public var testText: String {
        var parts: [String] = []
        if let clock {
            parts.append("  \"clock\": " + Value.map(["hour": .int(clock.hour), "minute": .int(clock.minute)]).jsonText)
        }
        if !earnedBefore.isEmpty {
            parts.append("  \"earnedBefore\": " + Value.list(earnedBefore.sorted().map(Value.string)).jsonText)
        }
        if !progressBefore.isEmpty {
            parts.append("  \"progressBefore\": " + AchievementProgress.json(progressBefore).jsonText)
        }
        let plays = scenes.map { scene -> String in
            let input = Value.list(scene.events.map { .map($0.object) }).jsonText
            return "    {\"\(scene.kind.rawValue)\": \(Value.string(scene.id).jsonText), \"input\": \(input)}"
        }
        parts.append("  \"plays\": [\n" + plays.joined(separator: ",\n") + "\n  ]")
        func strings(_ list: [String]) -> String { Value.list(list.map(Value.string)).jsonText }
        var expect = [
            "    \"lines\": " + strings(transcript.lines),
            "    \"choices\": " + strings(transcript.choices),
            "    \"picks\": " + strings(transcript.picks),
            "    \"levels\": " + strings(transcript.levels),
            "    \"variables\": " + Value.map(transcript.variables).jsonText,
            "    \"clocks\": " + strings(transcript.clocks),
            "    \"status\": " + Value.string(transcript.status).jsonText,
        ]
        if let ending = transcript.ending { expect.append("    \"ending\": " + Value.string(ending).jsonText) }
        parts.append("  \"expect\": {\n" + expect.joined(separator: ",\n") + "\n  }")
        return "{\n" + parts.joined(separator: ",\n") + "\n}\n"
    }
}
