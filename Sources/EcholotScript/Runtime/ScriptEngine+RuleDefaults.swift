import EcholotCore
import EcholotModel

extension ScriptEngine {
    /// The defaults of the parameters of every goal and scoring type a level of `pack` may
    /// name (its own, its bases' and dependencies', the standard ones), for the strings that
    /// tell them to players.
    public func ruleDefaults(for pack: String) -> RuleDefaults {
        func defaults(_ kind: RuleKind) -> [String: [String: Value]] {
            var byType: [String: [String: Value]] = [:]
            for type in ruleNames(kind, for: pack) {
                let params = rule(kind, named: type, for: pack)?.params ?? []
                // A parameter without a default is described with a null one.
                let given = params.compactMap { param in
                    param.defaultValue.flatMap { $0.isNull ? nil : (param.name, $0) }
                }
                if !given.isEmpty { byType[type] = Dictionary(given, uniquingKeysWith: { first, _ in first }) }
            }
            return byType
        }
        return RuleDefaults(goals: defaults(.goal), scoring: defaults(.scoring))
    }
}
