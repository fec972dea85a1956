import Foundation
import ZIPFoundation

/// The rules for names inside a pack archive: every entry must land inside the pack, and
/// two entries must never land on the same file.
///
/// Names are taken apart by Unicode scalar, never by Swift `Character`: an accent after a
/// `/` joins it into one character, so `"../\u{301}x"` splits into nothing as characters
/// while the file system still sees `..` and a name beginning with the accent.
enum ArchivePath {
    /// Names longer than this (in UTF-8 bytes) are refused; no pack needs them and some
    /// file systems cannot store them.
    static let maxLength = 1_024
    /// The longest single folder or file name, in UTF-8 bytes.
    static let maxComponentLength = 255

    /// What is wrong with an entry name, if anything. Folder entries end in `/`; that
    /// one trailing slash is allowed.
    static func problem(_ name: String) -> String? {
        let scalars = Array(name.unicodeScalars)
        if scalars.isEmpty { return "an entry has an empty name" }
        if scalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return "entry \(quoted(name)) has control characters in its name"
        }
        if name.utf8.count > maxLength { return "entry \(quoted(name)) has a name longer than \(maxLength) bytes" }
        if scalars.contains("\\") {
            return "entry \(quoted(name)) uses '\\' in its name; archive names use '/', and a '\\' could be read as a folder separator"
        }
        let hasDrive = scalars.count >= 2 && scalars[1] == ":"
        if scalars[0] == "/" || hasDrive {
            return "entry \(quoted(name)) has an absolute path; it would be written outside the pack"
        }
        var parts = segments(name)
        if parts.count > 1, parts.last?.isEmpty == true { parts.removeLast() }
        if parts.contains(where: { plain($0, "..") }) {
            return "entry \(quoted(name)) contains '..'; it would be written outside the pack"
        }
        if parts.contains(where: { plain($0, ".") || $0.isEmpty }) {
            return "entry \(quoted(name)) has an empty or '.' path segment; write each name once, plainly"
        }
        if parts.contains(where: { $0.utf8.count > maxComponentLength }) {
            return "entry \(quoted(name)) has a file or folder name longer than \(maxComponentLength) bytes"
        }
        return nil
    }

    /// Whether a file or folder name is hidden (`.git`, `.DS_Store`): `echolot pack` leaves
    /// such names out, and validation refuses a pack file that names one, by this one rule.
    static func isHidden(_ part: String) -> Bool {
        part.hasPrefix(".")
    }

    /// The folder and file names of `name`, split at every `/` scalar.
    static func segments(_ name: String) -> [String] {
        name.unicodeScalars.split(separator: "/", omittingEmptySubsequences: false)
            .map { String(String.UnicodeScalarView($0)) }
    }

    /// The name without a folder entry's trailing `/`.
    static func trimmed(_ name: String) -> String {
        name.unicodeScalars.last == "/" ? String(String.UnicodeScalarView(name.unicodeScalars.dropLast())) : name
    }

    /// `name` below `folder` (which ends in `/`, or is empty for the top), without it;
    /// `nil` when the name is not below it. Compared scalar by scalar, as the file system does.
    static func relative(_ name: String, below folder: String) -> String? {
        guard name.unicodeScalars.starts(with: folder.unicodeScalars) else { return nil }
        return String(String.UnicodeScalarView(name.unicodeScalars.dropFirst(folder.unicodeScalars.count)))
    }

    /// The key under which two names collide on a case-insensitive or normalising file
    /// system (macOS, Windows): Unicode-normalised and case-folded.
    static func collisionKey(_ name: String) -> String {
        trimmed(name).precomposedStringWithCanonicalMapping.lowercased()
    }

    /// Whether the entry is operating-system clutter (macOS resource forks and folder
    /// settings) that is skipped rather than extracted.
    static func isClutter(_ name: String) -> Bool {
        let parts = segments(trimmed(name))
        return parts.first.map { plain($0, "__MACOSX") } == true || parts.last.map { plain($0, ".DS_Store") } == true
    }

    /// Whether `part` is exactly `text`, byte for byte (Swift's `==` would also take
    /// another Unicode form of it), as the file system compares names.
    static func plain(_ part: String, _ text: String) -> Bool {
        part.utf8.elementsEqual(text.utf8)
    }

    /// The entry's name as the tool that wrote it meant it. ZIPFoundation reads a name
    /// without the UTF-8 flag (general purpose bit 11) as code page 437, but Info-ZIP's
    /// `zip` (Linux's `zip -r`) writes UTF-8 names without setting it, so `glöckchen.wav`
    /// came out `gl├╢ckchen.wav`. A name whose bytes are UTF-8 is read as UTF-8 (a real
    /// code page 437 name with letters beyond ASCII hardly ever is), any other as code
    /// page 437. Control bytes stay control characters either way (the code page's table
    /// draws them as `←`, `☺`), so that they are refused as in a flagged name.
    static func name(of entry: Entry) -> String {
        // ISO Latin 1 gives each byte the scalar of its value: the name's bytes, unchanged.
        let bytes = entry.path(using: .isoLatin1).unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        let oem = entry.path(using: codePage437)
        guard oem.unicodeScalars.count == bytes.count else { return oem }
        var name = String.UnicodeScalarView()
        for (byte, scalar) in zip(bytes, oem.unicodeScalars) {
            name.append(byte < 0x20 || byte == 0x7F ? Unicode.Scalar(byte) : scalar)
        }
        return String(name)
    }

    /// Code page 437 (DOS Latin US), the encoding ZIP names have without the UTF-8 flag,
    /// which ZIPFoundation reads by its own table on Linux but does not make public.
    private static let codePage437 = String.Encoding(rawValue: 0x8000_0400)

    /// How two names that collide (the same ``collisionKey(_:)``, other bytes) differ,
    /// said so that names which look alike are told apart: `differ only in case`, or
    /// `differ only in Unicode form: "é" is U+00E9 (NFC) in the first and U+0065 U+0301
    /// (NFD) in the second` — quoted, the two would read the same.
    static func difference(_ first: String, _ second: String) -> String {
        let one = trimmed(first), other = trimmed(second)
        guard one.count == other.count else { return "differ only in case or Unicode form" }
        let pairs = zip(one, other)
        // Another form: the same letters, case aside, in other bytes.
        guard let form = pairs.first(where: { pair in
            let (a, b) = (pair.0.lowercased(), pair.1.lowercased())
            return a == b && !plain(a, b)
        }) else { return "differ only in case" }
        let kind = pairs.contains { $0 != $1 } ? "case and Unicode form" : "Unicode form"
        return "differ only in \(kind): \(quoted(String(form.0))) is \(spelling(form.0)) in the first and "
            + "\(spelling(form.1)) in the second"
    }

    /// A character's scalars (`U+0065 U+0301`), with the Unicode form they are written in
    /// when it is one of the two file systems use.
    private static func spelling(_ character: Character) -> String {
        let text = String(character)
        let codes = text.unicodeScalars.map { "U+" + MessageText.hex($0) }.joined(separator: " ")
        if plain(text, text.precomposedStringWithCanonicalMapping) { return codes + " (NFC)" }
        if plain(text, text.decomposedStringWithCanonicalMapping) { return codes + " (NFD)" }
        return codes
    }
}
