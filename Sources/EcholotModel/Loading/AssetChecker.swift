/// Checks the form of file names written in pack files: relative, with '/', inside the
/// pack, not hidden.
public struct AssetChecker {
    /// A checker; it holds nothing, as a name's form needs no file.
    init() {}

    /// File endings of the sound formats the engine decodes.
    static let soundExtensions = ["wav", "flac", "ogg", "oga"]

    /// Checks a path's form: relative, with `/`, no `..` segments. Returns it when fine.
    func checkPath(_ field: Field, folder: String) -> String? {
        guard let path = field.string() else { return nil }
        if let problem = AssetChecker.pathProblem(path, folder: folder) {
            field.fail(problem)
            return nil
        }
        return path
    }

    /// What is wrong with the form of an asset path, if anything.
    public static func pathProblem(_ path: String, folder: String) -> String? {
        if path.isEmpty { return "expected a file name, found an empty string" }
        // By Unicode scalar, as the file system reads it: an accent after a '/' or '\\'
        // joins it into one Swift Character, which a Character test would not see.
        let scalars = Array(path.unicodeScalars)
        if scalars.contains("\\") { return "file paths use '/', not '\\' (\(quoted(path)))" }
        if scalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return "file paths must not contain control characters"
        }
        let hasDrive = scalars.count >= 2 && scalars[1] == ":"
            && (("a"..."z").contains(scalars[0]) || ("A"..."Z").contains(scalars[0]))
        if scalars[0] == "/" || hasDrive {
            return "absolute paths are not allowed; give a path inside the pack's \(folder)/ folder (\(quoted(path)))"
        }
        let segments = ArchivePath.segments(path)
        if segments.contains(where: { $0.utf8.elementsEqual("..".utf8) }) {
            return "'..' is not allowed: file paths must stay inside the pack (\(quoted(path)))"
        }
        // The archive 'echolot pack' writes leaves hidden names out, so the pack would
        // validate here and then be installed without the file.
        if let hidden = segments.firstIndex(where: { !$0.utf8.elementsEqual(".".utf8) && ArchivePath.isHidden($0) }) {
            return quoted(segments[hidden]) + (segments.count == 1 ? "" : " in \(quoted(path))")
                + " is a hidden \(hidden == segments.count - 1 ? "file" : "folder") (its name begins with '.'), "
                + "which 'echolot pack' leaves out of the pack's archive; rename it"
        }
        return nil
    }

    /// Checks the form of a sound file name (``pathProblem(_:folder:)``): what the level
    /// file itself gets wrong. Whether the file is there and plays is the sound's own
    /// problem, told by ``PackSoundCheck`` for the levels that name it, so that it stops
    /// those levels rather than the whole pack. Returns the name when fine; a problem is
    /// told at the name's first use in the pack file, with how many more places name it.
    func checkSound(_ field: Field) -> String? {
        guard let name = field.string() else { return nil }
        guard let problem = AssetChecker.pathProblem(name, folder: "sounds") else { return name }
        field.report.error(at: field.path, problem, field.position, about: name)
        return nil
    }
}
