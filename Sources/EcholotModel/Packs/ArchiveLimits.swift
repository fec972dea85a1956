/// How much a pack archive may hold. Checked against the archive's directory before
/// anything is written and again against the bytes actually inflated, since a hostile
/// archive can lie in its headers.
public struct ArchiveLimits: Sendable, Equatable {
    /// The most entries (files and folders) an archive may have.
    public var maxEntries: Int
    /// The most bytes all files together may inflate to.
    public var maxTotalSize: Int
    /// The most bytes one file may inflate to (the loader's own limit for assets).
    public var maxFileSize: Int
    /// The highest ratio of inflated to compressed size one file may have…
    public var maxRatio: Int
    /// …once it inflates to more than this many bytes (tiny text files compress very well
    /// and are harmless).
    public var ratioThreshold: Int
    /// The same ratio holds for all files together once they inflate to more than this
    /// many bytes: a bomb of many files each just under ``ratioThreshold`` passes the
    /// check of each file.
    public var totalRatioThreshold: Int

    /// Creates limits.
    public init(maxEntries: Int, maxTotalSize: Int, maxFileSize: Int, maxRatio: Int, ratioThreshold: Int,
                totalRatioThreshold: Int) {
        self.maxEntries = maxEntries
        self.maxTotalSize = maxTotalSize
        self.maxFileSize = maxFileSize
        self.maxRatio = maxRatio
        self.ratioThreshold = ratioThreshold
        self.totalRatioThreshold = totalRatioThreshold
    }

    /// The engine's limits: 2,000 entries, 256 MiB in all, 16 MiB per file, a ratio of
    /// 100:1 for a file above 1 MiB and for all files together above 16 MiB. Real packs
    /// (JSON, Lua, compressed sounds) stay far below them; a zip bomb does not.
    public static let standard = ArchiveLimits(
        maxEntries: 2_000, maxTotalSize: 256 * 1024 * 1024, maxFileSize: PackFiles.assetLimit,
        maxRatio: 100, ratioThreshold: 1024 * 1024, totalRatioThreshold: PackFiles.assetLimit)
}

extension ArchiveLimits {
    /// A size for messages: `78.1 KiB` below a mebibyte, `17.0 MiB` above.
    static func sizeText(_ bytes: Int) -> String {
        if bytes < 1024 * 1024 {
            let tenths = Int((Double(bytes) * 10 / 1024).rounded())
            return "\(tenths / 10).\(tenths % 10) KiB"
        }
        return FileBytes.mebibytes(bytes)
    }
}
