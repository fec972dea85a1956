import Foundation

/// Resolves what a pack builds on: walks `extends` and `dependencies` depth first,
/// refusing cycles, missing packs and versions out of range with the chain that leads to
/// them, and lays each extending pack over its base.
struct PackResolver {
    /// One pack needing another.
    private struct Need {
        var id: String
        /// Where the need is written: `extends`, or its entry in `dependencies`.
        var sourcePath: String
        /// The `dependencies` entry that limits its versions, if any: for a base, a version
        /// out of range is that entry's fault, not `extends`'.
        var declared: PackDependency?
        var isBase: Bool
    }

    /// The most packs a chain of `extends` and dependencies may hold: the walk recurses
    /// along it, and no real pack builds on this many, so a longer chain is refused
    /// instead of being followed until the stack runs out.
    static let longestChain = 64

    /// Finds a pack by id, as loaded on its own (`nil`: no pack has that id).
    var lookup: (String) -> Result<Pack, PackLoadError>?
    /// The ids `lookup` finds: a misspelt `extends` or dependency is told with the one meant.
    /// Asked only then, since finding them may mean reading a folder.
    var knownIDs: () -> [String] = { [] }
    /// The folder beside the pack that `lookup` searches too, as shown: a missing pack's
    /// message says it was not there either.
    var besideFolder: String?
    /// Why the shipped packs are not read (``PackLibrary/shippedFolderProblem``): a missing
    /// pack's message gives it as the cause, in place of installing the pack.
    var shippedFolderProblem: String?
    /// Where the shipped packs are read from, when `$ECHOLOT_PACKS` chose it
    /// (``PackLibrary/shippedFolderNote``): a missing pack's message adds it.
    var shippedFolderNote: String?

    /// A resolver finding packs with `lookup`, whose ids are `knownIDs`.
    init(lookup: @escaping (String) -> Result<Pack, PackLoadError>?, knownIDs: [String]) {
        self.lookup = lookup
        self.knownIDs = { knownIDs }
    }

    /// The pack with everything it builds on resolved, or every problem found.
    func resolve(_ root: Pack) -> Result<Pack, PackLoadError> {
        var walk = Walk(root: root, lookup: lookup, knownIDs: knownIDs, besideFolder: besideFolder)
        walk.shippedFolderProblem = shippedFolderProblem
        walk.shippedFolderNote = shippedFolderNote
        walk.visit(root, chain: [root.id])
        let problems = walk.reports.diagnostics
        if !problems.isEmpty {
            return .failure(PackLoadError(diagnostics: problems.sortedForDisplay()))
        }
        let order = walk.order.compactMap { walk.packs[$0]?.layer }
        func resolved(_ pack: Pack) -> Pack {
            var resolved = pack
            resolved.loadOrder = order
            return resolved
        }
        return walk.merged(root.id).map(resolved).mapError { error in
            var error = error
            error.partial = error.partial.map(resolved)
            return error
        }
    }

    /// The state of one resolution.
    private struct Walk {
        let root: Pack
        let lookup: (String) -> Result<Pack, PackLoadError>?
        /// Packs as loaded on their own, by id.
        var packs: [String: Pack] = [:]
        /// Packs laid over their bases, by id (filled by ``merged(_:)``).
        var laid: [String: Pack] = [:]
        /// Ids in load order: every pack after the packs it needs.
        var order: [String] = []
        var done: Set<String> = []
        /// The problems found, in the pack.json of the pack whose need fails, each file held
        /// to its cap as the loader's are.
        let reports = FileReports()
        var reported: Set<String> = []

        let knownIDs: () -> [String]
        let besideFolder: String?
        var shippedFolderProblem: String?
        var shippedFolderNote: String?

        init(root: Pack, lookup: @escaping (String) -> Result<Pack, PackLoadError>?, knownIDs: @escaping () -> [String],
             besideFolder: String?) {
            self.root = root
            self.lookup = lookup
            self.knownIDs = knownIDs
            self.besideFolder = besideFolder
            packs[root.id] = root
        }

        /// What `pack` needs: its base first, then its dependencies by id.
        private func needs(of pack: Pack) -> [Need] {
            var needs: [Need] = []
            if let base = pack.manifest.extends {
                let declared = pack.manifest.dependencies.first { $0.id == base }
                needs.append(Need(id: base, sourcePath: "extends", declared: declared, isBase: true))
            }
            for dependency in pack.manifest.dependencies where dependency.id != pack.manifest.extends {
                needs.append(Need(id: dependency.id, sourcePath: dependency.sourcePath, declared: dependency,
                                  isBase: false))
            }
            return needs
        }

        mutating func visit(_ pack: Pack, chain: [String]) {
            for need in needs(of: pack) {
                let through = chain + [need.id]
                let shown = through.joined(separator: " → ")
                func fail(_ message: String, at path: String? = nil) {
                    // One report per edge, however many paths lead to it.
                    guard reported.insert("\(pack.id)→\(need.id)").inserted else { return }
                    reports.error(at: path ?? need.sourcePath, in: pack.manifestSource, message)
                }
                let what = need.isBase ? "extends" : "depends on"
                if let start = chain.firstIndex(of: need.id) {
                    reportCycle(Array(chain[start...]), found: (pack, need))
                    continue
                }
                if through.count > PackResolver.longestChain {
                    let ends = Array(through.prefix(2)) + ["…"] + Array(through.suffix(2))
                    fail("packs build on each other more than \(PackResolver.longestChain) deep (needed through "
                        + ends.joined(separator: " → ") + "); make the chain shorter")
                    continue
                }
                let found: Pack
                if need.id == root.id {
                    found = root
                } else if let known = packs[need.id] {
                    found = known
                } else {
                    switch lookup(need.id) {
                    case nil:
                        // One slip only: packs of a family have near ids, and a base removed
                        // must not be "meant" as its sibling.
                        let meant = Suggestion.nameHint(for: need.id, among: knownIDs().filter { $0 != pack.id && $0 != root.id }, edits: 1)
                        fail("pack \(quoted(pack.id)) \(what) \(quoted(need.id))"
                            + (need.declared.map { " \($0.range.text)" } ?? "")
                            + (besideFolder.map { ", which is neither installed, shipped nor a pack folder in \(MessageText.oneLine($0))" }
                                ?? ", which is neither installed nor shipped")
                            + " (needed through \(shown))" + meant + (shippedFolderNote.map { " (\($0))" } ?? "")
                            + (shippedFolderProblem.map { "; " + $0 } ?? (!meant.isEmpty ? "" : "; install it with 'echolot install FILE.zip'"
                                + (besideFolder.map { ", or put its folder in \(MessageText.oneLine($0))" } ?? ""))))
                        continue
                    case let .failure(error)?:
                        fail("pack \(quoted(pack.id)) \(what) \(quoted(need.id)), which does not load (needed through "
                            + "\(shown)): \(error.diagnostics.first?.description ?? "it has errors")")
                        continue
                    case let .success(loaded)?:
                        found = loaded
                        packs[need.id] = loaded
                    }
                }
                if let declared = need.declared, let version = SemanticVersion(found.manifest.version),
                   !declared.range.contains(version) {
                    fail("pack \(quoted(pack.id)) needs \(quoted(need.id)) \(declared.range.text), but version "
                        + "\(found.manifest.version) is the one available (needed through \(shown))", at: declared.sourcePath)
                    continue
                }
                guard !done.contains(need.id) else { continue }
                visit(found, chain: through)
            }
            if done.insert(pack.id).inserted { order.append(pack.id) }
        }

        /// Reports the cycle of packs `cycle` (each needing the next, the last the first),
        /// `found` at the last one's need, the same way whichever pack it was entered from:
        /// written from its first pack in id order, in that pack's pack.json at its need of
        /// the next. Resolving each pack of the cycle gives this one message, so a listing
        /// of them all tells it once.
        mutating func reportCycle(_ cycle: [String], found: (pack: Pack, need: Need)) {
            let first = cycle.indices.min { cycle[$0] < cycle[$1] } ?? 0
            let ordered = Array(cycle[first...] + cycle[..<first])
            let next = ordered.count > 1 ? ordered[1] : ordered[0]
            // Every pack of the chain was loaded, each needing the next.
            let pack = packs[ordered[0]] ?? found.pack
            let need = needs(of: pack).first { $0.id == next } ?? found.need
            guard reported.insert("\(pack.id)→\(need.id)").inserted else { return }
            reports.error(at: need.sourcePath, in: pack.manifestSource,
                          "packs depend on each other in a cycle: " + (ordered + [ordered[0]]).joined(separator: " → "))
        }

        /// The pack `id` laid over its bases (memoised).
        mutating func merged(_ id: String) -> Result<Pack, PackLoadError> {
            if let known = laid[id] { return .success(known) }
            guard let pack = packs[id] else {
                return .failure(PackLoadError(diagnostics: [Diagnostic(path: root.display("pack.json"), at: .start,
                                                                       message: "pack \(quoted(id)) was not resolved")]))
            }
            guard let baseID = pack.manifest.extends else {
                laid[id] = pack
                return .success(pack)
            }
            let result: Result<Pack, PackLoadError>
            switch merged(baseID) {
            case let .success(base): result = PackMerger.merge(pack, over: base)
            // The base's own `parameters` entries that read make no pack of this one's.
            case let .failure(error): result = .failure(PackLoadError(diagnostics: error.diagnostics))
            }
            if case let .success(done) = result { laid[id] = done }
            return result
        }
    }
}
