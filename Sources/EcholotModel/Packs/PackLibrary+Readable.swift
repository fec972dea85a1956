import Foundation

/// A pack loaded as far as it reads: what `echolot test` runs, so that a level file with a
/// problem stops only the tests of that level.
public struct ReadablePack: Sendable {
    /// The pack: whole, or, with problems only in level or string files or in its manifest's
    /// `parameters`, its manifest and the levels that read (``Pack/unreadLevels`` names the
    /// others), resolved; `nil` when not even that loads.
    public var pack: Pack?
    /// Every problem found, in display order; empty for a whole pack.
    public var problems: [Diagnostic]
    /// Whether every problem is in the manifest's `parameters`: what the entries that read
    /// set is then left for the rules to check (``PackLoadError/partial``), as other commands do.
    public var onlyParameters = false
}

extension PackLibrary {
    /// The pack in the folder or `.zip` at `url`, as ``load(at:)`` loads it, or the part of
    /// it that reads, as `validate` keeps it for its deeper checks (``PackLoader/resolving(_:with:)``).
    public func loadReadable(at url: URL) -> ReadablePack {
        let checked = PackLoader.check(root: url, displayRoot: nil)
        // Taken before the bases are laid under: a base's level of an id whose file here did
        // not read is not the level written here.
        let read = (checked.pack ?? checked.partialPack)?.levels.keys.map { $0 } ?? []
        let outcome = PackLoader.resolving(checked, with: self)
        guard var pack = outcome.pack ?? outcome.partialPack else { return ReadablePack(pack: nil, problems: outcome.diagnostics) }
        pack.unreadLevels = Set(checked.levelIDs).subtracting(read)
        // Out of `levels` too, so that every reader of them (audio checks, the story's
        // levels, the lists) is as sure as `level(id:)` never to play a base's in its place.
        for id in pack.unreadLevels { pack.levels[id] = nil }
        let onlyParameters = outcome.pack == nil && (checked.onlyParameters || checked.pack != nil)
        return ReadablePack(pack: pack, problems: outcome.diagnostics, onlyParameters: onlyParameters)
    }
}
