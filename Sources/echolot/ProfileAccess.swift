import ArgumentParser
import EcholotModel
import EcholotStore
import EcholotTerminal
import Foundation

/// Opens the player's profile for the commands: `--profile PATH`, else `ECHOLOT_PROFILE`,
/// else the platform's data directory. A profile that cannot be used is reported as
/// `PATH: error: …` with what to do, and the command exits 1.
enum ProfileAccess {
    /// The environment variable naming a profile, when it is set to one: `run` records into it.
    static var environmentProfile: String? {
        let variable = ProfileLocation.environmentVariable
        return ProcessInfo.processInfo.environment[variable]?.isEmpty == false ? variable : nil
    }

    /// Refuses `--profile ""`: a path naming nothing would otherwise fall back without a
    /// word to the default profile (`play`, `stats`) or to recording nothing (`run`).
    static func validate(explicit: String?) throws {
        if explicit?.isEmpty == true { throw ValidationError("--profile needs the path of a profile file, not an empty one") }
    }

    /// Opens the profile at the resolved location.
    static func open(explicit: String?) throws -> Profile {
        try opening(explicit, with: Profile.open(at:))
    }

    /// The profile at the resolved location, to read it only (`stats`): a read-only file
    /// reads, and a missing or empty one reads as empty without being written.
    static func openForReading(explicit: String?) throws -> Profile {
        try opening(explicit, with: Profile.openForReading(at:))
    }

    /// The profile at the resolved location, or why it cannot be opened: for `play`, which
    /// goes on without one and tells the reason on its own screen.
    static func attempt(explicit: String?,
                        with open: (URL) throws(ProfileError) -> Profile = Profile.open(at:)) -> Result<Profile, ProfileError> {
        let url = ProfileLocation.resolve(explicit: explicit)
        return Result { () throws(ProfileError) in try open(url) }
    }

    /// The profile at the resolved location read as it is (an absent one as empty, nothing
    /// made), or why it cannot be read: to refuse a locked level before anything is made.
    static func attemptReading(explicit: String?) -> Result<Profile, ProfileError> {
        attempt(explicit: explicit, with: Profile.openForReading(at:))
    }

    /// Opens the resolved location with `open`; on failure, says why and exits 1.
    private static func opening(_ explicit: String?, with open: (URL) throws(ProfileError) -> Profile) throws -> Profile {
        switch attempt(explicit: explicit, with: open) {
        case let .success(profile):
            return profile
        case let .failure(error):
            Terminal.error(error.description)
            throw ExitCode(1)
        }
    }

    /// The profile `echolot run` records into: only one named by `--profile` or
    /// `ECHOLOT_PROFILE`, since headless runs (tests, CI) must not fill a player's history.
    /// `allowing` sees the profile and throws to refuse the run. A profile not made yet is
    /// shown to it read only and made only when a run is recorded, so a refused or failed
    /// run leaves no new profile (nor its folders) behind; one that exists is opened to
    /// write first, as a read-only connection would leave a `-wal` and `-shm` beside a
    /// profile that then cannot be written.
    static func openForRun(explicit: String?, allowing: (Profile) throws -> Void) throws -> RunProfile? {
        guard explicit?.isEmpty == false || environmentProfile != nil else { return nil }
        let url = ProfileLocation.resolve(explicit: explicit)
        if FileManager.default.fileExists(atPath: url.path) {
            let profile = try open(explicit: explicit)
            // A damaged or held file would be found only when the run is saved, after it
            // was played and its summary printed as if it counted.
            do {
                try profile.checkReadyToRecord()
            } catch {
                Terminal.error(error.description)
                throw ExitCode(1)
            }
            try allowing(profile)
            return RunProfile(current: profile, toMake: false)
        }
        let empty = try openForReading(explicit: explicit)
        try allowing(empty)
        _ = try opening(explicit) { url throws(ProfileError) in
            try Profile.checkCanMake(at: url)
            return empty
        }
        return RunProfile(current: empty, toMake: true)
    }

    /// Why `progress` (read from `profile`) does not let `level` be played now — its
    /// scenario is locked, or it is a story level already finished in the current story —
    /// as the one error `run` and `play --level` both print, in the words of the menus
    /// (``LevelLock``) with scenarios named in `language`; `unrecorded`, when given, says how
    /// to play it anyway without recording it (`run` has a way; `play` has none to offer).
    /// `nil` when the level may be played.
    static func refusal(toPlay level: String, of pack: Pack, in progress: PackProgress, of profile: Profile,
                        language: String? = nil, unrecorded: String?) -> String? {
        let names = Names(pack: pack, language: language)
        switch progress.permission(toPlay: level) {
        case .open:
            return nil
        case let .locked(scenario, rule):
            let reason = LevelLock(rule, totalScore: progress.totalScore).reason(names, in: pack)
            let refusal = "error: level \(MessageText.named(level)) is in “\(names.scenario(id: scenario, in: pack))”, "
                + "which is locked in \(profile.url.path): \(reason)"
            guard let unrecorded else { return refusal }
            return refusal + "; \(unrecorded) to try it unrecorded"
        case .finished:
            let refusal = "error: level \(MessageText.named(level)) is \(LevelLock.finishedInStory.reason(names, in: pack)) "
                + "of \(profile.url.path); stories are not replayed level by level: "
            guard let unrecorded else { return refusal + "begin the story again from its page" }
            return refusal + "begin the story again in 'echolot play', or \(unrecorded)"
        }
    }
}

/// The profile `echolot run` records into, checked before the level is played.
struct RunProfile {
    /// The profile as it is: open to write, or, when it is still to be made, read only.
    let current: Profile
    /// Whether the file is still to be made, once there is a run to record.
    let toMake: Bool

    /// The profile to write to, made now if it was still to be.
    func writable() throws(ProfileError) -> Profile {
        toMake ? try Profile.open(at: current.url) : current
    }
}
