import EcholotModel

extension ScriptEngine {
    /// A note for each rule the scripts of `pack` register under the kind and name of a
    /// standard one, at the name in its registration. Replacing is allowed (packs.md), but a
    /// modder who picks a common name (`find`, `firstWin`) may not know the engine has one,
    /// and would find out only when the level played otherwise. A named reducer counts: one
    /// called `outcome` takes the place of the rule that wins and loses levels.
    public func replacedStandardRuleNotes(for pack: String) -> [Diagnostic] {
        guard pack != ScriptEngine.standardPack else { return [] }
        let standard = descriptors[ScriptEngine.standardPack] ?? []
        return (descriptors[pack] ?? []).compactMap { rule in
            guard RuleKind.named.contains(rule.kind) || rule.kind == .reducer, let source = rule.source,
                  standard.contains(where: { $0.kind == rule.kind && $0.name == rule.name }) else { return nil }
            var note = Diagnostic(path: source.displayPath, at: namePosition(of: rule, in: source),
                                  message: "\(rule.label) replaces the standard rule of that name for this pack's levels")
            note.severity = .note
            return note
        }
    }

    /// Where the string naming `rule` is in its registration (the call's line or the two
    /// after it, where a long call puts its arguments), else the start of that line.
    private func namePosition(of rule: RuleDescriptor, in source: ScriptSource) -> SourcePosition {
        let start = SourcePosition(line: rule.line, column: 1)
        guard let text = vm.textsByChunk[source.chunkName], let lines = LuaLine(rule.line ... rule.line + 2, of: text)
        else { return start }
        let scan = LuaScan(text: text)
        let name = Array(rule.name.utf8)
        guard let token = lines.tokens.first(where: { $0.kind == .string && scan.bytes(of: $0) == name }) else { return start }
        return LuaKeySearch.position(ofOffset: token.start, in: text)
    }
}
