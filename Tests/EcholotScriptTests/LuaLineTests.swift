import PropertyBased
import Testing
@testable import EcholotScript

/// Finding what a nil field was read from on a failing line: the chain of names before it,
/// as Lua's lexer reads the line, so a name in a string or a comment, or one written to,
/// is never taken for the read that failed.
@Suite struct LuaLineTests {
    /// The places `name` is read as `kind` on `line` of `source`: each chain (nil when not
    /// plain) and the column it starts at.
    func places(_ name: String, _ kind: String = "field", line: Int = 1, in source: String) -> [(path: [String]?, column: Int)] {
        guard let read = LuaLine(line, of: Array(source.utf8)) else { return [] }
        return read.occurrences(of: name, kind: kind).map { ($0.path, read.column(ofOffset: $0.offset)) }
    }

    @Test func aFieldIsReadFromTheChainBeforeIt() {
        let found = places("azimth", in: "entity.azimuth = entity.azimth + ctx.level.view.azimth")
        #expect(found.map(\.path) == [["entity"], ["ctx", "level", "view"]])
        #expect(found.map(\.column) == [18, 34])
    }

    @Test func aFieldWrittenToIsNoRead() {
        #expect(places("n", in: "goal.n = goal.n + 1").map(\.column) == [10])
    }

    @Test func concatenationIsNoChain() {
        #expect(places("id", in: #"x = "a" .. item.id .. ctx.id"#).map(\.path) == [["item"], ["ctx"]])
    }

    @Test func aChainThroughACallOrAnIndexIsNotPlain() {
        let found = places("id", in: "x = f().id + t[1].id + s:m().id + g().a.id")
        #expect(found.map(\.path) == [nil, nil, nil, nil])
        #expect(found.map(\.column) == [9, 19, 30, 41])
    }

    @Test func aNameAfterABracketStartsANewChain() {
        #expect(places("gaol", in: "local t = {} t.gaol()").map(\.path) == [["t"]])
    }

    @Test func columnsCountCharacters() {
        #expect(places("x", in: "local s = 'äö' .. t.x").map(\.column) == [19])
    }

    @Test func stringsAndCommentsAreSkipped() {
        let source = """
            local s = "a.id" .. [[
            b.id]] .. c.id -- d.id
            """
        #expect(places("id", line: 2, in: source).map(\.path) == [["c"]])
        #expect(places("id", line: 1, in: source).isEmpty)
    }

    @Test func aGlobalIsANameNotAfterADotOrColon() {
        let found = places("tonumbr", "global", in: "x = tonumbr(1) + t.tonumbr + t:tonumbr()")
        #expect(found.map(\.path) == [[]])
        #expect(found.map(\.column) == [5])
    }

    /// A method is placed as a field is: where its plain chain starts, else at its name.
    @Test func aMethodIsReadAfterAColon() {
        let found = places("m", "method", in: "x = a.b:m() + f():m() + t.m + ('s'):m() + m()")
        #expect(found.map(\.path) == [["a", "b"], nil, nil])
        #expect(found.map(\.column) == [5, 19, 37])
    }

    @Test func aChainBegunOnTheLineBeforeIsNotPlain() {
        let source = "goal.x = ctx. -- the level\nlevel.entities.bell.azimth + ctx.\nid"
        #expect(places("azimth", line: 2, in: source).map(\.path) == [nil])
        #expect(places("id", line: 3, in: source).map(\.path) == [nil])
        #expect(places("id", "global", line: 3, in: source).isEmpty)
    }

    @Test func aReadIsToldComparedOrAnArgument() {
        let reads = LuaLine(1, of: Array("x = f(a.b, c.d + 1) or e.f < 2 and (g.h or 1) >= i.j".utf8))!.fieldReads()
        #expect(reads.map(\.name) == ["b", "d", "f", "h", "j"])
        #expect(reads.map(\.argument) == [true, false, false, false, false])
        #expect(reads.map(\.compared) == [false, false, true, false, true])
    }

    /// The line is read in the message handler, where a crash would lose the error: any
    /// text of Lua's pieces — unclosed strings and brackets of every level, line breaks of
    /// each kind, tabs, multi-byte characters and bytes that are no UTF-8 — gives places
    /// on the line itself, and columns from 1.
    @Test func anyTextIsReadWithoutACrash() async {
        let words = ["a", "b", ".", "..", ":", "(", ")", "[", "]", "{", "}", "=", "==", "<", ",", " ", "\t", "--", "--[[",
                     "--[==[", "[[", "]]", "[=[", "]==]", "'", "\"", "\\", "\n", "\r\n", "\r", "1.5", "é", "local", "end"]
        let pieces = words.map { Array($0.utf8) } + [[0xFF], [0xC3], [0xE2, 0x82]]
        await propertyCheck(input: Gen.int(in: 0 ..< pieces.count).array(of: 0 ... 40), Gen.int(in: -1 ... 6)) { picks, line in
            let text = picks.flatMap { pieces[$0] }
            guard let read = LuaLine(line, of: text) else { return }
            let end = LuaKeySearch.offset(ofLine: line + 1, in: text) ?? text.count
            var offsets = read.fieldReads().map(\.place.offset) + read.bracketReads().map(\.offset)
            for name in ["a", "b", "local"] {
                offsets += ["field", "method", "global"].flatMap { read.occurrences(of: name, kind: $0) }.map(\.offset)
            }
            if let source = LuaLine(line ... .max, of: text)?.source(ofLocal: "a", before: text.count) {
                #expect(source.offset >= read.start && source.offset < text.count, "\(text) line \(line)")
            }
            for offset in offsets {
                #expect(offset >= read.start && offset < end, "\(text) line \(line)")
                #expect(read.column(ofOffset: offset) >= 1)
            }
        }
    }

    @Test func aReadThroughBracketsIsListedWhenItGoesOn() {
        let read = LuaLine(1, of: Array("x = a.b[c.d].e + f[g]:m() + h[i][j] + k[l] + n[o()].p + q.r[s].t".utf8))!
        #expect(read.bracketReads() == [
            LuaLine.BracketRead(table: ["a", "b"], key: ["c", "d"], offset: 4),
            LuaLine.BracketRead(table: ["f"], key: ["g"], offset: 17),
            LuaLine.BracketRead(table: ["h"], key: ["i"], offset: 28),
            LuaLine.BracketRead(table: ["q", "r"], key: ["s"], offset: 56),
        ])
    }

    /// A local's value is followed to its declaration only when nothing else on the
    /// function's lines could set it.
    @Test func aLocalIsFollowedToItsOneDeclaration() {
        func source(_ text: String, _ name: String = "e") -> LuaLine.LocalSource? {
            let bytes = Array(text.utf8)
            return LuaLine(1 ... .max, of: bytes)!.source(ofLocal: name, before: bytes.count)
        }
        #expect(source("local e = ctx.level.entities[goal.target]\nreturn e.x")
            == LuaLine.LocalSource(table: ["ctx", "level", "entities"], read: .key(["goal", "target"]), offset: 10))
        #expect(source("local e = a.b.c; print(e.x)")?.written == "a.b.c")
        #expect(source("local e = t[k] local f = 1")?.written == "t[k]")
        #expect(source("local e = a.b[c].d") == nil)          // a chain that goes on after a bracket
        #expect(source("local e = a.b(1)") == nil)            // a call
        #expect(source("local e = a.b .. 'x'") == nil)        // an operator
        #expect(source("local e = x") == nil)                 // no read
        #expect(source("local a, e = t.x, t.y") == nil)       // one of a list
        #expect(source("local e = t.x\nf(e)") == nil)         // handed to a call
        #expect(source("local e = t.x\nfunction g(e) end") == nil)
        #expect(source("local e = t.x\nlocal e = t.y") == nil)
        #expect(source("print(e.x) local e = t.x", "e") != nil)  // a use before it is another variable's
        #expect(source("e.x = 1", "e") == nil)
        // The read is told with the values its names have now: none may have changed since.
        #expect(source("local k = 'bel' local e = t[k] k = 'x' f(e.y)") == nil)
        #expect(source("local e = t.bel t = {} f(e.y)") == nil)
        #expect(source("local e = t.bel t.bel = nil f(e.y)") == nil)
        #expect(source("local e = t[k] g(k) f(e.y)") == nil)
        #expect(source("local e = t.bel t.x = 1 f(e.y)")?.written == "t.bel")
    }

    @Test func everyReadOfALineIsListed() {
        let text = Array(#"if goal.state == "pending" and ctx.tme > ctx.params.seconds then goal.state = "failed" end"#.utf8)
        let reads = LuaLine(1, of: text)!.fieldReads()
        #expect(reads.map(\.name) == ["state", "tme", "params", "seconds"])
        #expect(reads.map(\.place.path) == [["goal"], ["ctx"], ["ctx"], ["ctx", "params"]])
    }
}
