import Foundation

/// Which file a path names (its device and inode), through links: two paths are one file
/// when theirs are equal, and a file replaced under a path has another.
struct FileIdentity: Hashable {
    let device: UInt64
    let inode: UInt64

    /// The identity of the file at `path` (stat(2) follows links); `nil` when there is none.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}
