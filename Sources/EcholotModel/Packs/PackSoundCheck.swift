import Foundation

/// The one check of the sound files a pack's levels and preview name, which every command
/// that checks sounds tells through (docs/audio.md): `validate`, `pack` and `install` for
/// the whole pack, and `run`, `render`, `replay` and `play` for the level they play.
///
/// A name is resolved as play resolves it (``PackSounds``), then held to what the model
/// sees (a format by its ending, a regular file inside a pack, within the size limit) and
/// to what `decoded` says of the file it found (the audio layer decodes it whole). A
/// problem of a file is told once per file that names it, at its first use there, with how
/// many more uses share it; each file is held to its first ``FileReport/maxProblems``.
/// A sound file's problem never stops a pack from loading: it stops the levels that name
/// the file, which is the only way a player meets it.
public struct PackSoundCheck {
    /// Why the file at a URL cannot be played (placed in space when the flag is set), or
    /// `nil` when it can.
    public typealias Decoder = (URL, Bool) -> String?

    /// The pack whose sounds are checked.
    public let pack: Pack
    /// Where its names resolve, the folders opened once (``PackSounds/resolver()``): a check
    /// of thousands of names took longer opening them for each than the level took to load.
    private let resolve: (String) -> PackSounds.Resolution
    private let decoded: Decoder?
    /// Problems by name (what the model sees), then by name and use (what decoding finds).
    private var files: [String: String?] = [:]
    private var uses: [String: String?] = [:]
    /// The names in the `sounds/` folders of the pack and its bases, for "did you mean",
    /// listed at the first missing file.
    private var soundNames: [String]?

    /// A check of `pack`'s sounds that decodes each file found with `decoded` (none: only
    /// what the model sees is checked).
    public init(pack: Pack, decoded: Decoder? = nil) {
        self.pack = pack
        resolve = pack.sounds.resolver()
        self.decoded = decoded
    }

    /// The problems of the sounds the levels `definitions` name and, with `preview`, of the
    /// preview sound the pack's own `pack.json` names, in display order. A level of a base
    /// that names a sound this pack's own file stands in for is told at that file, once:
    /// the base's level is not the author's to change, the sound is.
    public mutating func diagnostics(of definitions: [LevelDefinition], preview: Bool) -> [Diagnostic] {
        let reports = FileReports()
        let own = pack.root.standardizedFileURL.resolvingSymlinksInPath().path
        // By file and problem: a file played both in space (it must be mono) and as
        // ambience names, for each problem, only the levels it is one for.
        struct StandIn: Hashable { var url: String, problem: String }
        var standIns: [StandIn: [String]] = [:]
        for definition in definitions.sorted(by: { $0.id < $1.id }) {
            let baseLevel = !pack.isOwn(definition)
            // A name of the wrong form is the level file's mistake, told where the reader read it.
            for (file, path) in definition.soundReferences where AssetChecker.pathProblem(file, folder: "sounds") == nil {
                // Entity sounds are placed in space; ambience and music are not.
                guard let (problem, bare) = told(file, directional: SoundUses.isEntitySound(path)) else { continue }
                if baseLevel, let url = ownFile(file, in: own) {
                    // Told at the file itself, which the message need not name.
                    let key = StandIn(url: url, problem: bare)
                    if standIns[key]?.last != definition.id { standIns[key, default: []].append(definition.id) }
                    continue
                }
                reports.error(at: path, in: definition.source, problem, about: file)
            }
        }
        for (told, ids) in standIns {
            let shown = pack.display(String(told.url.dropFirst(own.count + 1)))
            let levels = ids.map { MessageText.named($0) }.joined(separator: ", ")
            reports.report(for: shown).error("\(told.problem); it stands in for the sound of the same name in a base, "
                + "which its level\(ids.count == 1 ? "" : "s") \(levels) play\(ids.count == 1 ? "s" : "")", at: .start)
        }
        // Only a preview the pack's own pack.json names: a base's is the base's to mend.
        if preview, let file = pack.manifest.preview, pack.manifestSource.positions["preview"] != nil,
           AssetChecker.pathProblem(file, folder: "sounds") == nil, let problem = previewProblem(file) {
            reports.error(at: "preview", in: pack.manifestSource, problem, about: file)
        }
        return reports.diagnostics.sortedForDisplay()
    }

    /// Why `file` cannot be played as a level plays it (placed in space when `directional`),
    /// as a level's message tells it (`sound file "sounds/x.wav" …`) and as the file's own
    /// message does, or `nil`.
    private mutating func told(_ file: String, directional: Bool) -> (message: String, bare: String)? {
        if let problem = fileProblem(file) { return (problem, problem) }
        guard let found = decodedProblem(file, directional: directional) else { return nil }
        return ("sound file \(quoted("sounds/" + file)): \(found)", found)
    }

    /// What `decoded` says of the file `file` resolves to, when one does.
    private mutating func decodedProblem(_ file: String, directional: Bool) -> String? {
        let memo = "\(directional)|\(file)"
        if let known = uses[memo] { return known }
        var problem: String?
        if let decoded, case let .found(url) = resolve(file) { problem = decoded(url, directional) }
        uses[memo] = .some(problem)
        return problem
    }

    /// What the preview sound `file` is told: a sound's problem, or a length past "short".
    private mutating func previewProblem(_ file: String) -> String? {
        if let problem = fileProblem(file) { return problem }
        if let size = size(of: file), size > ManifestReader.previewLimit {
            return "the preview sound is \(FileBytes.mebibytes(size)); keep it short (at most "
                + "\(ManifestReader.previewLimit / 1024) KiB, a few seconds)"
        }
        return told(file, directional: false)?.message
    }

    /// What the model sees wrong with the sound file `file`, as a level naming it is told
    /// (a format the engine does not play, nothing there, a path the pack refuses, a file
    /// over the size limit), or nil; nothing is decoded or kept but the folders' names.
    /// A rule that sets a sound file (an entity's, the music's, an ambient sound's) is held
    /// to it at its write.
    public mutating func problem(ofFile file: String) -> String? {
        modelProblem(file)
    }

    /// What the model sees wrong with the sound file `file` names, before any decoding:
    /// a format the engine does not play, nothing there, something that is no sound file,
    /// or a file over the size limit.
    private mutating func fileProblem(_ file: String) -> String? {
        if let known = files[file] { return known }
        let problem = modelProblem(file)
        files[file] = .some(problem)
        return problem
    }

    private mutating func modelProblem(_ file: String) -> String? {
        let ending = file.split(separator: ".").last.map { $0.lowercased() } ?? ""
        guard file.contains("."), AssetChecker.soundExtensions.contains(ending) else {
            return "unsupported sound format \(quoted(file)); use WAV (.wav), FLAC (.flac) or Ogg Vorbis (.ogg)"
        }
        let shown = "sound file \(quoted("sounds/" + file))"
        let resolution = resolve(file)
        switch resolution {
        case let .found(url):
            guard let size = size(at: url), size > PackFiles.assetLimit else { return nil }
            return "\(shown) is \(FileBytes.mebibytes(size)), over the \(PackFiles.assetLimit / (1024 * 1024)) MiB limit; "
                + "shorten it, or save it as FLAC or Ogg Vorbis, which take less room"
        case .missing:
            // A pack that extends another, checked without it, may take the file from it.
            if pack.manifest.extends != nil, pack.bases.isEmpty { return nil }
            if !pack.bases.isEmpty {
                return "\(shown) is neither in this pack nor in its base \(pack.bases.map { quoted($0.id) }.joined(separator: ", "))"
            }
            return pack.missingSound(file, what: "sound", among: names())
        case .refused, .notASound:
            return PackSounds.problem(of: resolution, shown: shown)
        }
    }

    /// The size of the file `file` resolves to, when one does.
    private func size(of file: String) -> Int? {
        guard case let .found(url) = resolve(file) else { return nil }
        return size(at: url)
    }

    /// The size of the file at `url`, a name resolved (a link is measured at its file).
    private func size(at url: URL) -> Int? {
        // `stat` follows the links; one call, where resolving them first took one per folder.
        var status = stat()
        return stat(url.path, &status) == 0 ? Int(status.st_size) : nil
    }

    /// The names in the `sounds/` folders of the pack and its bases (``Pack/soundNames()``).
    private mutating func names() -> [String] {
        if let soundNames { return soundNames }
        let found = pack.soundNames()
        soundNames = found
        return found
    }

    /// The absolute path of the file `file` resolves to when it lies in the folder `own`
    /// (the pack itself, not a base); `nil` otherwise.
    private func ownFile(_ file: String, in own: String) -> String? {
        guard case let .found(url) = resolve(file) else { return nil }
        let path = url.standardizedFileURL.resolvingSymlinksInPath().path
        return PathInside.isBelow(path, folder: own) ? path : nil
    }
}
