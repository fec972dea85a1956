import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Names of temporary files and folders that carry the id of the process that made them
/// (`PREFIX<pid>-<uuid>`), so that a later process can remove what one killed mid-write
/// left behind: `kill -9` and a power cut run no cleanup.
public enum LeftOver {
    /// A fresh name for this process: `prefix`, its id, a UUID, `suffix`.
    public static func name(prefix: String, suffix: String = "") -> String {
        "\(prefix)\(getpid())-\(UUID().uuidString)\(suffix)"
    }

    /// Removes the entries of `folder` named by ``name(prefix:suffix:)`` in a process that
    /// is gone. A live process's entry stays, and so does another user's (the system does
    /// not say whether that process lives) or any name not made exactly so: a user's
    /// `.a.wav.2024-06-01.tmp`, or the temporary of a write to `a.wav.99-x`, whose name
    /// begins as one of `a.wav`'s would. (Process ids are this machine's: a folder shared
    /// with another machine writing the same file at once is not provided for.)
    public static func sweep(_ folder: URL, prefix: String, suffix: String = "") {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(suffix) && name.count > prefix.count + suffix.count {
            guard let owner = owner(of: name.dropFirst(prefix.count).dropLast(suffix.count)),
                  kill(owner, 0) != 0, errno == ESRCH
            else { continue }
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }

    /// The process id of `<pid>-<uuid>`, the part ``name(prefix:suffix:)`` makes between
    /// its prefix and suffix; nil for anything else.
    private static func owner(of middle: Substring) -> pid_t? {
        guard let dash = middle.firstIndex(of: "-"), middle[..<dash].allSatisfy(\.isASCII),
              let pid = pid_t(middle[..<dash]), pid > 0,
              UUID(uuidString: String(middle[middle.index(after: dash)...])) != nil else { return nil }
        return pid
    }
}
