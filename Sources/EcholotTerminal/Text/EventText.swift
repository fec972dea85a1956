import EcholotCore
import EcholotModel

/// Level events as sentences: the same words on the full screen and in line mode.
public struct EventText {
    /// Names of the pack's things.
    public let names: Names
    /// Goal sentences.
    public let goals: GoalText
    /// Achievements the player had already: earning one again says nothing.
    public let earnedBefore: Set<String>
    /// The story scene the events happen in, if any: a choice's options name their speakers.
    public let scene: StoryScene?

    /// Event sentences using `names`, in `scene` when a story is played.
    public init(names: Names, earnedBefore: Set<String> = [], scene: StoryScene? = nil) {
        self.names = names
        self.earnedBefore = earnedBefore
        self.scene = scene
        goals = GoalText(names: names)
    }

    /// The sentence for `event` in `level` (the level as it is after the event), and
    /// whether it is good or bad news; `nil` for events that say nothing by themselves.
    /// An entity `level` lacks is named from `left`, the level the event's action left.
    public func sentence(_ event: LevelEvent, in level: Level, left: Level? = nil) -> (text: String, style: TextStyle)? {
        let words = names.words
        func entity(_ id: String) -> String {
            guard level[LevelKeys.entities][id] == nil, let left, left[LevelKeys.entities][id] != nil else {
                return names.entity(id, in: level)
            }
            return names.entity(id, in: left)
        }
        switch event {
        case .started:
            return nil
        case let .hit(id, found):
            return (words.hit(entity(id), found: found), .good)
        case let .wrong(id):
            return (words.wrong(entity(id)), .bad)
        case let .miss(misses):
            // A choice counts no misses: the player is told how to pick instead.
            if case let .choice(options, _)? = scene {
                return (words.missedTheOptions(count: options.count, voices: Self.hasVoices(options, in: level)), .bad)
            }
            return (words.missedNothing(misses: misses, left: Self.missesLeft(misses, in: level, words: words)), .bad)
        case let .goalMet(id):
            guard let goal = level[LevelKeys.goals][id] else { return nil }
            return (words.goalMet(goals.status(goal, in: level).text), .good)
        case let .goalFailed(id):
            guard let goal = level[LevelKeys.goals][id] else { return nil }
            return (words.goalFailed(goals.status(goal, in: level).text), .bad)
        case .won:
            return (words.won, .good)
        case .lost:
            return (words.lost, .bad)
        case let .scored(score):
            return (words.score(score) + ".", .normal)
        case let .achievement(id, title):
            guard !earnedBefore.contains(id) else { return nil }
            return (words.achievementEarned(names.achievement(id, title: title)), .good)
        case let .problem(message, clockStopped):
            return (words.ruleFailed(message, clockStandsStill: clockStopped), .warning)
        case .problemsUntold:
            return (words.ruleFailed(words.failuresNoLongerTold), .warning)
        case let .line(id, speaker, azimuth, time):
            // A voiced line may have no words (a sigh, a sting): its id means nothing to a
            // player, so it says who is heard and where, and a wordless line no one speaks
            // is the sound alone.
            guard let text = names.string(id) else {
                return speaker.map { (voiced(nil, speaker: $0, azimuth: azimuth, in: level), .normal) }
            }
            // The time is said in the line's own language, which is the default's where a
            // translation lacks the line: the state holds only the hour.
            let said = time.map { $0.said(in: text, language: names.language(ofString: id)) } ?? text
            return (voiced(said, speaker: speaker, azimuth: azimuth, in: level), .normal)
        case let .choiceOffered(_, options):
            var speakers: [String: String] = [:]
            if case let .choice(_, byOption)? = scene { speakers = byOption }
            let said = options.enumerated().map { index, value -> String in
                let entity = level[LevelKeys.entities][value]
                return "\(index + 1). " + voiced(option(value, line: entity?[EntityKeys.name]), speaker: speakers[value],
                                                 azimuth: entity?[EntityKeys.azimuth], in: level)
            }
            // An option a line (the displays say each line of a message as a line of its
            // own): options run together with semicolons are read as one long sentence.
            return (words.choose(voices: Self.hasVoices(options, in: level)) + "\n" + said.map(Self.closed).joined(separator: "\n"), .bold)
        case let .storyLevel(_, attempt):
            return attempt > 1 ? (words.tryAgain(attempt: attempt), .normal) : nil
        case let .choiceMade(value, line):
            return (words.chosen(Self.closed(option(value, line: line))), .good)
        case let .storyFinished(ending):
            let said = names.string("ending.\(ending)") ?? ending
            return (words.storyEnds(Self.closed(said)), .bold)
        case let .storyStopped(message):
            return (words.storyStopped(message), .bad)
        }
    }

    /// How many more misses the level's miss limits allow after `misses` (the tightest
    /// one's), with a space before it: a player counting their misses need not press i.
    /// Nothing when no limit holds any more: the miss that broke it is told as a failure.
    static func missesLeft(_ misses: Int, in level: Level, words: Words) -> String {
        let limits = level[LevelKeys.goals].nodes.map(\.node)
            .filter { $0[GoalKeys.type] == "maxMisses" && $0[GoalKeys.state] != .failed }
            .compactMap { $0["misses"].intValue }
        guard let allowed = limits.min(), allowed >= misses else { return "" }
        return words.missesLeft(allowed - misses)
    }

    /// An option's name, the same in the list, in view and as chosen: its `option.<value>`
    /// string when the pack has one, else the words of its line (string id `line`), else,
    /// for a line heard without words, its value, as an ending without a string is named.
    func option(_ value: String, line: String?) -> String {
        names.string("option.\(value)") ?? line.flatMap(names.string) ?? value
    }

    /// A placed voice's words, the same for every line and option: `Owl (90° left): Hoo.`
    /// The direction, from where the player faces now, follows who speaks (string id
    /// `speaker`), or the words when no one is named (`The river path. (behind)`); a voice
    /// without an azimuth (a narrator, heard inside the head) has none. A line without
    /// words (`text` nil) is who speaks and where, as a sentence: `Owl (90° left).`
    func voiced(_ text: String?, speaker: String?, azimuth: Double?, in level: Level) -> String {
        let center = level[LevelKeys.view][ViewKeys.center]
        let direction = azimuth.map { " (\(names.words.relative(Geometry.relative(azimuth: $0, center: center))))" } ?? ""
        guard let speaker else { return (text ?? "") + direction }
        let who = "\(names.string(speaker) ?? speaker)\(direction)"
        return text.map { "\(who): \($0)" } ?? Self.closed(who)
    }

    /// Whether the player turns toward the voices of `options` to pick one, or, where the
    /// pack gave none a voice (story.md's short example has none), toward their directions,
    /// since "a voice" would send the player listening for one that never sounds.
    static func hasVoices(_ options: [String], in level: Level) -> Bool {
        options.contains { level[LevelKeys.entities][$0]?[EntityKeys.sound] != nil }
    }

    /// `text` ending as a sentence: a pack's string that already ends as one ("Home at
    /// last!", "“Go.”", "Wait…") gets no full stop, which would be read out as a stray dot.
    static func closed(_ text: String) -> String {
        let end = text.last { !"\"'”’»)".contains($0) }
        return end.map { ".!?…".contains($0) } ?? true ? text : text + "."
    }

    /// What is in view, for line mode: "In view: Bell 5° right, Bee 40° left." A sound
    /// that selecting cannot pick (a story's voice) says so, or it would read as a target.
    /// A choice's option is named as in its list (``option(_:line:)``). A name that is a
    /// sentence (an option named by its whole line, which is what its voice says) has its
    /// direction in parentheses, as the choice's list has it, and the items are kept apart
    /// by semicolons: "The forest path. Long, but dry. ahead" read as a sentence and a
    /// stray word.
    /// The nearest ``mostNamedInView`` are named, and how many more there are: a crowded
    /// level named each of a thousand sounds in one line a screen reader never finished.
    public func inView(_ strip: ViewStrip, level: Level) -> String? {
        guard !strip.visible.isEmpty else { return nil }
        var sentences = false
        let nearest = strip.visible.sorted { abs($0.relative) < abs($1.relative) }
        let items = nearest.prefix(Self.mostNamedInView).map { item -> String in
            let entity = level[LevelKeys.entities][item.id]
            var name = names.entity(item.id, in: level)
            if case let .choice(options, _)? = scene, options.contains(item.id) {
                name = option(item.id, line: entity?[EntityKeys.name])
            }
            let found = entity?[EntityKeys.found] == true ? names.words.foundMark : ""
            let idle = entity?[EntityKeys.selectable] == false ? names.words.notSelectableMark : ""
            let direction = names.words.relative(item.relative)
            guard let last = name.last, ".!?…".contains(last) else { return "\(name)\(found)\(idle) \(direction)" }
            sentences = true
            return "\(name)\(found)\(idle) (\(direction))"
        }
        return names.words.inView(items, sentences: sentences, more: nearest.count - items.count)
    }

    /// The most sounds named in one "In view" line.
    public static let mostNamedInView = 8
}
