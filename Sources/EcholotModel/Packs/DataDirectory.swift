import Foundation

/// Where Echolot keeps what a player adds: installed packs live in its `packs/` folder.
///
/// `$ECHOLOT_DATA` wins (tests use it); else `$XDG_DATA_HOME/echolot` when that variable
/// is an absolute path, else `~/.local/share/echolot` (on macOS
/// `~/Library/Application Support/Echolot`) — the platform folder the profile database
/// also defaults to, though `$ECHOLOT_DATA` moves only the packs (the profile follows
/// `--profile` or `$ECHOLOT_PROFILE`).
public enum DataDirectory {
    /// The environment variable that overrides the data folder.
    public static let environmentVariable = "ECHOLOT_DATA"

    /// The data folder for this environment.
    public static func url(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let explicit = environment[environmentVariable], !explicit.isEmpty {
            return URL(fileURLWithPath: explicit, isDirectory: true).standardizedFileURL
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        #if os(macOS)
        return URL(fileURLWithPath: home, isDirectory: true)
            .appendingPathComponent("Library/Application Support/Echolot", isDirectory: true)
        #else
        // The XDG specification says a relative XDG_DATA_HOME is invalid and must be ignored.
        let data = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.local/share"
        return URL(fileURLWithPath: data, isDirectory: true).appendingPathComponent("echolot", isDirectory: true)
        #endif
    }

    /// The folder installed packs live in: `<data>/packs`.
    public static func packsFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        url(environment: environment).appendingPathComponent("packs", isDirectory: true)
    }
}

/// Where the packs shipped with Echolot are (its `levels/` folder).
public enum ShippedPacks {
    /// The environment variable naming the folder of shipped packs explicitly (the same
    /// one the terminal's menus read).
    public static let environmentVariable = "ECHOLOT_PACKS"

    /// The folder of shipped packs: `$ECHOLOT_PACKS`; else a `levels/` (or
    /// `share/echolot/levels/`) holding `tutorial/pack.json` beside or above the
    /// executable; else in or above the current folder; else the source tree's.
    public static func folder(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        if let explicit = environment[environmentVariable], !explicit.isEmpty {
            return URL(fileURLWithPath: explicit, isDirectory: true).standardizedFileURL
        }
        let manager = FileManager.default
        func upwards(from start: URL) -> [URL] {
            var folder = start.standardizedFileURL
            var found: [URL] = []
            while true {
                found.append(folder.appendingPathComponent("levels", isDirectory: true))
                found.append(folder.appendingPathComponent("share/echolot/levels", isDirectory: true))
                let parent = folder.deletingLastPathComponent()
                if parent.path == folder.path { break }
                folder = parent
            }
            return found
        }
        var candidates: [URL] = []
        if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() {
            candidates += upwards(from: executable.deletingLastPathComponent())
        }
        candidates += upwards(from: URL(fileURLWithPath: manager.currentDirectoryPath, isDirectory: true))
        // Sources/EcholotModel/Packs/DataDirectory.swift → the package root.
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(packageRoot.appendingPathComponent("levels", isDirectory: true))
        return candidates.first { manager.fileExists(atPath: $0.appendingPathComponent("tutorial/pack.json").path) }
    }

    /// What is wrong with the folder `$ECHOLOT_PACKS` names, when it is set and names no
    /// folder ("ECHOLOT_PACKS is /x, which does not exist"); nil when it is unset or fine.
    /// A mistyped path would otherwise read as a packs folder that holds nothing.
    public static func explicitFolderProblem(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        EnvironmentFolder.problem(of: environmentVariable, environment: environment)
    }

    /// Where the shipped packs came from when `$ECHOLOT_PACKS` names a folder, told beside
    /// a pack id found nowhere ("ECHOLOT_PACKS is /x: shipped packs are read from that folder
    /// alone"): a folder set for another purpose, or left over, hides Echolot's own packs,
    /// and the id would otherwise look misspelt. Nil when the variable is unset or names no
    /// folder (``unreadFolder(environment:)`` then says so).
    public static func explicitFolderNote(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        guard let value = environment[environmentVariable], !value.isEmpty, explicitFolderProblem(environment: environment) == nil
        else { return nil }
        return "\(environmentVariable) is \(MessageText.oneLine(value)): shipped packs are read from that folder alone"
    }

    /// ``explicitFolderProblem(environment:)`` told as the cause of a pack id found nowhere,
    /// with its fix: what every lookup of a pack by id (an argument, an `extends`, a
    /// dependency) says, so that the id is not taken for a typo.
    public static func unreadFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        explicitFolderProblem(environment: environment).map {
            "\($0), so no shipped pack is read; point \(environmentVariable) at the shipped levels folder, or unset it"
        }
    }
}

/// A folder an environment variable names (`ECHOLOT_PACKS`, `ECHOLOT_SCRIPTS`), checked so
/// that each variable is told wrong in the same words.
public enum EnvironmentFolder {
    /// What is wrong with the folder `variable` names: "ECHOLOT_SCRIPTS is /x, which does not
    /// exist", "…, which is a file, not a folder", or, when `holding` names a folder it must
    /// hold, "…, which holds no goals/ folder"; nil when the variable is unset, empty or fine.
    public static func problem(of variable: String, holding: String? = nil, environment: [String: String]) -> String? {
        guard let value = environment[variable], !value.isEmpty else { return nil }
        let named = "\(variable) is \(MessageText.oneLine(value))"
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: value, isDirectory: &isFolder) else { return "\(named), which does not exist" }
        guard isFolder.boolValue else { return "\(named), which is a file, not a folder" }
        guard let holding else { return nil }
        let inside = URL(fileURLWithPath: value, isDirectory: true).appendingPathComponent(holding, isDirectory: true)
        var holds: ObjCBool = false
        return FileManager.default.fileExists(atPath: inside.path, isDirectory: &holds) && holds.boolValue
            ? nil : "\(named), which holds no \(holding)/ folder"
    }
}
