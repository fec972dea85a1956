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
/// saved (a chapter removed, a chapter shortened) or the record is not one.
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
        return .success(StoryPlace(chapter: index, step: step))
    }
}
