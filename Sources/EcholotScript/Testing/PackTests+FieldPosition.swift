import EcholotModel
import Foundation

extension PackTests {
    /// Where `field = …` is written in a test file's text. A Lua table keeps no positions,
    /// so this looks in the text: after the test's quoted `name` when it has one, else from
    /// the file's start. A field that is not written (a missing `expect`) is placed at the
    /// test's name, not at the next test's field; a name that is not in the text, such as an unnamed test's, gives 1:1
    /// rather than another test's line.
    static func position(of field: String?, after name: String?, in text: [UInt8]) -> SourcePosition {
        var from = 0
        if let name {
            guard let quoted = text.firstRange(of: Array("\"\(name)\"".utf8)) else { return .start }
            from = quoted.upperBound
            // Up to the next test's `name =`: a field this test lacks is not another's.
            let end = LuaKeySearch.offset(of: "name", in: text, range: from ..< text.count) ?? text.count
            guard let field, let at = LuaKeySearch.offset(of: field, in: text, range: from ..< end) else {
                return LuaKeySearch.position(ofOffset: quoted.lowerBound, in: text)
            }
            return LuaKeySearch.position(ofOffset: at, in: text)
        }
        guard let field, let at = LuaKeySearch.offset(of: field, in: text, range: from ..< text.count) else { return .start }
        return LuaKeySearch.position(ofOffset: at, in: text)
    }
}
