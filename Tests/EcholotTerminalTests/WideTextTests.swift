import EcholotCore
import EcholotModel
@testable import EcholotTerminal
import Testing

/// CJK and emoji laid out by terminal columns: two a wide character, none a combining
/// mark, on the full screen as in the tables.
@Suite struct WideTextTests {
    @Test func wideCharactersTakeTwoColumnsAndMarksNone() {
        #expect(TerminalWidth.columns("abc") == 3)
        #expect(TerminalWidth.columns("鐘") == 2)
        #expect(TerminalWidth.columns("🐝") == 2)
        #expect(TerminalWidth.columns("音の森 🎧 Tutorial") == 18)
        #expect(TerminalWidth.columns("e\u{301}") == 1, "a combining accent takes no column of its own")
        #expect(TerminalWidth.columns("👩\u{200D}👩\u{200D}👧") == 2, "a joined emoji is one picture")
        #expect(TerminalWidth.columns("❤\u{FE0F}") == 2, "the emoji variation selector asks for a picture")
        #expect(TerminalWidth.columns("ｱ") == 1 && TerminalWidth.columns("Ａ") == 2, "half- and fullwidth forms")
        #expect(TerminalWidth.prefix("音の森", columns: 3) == "音")
        #expect(TerminalWidth.cut("音の森の鐘", columns: 6) == "音の…")
        #expect(TerminalWidth.cut("Cave Echoes", columns: 20) == "Cave Echoes")
        #expect(TerminalWidth.cut("The Long Way Round", columns: 12) == "The Long…", "at a space, not mid-word")
    }

    /// A sentence without spaces is broken by columns, not left one line wider than the screen.
    @Test func aCJKSentenceWrapsByColumns() {
        let sentence = String(repeating: "鐘の音が聞こえる。", count: 7)
        let lines = TextWrap.lines(sentence, width: 40)
        #expect(lines.joined() == sentence)
        #expect(lines.allSatisfy { TerminalWidth.columns($0) <= 40 }, "\(lines)")
        #expect(lines.dropLast().allSatisfy { TerminalWidth.columns($0) >= 39 }, "\(lines)")
        #expect(TextWrap.lines("ab 🐝🐝🐝🐝 cd", width: 5) == ["ab", "🐝🐝", "🐝🐝", "cd"])
    }

    @Test func aLineWiderThanTheScreenIsCutByColumnsWithAnEllipsis() {
        var line = StyledLine(" ")
        line.append(String(repeating: "森", count: 80), .bold)
        let rendered = Escape.strip(line.rendered(width: 80))
        #expect(rendered.hasSuffix("…"))
        #expect(TerminalWidth.columns(rendered) <= 80 && TerminalWidth.columns(rendered) >= 79, "\(rendered)")
        let english = StyledLine(" Tutorial · A Very Long Level Name That Goes On And On").rendered(width: 30)
        #expect(english == " Tutorial · A Very Long Level…")
        #expect(StyledLine(" Tutorial · A Very Long Levelling").rendered(width: 30) == " Tutorial · A Very Long…", "not mid-word")
    }

    /// The level screen at 60 columns with a CJK and an emoji glyph in view: each row
    /// of the strip is exactly the screen's width, its border where it belongs.
    @Test(arguments: ["鐘", "🐝"])
    func aWideGlyphKeepsTheStripItsWidth(glyph: String) throws {
        var level = tutorialLevel("first-sound").level
        level[LevelKeys.entities]["bell"]?[EntityKeys.glyph] = glyph
        // The bell at 60°: ahead, and at the strip's right edge.
        for center in [60.0, 15.0] {
            level[LevelKeys.view][ViewKeys.center] = center
            let transcript = Transcript()
            let display = ScreenDisplay(output: transcript.output, size: { (60, 24) })
            let context = LevelContext(packName: "音の森", names: Names(pack: tutorial), goalPaths: [:], visuals: .shown, steering: "arrow keys")
            display.levelBegan(context, level: level)
            let rows = drawnRows(transcript.text)
            let top = try #require(rows.firstIndex { $0.hasPrefix("┌") })
            let strip = rows[top ... top + 4]
            #expect(strip.allSatisfy { TerminalWidth.columns($0) == 60 }, "\(strip.map { ($0, TerminalWidth.columns($0)) })")
            #expect(strip.dropFirst().dropLast().allSatisfy { $0.hasPrefix("│") && $0.hasSuffix("│") })
            #expect(rows[top + 2].contains(glyph), "at \(center)°: \(rows[top + 2])")
        }
    }

    /// A page's title and entries longer than the window end in "…", within the width.
    @Test func longPageTitlesAndEntriesAreCutWithAnEllipsis() {
        let transcript = Transcript()
        let display = ScreenDisplay(output: transcript.output, size: { (40, 20) })
        let title = "鐘の森のとても長いブリーフィングのタイトルです"
        display.show(Page(title: title, body: ["Find the bell."],
                          choices: [Choice("Start a level whose name is far longer than the window")]))
        let rows = drawnRows(transcript.text)
        #expect(rows[0] == " 鐘の森のとても長いブリーフィングのタイ…", "\(rows)")
        #expect(rows.allSatisfy { TerminalWidth.columns($0) <= 40 }, "\(rows)")
        #expect(rows.contains { $0.hasPrefix("> 1. Start a level whose name is far…") }, "\(rows)")
    }

    /// A page on a window too small for its choices and keys says so, as the level does,
    /// and names a size that fits it.
    @Test func aPageTooSmallSaysSoAndNamesASizeThatFits() throws {
        let page = Page(title: "The First Sound", body: ["Somewhere to your right a small bell is ringing. Find it and press Enter."],
                        choices: [Choice("Start"), Choice("Back")])
        func drawn(_ columns: Int, _ rows: Int) -> String {
            let transcript = Transcript()
            ScreenDisplay(output: transcript.output, size: { (columns, rows) }).show(page)
            return drawnRows(transcript.text).joined(separator: " ")
        }
        let tiny = drawn(20, 5)
        let named = try #require(tiny.firstMatch(of: /Too small: needs (\d+) columns by (\d+) rows/), "\(tiny)")
        let (wide, high) = (try #require(Int(named.1)), try #require(Int(named.2)))
        #expect(wide == ScreenDisplay.minimumPageColumns)
        #expect(!tiny.contains("Start"), "\(tiny)")
        let fits = drawn(wide, high)
        #expect(!fits.contains("Too small") && fits.contains("> 1. Start") && fits.contains("2. Back") && fits.contains("q quit"), "\(fits)")
        #expect(drawn(29, 12).contains("The terminal is 29 columns by 12 rows; this page needs at least 30 columns by \(high) rows."))
        #expect(drawn(wide, high - 1).contains("The terminal is \(wide) columns by \(high - 1) rows; this page needs at least"))
    }
}
