import EcholotCore

/// Where a saved story record resumes in a book: a chapter and a step of it.
public struct StoryPlace: Equatable, Sendable {
    /// The chapter's index in ``StoryBook/chapters``.
    public var chapter: Int
    /// The step's index in that chapter.
    public var step: Int
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
        guard let chapter = record["chapter"]?.stringValue, let index = chapterIndex(chapter) else {
            return .failure(StoryPlaceError(
                description: "the saved story is in chapter \(record["chapter"] ?? .null), which \(displayPath) does not define"))
        }
        guard let step = record["step"]?.intValue else {
            return .failure(StoryPlaceError(
                description: "the saved story's 'step' must be an integer, found \(record["step"]?.typeName ?? "none")"))
        }
        guard chapters[index].steps.indices.contains(step) else {
            return .failure(StoryPlaceError(description: "the saved story is at step \(step + 1) of chapter '\(chapter)', "
                + "which has \(chapters[index].steps.count) steps in \(displayPath)"))
        }
        return .success(StoryPlace(chapter: index, step: step))
    }
}
