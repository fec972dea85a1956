/// Whether a path lies inside a folder, compared as the file system compares names: byte
/// for byte. Swift's `hasPrefix` compares by canonical equivalence, so a folder "café"
/// written precomposed took "café" decomposed — another folder to Linux — for itself,
/// and a link into that sibling passed for a file inside the pack.
public enum PathInside {
    /// Whether `path` lies below `folder` (both absolute and with links resolved).
    public static func isBelow(_ path: String, folder: String) -> Bool {
        let prefix = folder.utf8.last == UInt8(ascii: "/") ? folder : folder + "/"
        return path.utf8.starts(with: prefix.utf8)
    }

    /// Whether `path` is `folder` itself or lies below it.
    public static func isWithin(_ path: String, folder: String) -> Bool {
        path.utf8.elementsEqual(folder.utf8) || isBelow(path, folder: folder)
    }
}
