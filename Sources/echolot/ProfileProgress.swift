import EcholotCore
import EcholotModel
import EcholotStore
import EcholotTerminal
import Foundation

/// The player's profile behind the menus of `echolot play`: marks (done, best score, locked)
/// are read from the database, and each level's store is recorded by a ``ProgressRecorder``.
/// It lives here, where Terminal and Store meet, because neither may import the other.
final class ProfileProgress: ProgressProvider {
    /// The profile read and written.
    let profile: Profile
    /// Told when the profile cannot be read or written, and when runs wait for it; the
    /// game goes on.
    private let report: (String) -> Void
    private var recorder: ProgressRecorder?
    /// Progress per pack id, read once per menu rather than once per menu line, and read
    /// again when this game changes it (a level ends, a story begins) or a menu is drawn
    /// anew, so that another program's runs recorded meanwhile show.
    private var cache: [String: PackProgress] = [:]
    /// The profile's achievements, read once until a level ends (every scene asks).
    private var earned: Set<String>?
    /// Of the achievements the level that ended last earned, those its run found in the
    /// profile already (another game recorded them first).
    private var takenElsewhere: Set<String> = []
    /// Packs whose unreadable story checkpoint was reported: once is enough.
    private var unreadableReported: Set<String> = []

    /// The profile file as it was opened (device and inode): one deleted or replaced while
    /// the game runs still takes writes, silently, into a file no one will open again.
    private let opened: FileIdentity?
    /// Whether that was told: once is enough.
    private var removalReported = false

    /// How long a write waits for another program to let go of the profile before its run
    /// is kept for later: long enough for a `stats` to finish reading, short enough not to
    /// freeze the game.
    static let lockWait: TimeInterval = 0.2

    /// Runs that ended while the profile was locked, oldest first: the next level's
    /// recorder writes them before its own, and quitting tries once more.
    private var unsaved: [UnsavedRun] = []
    /// Whether the player was told that runs wait, so that the moment they are saved is
    /// told too, and only once per wait.
    private var waitReported = false

    /// Progress kept in `profile`; failures and notices go to `report`.
    init(profile: Profile, report: @escaping (String) -> Void) {
        self.profile = profile
        self.report = report
        opened = FileIdentity(path: profile.url.path)
        do {
            try profile.waitForLock(upTo: Self.lockWait)
        } catch {
            report(error.description)
        }
    }

    /// Tells, once, when the profile file is no longer the one opened.
    private func checkStillThere() {
        guard !removalReported, let opened else { return }
        guard FileIdentity(path: profile.url.path) != opened else { return }
        removalReported = true
        report(ProfileError.removed(path: profile.url.path).description)
    }

    /// Records the level `store` plays (call it from the store factory, before the level
    /// starts); an earlier level still being recorded is closed as abandoned.
    func record(_ store: Store<GameState>, of pack: Pack) {
        close()
        let recorder = ProgressRecorder(profile: profile, manifest: pack.manifest, unsaved: unsaved)
        unsaved = []
        recorder.attach(to: store)
        self.recorder = recorder
    }

    /// Done when every level is done; locked by the manifest's rule until it is met (an
    /// unlock once earned is kept).
    func marks(scenario: Scenario, in pack: Pack) -> ScenarioMarks {
        guard let progress = progress(of: pack), let state = progress.scenario(scenario.id) else { return ScenarioMarks() }
        let locked = state.isUnlocked ? nil : state.unlock.map { LevelLock($0, totalScore: progress.totalScore) }
        return ScenarioMarks(done: state.isFinished, locked: locked)
    }

    /// Done (won, or finished in the current story), best score, and why it cannot be played.
    func marks(level: String, in pack: Pack) -> LevelMarks {
        guard let progress = progress(of: pack) else { return LevelMarks() }
        let record = progress.level(level)
        let done = progress.story?.isFinished(level) ?? record.isDone
        // A best only once won (in any story): a story level lost is finished too, and
        // its loss's 0 is no score the player reached.
        var marks = LevelMarks(done: done, bestScore: record.isDone ? record.bestScore : nil)
        switch progress.permission(toPlay: level) {
        case .open: break
        case let .locked(_, rule): marks.locked = LevelLock(rule, totalScore: progress.totalScore)
        case .finished: marks.locked = .finishedInStory
        }
        return marks
    }

    /// A menu is drawn: the profile is read again for it (one query a pack).
    func menuWillShow() {
        cache.removeAll()
    }

    /// The level's store was cut short by a reload, or left before it started: its recorder
    /// lets go without recording.
    func levelDiscarded(in pack: Pack) {
        guard let recorder else { return }
        recorder.detach()
        settle(recorder)
    }

    /// The level's store has ended or was left: its run is recorded (abandoned if undecided).
    func levelEnded(level: String, in pack: Pack, result: RunResult) {
        let ended = recorder
        close()
        // Known only of a run that was written: one that waits for a locked profile, or
        // failed, may yet be the first to record them.
        if let ended, ended.unsaved.isEmpty, ended.failure == nil {
            let fresh = Set(ended.recordings.flatMap { $0.newAchievements.map(\.id) })
            takenElsewhere = Set(result.achievements).subtracting(fresh)
        } else {
            takenElsewhere = []
        }
        cache[pack.id] = nil
        earned = nil
        checkStillThere()
    }

    /// Of the achievements the run last recorded earned, those the profile already held:
    /// the insert that records an achievement only once decided it, in the run's transaction.
    func recordedElsewhere(_ result: RunResult) -> Set<String> { takenElsewhere }

    /// The achievements in the profile, and those of runs still waiting to be saved in it
    /// (a locked profile): either way the player has earned them, and a later level must
    /// not announce them as new.
    func earnedAchievements() -> Set<String> {
        let waiting = (unsaved + (recorder?.unsaved ?? [])).reduce(into: Set<String>()) { $0.formUnion($1.achievements.keys) }
        if let earned { return earned.union(waiting) }
        do {
            let read = Set(try profile.achievements().map(\.id))
            earned = read
            return read.union(waiting)
        } catch {
            report(error.description)
            return waiting
        }
    }

    /// The progress records of unearned achievements in the profile, with those of runs still
    /// waiting to be saved in it (a locked profile) over them, the newest last: what the next
    /// level starts with, which leaves out one of an achievement earned (`startWith`).
    func achievementProgress() -> ProgressRecords {
        var records: ProgressRecords
        do {
            records = try profile.achievementProgress()
        } catch {
            report(error.description)
            records = [:]
        }
        for run in unsaved + (recorder?.unsaved ?? []) { AchievementProgress.update(&records, with: run.progress) }
        return records
    }

    /// The story record saved in the profile's current play-through of the pack.
    func storyCheckpoint(in pack: Pack) -> PersistentMap<Value>? {
        let saved: StoryProgress
        do {
            saved = try profile.story(of: pack.manifest)
        } catch {
            report(error.description)
            return nil
        }
        guard let text = saved.checkpoint else { return nil }
        let parsed = JSONParser.parse(text, maxDepth: JSONParser.savedDepth)
        // A record that does not read back is as good as none: the story begins anew, and
        // the player is told why Continue is missing.
        guard parsed.errors.isEmpty, let record = parsed.root?.value.treeValue.mapValue else {
            if unreadableReported.insert(pack.id).inserted {
                let detail = parsed.errors.first.map { "\($0.position): \($0.message)" }
                    ?? "not a JSON object"
                report(ProfileError.unreadableCheckpoint(path: profile.url.path, packID: pack.id, detail: detail).description)
            }
            return nil
        }
        return record
    }

    /// A new play-through in the profile; the earlier ones stay in the history.
    func storyBegan(in pack: Pack) {
        waitingFully { () throws(ProfileError) in try profile.startNewStory(of: pack.manifest) }
        cache[pack.id] = nil
    }

    /// Saves the record in the current play-through.
    func storySaved(_ story: PersistentMap<Value>, in pack: Pack) {
        waitingFully { () throws(ProfileError) in
            try profile.saveStory(checkpoint: Value.map(story).jsonText, of: pack.manifest)
        }
    }

    /// Makes a write that is not kept for later (a story's play-through and place) with
    /// the full lock wait of any command: a scene that begins late beats a place lost, and
    /// runs recorded after it belong to the play-through it starts.
    private func waitingFully(_ write: () throws(ProfileError) -> Void) {
        do {
            try profile.waitForLock(upTo: Profile.lockWait)
            defer { try? profile.waitForLock(upTo: Self.lockWait) }
            try write()
        } catch {
            report(error.description)
        }
    }

    /// Before the game ends: runs that still wait are tried once more, waiting as long as
    /// any command does; returns what to tell on stderr when some stay unsaved, or when the
    /// profile file was deleted or replaced while the game ran.
    func finishSaving() -> String? {
        close()
        // A session whose file was deleted or replaced kept its progress in a file no one
        // opens again: lost as surely as runs a lock kept out, and told on the shell's
        // screen too (the game's screen may have said it, and is gone).
        let gone = removalReported || opened.map { FileIdentity(path: profile.url.path) != $0 } ?? false
        let removed = gone ? ProfileError.removed(path: profile.url.path).description : nil
        guard !unsaved.isEmpty else { return removed }
        do {
            try profile.waitForLock(upTo: Profile.lockWait)
        } catch {
            return [removed, error.description].compactMap { $0 }.joined(separator: "\n")
        }
        // A run that fails otherwise (a full disk) is lost as well, and said so.
        let failure = profile.record(&unsaved).failure
        let told = [removed, failure?.description].compactMap { $0 }
        if unsaved.isEmpty { return told.isEmpty ? nil : told.joined(separator: "\n") }
        let runs = unsaved.filter(\.isRun).count
        let lost = [runs == 0 ? nil : runs == 1 ? "1 finished run" : "\(runs) finished runs",
                    unsaved.count == runs ? nil : "achievements earned after a saved run"]
        let locked = "\(profile.url.path): error: another program kept the profile locked, so "
            + "\(lost.compactMap { $0 }.joined(separator: " and ")) of this session "
            + "could not be saved; close the program that holds it before playing"
        return [removed, failure?.description, locked].compactMap { $0 }.joined(separator: "\n")
    }

    private func close() {
        guard let recorder else { return }
        recorder.finish()
        settle(recorder)
    }

    /// Takes over what `recorder` could not write and tells the player what changed: runs
    /// that now wait for a locked profile, or that the wait is over.
    private func settle(_ recorder: ProgressRecorder) {
        self.recorder = nil
        unsaved = recorder.unsaved
        switch recorder.failure {
        case .busy?:
            if !waitReported {
                waitReported = true
                let waiting = unsaved.last?.isRun == false ? "the achievements of the last run wait" : "this run waits"
                report("\(profile.url.path): another program holds the profile locked, so \(waiting) to be saved; "
                       + "Echolot tries again after each level and when it quits")
            }
        case let failure?:
            report(failure.description)
        case nil:
            break
        }
        if waitReported, unsaved.isEmpty {
            waitReported = false
            report("\(profile.url.path): the profile is free again; the runs that waited are saved")
        }
    }

    private func progress(of pack: Pack) -> PackProgress? {
        if let cached = cache[pack.id] { return cached }
        do {
            let progress = try profile.progress(in: pack.manifest)
            cache[pack.id] = progress
            return progress
        } catch {
            report(error.description)
            return nil
        }
    }
}
