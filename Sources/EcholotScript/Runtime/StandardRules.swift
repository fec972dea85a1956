import EcholotModel
import Foundation

/// Where the engine's standard rules (`scripts/` of the Echolot source tree) are found.
public enum StandardRules {
    /// The environment variable that points at a `scripts/` folder explicitly.
    public static let environmentVariable = "ECHOLOT_SCRIPTS"

    /// What is wrong with the folder `$ECHOLOT_SCRIPTS` names (it does not exist, or holds no
    /// `goals/`), with what it must name; nil when it is unset or fine. Without the rules
    /// every level would be blamed for each type it uses that no script registers.
    public static func explicitFolderProblem(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        EnvironmentFolder.problem(of: environmentVariable, holding: "goals", environment: environment).map {
            "\($0); point \(environmentVariable) at Echolot's standard rules (its scripts/ folder, holding goals/), or unset it"
        }
    }

    /// The standard rules folder: `$ECHOLOT_SCRIPTS`; else a `scripts/` (or
    /// `share/echolot/scripts/`) beside or above the executable; else the source tree's.
    /// `nil` when none is found, or `$ECHOLOT_SCRIPTS` names no rules folder
    /// (``explicitFolderProblem(environment:)`` says why).
    public static func folder(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        let manager = FileManager.default
        func isRules(_ url: URL) -> Bool {
            var isDirectory: ObjCBool = false
            return manager.fileExists(atPath: url.appendingPathComponent("goals").path, isDirectory: &isDirectory)
                && isDirectory.boolValue
        }
        if let explicit = environment[environmentVariable], !explicit.isEmpty {
            // Another folder found would not be the one asked for.
            return explicitFolderProblem(environment: environment) == nil ? URL(fileURLWithPath: explicit, isDirectory: true) : nil
        }
        var candidates: [URL] = []
        if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() {
            var folder = executable.deletingLastPathComponent()
            while folder.path != "/" {
                candidates.append(folder.appendingPathComponent("scripts", isDirectory: true))
                candidates.append(folder.appendingPathComponent("share/echolot/scripts", isDirectory: true))
                folder = folder.deletingLastPathComponent()
            }
        }
        // Sources/EcholotScript/Runtime/StandardRules.swift → the package root.
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(packageRoot.appendingPathComponent("scripts", isDirectory: true))
        return candidates.first(where: isRules)
    }
}
