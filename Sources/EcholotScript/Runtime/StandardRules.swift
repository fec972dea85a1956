import Foundation

/// Where the engine's standard rules (`scripts/` of the Echolot source tree) are found.
public enum StandardRules {
    /// The environment variable that points at a `scripts/` folder explicitly.
    public static let environmentVariable = "ECHOLOT_SCRIPTS"

    /// The standard rules folder: `$ECHOLOT_SCRIPTS`; else a `scripts/` (or
    /// `share/echolot/scripts/`) beside or above the executable; else the source tree's.
    public static func folder() -> URL? {
        let manager = FileManager.default
        func isRules(_ url: URL) -> Bool {
            var isDirectory: ObjCBool = false
            return manager.fileExists(atPath: url.appendingPathComponent("goals").path, isDirectory: &isDirectory)
                && isDirectory.boolValue
        }
        if let explicit = ProcessInfo.processInfo.environment[environmentVariable], !explicit.isEmpty {
            return URL(fileURLWithPath: explicit, isDirectory: true)
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
