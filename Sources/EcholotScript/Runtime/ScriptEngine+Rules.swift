import CLua
import CLuaBridge
import EcholotCore
import EcholotModel

/// Which rules a level uses, and the reducers that run them.
extension ScriptEngine {
    /// Every rule a pack registered, in registration order.
    public func rules(of pack: String) -> [RuleDescriptor] { descriptors[pack] ?? [] }

    /// The packs whose rules a level of `pack` sees, in lookup order: the pack, the packs
    /// it extends, the packs any of these depends on (not theirs in turn: a pack names
    /// every pack whose rules it uses), then the standard rules.
    public func visiblePacks(for pack: String) -> [String] {
        var chain: [String] = []
        var current: String? = pack
        while let id = current, !chain.contains(id) {
            chain.append(id)
            current = bases[id]
        }
        var visible = chain
        for id in chain {
            for dependency in dependencies[id] ?? [] where !visible.contains(dependency) { visible.append(dependency) }
        }
        if !visible.contains(ScriptEngine.standardPack) { visible.append(ScriptEngine.standardPack) }
        return visible
    }

    /// The rule a level of `pack` means by `name`: the pack's own first, then its bases',
    /// its dependencies', then the standard one.
    public func rule(_ kind: RuleKind, named name: String, for pack: String) -> RuleDescriptor? {
        for id in visiblePacks(for: pack) {
            if let rule = descriptors[id]?.first(where: { $0.kind == kind && $0.name == name }) { return rule }
        }
        return nil
    }

    /// What to say of `name`, no rule of `kind`, when a level of `pack` can use a rule of
    /// another kind by that name: a type written in the wrong list is told where it belongs,
    /// since "unknown" would send its author looking for a typo that is not there.
    public func misplacedRule(_ name: String, as kind: RuleKind, for pack: String) -> String? {
        guard let other = RuleKind.named.first(where: { $0 != kind && rule($0, named: name, for: pack) != nil })
        else { return nil }
        return "\(MessageText.named(name)) is \(other.typeNoun), not \(kind.entryNoun); \(other.place)"
    }

    /// The names of every rule of `kind` a level of `pack` can use, sorted.
    public func ruleNames(_ kind: RuleKind, for pack: String) -> [String] {
        Set(visiblePacks(for: pack).flatMap { descriptors[$0] ?? [] }.filter { $0.kind == kind }.map(\.name)).sorted()
    }

    /// Every rule that applies to a level of `pack` in the order the store runs them: load
    /// order (standard rules, dependencies, base packs, then the pack), each pack's in registration
    /// order; goals, behaviours and scoring only when the level uses them.
    func applicableRules(for level: Level, pack: String) -> [RuleDescriptor] {
        let visible = visiblePacks(for: pack)
        var used: [RuleKind: Set<String>] = [.goal: [], .behaviour: [], .scoring: []]
        for (_, goal) in level[LevelKeys.goals].nodes { used[.goal]!.insert(goal[GoalKeys.type]) }
        for (_, entity) in level[LevelKeys.entities].nodes {
            for entry in entity[EntityKeys.behaviours] {
                if let type = entry["type"].stringValue { used[.behaviour]!.insert(type) }
            }
        }
        if let type = level[LevelKeys.scoring]?["type"]?.stringValue { used[.scoring]!.insert(type) }
        var chosen: [RuleDescriptor] = []
        for id in visible.reversed() {
            for rule in descriptors[id] ?? [] {
                // A rule shadowed by one of the same kind and name in a nearer pack does not run.
                guard self.rule(rule.kind, named: rule.name, for: pack)?.pack == rule.pack else { continue }
                if let names = used[rule.kind], !names.contains(rule.name) { continue }
                if rule.kind == .story, chosen.contains(where: { $0.kind == .story }) {
                    chosen.removeAll { $0.kind == .story }  // the nearest pack's story wins
                }
                chosen.append(rule)
            }
        }
        return chosen
    }

    /// The reducers that run a level's Lua rules, to follow the engine's own level
    /// reducers in a store (only those of `kinds`, when given). They share one mirror of
    /// that store's state, so build a new set for every store.
    public func reducers(for level: Level, pack: String, kinds: Set<RuleKind>? = nil) throws(ScriptError) -> [Reducer<GameState>] {
        let session = RuleSession(engine: self)
        var reducers: [Reducer<GameState>] = []
        for rule in applicableRules(for: level, pack: pack) where kinds?.contains(rule.kind) ?? true {
            let batch = try makeBatch(rule)
            var reducer = Reducer<GameState>.staged(rule.label, handles: rule.filter) { [session] state, action, context in
                try session.stage(batch, state: state, action: action, context: &context)
            }
            reducer.blame = { message, handling in
                ScriptError(kind: .runtime, source: rule.source, line: rule.line, message: message, rule: rule.label, action: handling)
            }
            reducers.append(reducer)
        }
        return reducers
    }

    /// Drops the mirror before a state is mirrored anew, and collects it when there was
    /// one: the old mirror and the new one together would need twice the memory of a
    /// level, and the new one is handed over while the memory cap is not enforced. Only
    /// engine code runs, and it frees memory: outside the budget and the cap (no hook),
    /// which a pack that holds memory up to the cap would otherwise make it fail. What
    /// went wrong, if anything.
    func dropMirror() -> String? {
        let L = vm.L
        clua_getref(L, refs.drop)
        guard clua_pcall(L, 0, 1, 0) == LUA_OK else {
            defer { clua_pop(L, 1) }
            return vm.describeError(at: -1)
        }
        let dropped = lua_toboolean(L, -1) != 0
        clua_pop(L, 1)
        if dropped { clua_collect(L) }
        return nil
    }

    /// Where the reducer function the driver ran last was defined: the position to report
    /// for an error that carries none (memory ran out inside Lua's allocator).
    func currentHandlerPosition() -> (source: ScriptSource, line: Int)? {
        readEngineField("current") { L in
            guard lua_type(L, -1) == LUA_TFUNCTION else { return nil }
            var record = lua_Debug()
            lua_pushvalue(L, -1)
            guard lua_getinfo(L, ">S", &record) != 0,  // pops the copy
                  let chunk = record.source, let source = vm.source(ofChunk: String(cString: chunk)) else { return nil }
            return (source, Int(record.linedefined))
        }
    }

    /// The instance of `rule` the driver ran last, for a failed call's context: the goal's
    /// id when it is not the type's name, the entity a behaviour was on (`goal 'together'
    /// with id 'duo'`, `behaviour 'orbit' of entity 'bell'`); the rule's label alone for
    /// other kinds. Only reads: the call failed, and its limits may be spent.
    func failedInstanceLabel(of rule: RuleDescriptor) -> String {
        let id: String? = readEngineField("instance") { L in
            switch lua_type(L, -1) {
            case LUA_TSTRING: return vm.string(at: -1)
            case LUA_TTABLE where rule.kind == .behaviour:
                vm.push("ids")
                guard lua_rawget(L, -2) == LUA_TTABLE else { clua_pop(L, 1); return nil }
                defer { clua_pop(L, 2) }
                lua_rawgeti(L, -1, vm.limits.pointee.focusIndex)
                return lua_type(L, -1) == LUA_TSTRING ? vm.string(at: -1) : nil
            default: return nil
            }
        }
        guard let id else { return rule.label }
        switch rule.kind {
        case .goal where id != rule.name: return rule.label + " with id " + MessageText.named(id)
        case .behaviour: return rule.label + " of entity " + MessageText.named(id)
        default: return rule.label
        }
    }

    /// What `read` makes of field `name` of the engine's table (on top of the stack while
    /// it runs, with the stack as it was afterwards): where the driver left word of what it
    /// was doing when a call failed.
    func readEngineField<T>(_ name: String, _ read: (OpaquePointer) -> T) -> T {
        let L = vm.L
        clua_getref(L, refs.engine)
        vm.push(name)
        lua_rawget(L, -2)
        defer { clua_pop(L, 2) }
        return read(L)
    }

    /// A Lua batch for `rule`: the driver's handle on every instance of it.
    func makeBatch(_ rule: RuleDescriptor) throws(ScriptError) -> Batch {
        let L = vm.L
        clua_getref(L, refs.batch)
        vm.push(rule.pack)
        vm.push(rule.kind.rawValue)
        vm.push(rule.name)
        if let failure = vm.protectedCall(arguments: 3, results: 1) {
            throw ScriptError(kind: .engine, message: failure.message, rule: rule.label)
        }
        return Batch(ref: clua_ref(L), rule: rule, vm: vm)
    }
}
