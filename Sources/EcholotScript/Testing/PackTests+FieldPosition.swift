import EcholotModel

extension PackTests {
    /// Where `field = …` of the test named `name` (or unnamed, `item` of the file's list) is
    /// written in a test file's text (see ``LuaKeySearch/offset(ofField:inTestNamed:item:in:)``),
    /// or the file's start.
    static func position(of field: String?, after name: String?, item: (index: Int, of: Int)? = nil, in text: [UInt8]) -> SourcePosition {
        LuaKeySearch.offset(ofField: field, inTestNamed: name, item: item, in: text).map { LuaKeySearch.position(ofOffset: $0, in: text) }
            ?? .start
    }

    /// Where a problem of a test file is: at its input event when it is about one (at the
    /// event's field, when it names one), else at its field; the test's `input` when its
    /// event cannot be found in the text.
    static func position(of problem: PackTestReader.Problem, after name: String?, item: (index: Int, of: Int)? = nil, in text: [UInt8]) -> SourcePosition {
        guard let event = problem.event else { return position(of: problem.field, after: name, item: item, in: text) }
        guard let offset = LuaKeySearch.offset(ofField: problem.field, inEvent: event, ofTestNamed: name, item: item, in: text) else {
            return position(of: "input", after: name, item: item, in: text)
        }
        return LuaKeySearch.position(ofOffset: offset, in: text)
    }
}
