import ArgumentParser
import EcholotModel
import Foundation

/// An option naming a file to write (`play --record`, `pack --out`, `render --out`),
/// checked before any work: a mistyped one ends the command at once as a usage error, not
/// after a level was played, rendered or a pack validated, nor with a system message about
/// the current folder.
enum OutputFileOption {
    /// Throws a usage error naming `option` when `value` cannot be a file to write: empty
    /// or ending in `/`, in a folder that does not exist or cannot be written, or a folder.
    static func check(_ value: String, option: String, example: String) throws {
        guard !value.isEmpty, !value.hasSuffix("/") else {
            throw ValidationError("\(option) needs a file name, such as \(example)")
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
}
