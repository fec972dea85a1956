import EcholotModel
import Foundation

/// A pack that loaded, and where it lives.
public struct PackEntry: Sendable {
    /// The pack folder, absolute.
    public var path: String
    /// The loaded pack.
    public var pack: Pack

    /// An entry.
    public init(path: String, pack: Pack) {
        self.path = path
        self.pack = pack
    }
}

/// A group of levels played in order: a scenario of the manifest, or all the pack's
/// levels when it has no scenarios.
public struct LevelGroup: Sendable {
    /// The scenario, when the group is one.
    public var scenario: Scenario?
    /// Level ids in play order.
    public var levels: [String]

    /// The groups of `pack`: its scenarios, or one group of every level.
    public static func groups(of pack: Pack) -> [LevelGroup] {
        let scenarios = pack.manifest.scenarios
        guard !scenarios.isEmpty else { return [LevelGroup(scenario: nil, levels: pack.levelOrder)] }
        return scenarios.map { LevelGroup(scenario: $0, levels: $0.levels) }
    }

    /// The group that holds `level` (the first scenario listing it).
    public static func group(of level: String, in pack: Pack) -> LevelGroup? {
        groups(of: pack).first { $0.levels.contains(level) }
    }
}

/// The packs the menus offer: the shipped ones (the `levels/` folder of the Echolot
/// installation) and the one named on the command line.
public struct PackCatalog: Sendable {
    /// Packs that loaded, in menu order.
    public var entries: [PackEntry]
    /// Folders that looked like packs but did not load: path and first problem.
    public var problems: [(path: String, message: String)]

    /// A problem of a folder whose loader gave no words for it; the menu says it in the
    /// player's language (``Words/doesNotLoad``).
    public static let doesNotLoad = "it does not load"

    /// The environment variable naming the folder of shipped packs explicitly.
    public static let environmentVariable = ShippedPacks.environmentVariable

    /// A catalog of these entries.
    public init(entries: [PackEntry], problems: [(path: String, message: String)] = []) {
        self.entries = entries
        self.problems = problems
    }

    /// The shipped tutorial's folder, if it can be found (see `ShippedPacks.folder()`:
    /// `$ECHOLOT_PACKS`, else `levels/` beside or above the executable, else in or above
    /// the current folder).
    public static func shippedTutorial() -> URL? {
        // A packs folder without the tutorial (ECHOLOT_PACKS set to another folder) has none.
        guard let url = ShippedPacks.folder()?.appendingPathComponent("tutorial", isDirectory: true),
              FileManager.default.fileExists(atPath: url.appendingPathComponent("pack.json").path) else { return nil }
        return url
    }

    /// The packs of `library` (by default the shipped and the installed ones), usable
    /// ones first, then those that do not load, with their first problem.
    public static func standard(_ library: PackLibrary = .standard()) -> PackCatalog {
        let listing = library.catalog()
        var catalog = PackCatalog(entries: [])
        for item in listing.packs {
            let url = library.entry(id: item.pack.id)?.url ?? item.pack.root
            catalog.entries.append(PackEntry(path: url.standardizedFileURL.path, pack: item.pack))
        }
        for problem in listing.problems {
            catalog.problems.append((problem.url.path, problem.reason?.description ?? doesNotLoad))
        }
        return catalog
    }

    /// Loads the pack at `url` and adds it (or its first problem) unless it is listed.
    public mutating func add(_ url: URL) {
        let path = url.standardizedFileURL.path
        guard !entries.contains(where: { $0.path == path }) else { return }
        do {
            entries.append(PackEntry(path: path, pack: try PackLoader.load(at: url)))
        } catch {
            problems.append((path, error.diagnostics.first?.description ?? Self.doesNotLoad))
        }
    }

    /// The entry for the pack folder at `url`.
    public func entry(at url: URL) -> PackEntry? {
        let path = url.standardizedFileURL.path
        return entries.first { $0.path == path }
    }
}
