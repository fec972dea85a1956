import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One install at a time in a packs folder, so that the half-extracted folders an install
/// killed outright left behind (SIGKILL, a crash, a power cut: nothing of it ran to clean
/// up) can be told from one being written now, and swept away by the next install.
struct InstallLock {
    /// The hidden name an install extracts into, beside the packs it installs; an update
    /// swaps the old version out under it.
    static let incomingPrefix = ".incoming-"
    /// The hidden name an update of an earlier Echolot moved the old version aside to,
    /// left behind when it was killed before it removed it.
    static let replacedPrefix = ".replaced-"

    private let descriptor: Int32

    /// Takes the lock on `folder` (which exists); `nil` when another install holds it.
    /// The lock is the folder's own (flock(2) on it), so no file is left for it. A folder
    /// that cannot be opened or locked (a file system without locks) is not swept: the
    /// install goes on as before there were locks.
    init?(folder: URL) {
        var descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if descriptor >= 0, flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let held = errno == EWOULDBLOCK
            close(descriptor)
            if held { return nil }
            descriptor = -1
        }
        self.descriptor = descriptor
    }

    /// Lets the next install in.
    func release() {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Removes every half-extracted or swapped-out folder in `folder` but `current`: while
    /// the lock is held no other install is writing one.
    func sweep(_ folder: URL, keeping current: URL) {
        guard descriptor >= 0 else { return }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let leftovers = [InstallLock.incomingPrefix, InstallLock.replacedPrefix]
        for name in names where leftovers.contains(where: name.hasPrefix) && name != current.lastPathComponent {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }
}
