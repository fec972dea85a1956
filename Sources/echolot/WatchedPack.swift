import ArgumentParser
import EcholotCore
import EcholotModel
import EcholotScript
import EcholotTerminal
import Foundation

/// The pack of `echolot play DIR --watch`: a ``PackWatcher`` whose versions count as good
/// only when their scripts load, their levels check against the rules and their story
/// reads, and the rules of the last good version, so a broken edit never stops the level
/// being played.
final class WatchedPack: PackReloader {
    /// The pack's path, absolute (as the catalog's entry has it).
    let path: String
    /// The last version that loaded: what is played while an edit is broken.
    private(set) var pack: Pack
    private let watcher: PackWatcher
    private let good: GoodRules

    /// The rules and story of the last version that loaded; filled by the watcher's load.
    private final class GoodRules {
        var rules: PackRules?
        var story: StoryBook?
    }

    /// Watches the pack at `path`; its first version must load, else the problems are on
    /// stderr and the command ends with status 1.
    /// Files for which `ignoring` is true (absolute paths: what the game records into the
    /// pack) are not watched.
    init(path: String, safe: Bool, ignoring: @escaping (String) -> Bool) throws {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        self.path = url.path
        let good = GoodRules()
        self.good = good
        // Each version is read by the path typed, so its messages name its files as
        // `echolot validate` does; the watcher looks at the absolute folder.
        let typed = URL(fileURLWithPath: path)
        watcher = PackWatcher(url: url, ignoring: ignoring, load: { _ in
            // Read afresh each time: a shipped base is watched too, and what a library
            // holds is read when it is made.
            switch PackLibrary.standard(safe: safe).load(at: typed) {
            case let .failure(error):
                return .failure(PackLoadError(diagnostics: GameLoader.problems(of: error)))
            case let .success(pack):
                // A version is good only when its scripts load, its levels check and its
                // story (if it has one) reads.
                var story: StoryBook?
                switch StoryReader.load(for: pack) {
                case let .failure(error)?: return .failure(error)
                case let .success(book)?: story = book
                case nil: story = nil
                }
                return PackRules.checked(pack).map { rules in
                    good.rules = rules
                    good.story = story
                    return pack
                }
            }
        })
        guard let first = watcher.current else {
            Terminal.report(watcher.problems)
            throw ExitCode(1)
        }
        pack = first
    }

    /// Looks at the files; a new version or the problems of a broken one.
    func poll() -> PackWatcher.Change? {
        let change = watcher.poll()
        if case let .reloaded(version, _)? = change { pack = version }
        return change
    }

    /// The last good version's story (`nil` inside when it has none) and rules when
    /// `entry` is the watched pack; `nil` for others. A story begun or continued while
    /// `story.json` is broken plays the version that last read.
    func story(ifPlaying entry: PackEntry) -> (book: StoryBook?, rules: PackRules)? {
        guard let rules = rules(ifPlaying: entry) else { return nil }
        return (good.story, rules)
    }

    /// The last good version's rules when `entry` is the watched pack; `nil` for others.
    func rules(ifPlaying entry: PackEntry) -> PackRules? {
        entry.path == path ? good.rules : nil
    }

    /// A store playing `level` of the last good version, with that version's rules,
    /// starting with the achievements `earnedBefore` and the progress records `progressBefore`.
    func store(level id: String, earnedBefore: Set<String>, progressBefore: ProgressRecords = [:]) throws -> Store<GameState> {
        guard let rules = good.rules, let definition = rules.pack.level(id: id) else {
            throw WatchError(description: "the pack has no level '\(id)'")
        }
        return try rules.store(for: definition, earnedBefore: earnedBefore, progressBefore: progressBefore)
    }
}

/// Why a watched pack's level cannot start.
private struct WatchError: Error, CustomStringConvertible {
    let description: String
}
