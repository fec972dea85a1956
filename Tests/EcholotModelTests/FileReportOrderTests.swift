import Foundation
import Testing

@testable import EcholotModel

/// A file's report keeps its first problems by position whatever order they are found in,
/// and folds the count lines of other reports of the file into its own.
@Suite("Model: a file's report tells its first problems in file order")
struct FileReportOrderTests {
    /// 150 problems found last line first: lines 1 to 100 are told, one line counts 50.
    @Test func problemsFoundBackwardsAreToldFromTheTop() {
        let report = FileReport(displayPath: "one.json")
        for line in (1...150).reversed() { report.error("bad \(line)", at: SourcePosition(line: line, column: 1)) }
        let told = report.diagnostics
        #expect(told.count == FileReport.maxProblems + 1)
        #expect(told.first?.description == "one.json:1:1: error: bad 1")
        #expect(told[99].description == "one.json:100:1: error: bad 100")
        #expect(told.last?.description == "one.json:150:1: error: 50 more problems in this file are not told; fix these first")
        #expect(told.last?.untold == 50)
    }

    /// A sound found first at line 200 (past the cap) and then at line 3 is told at line 3,
    /// with the other use counted in its message and not as a problem of its own.
    @Test func aSharedFileMovesToItsFirstUseInTheFile() {
        let report = FileReport(displayPath: "one.json")
        report.error("late use", at: SourcePosition(line: 200, column: 1), about: "x.wav", entitySound: true)
        for line in 10..<110 { report.error("bad \(line)", at: SourcePosition(line: line, column: 1)) }
        report.error("early use", at: SourcePosition(line: 3, column: 1), about: "x.wav", entitySound: true)
        let told = report.diagnostics
        #expect(told.count == FileReport.maxProblems + 1)
        #expect(told.first?.description == "one.json:3:1: error: early use (also used by 1 more entity)")
        #expect(told[99].description == "one.json:108:1: error: bad 108")
        #expect(told.last?.description == "one.json:200:1: error: 1 more problem in this file is not told; fix these first")
    }

    /// A sound found first as the ambience's and then at an entity written earlier moves
    /// to the entity, and the ambience becomes one of the other uses: "places", since not
    /// every other use is an entity's sound.
    @Test func aMovedProblemCountsTheUseItLeftByItsKind() {
        let report = FileReport(displayPath: "one.json")
        report.error("ambience use", at: SourcePosition(line: 9, column: 1), about: "gone.wav", entitySound: false)
        report.error("entity use", at: SourcePosition(line: 4, column: 1), about: "gone.wav", entitySound: true)
        report.error("entity use", at: SourcePosition(line: 5, column: 1), about: "gone.wav", entitySound: true)
        #expect(report.diagnostics.map(\.description) == ["one.json:4:1: error: entity use (also used in 2 more places)"])
        let entities = FileReport(displayPath: "one.json")
        entities.error("entity use", at: SourcePosition(line: 9, column: 1), about: "gone.wav", entitySound: true)
        entities.error("entity use", at: SourcePosition(line: 4, column: 1), about: "gone.wav", entitySound: true)
        #expect(entities.diagnostics.map(\.description) == ["one.json:4:1: error: entity use (also used by 1 more entity)"])
    }

    /// Two checks' lists of one file, each capped with its own count, put together: the
    /// first 100 of both by position, and one count of everything else.
    @Test func countLinesOfSeveralChecksAreFoldedIntoOne() {
        func check(_ name: String, lines: StrideTo<Int>) -> [Diagnostic] {
            let report = FileReport(displayPath: "one.json")
            for line in lines { report.error("\(name) \(line)", at: SourcePosition(line: line, column: 1)) }
            return report.diagnostics
        }
        let odd = check("odd", lines: stride(from: 1, to: 300, by: 2))
        let even = check("even", lines: stride(from: 2, to: 300, by: 2))
        let told = FileReports.told(odd + even)
        #expect(told.count == FileReport.maxProblems + 1)
        #expect(told.map(\.line).dropLast() == Array(1...100))
        #expect(told.filter { $0.untold > 0 }.count == 1)
        #expect(told.last?.description == "one.json:299:1: error: 199 more problems in this file are not told; fix these first")
    }
}
