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
    /// The hidden name an update that cannot swap folders moves the old version aside to
    /// for a moment: left behind only when the update was killed before the new version
    /// went in, so it is the pack's one copy, and the next install puts it back.
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
    /// the lock is held no other install is writing one. An old version moved aside by an
    /// update killed before its new version went in is the pack's only copy: it is put
    /// back under its id, unless that id is `installing` (the install brings it anew) or
    /// `installed` says a pack of that id is there.
    func sweep(_ folder: URL, keeping current: URL, installing: String, installed: (String) -> Bool) {
        guard descriptor >= 0 else { return }
        let manager = FileManager.default
        let names = (try? manager.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names.sorted() where name != current.lastPathComponent {
            let leftover = folder.appendingPathComponent(name, isDirectory: true)
            if name.hasPrefix(InstallLock.replacedPrefix), let id = Self.packID(in: leftover), id != installing,
               !installed(id), !manager.fileExists(atPath: folder.appendingPathComponent(id).path),
               rename(leftover.path, folder.appendingPathComponent(id, isDirectory: true).path) == 0 {
                continue
            }
            if name.hasPrefix(InstallLock.incomingPrefix) || name.hasPrefix(InstallLock.replacedPrefix) {
                try? manager.removeItem(at: leftover)
            }
        }
    }

    /// The id `folder`'s `pack.json` gives, read as the library reads it (a pack that does
    /// not load still has one), when it names a folder.
    private static func packID(in folder: URL) -> String? {
        PackLoader.check(root: folder, displayRoot: nil).packID.flatMap { Identifiers.isPackID($0) ? $0 : nil }
    }
}
