#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A folder opened once for listing (opendir), whose entries are then looked at through it
/// (`fstatat`, `openat` on ``descriptor``) rather than by path: the pack archiver reads
/// each folder of a pack this way, never twice.
final class FolderListing {
    /// One name the folder holds.
    struct Entry {
        /// The name, with U+FFFD for bytes that are not UTF-8.
        let name: String
        /// Whether the name on disk is valid UTF-8 (and so `name` is it, byte for byte).
        let isUTF8: Bool
    }

    private let folder: OpaquePointer

    /// The folder's descriptor, for the `*at` calls on its entries.
    var descriptor: Int32 { dirfd(folder) }

    private init(_ folder: OpaquePointer) { self.folder = folder }

    deinit { closedir(folder) }

    /// The folder at `path`, or the `errno` of why it cannot be opened.
    static func open(_ path: String) -> Result<FolderListing, FolderError> {
        guard let folder = opendir(path) else { return .failure(FolderError(code: errno)) }
        return .success(FolderListing(folder))
    }

    /// The folder `name` inside this one, not followed when it is a link; or the `errno`
    /// of why it cannot be opened.
    func open(_ name: String) -> Result<FolderListing, FolderError> {
        let child = openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard child >= 0 else { return .failure(FolderError(code: errno)) }
        guard let folder = fdopendir(child) else {
            let code = errno
            close(child)
            return .failure(FolderError(code: code))
        }
        return .success(FolderListing(folder))
    }

    /// Every entry but `.` and `..`, sorted by name; or the `errno` of a read that failed
    /// part way, which would otherwise look like the folder's end and leave files out.
    func entries() -> Result<[Entry], FolderError> {
        var found: [Entry] = []
        while true {
            errno = 0
            guard let entry = readdir(folder) else { break }
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            let name = String(decoding: bytes, as: UTF8.self)
            guard name != ".", name != ".." else { continue }
            found.append(Entry(name: name, isUTF8: name.utf8.elementsEqual(bytes)))
        }
        if errno != 0 { return .failure(FolderError(code: errno)) }
        return .success(found.sorted { $0.name < $1.name })
    }
}

/// Why a folder could not be opened: the C library's `errno`.
struct FolderError: Error {
    /// The `errno` value.
    let code: Int32
}
