import Foundation

/// Keeps a command's output off its input: `echolot pack --out` or `render --out` aimed
/// inside the pack being read (or at its archive) would replace the pack's own files.
public enum OutputGuard {
    /// Why `output` may not be written while the pack at `input` (a folder or a `.zip`)
    /// is read; `nil` when it may. Links are followed on both sides.
    public static func problem(writing output: URL, reading input: URL) -> String? {
        let source = input.standardizedFileURL.resolvingSymlinksInPath().path
        // The output may not exist yet: its folder is what links can redirect.
        let target = output.standardizedFileURL.deletingLastPathComponent().resolvingSymlinksInPath()
            .appendingPathComponent(output.lastPathComponent).resolvingSymlinksInPath().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: source, isDirectory: &isDirectory) else { return nil }
        if isDirectory.boolValue {
            let folder = source.hasSuffix("/") ? source : source + "/"
            guard target.hasPrefix(folder) else { return nil }
            return "the output is inside the pack folder being read; write it outside the pack"
        }
        return target == source ? "the output is the pack archive being read; write it elsewhere" : nil
    }
}
