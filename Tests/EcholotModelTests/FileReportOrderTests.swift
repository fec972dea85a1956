import Foundation
import Testing

@testable import EcholotModel

/// A file's report folds the count lines of other reports of the file into its own.
@Suite("Model: a file's report tells its first problems in file order")
struct FileReportOrderTests {
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
