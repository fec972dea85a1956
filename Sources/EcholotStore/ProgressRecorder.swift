import EcholotCore
import EcholotModel
import Foundation

/// The persistence layer below the core: it watches a store's transitions and records every
/// level that ends — won, lost, or abandoned — with the achievements earned while it ran.
/// It never writes state; it only listens (thesis §4: the core tells, a layer below applies).
///
/// Achievements are kept until their run is recorded, so that run and achievements land in
/// one transaction; a process killed mid-level loses only that level. A run the profile
/// cannot take because another program holds it locked is kept in ``unsaved`` and written,
/// in order, before the next one (or by ``saveUnsaved()``): a busy profile delays a run
/// instead of losing it.
public final class ProgressRecorder {
    /// The profile written to.
    public let profile: Profile
    /// The pack being played, for story steps and scenario unlocks (nil: runs only).
    public let manifest: PackManifest?
    /// Every recording made, in order.
    public private(set) var recordings: [Recording] = []
    /// The first write that failed for good, or `.busy` while runs wait in ``unsaved`` for
    /// a profile another program holds locked (not runs it holds back, ``holdsRuns``); the
    /// game goes on, and the caller reports it.
    public var failure: ProfileError? { lost ?? (unsaved.isEmpty || holdsRuns ? nil : .busy(path: profile.url.path)) }
    /// Called after each recording (a game announces achievements and unlocks from it).
    public var onRecording: ((Recording) -> Void)?
    /// Ended runs not written yet because the profile was locked (or ``holdsRuns``), oldest first.
    public private(set) var unsaved: [UnsavedRun]
    /// While set, ended runs wait in ``unsaved`` instead of being written: `run` writes them
    /// only once the whole run went without an error, as a run that fails records nothing.
    public var holdsRuns = false

    private let clock: () -> Date
    private var store: Store<GameState>?
    private var observerID: Int?
    private var latest: GameState?
    /// Goals and scoring as they were when the level started: what was in force.
    private var parameters: Value?
    private var inProgress = false
    private var pendingAchievements: [String: Value] = [:]
    /// The first write that failed other than for a lock (its run is dropped).
    private var lost: ProfileError?

    /// A recorder writing to `profile`; `clock` stamps the runs (the wall clock by default —
    /// history lies outside the deterministic state, so reading it here is harmless).
    /// `unsaved` are runs an earlier recorder could not write yet: they go in first.
    public init(profile: Profile, manifest: PackManifest?, unsaved: [UnsavedRun] = [],
                clock: @escaping () -> Date = Date.init) {
        self.profile = profile
        self.manifest = manifest
        self.unsaved = unsaved
        self.clock = clock
    }

    /// Writes the runs kept in ``unsaved``, oldest first, until the profile is still
    /// locked; returns how many were written. Any other failure drops the run it hit (it
    /// would fail again) and becomes ``failure``.
    @discardableResult
    public func saveUnsaved() -> Int {
        let (made, failed) = profile.record(&unsaved)
        for recording in made {
            // Achievements that waited for a run written before go to its recording.
            if let id = recording.run.id, let i = recordings.lastIndex(where: { $0.run.id == id }) {
                recordings[i].newAchievements += recording.newAchievements
                if recording.newAchievements.isEmpty { continue }
            } else {
                recordings.append(recording)
            }
            onRecording?(recording)
        }
        lost = lost ?? failed
        return made.count
    }

    /// Starts listening to `store` (a level already running counts from now on).
    public func attach(to store: Store<GameState>) {
        detach()
        self.store = store
        latest = store.state
        if isRunning(store.state) { begin(store.state) }
        observerID = store.observe { [weak self] transition in self?.observe(transition) }
    }

    /// Stops listening, without recording anything.
    public func detach() {
        if let store, let observerID { store.removeObserver(observerID) }
        store = nil
        observerID = nil
    }

    /// Ends the session: a level that was started and not decided is recorded as abandoned.
    /// Call it when the player quits, the input log ends, or the time cap hits.
    public func finish() {
        if inProgress, let latest { record(latest, outcome: .abandoned) }
        detach()
    }

    /// Handles one transition: a level starting, achievements appearing, a level ending.
    public func observe(_ transition: Transition<GameState>) {
        latest = transition.new
        let before = transition.old[Game.level][LevelKeys.status]
        let after = transition.new[Game.level][LevelKeys.status]
        if before != .ready, after == .ready {
            // A fresh incarnation replaced the level: the old one was left undecided.
            if inProgress { record(transition.old, outcome: .abandoned) }
        }
        if !inProgress, before == .ready, after != .ready { begin(transition.old) }
        // After its run ended a level's rules may still count its win: their progress is kept too.
        if transition.diff.touches([Game.achievements.name])
            || (!inProgress && transition.diff.touches([Game.achievementProgress.name])) {
            collectAchievements(transition)
        }
        if inProgress, let outcome = Self.decided(after) { record(transition.new, outcome: outcome) }
    }

    private func isRunning(_ state: GameState) -> Bool { state[Game.level][LevelKeys.status] == .running }

    private func begin(_ state: GameState) {
        inProgress = true
        parameters = FinishedRun.parameters(of: state[Game.level])
    }

    private static func decided(_ status: LevelStatus) -> RunOutcome? {
        switch status {
        case .won: return .won
        case .lost: return .lost
        case .ready, .running: return nil
        }
    }

    private func collectAchievements(_ transition: Transition<GameState>) {
        let old = transition.old[Game.achievements]
        var fresh: [String: Value] = [:]
        for (id, details) in transition.new[Game.achievements] where old[id] == nil {
            fresh[id] = details
        }
        // Progress made after the last run ended is saved with what that run left.
        let progressed = !inProgress && transition.old[Game.achievementProgress] != transition.new[Game.achievementProgress]
        guard !fresh.isEmpty || progressed else { return }
        let progress = transition.new.unearnedProgress
        if !inProgress, !unsaved.isEmpty {
            // Earned after the last run ended, which waits to be written: they go in with it.
            unsaved[unsaved.count - 1].add(achievements: fresh, progress: progress)
        } else if inProgress || recordings.isEmpty {
            pendingAchievements.merge(fresh) { first, _ in first }
        } else if let last = recordings.last?.run {
            // Earned after the level ended (a rule reacting to the win): it belongs to that
            // run, and goes through the queue as a run does, so a locked profile delays it.
            unsaved.append(.achievements(fresh, earnedAfter: last, progress: progress))
            saveUnsaved()
        }
    }

    private func record(_ state: GameState, outcome: RunOutcome) {
        inProgress = false
        let finished = FinishedRun(state: state, outcome: outcome, at: clock(), parameters: parameters,
                                   achievements: pendingAchievements)
        pendingAchievements = [:]
        parameters = nil
        // Runs go into the history in the order they ended: this one after any still
        // waiting for the profile, and it waits too while the profile stays locked.
        unsaved.append(.run(finished, manifest: manifest))
        if !holdsRuns { saveUnsaved() }
    }
}
