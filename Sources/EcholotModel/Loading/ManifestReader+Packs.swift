import EcholotCore

/// The parts of `pack.json` that connect packs: the preview sound, dependencies and
/// parameter overrides.
extension ManifestReader {
    /// A preview sound longer than this many bytes is not "short" (about 10 s of
    /// compressed audio, or 6 s of 16-bit mono WAV at 44.1 kHz).
    static let previewLimit = 512 * 1024

    /// `"preview": "intro.ogg"`: a short sound in `sounds/`. Only its name's form is the
    /// manifest's to check; the file (there, playable, short) is ``PackSoundCheck``'s.
    func readPreview(_ field: Field) -> String? {
        AssetChecker().checkSound(field)
    }

    /// `"dependencies": {"pack-id": "^1.2.0", …}`, sorted by id.
    func readDependencies(_ field: Field, own: String?) -> [PackDependency] {
        guard let object = field.object(known: []) else { return [] }
        var found: [PackDependency] = []
        for member in object.members {
            let value = Field(node: member.value, path: JSONPath.member(field.path, member.key), report: report)
            guard Identifiers.isPackID(member.key) else {
                report.error(at: value.path, "\(quoted(member.key)) is not a valid pack id", member.keyPosition)
                continue
            }
            if member.key == own {
                report.error(at: value.path, "a pack cannot depend on itself", member.keyPosition)
                continue
            }
            guard let text = value.string() else { continue }
            do {
                found.append(PackDependency(id: member.key, range: try VersionRange(text), sourcePath: value.path))
            } catch {
                value.fail(error.message)
            }
        }
        return found.sorted { $0.id < $1.id }
    }

    /// `"parameters": {"level id": {"rule id": {"name": value, …}, …}, …}`.
    func readParameters(_ field: Field) -> [ParameterOverride] {
        guard let levels = field.object(known: []) else { return [] }
        var overrides: [ParameterOverride] = []
        for level in levels.members {
            let levelField = Field(node: level.value, path: JSONPath.member(field.path, level.key), report: report)
            guard Identifiers.isValidID(level.key) else {
                report.error(at: levelField.path, "\(quoted(level.key)) is not a valid level id", level.keyPosition)
                continue
            }
            guard let rules = levelField.object(known: []) else { continue }
            // An entry that sets nothing still names a level, which must exist.
            if rules.members.isEmpty {
                overrides.append(ParameterOverride(level: level.key, rule: nil, values: [:], sourcePath: levelField.path))
            }
            for rule in rules.members {
                let ruleField = Field(node: rule.value, path: JSONPath.member(levelField.path, rule.key), report: report)
                guard let values = ruleField.object(known: []) else { continue }
                var table: [String: Value] = [:]
                for value in values.members {
                    let path = JSONPath.member(ruleField.path, value.key)
                    if value.key == "type" || value.key == "id" || value.key == "state" {
                        report.error(at: path, "\(quoted(value.key)) names the rule and cannot be overridden",
                                     value.keyPosition)
                        continue
                    }
                    let tree = value.value.value.treeValue
                    if tree.isNull {
                        report.error(at: path, "expected a value, found null", value.value.position)
                        continue
                    }
                    table[value.key] = tree
                }
                overrides.append(ParameterOverride(level: level.key, rule: rule.key, values: table,
                                                   sourcePath: ruleField.path))
            }
        }
        return overrides
    }
}
