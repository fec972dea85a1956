import EcholotTestSupport
import Foundation
import Testing

/// `EcholotBench SECTION…` (`make bench BENCH_ARGS=…`): a section name it does not have is
/// refused, rather than running nothing and exiting 0 as if the figures had been measured.
@Suite struct BenchArgumentTests {
    /// The benchmark built beside `echolot`.
    private static let bench = echolotExecutable.deletingLastPathComponent().appendingPathComponent("EcholotBench")

    /// A misspelt section is one error naming it and every section, exit status 2, and no
    /// benchmark runs; the list is the one docs/PERFORMANCE.md gives.
    @Test func anUnknownSectionIsRefusedWithTheList() throws {
        let result = try runProcess(Self.bench, ["core", "sandbx"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty, "nothing ran: \(result.stdout)")
        let prefix = "error: unknown section 'sandbx'; the sections are "
        #expect(result.stderr.hasPrefix(prefix) && result.stderr.hasSuffix("\n") && result.stderr.filter { $0 == "\n" }.count == 1,
                "\(result.stderr)")
        let sections = result.stderr.dropFirst(prefix.count).dropLast().components(separatedBy: ", ")
        #expect(sections == ["core", "lua", "sandbox", "audio", "terminal", "store", "start"], "\(sections)")
        let page = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/PERFORMANCE.md"), encoding: .utf8)
        let listed = try #require(page.range(of: "(sections: ").map { page[$0.upperBound...].prefix(while: { $0 != ";" }) })
        #expect(listed.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "`", with: "") == sections.joined(separator: ", "))
    }

    /// `--help` answers with the sections and the Lua section's variables, runs nothing and
    /// exits 0: it was refused as a section named "--help".
    @Test func helpListsTheSectionsAndVariables() throws {
        let result = try runProcess(Self.bench, ["--help"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        #expect(result.stdout.contains("core, lua, sandbox, audio, terminal, store, start"), "\(result.stdout)")
        for variable in ["ECHOLOT_LUA_WAY", "ECHOLOT_LUA_TICKS", "ECHOLOT_LUA_ENTITIES"] {
            #expect(result.stdout.contains(variable), "\(variable): \(result.stdout)")
        }
        #expect(!result.stdout.contains("# Echolot benchmark"), "nothing ran: \(result.stdout)")
    }
}
