import Foundation

/// The rules for names inside a pack archive: every entry must land inside the pack, and
/// two entries must never land on the same file.
enum ArchivePath {
    /// Names longer than this (in UTF-8 bytes) are refused; no pack needs them and some
    /// file systems cannot store them.
    static let maxLength = 1_024
    /// The longest single folder or file name, in UTF-8 bytes.
    static let maxComponentLength = 255

    /// What is wrong with an entry name, if anything. Folder entries end in `/`; that
    /// one trailing slash is allowed.
    static func problem(_ name: String) -> String? {
        if name.isEmpty { return "an entry has an empty name" }
        if name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return "entry \(quoted(name)) has control characters in its name"
        }
        if name.utf8.count > maxLength { return "entry \(quoted(name)) has a name longer than \(maxLength) bytes" }
        if name.contains("\\") {
            return "entry \(quoted(name)) uses '\\' in its name; archive names use '/', and a '\\' could be read as a folder separator"
        }
        let scalars = Array(name.unicodeScalars)
        let hasDrive = scalars.count >= 2 && scalars[1] == ":"
        if name.hasPrefix("/") || hasDrive {
            return "entry \(quoted(name)) has an absolute path; it would be written outside the pack"
        }
        var parts = name.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count > 1, parts.last == "" { parts.removeLast() }
        if parts.contains("..") {
            return "entry \(quoted(name)) contains '..'; it would be written outside the pack"
        }
        if parts.contains(".") || parts.contains("") {
            return "entry \(quoted(name)) has an empty or '.' path segment; write each name once, plainly"
        }
        if parts.contains(where: { $0.utf8.count > maxComponentLength }) {
            return "entry \(quoted(name)) has a file or folder name longer than \(maxComponentLength) bytes"
        }
        return nil
    }

    /// The name without a folder entry's trailing `/`.
    static func trimmed(_ name: String) -> String {
        name.hasSuffix("/") ? String(name.dropLast()) : name
    }

    /// The key under which two names collide on a case-insensitive or normalising file
    /// system (macOS, Windows): Unicode-normalised and case-folded.
    static func collisionKey(_ name: String) -> String {
        trimmed(name).precomposedStringWithCanonicalMapping.lowercased()
    }

    /// Whether the entry is operating-system clutter (macOS resource forks and folder
    /// settings) that is skipped rather than extracted.
    static func isClutter(_ name: String) -> Bool {
        let trimmedName = trimmed(name)
        return trimmedName == "__MACOSX" || trimmedName.hasPrefix("__MACOSX/")
            || trimmedName.split(separator: "/").last == ".DS_Store"
    }
}
