import EcholotCore
import Foundation

/// Lays an extending pack over its (already resolved) base: levels, strings and the
/// preview sound by id, the pack's own winning; its kind, scenarios and play order from
/// the base unless the pack gives its own; then the pack's `parameters` applied to the merged
/// levels. What the loader could not check alone (level ids the manifest names) is checked
/// here; the sounds that may come from the base are ``PackSoundCheck``'s.
enum PackMerger {
    /// The merged pack, or every problem found, each in the extending pack's files (each
    /// file held to its first ``FileReport/maxProblems`` in file order); when all are in
    /// `parameters` entries, with the pack the other entries make (``PackLoadError/partial``).
    static func merge(_ pack: Pack, over base: Pack) -> Result<Pack, PackLoadError> {
        let reports = FileReports()
        var merged = pack
        merged.levels = base.levels.merging(pack.levels) { _, own in own }
        // Texts the base's strings give for what this pack redefines — its name and
        // description, a level it replaces and that level's entities — would hide the
        // pack's own files: they are not inherited (the pack's own strings still win).
        // The ids are exact: ids may contain dots, so a prefix would reach other levels'.
        var redefined: Set<String> = ["pack.name", "pack.description"]
        for (id, own) in pack.levels {
            guard let replaced = base.levels[id] else { continue }
            redefined.formUnion(["level.\(id).name", "level.\(id).description"])
            for entity in replaced.level[LevelKeys.entities].ids + own.level[LevelKeys.entities].ids {
                redefined.insert("entity.\(id).\(entity).name")
            }
        }
        for (language, table) in base.strings {
            let inherited = table.filter { id, _ in !redefined.contains(id) }
            merged.strings[language] = inherited.merging(pack.strings[language] ?? [:]) { _, own in own }
        }
        merged.bases = [base.layer] + base.bases
        merged.manifest.preview = pack.manifest.preview ?? base.manifest.preview
        // A pack that extends a story pack plays the base's story (StoryReader looks in the
        // bases too), so it is a story pack unless its pack.json says otherwise.
        if pack.manifestSource.positions["kind"] == nil { merged.manifest.kind = base.manifest.kind }

        var manifest = merged.manifest
        if manifest.scenarios.isEmpty && manifest.levels == nil {
            manifest.scenarios = base.manifest.scenarios
            manifest.levels = base.manifest.levels
            let added = pack.levels.keys.filter { base.levels[$0] == nil }.sorted()
            manifest.levelOrder = base.levelOrder + added
            // The menus offer a base with scenarios scenario by scenario: the added
            // levels get one of their own, named after this pack.
            if !added.isEmpty, !manifest.scenarios.isEmpty {
                var id = manifest.id, n = 1
                while manifest.scenarios.contains(where: { $0.id == id }) {
                    n += 1
                    id = "\(manifest.id)-\(n)"
                }
                manifest.scenarios.append(Scenario(id: id, name: manifest.name, levels: added))
            }
        } else {
            reportUnknownLevels(in: pack, known: merged.levels, to: reports)
            manifest.levelOrder = PackLoading.levelOrder(manifest, levelIDs: merged.levels.keys.sorted())
        }
        merged.manifest = manifest
        // The base may hold the file the pack's defaultLanguage names.
        merged.settleDefaultLanguage()
        // Taken before the entries, so that what they find is known apart: a pack with other
        // problems waits for them to be fixed before the rules check it, as one whose other
        // files have problems does.
        let nothingElseWrong = reports.diagnostics.isEmpty

        for override in pack.manifest.parameters {
            // A level no layer has is told at its key, the name to change, not at its rules.
            let levelKey = "parameters." + override.level
            if merged.levels[override.level] == nil, let key = pack.manifestSource.keyPositions[levelKey] {
                reports.report(for: pack.manifestSource.displayPath).error(at: levelKey, "unknown level \(quoted(override.level))"
                    + Suggestion.hint(for: override.level, among: merged.levels.keys.sorted()), key)
            } else if let problem = apply(override, to: &merged) {
                reports.error(at: override.sourcePath, in: pack.manifestSource, problem)
            }
        }
        let problems = reports.diagnostics
        if !problems.isEmpty {
            // A sound's problem alone would not stop the pack; beside these, it is told in
            // the same pass, as `validate` of the merged pack would tell it. An entry that
            // names nothing the levels have hides no other entry's values: the rest are
            // merged, for the rules to check in the same pass.
            var sounds = PackSoundCheck(pack: merged)
            let own = merged.levels.values.filter { pack.levels[$0.id] != nil }
            return .failure(PackLoadError(diagnostics: FileReports.told(problems + sounds.diagnostics(of: own, preview: true)),
                                          partial: nothingElseWrong ? merged : nil))
        }
        return .success(merged)
    }

    /// Tells of the level ids the pack's manifest names that neither it nor its base has.
    private static func reportUnknownLevels(in pack: Pack, known: [String: LevelDefinition], to reports: FileReports) {
        var lists: [(path: String, ids: [String])] = []
        if let levels = pack.manifest.levels { lists.append(("levels", levels)) }
        for (index, scenario) in pack.manifest.scenarios.enumerated() {
            lists.append(("scenarios[\(index)].levels", scenario.levels))
        }
        for (path, ids) in lists {
            for (index, id) in ids.enumerated() where known[id] == nil {
                reports.error(at: JSONPath.element(path, index), in: pack.manifestSource,
                              "unknown level \(quoted(id)): neither this pack nor its base has \(PackLoader.levelFile(id))"
                                  + Suggestion.hint(for: id, among: known.keys.sorted()))
            }
        }
    }

    /// The first entity (in file order) of `definition` with a behaviour whose type or id
    /// is `name`: `parameters` cannot reach a behaviour, which a modder may well expect.
    private static func behaviourCarrier(of name: String, in definition: LevelDefinition) -> String? {
        definition.entitiesInFileOrder.first { _, entity in
            entity[EntityKeys.behaviours].contains { $0["type"].stringValue == name || $0["id"].stringValue == name }
        }?.id
    }

    /// Applies one parameter override; what is wrong with it, if anything.
    private static func apply(_ override: ParameterOverride, to pack: inout Pack) -> String? {
        guard var definition = pack.levels[override.level] else {
            return "unknown level \(quoted(override.level))" + Suggestion.hint(for: override.level, among: pack.levels.keys.sorted())
        }
        guard let rule = override.rule else { return nil }
        let entities = definition.level[LevelKeys.entities]
        for name in ["entity", "entities"] {
            guard let value = override.values[name] else { continue }
            let ids = value.listValue?.compactMap(\.stringValue) ?? value.stringValue.map { [$0] } ?? []
            if let unknown = ids.first(where: { entities[$0] == nil }) {
                return "level \(quoted(override.level)) has no entity \(quoted(unknown))"
                    + Suggestion.hint(for: unknown, among: entities.ids.sorted())
            }
        }
        // A value given here is this pack.json's, for whatever reports a problem with it.
        func written(at entryPath: String) {
            for name in override.values.keys {
                definition.source.origins[JSONPath.member(entryPath, name)] =
                    SourceMap.Origin(source: pack.manifestSource, path: JSONPath.member(override.sourcePath, name))
            }
        }
        if definition.level[LevelKeys.goals][rule] != nil {
            if let entryPath = definition.goalPaths[rule] { written(at: entryPath) }
            definition.level.modify(LevelKeys.goals) { goals in
                _ = goals.modify(rule) { goal in
                    for (name, value) in override.values { goal[name] = value }
                }
            }
        } else if rule == "scoring", var scoring = definition.level[LevelKeys.scoring] {
            for (name, value) in override.values { scoring[name] = value }
            definition.level[LevelKeys.scoring] = scoring
            written(at: "scoring")
        } else if let entity = behaviourCarrier(of: rule, in: definition) {
            return "level \(quoted(override.level)) has no goal \(quoted(rule)): it is a behaviour of entity \(quoted(entity)), "
                + "and behaviours are set in the level file; copy the level into this pack to change them"
        } else {
            let goals = definition.level[LevelKeys.goals].ids.sorted()
            let rules = goals + (definition.level[LevelKeys.scoring] == nil ? [] : ["scoring"])
            return "level \(quoted(override.level)) has no goal \(quoted(rule))"
                + (definition.level[LevelKeys.scoring] == nil ? "" : " (nor is it \"scoring\")")
                + Suggestion.hint(for: rule, among: rules)
        }
        pack.levels[override.level] = definition
        return nil
    }
}
