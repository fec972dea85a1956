import EcholotStore
import Foundation
import GRDB
import Testing

/// A process killed with SIGKILL in the middle of writing leaves a profile that opens, passes
/// `PRAGMA integrity_check`, and holds every run whose commit it reported before the kill.
@Suite struct CrashTests {
    let scratch: Scratch
    init() throws { scratch = try Scratch() }

    @Test func killingAWriterMidWriteLosesNothingCommitted() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Executables.crashWriter.path),
                     "no crash writer at \(Executables.crashWriter.path)")
        let url = scratch.url("profile.sqlite")
        var committed: Set<Int64> = []
        // Several kills at different moments: after a count of commits, and after a delay
        // that falls anywhere in a write.
        for (round, after) in [(0, 40), (1, 173), (2, 0), (3, 311)] {
            let ids = try writeUntilKilled(url, afterCommits: after, orMilliseconds: 30 + round * 17)
            committed.formUnion(ids)
            let profile = try Profile.open(at: url)
            #expect(try profile.integrityCheck() == ["ok"], "round \(round)")
            let stored = Set(try profile.runs().compactMap(\.id))
            let lost = committed.subtracting(stored)
            #expect(lost.isEmpty, "round \(round): committed runs lost: \(lost.sorted().prefix(10))")
        }
        #expect(committed.count > 100, "the writer committed only \(committed.count) runs")
        // Each run's tag counts and achievements went in its transaction: none dangle.
        let queue = try DatabaseQueue(path: url.path)
        let dangling: (tags: Int?, runs: Int?, keys: Int?) = try queue.read { db in
            (try Int.fetchOne(db, sql: "SELECT count(*) FROM foundTag WHERE runID NOT IN (SELECT id FROM run)"),
             try Int.fetchOne(db, sql: "SELECT count(*) FROM run WHERE id NOT IN (SELECT runID FROM foundTag)"),
             try Int.fetchOne(db, sql: "PRAGMA foreign_key_check"))
        }
        #expect(dangling.tags == 0 && dangling.runs == 0 && dangling.keys == nil)
    }

    /// Starts the writer, reads the ids it reports, and kills it with SIGKILL once `count`
    /// commits were reported (0: after `milliseconds`); returns every id reported.
    private func writeUntilKilled(_ url: URL, afterCommits count: Int, orMilliseconds milliseconds: Int) throws -> Set<Int64> {
        let process = Process()
        process.executableURL = Executables.crashWriter
        process.arguments = [url.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let reader = pipe.fileHandleForReading
        var text = ""
        if count > 0 {
            let deadline = Date().addingTimeInterval(60)
            while text.filter({ $0 == "\n" }).count < count, Date() < deadline {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                text += String(decoding: chunk, as: UTF8.self)
            }
        } else {
            usleep(useconds_t(milliseconds * 1000))
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        // Ids already in the pipe were committed before the kill too.
        text += String(decoding: reader.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationReason == .uncaughtSignal, "the writer ended by itself: \(process.terminationStatus)")
        // Only whole lines count: a number cut off by the kill proves nothing either way.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        return Set(lines.compactMap { Int64($0) })
    }
}
