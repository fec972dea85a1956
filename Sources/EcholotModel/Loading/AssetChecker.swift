/// Checks file names written in pack files: the path stays inside the pack, and the
/// file exists there, is a regular file and is within the size limit.
public struct AssetChecker {
    /// The pack's files.
    let files: PackFiles
    /// Whether a missing file is tolerated (the pack extends another that may have it).
    let allowMissing: Bool

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

    /// Checks a sound file name: its form, its format, and that `sounds/<name>` is a
    /// regular file inside the pack within the size limit. Returns the name when fine.
    /// A problem is the file's, not the place's: it is told at the file's first use in the
    /// pack file, with how many more places name it.
    func checkSound(_ field: Field) -> String? {
        guard let name = field.string() else { return nil }
        guard let problem = soundProblem(name) else { return name }
        field.report.error(at: field.path, problem, field.position, about: name)
        return nil
    }

    /// Why `name` cannot be a sound file of the pack; `nil` when it can (or is missing
    /// and may come from the pack it extends).
    private func soundProblem(_ name: String) -> String? {
        if let problem = AssetChecker.pathProblem(name, folder: "sounds") { return problem }
        let ext = name.split(separator: ".").last.map { $0.lowercased() } ?? ""
        guard name.contains("."), AssetChecker.soundExtensions.contains(ext) else {
            return "unsupported sound format \(quoted(name)); use WAV (.wav), FLAC (.flac) or Ogg Vorbis (.ogg)"
        }
        let relative = "sounds/" + name
        let entry = files.entry(relative)
        switch entry {
        case .missing:
            if allowMissing { return nil }
            let known = files.visible("sounds")
            let hint = Suggestion.soundHint(for: name, what: "sound", among: known) {
                if case .file = files.entry("sounds/" + $0) { return true }
                return false
            }
            return "sound file \(quoted(relative)) does not exist" + (hint.isEmpty ? "; add it to the pack's sounds/ folder, or correct the name" : hint)
        case .brokenLink, .outside, .directory, .special:
            // Said as play and the other checks say it.
            return "sound file \(quoted(relative)) \(PackSounds.notASound(entry) ?? "")"
        case let .file(size):
            guard size <= PackFiles.assetLimit else {
                return "sound file \(quoted(relative)) is \(FileBytes.mebibytes(size)), "
                    + "over the \(PackFiles.assetLimit / (1024 * 1024)) MiB limit; shorten it, or save it as FLAC or Ogg Vorbis, which take less room"
            }
            return nil
        }
    }
}
