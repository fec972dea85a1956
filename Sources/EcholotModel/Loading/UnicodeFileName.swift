import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds a file whose name on disk differs from the one a pack file writes only in Unicode
/// normalisation: macOS writes `café.wav` decomposed (NFD), most editors type it composed
/// (NFC), and Linux compares the bytes, so a pack made on one reads as missing on the other.
public enum UnicodeFileName {
    /// `relative` (a path inside `folder`, with `/`) as it is spelt on disk: itself when that
    /// path exists, else with each component that does not exist replaced by the entry of
    /// its folder that is canonically equivalent to it (Swift's `==` on strings; it keeps
    /// case apart, so `Bell.wav` never finds `bell.wav`). Of several such entries the one
    /// first in byte order is taken, so the answer does not depend on the listing's order.
    /// `relative` itself when no entry matches. Links are not followed here: the caller
    /// still resolves the answer and refuses one that leads out of the pack.
    public static func onDisk(_ relative: String, in folder: String) -> String {
        guard !exists(join(folder, relative)) else { return relative }
        var current = folder
        var found: [String] = []
        // By scalar: an accent after a '/' joins it into one Character.
        for component in ArchivePath.segments(relative) {
            var name = component
            if !component.isEmpty, !exists(join(current, component)) {
                guard let names = try? FileManager.default.contentsOfDirectory(atPath: current),
                      let match = names.filter({ $0 == component }).min(by: { Array($0.utf8).lexicographicallyPrecedes($1.utf8) })
                else { return relative }
                name = match
            }
            found.append(name)
            current = join(current, name)
        }
        return found.joined(separator: "/")
    }

    /// The URL of `relative` inside `folder`, spelt as it is on disk (``onDisk(_:in:)``).
    public static func url(_ relative: String, in folder: URL) -> URL {
        folder.appendingPathComponent(onDisk(relative, in: folder.path))
    }

    private static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// Whether anything — a link leading nowhere too — is at `path`.
    private static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }
}
