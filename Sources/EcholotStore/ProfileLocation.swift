import Foundation

/// Where the player's profile database lives.
///
/// An explicit path (`--profile PATH`) wins, then the `ECHOLOT_PROFILE` environment
/// variable, then the platform's data directory: `$XDG_DATA_HOME/echolot/profile.sqlite`
/// on Linux (`~/.local/share` when the variable is unset or not absolute, as the XDG
/// specification says), `~/Library/Application Support/Echolot/profile.sqlite` on macOS.
public enum ProfileLocation {
    /// The environment variable that overrides the default location.
    public static let environmentVariable = "ECHOLOT_PROFILE"

    /// The profile file to use, given an explicit path (if any) and the environment.
    public static func resolve(
        explicit: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL {
        if let explicit, !explicit.isEmpty { return URL(fileURLWithPath: explicit) }
        if let variable = environment[environmentVariable], !variable.isEmpty {
            return URL(fileURLWithPath: variable)
        }
        return defaultFile(environment: environment)
    }

    /// The platform's default profile file, ignoring any override.
    public static func defaultFile(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        #if os(macOS)
        return URL(fileURLWithPath: home)
            .appendingPathComponent("Library/Application Support/Echolot", isDirectory: true)
            .appendingPathComponent("profile.sqlite")
        #else
        // The XDG specification says a relative XDG_DATA_HOME is invalid and must be ignored.
        let data = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? home + "/.local/share"
        return URL(fileURLWithPath: data)
            .appendingPathComponent("echolot", isDirectory: true)
            .appendingPathComponent("profile.sqlite")
        #endif
    }
}
