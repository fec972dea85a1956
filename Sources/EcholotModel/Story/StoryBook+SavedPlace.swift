import EcholotCore

/// Where a saved story record resumes in a book: a chapter and a step of it.
public struct StoryPlace: Equatable, Sendable {
    /// The chapter's index in ``StoryBook/chapters``.
    public var chapter: Int
    /// The step's index in that chapter.
    public var step: Int

    /// The place at step `step` of chapter `chapter` (indices).
    public init(chapter: Int, step: Int) {
        self.chapter = chapter
        self.step = step
    }
}

/// Why a saved story record cannot be resumed in a book: the book changed since it was
/// saved (a chapter removed, a chapter shortened, another step where its scene was) or the
/// record is not one.
public struct StoryPlaceError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What does not fit, in a sentence without a prefix.
    public let description: String
}

extension StoryBook {
    /// Where `record` (a `story` record as saved at the start of a scene) resumes in this
    /// book. The menu asks before it offers Continue and the director before it resumes,
    /// so both refuse the same records for the same reason.
    public func place(of record: PersistentMap<Value>) -> Result<StoryPlace, StoryPlaceError> {
        guard let chapter = record["chapter"]?.stringValue else {
            return .failure(StoryPlaceError(
                description: "the saved story's 'chapter' must be a chapter id, found \(record["chapter"]?.typeName ?? "none")"))
        }
        guard let index = chapterIndex(chapter) else {
            return .failure(StoryPlaceError(description: "the saved story is in \(StoryBook.undefinedChapter(chapter))"))
        }
        guard let step = record["step"]?.intValue, step >= 0 else {
            return .failure(StoryPlaceError(
                description: "the saved story's 'step' must be a step number from 0, found \(record["step"] ?? .null)"))
        }
        let count = chapters[index].steps.count
        guard step < count else {
            return .failure(StoryPlaceError(description: "the saved story is at step \(step + 1) of chapter \(named(chapter)), "
                + "which has \(count) step\(count == 1 ? "" : "s") in \(StoryReader.fileName)"))
        }
        // Steps removed or added before the place leave it in range at another step: resumed
        // there, the story would skip the saved scene, or play on past steps it never played.
        // A scene that keeps another place began where a story rule then moved the story
        // from: the place is the rule's, not the scene's.
        let now = chapters[index].steps[step].kind
        if let scene = record["scene"]?.mapValue, let kind = StorySceneKind(scene: scene), let id = scene["id"]?.stringValue,
           (scene["chapter"]?.stringValue ?? chapter) == chapter, (scene["step"]?.intValue ?? step) == step,
           now.scene.map({ $0 == (kind, id) }) != true {
            return .failure(StoryPlaceError(description: "the saved story is in \(kind.named(id)) at step \(step + 1) of chapter "
                + "\(named(chapter)), where \(StoryReader.fileName) now has \(now.described)"))
        }
        return .success(StoryPlace(chapter: index, step: step))
    }
}

extension StepKind {
    /// The scene the step plays, by kind and id; `nil` for a step that plays none.
    var scene: (kind: StorySceneKind, id: String)? {
        switch self {
        case let .cutscene(scene): return (.cutscene, scene.id)
        case let .level(step): return (.level, step.level)
        case let .choice(choice): return (.choice, choice.id)
        default: return nil
        }
    }

    /// The step as a message names it: its scene, or what kind of step it is.
    var described: String {
        if let (kind, id) = scene { return kind.named(id) }
        switch self {
        case .branch: return "a branch"
        case .jump: return "a goto step"
        case .set: return "a set step"
        case .end: return "an end step"
        default: return "a step"
        }
    }
}

extension StorySceneKind {
    /// A scene of this kind as a message names it, as a story test's play does: `level 'buoy'`,
    /// `cutscene 'sea.intro'`.
    func named(_ id: String) -> String {
        "\(rawValue) \(EcholotModel.named(id))"
    }
}
