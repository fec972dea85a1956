import EcholotCore

/// Checks one entity of a level file and builds its node, defaults applied and its
/// `position` flattened into `azimuth`, `elevation` and `distance`.
struct EntityReader {
    /// The fields an entity may have.
    static let fields = ["id", "name", "glyph", "tags", "position", "sound", "selectable",
                         "behaviours", "actions", "attributes"]
    /// Attribute names the engine itself keeps on an entity node.
    static let builtInAttributes: Set<String> = ["id", "name", "glyph", "tags", "azimuth", "elevation", "distance",
                                                 "sound", "selectable", "found", "behaviours", "actions"]

    let level: LevelReader

    /// The entity's id and node; `nil` when it has no usable id or repeats one.
    func read(_ field: Field) -> (String, Entity)? {
        guard let object = field.object(known: EntityReader.fields) else {
            level.everyEntityID = false
            return nil
        }
        object.rejectUnknown(ownFields: "attributes")
        var entity = Entity()
        var id: String?
        if let idField = object.required("id"), let given = idField.identifier("entity id") {
            if let first = level.entityIDs[given] {
                idField.fail("duplicate entity id \(quoted(given)) (first at line \(first.line), column \(first.column))")
            } else {
                level.entityIDs[given] = idField.position
                level.entityPaths[given] = field.path
                id = given
            }
        } else {
            level.everyEntityID = false
        }
        entity[EntityKeys.id] = id ?? ""
        entity[EntityKeys.name] = object.optional("name")?.string() ?? id ?? ""
        entity[EntityKeys.glyph] = object.optional("glyph").flatMap(EntityReader.readGlyph) ?? EntityKeys.glyph.defaultValue
        entity[EntityKeys.tags] = object.optional("tags").flatMap(readTags) ?? []
        if let position = object.required("position") { readPosition(position, into: &entity) }
        if let sound = object.optional("sound"), let node = readSound(sound) { entity[EntityKeys.sound] = node }
        entity[EntityKeys.selectable] = object.optional("selectable")?.bool() ?? true
        entity[EntityKeys.found] = false
        let rules = RuleReader(level: level)
        entity[EntityKeys.behaviours] = (object.optional("behaviours")?.array() ?? [])
            .compactMap { rules.read($0, reserved: [])?.map }.map(Value.map)
        entity[EntityKeys.actions] = (object.optional("actions")?.array() ?? []).compactMap(readAction)
        if let attributes = object.optional("attributes") {
            level.mergeAttributes(attributes, into: &entity.attributes, builtIn: EntityReader.builtInAttributes,
                                  what: "entity")
        }
        guard let id else { return nil }
        return (id, entity)
    }

    /// One visible character: a single grapheme (`é` written as `e` and an accent, or
    /// `👩‍🚀`, counts as one) that draws something — an entity's glyph, and the
    /// background's, which the view strip draws in every empty column.
    static func readGlyph(_ field: Field) -> String? {
        guard let glyph = field.string() else { return nil }
        if let problem = glyphProblem(glyph) {
            field.fail(problem)
            return nil
        }
        return glyph
    }

    /// What is wrong with `glyph` as one visible character, if anything (a story's
    /// cut-scene background is held to it too).
    static func glyphProblem(_ glyph: String) -> String? {
        guard glyph.count == 1, let first = glyph.unicodeScalars.first, !EntityReader.isInvisible(first, leading: true),
              !glyph.unicodeScalars.dropFirst().contains(where: { EntityReader.isInvisible($0, leading: false) })
        else { return "expected one visible character, found \(quoted(glyph))" }
        return nil
    }

    /// Whether `scalar` draws nothing in a glyph. A zero-width space or a bidirectional
    /// override takes no column (or reorders the row), so the strip would shift; a lone
    /// accent has nothing to sit on. After the first scalar, marks and the joiner of an
    /// emoji sequence belong to the character.
    static func isInvisible(_ scalar: Unicode.Scalar, leading: Bool) -> Bool {
        if scalar.properties.isWhitespace || scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) { return true }
        switch scalar.properties.generalCategory {
        case .format: return leading || scalar != "\u{200D}"
        case .nonspacingMark, .spacingMark, .enclosingMark: return leading
        default: return false
        }
    }

    func readTags(_ field: Field) -> [String]? {
        guard let items = field.array() else { return nil }
        return items.compactMap { $0.nonEmptyString() }
    }

    func readPosition(_ field: Field, into entity: inout Entity) {
        guard let object = field.object(known: ["azimuth", "elevation", "distance"]) else { return }
        object.rejectUnknown()
        if let azimuth = object.required("azimuth")?.number() {
            entity[EntityKeys.azimuth] = Geometry.normalize(azimuth: azimuth)
        }
        entity[EntityKeys.elevation] = object.optional("elevation")?.number(from: -90, to: 90) ?? 0
        entity[EntityKeys.distance] = object.optional("distance")?.number(from: 0, exclusiveLower: true) ?? 1.5
    }

    func readSound(_ field: Field) -> Sound? {
        guard let object = field.object(known: ["file", "volume", "loop", "pitch", "rolloff", "playing"]) else {
            return nil
        }
        object.rejectUnknown()
        var sound = Sound()
        if let file = object.required("file"), let name = level.assets.checkSound(file) {
            sound[SoundKeys.file] = name
        }
        sound[SoundKeys.volume] = object.optional("volume")?.number(from: 0, to: 4) ?? 1
        sound[SoundKeys.loop] = object.optional("loop")?.bool() ?? true
        sound[SoundKeys.pitch] = object.optional("pitch")?.number(from: 0.25, to: 4) ?? 1
        sound[SoundKeys.rolloff] = object.optional("rolloff")?.number(from: 0) ?? 1
        sound[SoundKeys.playing] = object.optional("playing")?.bool() ?? true
        return sound
    }

    /// `{on: "selected", action: NAME, …payload}`.
    func readAction(_ field: Field) -> Value? {
        guard let object = field.object(known: ["on", "action"]) else { return nil }
        var map = PersistentMap<Value>()
        if let on = object.required("on")?.oneOf(["selected"]) { map["on"] = .string(on) }
        // The engine sends it on the entity's behalf as a rule would: only what a rule may
        // emit (a misspelt `pakc.bell` would reach no rule, and nothing would say so).
        if let field = object.required("action"), let action = field.nonEmptyString() {
            if let problem = ActionName.problem(emitting: action) {
                field.fail(problem)
            } else {
                map["action"] = .string(action)
                // Its `id` is checked once the goals are read: they come after the entities.
                if action == ActionName.goalMet || action == ActionName.goalFailed {
                    level.announcements.append((action: action, entry: object.field, id: object.optional("id")))
                }
            }
        }
        for member in object.extra where member.value.value != .null {
            map[member.key] = member.value.value.treeValue
        }
        return .map(map)
    }
}
