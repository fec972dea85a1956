/// How a sound file that no `sounds/` folder has is told: one wording for a level's sounds,
/// its preview and a story's voices and ambience, so an author meets one message.
extension Pack {
    /// The names in the `sounds/` folders of the pack and its bases, which a missing sound's
    /// "did you mean" is chosen from; listing them reads the folders, so a check lists them
    /// once, however many files are missing.
    func soundNames() -> [String] {
        ([layer] + bases).flatMap { layer -> [String] in
            guard case let .opened(files) = PackFiles.open(layer.root) else { return [] }
            return files.visible("sounds")
        }
    }

    /// That the `what` file `file` (a "sound", "voice" or "ambience" file) does not exist,
    /// with the name likely meant among `names` (``soundNames()``), else how to mend it.
    func missingSound(_ file: String, what: String, among names: [String]) -> String {
        let sounds = self.sounds
        let hint = Suggestion.soundHint(for: file, what: what, among: names) { sounds.file($0) != nil }
        return "\(what) file \(quoted("sounds/" + file)) does not exist"
            + (hint.isEmpty ? "; add it to the pack's sounds/ folder, or correct the name" : hint)
    }
}
