import EcholotCore
import EcholotModel

/// The kinds of rules scripts register (`echolot.goal`, `echolot.behaviour`, …).
public enum RuleKind: String, Sendable, CaseIterable {
    /// `echolot.goal(name, spec)`: focus is one goal of the level.
    case goal
    /// `echolot.behaviour(name, spec)`: focus is one entity carrying the behaviour.
    case behaviour
    /// `echolot.achievement(name, spec)`: focus is the achievement's progress record.
    case achievement
    /// `echolot.scoring(name, spec)`: focus is the level's score.
    case scoring
    /// `echolot.story(spec)`: focus is the game's story record.
    case story
    /// `echolot.reducer(spec)`: focus is the level (or the whole game).
    case reducer
}

extension RuleKind {
    /// The kinds a name in a level or a story is looked up among: the others have no name.
    static let named: [RuleKind] = [.goal, .behaviour, .scoring, .achievement]

    /// What a name registered as this kind is, for a message: "a goal type".
    var typeNoun: String {
        switch self {
        case .achievement: return "an achievement"
        default: return "a \(rawValue) type"
        }
    }

    /// What an entry of this kind is, for a message: "a behaviour".
    var entryNoun: String {
        switch self {
        case .achievement: return "an achievement"
        case .scoring: return "a scoring rule"
        default: return "a \(rawValue)"
        }
    }

    /// Where a level names a rule of this kind, for one written in the wrong list.
    var place: String {
        switch self {
        case .goal: return #"it belongs in the level's "goals""#
        case .behaviour: return #"it belongs in an entity's "behaviours""#
        case .scoring: return #"it belongs in the level's "scoring""#
        case .achievement: return "achievements are not named in a level: each runs in every level by itself"
        case .story, .reducer: return ""
        }
    }
}

/// A rule as a script registered it: what it is called, what it handles, what it takes.
public struct RuleDescriptor: Sendable, Equatable {
    /// What kind of rule it is.
    public var kind: RuleKind
    /// Its name (`find`, `orbit`, …), unique per kind within its pack.
    public var name: String
    /// The pack whose script registered it (`echolot` for the standard rules).
    public var pack: String
    /// The actions it handles: names, and families written `prefix.*`.
    public var handles: [String]
    /// Its declared parameters, sorted by name.
    public var params: [ParamSpec]
    /// The script that registered it.
    public var source: ScriptSource?
    /// The line of the registration.
    public var line: Int
    /// A display title (achievements).
    public var title: String?
    /// A sentence describing it.
    public var description: String?

    /// `goal 'find'`: how messages name it.
    public var label: String { "\(kind.rawValue) \(MessageText.named(name))" }

    /// The actions it handles, as the store's filter.
    public var filter: ActionFilter {
        var names: Set<String> = []
        var prefixes: [String] = []
        for action in handles {
            if action.hasSuffix(".*") { prefixes.append(String(action.dropLast())) } else { names.insert(action) }
        }
        return ActionFilter(names: names, prefixes: prefixes)
    }
}

/// One declared parameter of a rule: its type and what values it allows.
public struct ParamSpec: Sendable, Equatable {
    /// The parameter's name, as written in level files.
    public var name: String
    /// `number`, `integer`, `string`, `boolean`, `list`, `map`, `entity`, `entities` or `any`.
    public var type: String
    /// The smallest number (or list length) allowed.
    public var min: Double?
    /// The largest number (or list length) allowed.
    public var max: Double?
    /// Whether a level may leave it out.
    public var optional: Bool
    /// The value used when a level leaves it out.
    public var defaultValue: Value?
    /// The only values allowed, when the rule restricts them.
    public var values: [Value]?
    /// The type of a list's items.
    public var itemType: String?
    /// What it means.
    public var description: String?
}

extension RuleDescriptor {
    /// Reads a description the engine's `E.describe` produced.
    init?(_ value: Value, sources: (String) -> ScriptSource?) {
        guard let kind = value["kind"].stringValue.flatMap(RuleKind.init(rawValue:)),
              let name = value["name"].stringValue, let pack = value["pack"].stringValue
        else { return nil }
        self.kind = kind
        self.name = name
        self.pack = pack
        handles = value["handles"].listValue?.compactMap(\.stringValue) ?? []
        params = (value["params"].listValue ?? []).compactMap { p in
            guard let name = p["name"].stringValue, let type = p["type"].stringValue else { return nil }
            return ParamSpec(name: name, type: type, min: p["min"].doubleValue, max: p["max"].doubleValue,
                             optional: p["optional"].boolValue ?? false,
                             defaultValue: p["default"].isNull ? nil : p["default"],
                             values: p["values"].listValue, itemType: p["of"].stringValue,
                             description: p["description"].stringValue)
        }
        source = value["source"].stringValue.flatMap(sources)
        line = value["line"].intValue ?? 0
        title = value["title"].stringValue
        description = value["description"].stringValue
    }
}
