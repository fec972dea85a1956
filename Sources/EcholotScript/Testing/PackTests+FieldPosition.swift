import EcholotModel

extension PackTests {
    /// Where `field = …` of the test named `name` is written in a test file's text (see
    /// ``LuaKeySearch/offset(ofField:inTestNamed:in:)``), or the file's start.
    static func position(of field: String?, after name: String?, in text: [UInt8]) -> SourcePosition {
        LuaKeySearch.offset(ofField: field, inTestNamed: name, in: text).map { LuaKeySearch.position(ofOffset: $0, in: text) } ?? .start
    }
}
