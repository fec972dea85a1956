/// The strings a pack's scripts write out, for checks that must not call a string id
/// unused when a script may hand it to the game (`ctx.emit("story.line", { id = "…" })`).
extension ScriptEngine {
    /// Every string literal of the loaded scripts of the packs `packs` (ids), as Lua reads
    /// it (escapes read), that is valid UTF-8.
    public func stringLiterals(inPacks packs: Set<String>) -> Set<String> {
        var literals: Set<String> = []
        for (chunk, text) in vm.textsByChunk {
            guard let source = vm.source(ofChunk: chunk), packs.contains(source.pack) else { continue }
            let scan = LuaScan(text: text)
            var token = scan.token(at: 0)
            while token.kind != .eof {
                if token.kind == .string, let literal = String(validating: scan.bytes(of: token), as: UTF8.self) {
                    literals.insert(literal)
                }
                token = scan.token(at: token.end)
            }
        }
        return literals
    }
}
