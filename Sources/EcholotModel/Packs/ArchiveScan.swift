import ZIPFoundation

/// One pass over an archive's directory: every check that can be made before a byte is
/// written, with a message for each entry that fails.
struct ArchiveScan {
    /// Thrown from an extraction consumer to stop inflating.
    struct Stop: Error {}

    /// A file entry that passed the checks.
    struct Found {
        var entry: Entry
        var path: String
        var size: Int
    }

    let limits: ArchiveLimits
    /// Problems found so far.
    private(set) var problems: [String] = []
    /// The files that passed, in archive order.
    private(set) var files: [Found] = []
    /// Collision key → the first name that had it.
    private var names: [String: String] = [:]
    /// Collision key → the first spelling of each folder: folder entries (trimmed), and
    /// the folders every entry's path implies.
    private var folderSpellings: [String: String] = [:]
    /// The other spellings told so far (by bytes): each once, however many entries it has.
    private var toldSpellings: Set<[UInt8]> = []
    private var count = 0
    private var total = 0
    /// What the files take packed.
    private var packedTotal = 0

    init(limits: ArchiveLimits) {
        self.limits = limits
    }

    /// Checks one entry; `false` once scanning should stop (too many entries).
    mutating func add(_ entry: Entry) -> Bool {
        count += 1
        if count > limits.maxEntries {
            problems.append("the archive has more than \(limits.maxEntries) entries; a pack may have at most \(limits.maxEntries)")
            return false
        }
        let name = ArchivePath.name(of: entry)
        if let problem = ArchivePath.problem(name) {
            problems.append(problem)
            return true
        }
        if entry.type == .symlink {
            problems.append("entry \(quoted(name)) is a symbolic link; links could point outside the pack and are not allowed")
            return true
        }
        let key = ArchivePath.collisionKey(name)
        if let first = names[key] {
            // By bytes: Swift's `==` takes "é" and "e\u{301}" for one name, which to Linux
            // are two files, and "appears twice" would send the author looking for a copy.
            if ArchivePath.trimmed(first).utf8.elementsEqual(ArchivePath.trimmed(name).utf8) {
                problems.append("entry \(quoted(name)) appears twice in the archive")
            } else {
                problems.append("entries \(quoted(first)) and \(quoted(name)) \(ArchivePath.difference(first, name)); "
                    + "they would overwrite each other on some systems")
            }
            return true
        }
        names[key] = name
        // A folder entry holding bytes is a file too: ZIPFoundation takes any name ending in
        // '/' for a folder when the attributes are MS-DOS ones, and its bytes would be dropped.
        if entry.type == .file || entry.uncompressedSize > 0, name.unicodeScalars.last == "/" {
            // Extracting it failed as if the disk were at fault ("Not a directory").
            problems.append("entry \(quoted(name)) is a file, but its name ends in '/' as a folder's does")
            return true
        }
        if !addFolders(of: name, isFolder: entry.type == .directory) || entry.type == .directory { return true }
        let size = Int(clamping: entry.uncompressedSize)
        let packed = Int(clamping: entry.compressedSize)
        if size > limits.maxFileSize {
            problems.append("entry \(quoted(name)) inflates to \(ArchiveLimits.sizeText(size)), over the "
                + "\(ArchiveLimits.sizeText(limits.maxFileSize)) limit for one file")
            return true
        }
        if size > limits.ratioThreshold, size / max(packed, 1) > limits.maxRatio {
            problems.append("entry \(quoted(name)) inflates \(size / max(packed, 1)) times its packed size, over the "
                + "limit of \(limits.maxRatio) (it looks like a zip bomb)")
            return true
        }
        total += size
        packedTotal += packed
        files.append(Found(entry: entry, path: name, size: size))
        return true
    }

    /// Notes the spelling of each folder `name` is in (and of `name` itself, when it is a
    /// folder); `false`, the problem told, when one is spelt otherwise by an earlier entry
    /// in case or Unicode form only. Linux would make two folders of them (and a pack in one
    /// would miss the other's files), macOS and Windows one.
    private mutating func addFolders(of name: String, isFolder: Bool) -> Bool {
        var parts = ArchivePath.segments(ArchivePath.trimmed(name))
        if !isFolder { parts.removeLast() }
        var path = ""
        for part in parts {
            path += (path.isEmpty ? "" : "/") + part
            let key = ArchivePath.collisionKey(path)
            guard let first = folderSpellings[key] else {
                folderSpellings[key] = path
                continue
            }
            if !ArchivePath.plain(first, path) {
                if toldSpellings.insert(Array(path.utf8)).inserted {
                    problems.append("folders \(quoted(first)) and \(quoted(path)) \(ArchivePath.difference(first, path)); "
                        + "they would be one folder on some systems and two on others")
                }
                return false
            }
        }
        return true
    }

    /// The checks that need every entry: the total size and ratio, and no name that is
    /// both a file and a folder.
    mutating func finish() {
        if total > limits.maxTotalSize {
            problems.append("the archive inflates to \(ArchiveLimits.sizeText(total)), over the "
                + "\(ArchiveLimits.sizeText(limits.maxTotalSize)) limit for a pack")
        } else if total > limits.totalRatioThreshold, total / max(packedTotal, 1) > limits.maxRatio {
            problems.append("the archive's files inflate to \(ArchiveLimits.sizeText(total)), \(total / max(packedTotal, 1)) "
                + "times their packed size, over the limit of \(limits.maxRatio) (it looks like a zip bomb)")
        }
        for file in files where folderSpellings[ArchivePath.collisionKey(file.path)] != nil {
            problems.append("entry \(quoted(file.path)) is a file, but other entries use it as a folder")
        }
    }

    /// Where `pack.json` is: `""` at the top, `"name/"` in the only top folder; else why
    /// the archive holds no pack where one is looked for.
    func packFolder() -> Result<String, ArchiveScan.NoPack> {
        let paths = files.map(\.path).filter { !ArchivePath.isClutter($0) }
        if paths.contains("pack.json") { return .success("") }
        // A `Set<String>` takes "café" and "cafe\u{301}" for one name, which the files are
        // then taken from by bytes; `add` refused top folders spelt so.
        let tops = Set(paths.map { ArchivePath.segments($0)[0] })
        if tops.count == 1, let top = tops.first, paths.contains(top + "/pack.json") { return .success(top + "/") }
        // Said with what was found instead, so the author knows what to change.
        let make = "make the archive with 'echolot pack FOLDER'"
        let manifests = paths.filter { ArchivePath.segments($0).last == "pack.json" }.sorted()
        guard let first = manifests.first else {
            return .failure(NoPack(message: "the archive has no pack.json, so it holds no pack; " + make))
        }
        let folder = String(first.dropLast("pack.json".count))
        if manifests.count == 1, ArchivePath.segments(first).count == 2 {
            let others = tops.filter { $0 + "/" != folder }.sorted().prefix(3).map { quoted($0) }.joined(separator: ", ")
            return .failure(NoPack(message: "the pack is in \(quoted(folder)), but the archive holds more beside it "
                + "(\(others)); an archive holds the pack's folder alone: " + make))
        }
        let shown = manifests.prefix(3).map { quoted($0) }.joined(separator: ", ") + (manifests.count > 3 ? ", …" : "")
        return .failure(NoPack(message: "pack.json is at \(shown), not at the archive's top or in its one top folder; "
            + "an archive holds one pack: " + make))
    }

    /// Why the archive holds no pack where one is looked for.
    struct NoPack: Error {
        let message: String
    }
}
