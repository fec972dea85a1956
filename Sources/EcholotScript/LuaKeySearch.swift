import EcholotModel

/// Where a table key is written in a script's text. A Lua table keeps no positions, so a
/// message about one field of a table (a spec's, a test's) finds the key in the text, by
/// reading its table constructors (``LuaScan``).
enum LuaKeySearch {
    /// The byte offset where 1-based `line` starts, or nil past the end. Lines are
    /// counted as Lua's lexer counts them, so that a line Lua names is the line found.
    static func offset(ofLine line: Int, in text: [UInt8]) -> Int? {
        guard line >= 1 else { return nil }
        var remaining = line - 1
        var index = 0
        while remaining > 0 {
            guard index < text.count else { return nil }
            if let length = lineBreak(at: index, in: text) {
                index += length
                remaining -= 1
            } else {
                index += 1
            }
        }
        return index
    }

    /// The line and column (in characters) of a byte offset, lines counted as Lua's lexer
    /// counts them (`\n`, `\r`, `\r\n` or `\n\r` ends one), as in every message Lua gives.
    /// The Lua loader asks it too (through `clua_Limits.position`), so its column for a
    /// nesting too deep counts as this does.
    static func position<Text: RandomAccessCollection<UInt8>>(ofOffset offset: Int, in text: Text) -> SourcePosition
        where Text.Index == Int {
        var line = 1, lineStart = 0, index = 0
        while index < offset {
            if let length = lineBreak(at: index, in: text) {
                index += length
                line += 1
                lineStart = index
            } else {
                index += 1
            }
        }
        let start = min(lineStart, offset)
        return SourcePosition(line: line, column: SourcePosition.columns(of: text[start ..< offset]) + 1)
    }

    /// The length of the line break at `index` (1, or 2 for `\r\n` and `\n\r`), if one is there.
    static func lineBreak<Text: RandomAccessCollection<UInt8>>(at index: Int, in text: Text) -> Int? where Text.Index == Int {
        let byte = text[index]
        guard byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") else { return nil }
        if index + 1 < text.count, text[index + 1] != byte,
           text[index + 1] == UInt8(ascii: "\n") || text[index + 1] == UInt8(ascii: "\r") { return 2 }
        return 1
    }
}

/// Where a field of a registration's spec is written, read from the call's own text: the
/// table constructor passed to `echolot.goal(…)` (or `goal(…)` through a local name),
/// followed key by key into its nested constructors. Strings, comments and the bodies of
/// functions are skipped as Lua's lexer does, so a handler that mentions `echolot.list()`,
/// a description that says `params =`, or another table of the file never stands in for
/// the field.
extension LuaKeySearch {
    /// The byte offset of the key at the end of `keys` (or as deep as they are found) in the
    /// spec of the registration called on the line that starts at `lineStart`; nil when the
    /// call there passes no table constructor (a spec built in a variable), or not even
    /// the first key is written in it.
    static func offset(ofSpecPath keys: [LuaKey], callOnLineAt lineStart: Int, in text: [UInt8]) -> Int? {
        let scan = LuaScan(text: text)
        guard let table = scan.specTable(ofCallOnLineAt: lineStart) else { return nil }
        return scan.walk(keys, from: table).last?.keyOffset
    }
}

extension LuaKeySearch {
    /// The byte offset of `field`'s key in the table constructor of the test named `name`
    /// (the one writing `name = "…"` so) or in a table inside it (`outcom` in `expect`), or
    /// of its name's value when it writes no such key (a missing `expect`); without a name,
    /// of `field` in the first table that writes it. Nil when no table fits: an unnamed
    /// test's problem has no better place than the file's start, and another test's line
    /// would mislead.
    /// An unnamed test that is item `item.index` (1-based) of the file's list of `item.of`
    /// tests is found as that item of the list's constructor.
    static func offset(ofField field: String?, inTestNamed name: String?, item: (index: Int, of: Int)? = nil, in text: [UInt8]) -> Int? {
        let scan = LuaScan(text: text)
        guard let test = testTable(named: name, item: item, writing: field, scan: scan) else { return nil }
        guard name != nil || item != nil else { return written(field, among: test.fields)?.keyOffset }
        return field.flatMap { offset(of: $0, within: test.fields, scan: scan) } ?? test.nameOffset
    }

    /// The byte offset of `field`'s key in the `event`-th (1-based) item of the `input` list
    /// of the test named `name` (without a name, the first table writing `input`), or of
    /// that item itself when it writes no such key or `field` is nil. Nil when the test
    /// writes no such item (its `input` is built in a variable, say).
    static func offset(ofField field: String?, inEvent event: Int, ofTestNamed name: String?, item: (index: Int, of: Int)? = nil,
                       in text: [UInt8]) -> Int? {
        let scan = LuaScan(text: text)
        guard let test = testTable(named: name, item: item, writing: "input", scan: scan),
              let input = written("input", among: test.fields), scan.isTable(at: input.valueOffset),
              let item = scan.entry(.index(event), inTableAt: input.valueOffset)?.valueOffset else { return nil }
        guard let field, scan.isTable(at: item) else { return item }
        return scan.entry(LuaKey(field), inTableAt: item)?.keyOffset ?? item
    }

    /// The fields of the table constructor of the test named `name` and where its name's
    /// value is written; without a name, of item `item` of the list of tests (and where it
    /// starts), or without either, of the first table that writes `field`.
    private static func testTable(named name: String?, item: (index: Int, of: Int)?, writing field: String?, scan: LuaScan)
        -> (fields: [LuaScan.Entry], nameOffset: Int?)? {
        if name == nil, let item {
            // The list is the first constructor of as many items as the file has tests, all
            // of them written out: a test's own `input` list holds events, which write no
            // `level` or `expect`.
            for table in scan.tables() {
                let items = scan.entries(ofTableAt: table).filter(\.positional)
                guard items.count == item.of, items.allSatisfy({ scan.isTable(at: $0.valueOffset) }),
                      let entry = scan.entry(.index(item.index), inTableAt: table) else { continue }
                let fields = scan.fields(ofTableAt: entry.valueOffset)
                guard written("level", among: fields) != nil || written("expect", among: fields) != nil else { continue }
                return (fields, entry.valueOffset)
            }
            return nil
        }
        for table in scan.tables() {
            let fields = scan.fields(ofTableAt: table)
            guard let name else {
                if written(field, among: fields) != nil { return (fields, nil) }
                continue
            }
            guard let named = written("name", among: fields) else { continue }
            let value = scan.token(at: named.valueOffset)
            guard value.kind == .string, scan.bytes(of: value).elementsEqual(name.utf8) else { continue }
            return (fields, named.valueOffset)
        }
        return nil
    }

    /// The field of `fields` that gives `key` its value: the last that writes it, as Lua
    /// keeps the last. Nil for no key (`fields` are all named).
    private static func written(_ key: String?, among fields: [LuaScan.Entry]) -> LuaScan.Entry? {
        guard let key else { return nil }
        let wanted = LuaKey(key)
        return fields.last(where: { $0.key == wanted })
    }

    /// `key` among `fields`, else in the tables their values write, depth first.
    private static func offset(of key: String, within fields: [LuaScan.Entry], scan: LuaScan) -> Int? {
        if let entry = written(key, among: fields) { return entry.keyOffset }
        for field in fields where scan.isTable(at: field.valueOffset) {
            if let inner = offset(of: key, within: scan.fields(ofTableAt: field.valueOffset), scan: scan) { return inner }
        }
        return nil
    }
}
