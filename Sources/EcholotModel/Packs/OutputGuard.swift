import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps a command's output off its input: `echolot pack --out` or `render --out` aimed
/// inside a pack being read (or at its archive) would replace that pack's own files.
public enum OutputGuard {
    /// The file a write to `output` lands in: `output`, or what the link there names, link
    /// after link, whether that file exists yet or not (`resolvingSymlinksInPath` stops at a
    /// link whose file is not there, and renaming over it replaced the link).
    public static func destination(of output: URL) -> URL {
        // Each step's folder with its own links resolved: a folder may be a link too.
        func placed(_ url: URL) -> URL {
            url.standardizedFileURL.deletingLastPathComponent().resolvingSymlinksInPath().appendingPathComponent(url.lastPathComponent)
        }
        var current = placed(output)
        for _ in 0 ..< 40 {
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: current.path) else { return current }
            current = placed(target.hasPrefix("/") ? URL(fileURLWithPath: target)
                                : current.deletingLastPathComponent().appendingPathComponent(target))
        }
        return current
    }

    /// A fresh hidden file beside `destination` (a file ``destination(of:)`` gave) to write
    /// it in and rename over it: `.NAME.<pid>-<uuid>.tmp`. A write killed before its rename
    /// (`kill -9`) leaves its file there; the next write to the same destination removes
    /// every such file whose process is gone, so none is left for good.
    public static func temporary(beside destination: URL) -> URL {
        let folder = destination.deletingLastPathComponent()
        let prefix = ".\(destination.lastPathComponent)."
        LeftOver.sweep(folder, prefix: prefix, suffix: ".tmp")
        return folder.appendingPathComponent(LeftOver.name(prefix: prefix, suffix: ".tmp"))
    }

    /// Whether `output` (a link followed to what it names) exists and is neither a regular
    /// file nor a folder: a device, a pipe or a socket, which renaming a file over it would
    /// replace (as root, `/dev/full` became a zip) and writing into would not keep.
    public static func isSpecialFile(_ output: URL) -> Bool {
        // stat(2) follows links to the end: a link to a file not made yet is no device,
        // and the write makes that file.
        var info = stat()
        guard stat(output.path, &info) == 0 else { return false }
        let type = info.st_mode & S_IFMT
        return type != S_IFREG && type != S_IFDIR
    }

    /// Whether the existing file `output` (links followed) is read-only: its mode lets no
    /// one write it, or this process may not. Renaming over it needs only its folder, so a
    /// writer asks first, as `cp` does, rather than replace a file the user protected (and
    /// as root, which `access` lets write anything, the mode is what the user said).
    public static func isReadOnly(_ output: URL) -> Bool {
        var info = stat()
        guard stat(output.path, &info) == 0 else { return false }
        return info.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH) == 0 || access(output.path, W_OK) != 0
    }

    /// Gives `temporary` the permissions of the file at `destination` it is about to be
    /// renamed over: a replaced file keeps the mode its user gave it (a new one has the
    /// default). Nothing there, or a mode that cannot be set, leaves the default.
    public static func keepMode(of destination: URL, on temporary: URL) {
        var info = stat()
        guard stat(destination.path, &info) == 0 else { return }
        _ = chmod(temporary.path, info.st_mode & 0o7777)
    }

    /// Why `output` may not be written while `inputs` (pack folders or `.zip` files) are
    /// read; `nil` when it may. Links are followed on both sides.
    public static func problem(writing output: URL, reading inputs: [URL]) -> String? {
        // Where the write lands, as the writers find it: through links, to a file that may not exist yet.
        let target = destination(of: output).path
        for input in inputs {
            let source = input.standardizedFileURL.resolvingSymlinksInPath().path
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: source, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                if PathInside.isBelow(target, folder: source) {
                    return "the output is inside a pack folder being read; write it outside the pack"
                }
            } else if target == source {
                return "the output is the pack archive being read; write it elsewhere"
            }
        }
        return nil
    }
}
