import Foundation

/// A file as it is now — its path, size and time of change — so that what was made from
/// it (a decoding, an OpenAL buffer) is reused until the file is edited, and only then.
struct FileVersion: Hashable, Sendable {
    /// The path, links resolved.
    var path: String
    /// Its size in bytes; -1 when it could not be read.
    var size: Int
    /// When it last changed; nil when that could not be read.
    var changed: Date?

    /// The file at `url` as it is now.
    init(_ url: URL) {
        path = url.resolvingSymlinksInPath().path
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        size = (attributes?[.size] as? NSNumber)?.intValue ?? -1
        changed = attributes?[.modificationDate] as? Date
    }

    /// Whether the file could be looked at: one that could not is no version to keep.
    var isKnown: Bool { size >= 0 && changed != nil }
}
