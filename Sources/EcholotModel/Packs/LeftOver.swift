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
    /// not say whether that process lives) or one whose name has no process id.
    public static func sweep(_ folder: URL, prefix: String, suffix: String = "") {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(suffix) && name.count > prefix.count + suffix.count {
            guard let owner = name.dropFirst(prefix.count).split(separator: "-").first.flatMap({ pid_t($0) }),
                  owner > 0, kill(owner, 0) != 0, errno == ESRCH
            else { continue }
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }
}
