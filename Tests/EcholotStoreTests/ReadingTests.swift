import EcholotStore
import Foundation
import GRDB
import Testing

/// Reading a profile never writes it: no profile yet, or an empty file (made by `touch`),
/// reads as a profile with nothing in it, and the file stays byte for byte and second for
/// second as it was. Only `stats` used to guard against it; opening an empty file to read
/// it made a profile of it.
@Suite struct ReadingTests {
    let scratch: Scratch
    init() throws { scratch = try Scratch() }

    /// The file's size, modification time (to the nanosecond) and inode.
    private func identity(_ path: String) -> [Int]? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return [Int(info.st_size), info.st_mtim.tv_sec, info.st_mtim.tv_nsec, Int(info.st_ino)]
    }

    @Test func anEmptyFileReadsAsNothingAndIsLeftAsItWas() throws {
        let url = scratch.url("profile.sqlite")
        #expect(FileManager.default.createFile(atPath: url.path, contents: Data()))
        // An old time, so that a write now could not keep the same one.
        var times = [timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000_000, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, url.path, &times, 0) == 0)
        let before = identity(url.path)
        let profile = try Profile.openForReading(at: url)
        let statistics = try profile.statistics(window: .week, now: Fixture.noon, calendar: Fixture.utc)
        #expect(statistics == Statistics.empty(window: .week, now: Fixture.noon, calendar: Fixture.utc))
        #expect(try profile.runs(limit: 10).isEmpty)
        #expect(identity(url.path) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.folder.path) == ["profile.sqlite"])
    }

    /// A SQLite database with nothing in it (`sqlite3 blank.db vacuum`) is no one's profile
    /// yet: it reads as nothing, and stays as it was. It was made into a whole profile.
    @Test func aBlankDatabaseReadsAsNothingAndIsLeftAsItWas() throws {
        let url = scratch.url("blank.db")
        try DatabaseQueue(path: url.path).writeWithoutTransaction { db in try db.execute(sql: "VACUUM") }
        var times = [timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000_000, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, url.path, &times, 0) == 0)
        let before = identity(url.path), bytes = try Data(contentsOf: url)
        let profile = try Profile.openForReading(at: url)
        let statistics = try profile.statistics(window: .week, now: Fixture.noon, calendar: Fixture.utc)
        #expect(statistics == Statistics.empty(window: .week, now: Fixture.noon, calendar: Fixture.utc))
        #expect(identity(url.path) == before)
        #expect(try Data(contentsOf: url) == bytes)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.folder.path) == ["blank.db"])
    }

    @Test func noProfileReadsAsNothingAndNothingIsMade() throws {
        let url = scratch.url("not-yet/profile.sqlite")
        let profile = try Profile.openForReading(at: url)
        let statistics = try profile.statistics(window: .month, now: Fixture.noon, calendar: Fixture.utc)
        #expect(statistics.runs == 0 && statistics.levels.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.folder.path).isEmpty)
    }

    /// A path through a file (`notes.txt/profile.sqlite`) is a mistake, not a profile not
    /// made yet: reading it is refused, naming the path, and the file is left alone.
    @Test func aPathThroughAFileIsRefused() throws {
        let notes = scratch.url("notes.txt")
        try Data("mine".utf8).write(to: notes)
        let url = notes.appendingPathComponent("profile.sqlite")
        let error = try #require(#expect(throws: ProfileError.self) { try Profile.openForReading(at: url) })
        #expect("\(error)".hasPrefix(url.path + ": error: "), "\(error)")
        #expect(try String(contentsOf: notes, encoding: .utf8) == "mine")
    }
}
