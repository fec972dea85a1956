import Testing

@testable import EcholotScript

/// Lua shortens a chunk name of 60 bytes or more to its tail in messages, so a base pack
/// and the pack extending it that both have a long `scripts/…` file of one name give the
/// same message prefix: an error must still be told in the file that made it.
@Suite struct LongScriptNameTests {
    static let file = "scripts/goals/find-every-one-of-the-hidden-bells-in-the-cave.lua"

    func source(_ pack: String) -> ScriptSource {
        ScriptSource(pack: pack, file: Self.file, displayPath: "\(pack)/\(Self.file)")
    }

    /// The error of loading `text` as `pack`'s script, into an engine that holds the base
    /// pack's script of the same name.
    func failure(loading text: String, as pack: String) throws -> ScriptError {
        let engine = try ScriptEngine()
        try engine.loadScript(pack: "base", source: source("base"), text: Array("local a = 1\n".utf8))
        return try #require(#expect(throws: ScriptError.self) {
            try engine.loadScript(pack: pack, source: source(pack), text: Array(text.utf8))
        })
    }

    @Test func aSyntaxErrorIsToldInTheFileBeingLoaded() throws {
        let error = try failure(loading: "\nlocal = 2\n", as: "extension")
        #expect(error.source == source("extension"), "\(error)")
        #expect(error.line == 2, "\(error)")
    }

    @Test func aRuntimeErrorIsToldInTheFileRunningAtItsLine() throws {
        let error = try failure(loading: "\n\nerror('boom')\n", as: "extension")
        #expect(error.source == source("extension"), "\(error)")
        #expect(error.line == 3, "\(error)")
        #expect(error.message == "boom", "\(error)")
    }

    /// An error caught and raised again (`error(e, 0)`) names no line any frame is at: it
    /// is the script running it that is told.
    @Test func anErrorRaisedAgainIsToldInTheFileRunningIt() throws {
        for (pack, text) in [
            ("extension", "local ok, e = pcall(function() error('boom') end)\nerror(e, 0)\n"),
            ("coroutine", "local co = coroutine.create(function() error('boom') end)\nlocal ok, e = coroutine.resume(co)\nerror(e, 0)\n"),
        ] {
            let error = try failure(loading: text, as: pack)
            #expect(error.source == source(pack), "\(error)")
        }
    }
}
