import ArgumentParser
import EcholotModel
import Foundation

/// An option naming a file to write (`play --record`, `pack --out`, `render --out`),
/// checked before any work: a mistyped one ends the command at once as a usage error, not
/// after a level was played, rendered or a pack validated, nor with a system message about
/// the current folder.
enum OutputFileOption {
    /// Throws a usage error naming `option` when `value` cannot be a file to write: empty
    /// or ending in `/`, not ending in `.extension` (any case) when one is given, in a folder
    /// that does not exist or cannot be written, or a folder.
    static func check(_ value: String, option: String, example: String, extension fileExtension: String? = nil) throws {
        guard !value.isEmpty, !value.hasSuffix("/") else {
            throw ValidationError("\(option) needs a file name, such as \(example)")
        }
        // What is written is of one kind whatever the name says: a WAV named `.mp3` would
        // be taken for an MP3 by every player, an archive not named `.zip` refused by install.
        if let fileExtension, URL(fileURLWithPath: value).pathExtension.lowercased() != fileExtension {
            throw ValidationError("\(option): \(MessageText.argument(value)) does not end in .\(fileExtension); "
                + "the file written is a .\(fileExtension) file, so name it as one, such as \(example)")
        }
        let folder = URL(fileURLWithPath: value).deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw ValidationError("\(option): the folder \(MessageText.argument(folder)) does not exist")
        }
        guard access(folder, W_OK) == 0 else {
            throw ValidationError("\(option): the folder \(MessageText.argument(folder)) cannot be written")
        }
        if FileManager.default.fileExists(atPath: value, isDirectory: &isFolder), isFolder.boolValue {
            throw ValidationError("\(option): \(value) is a folder; give a file name inside it")
        }
        // Written through a link to the file it names; a device or a pipe there would be
        // replaced by the file (as root, /dev/full became a zip).
        if OutputGuard.isSpecialFile(URL(fileURLWithPath: value)) {
            throw ValidationError("\(option): \(MessageText.argument(value)) exists and is not a regular file (a device, a pipe or a socket); give a file name")
        }
    }

    /// Why the existing file `value` names (through links) may not be replaced by a file
    /// of `kind`; `nil` when there is none, or it is writable and empty or begins as
    /// `isKind` says a file of that kind does. A mistyped option (`--out` for `--input`)
    /// would otherwise replace a recording, a pack's `pack.json` or a read-only file
    /// without a word. The one rule of `render --out` and `pack --out`.
    static func replacing(_ value: String, kind: String, beginning: String, isKind: ([UInt8]) -> Bool) -> String? {
        let url = URL(fileURLWithPath: value)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let refusal = "\(MessageText.argument(value)):1:1: error: the file exists and is not \(kind) (it does not begin "
            + "with \(beginning)), so it is not replaced; give a new file name, or remove the file first"
        guard let handle = FileHandle(forReadingAtPath: url.path) else { return refusal }
        defer { try? handle.close() }
        // `nil` is the end of the file at once: an empty file.
        guard let head = try? handle.read(upToCount: 16) ?? Data() else { return refusal }
        guard head.isEmpty || isKind([UInt8](head)) else { return refusal }
        // One of the kind, made read-only: kept as `cp` keeps it, not renamed over.
        guard OutputGuard.isReadOnly(url) else { return nil }
        return "\(MessageText.argument(value)):1:1: error: the file is read-only, so it is not replaced; "
            + "make it writable (chmod u+w), or give a new file name"
    }


    /// Whether `head` begins a zip archive: a local file header, or the end record alone
    /// of an empty archive.
    static func isZip(_ head: [UInt8]) -> Bool {
        head.count >= 4 && (head[0 ..< 4].elementsEqual([0x50, 0x4B, 0x03, 0x04]) || head[0 ..< 4].elementsEqual([0x50, 0x4B, 0x05, 0x06]))
    }
}
