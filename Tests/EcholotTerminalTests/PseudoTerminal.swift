#if canImport(Glibc)
import Glibc
#endif
import EcholotTerminal
import EcholotTestSupport
import Foundation
import Testing

/// glibc's POSIX_SPAWN_SETSID (spawn.h declares it only for _GNU_SOURCE, which Swift's
/// Glibc module does not define).
let posixSpawnSetsid: Int32 = 0x80

/// glibc's posix_spawn_file_actions_addchdir_np (2.29 and later; declared only for
/// _GNU_SOURCE), looked up at run time: a game started in a folder of the test's.
let spawnChangeDirectory: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32)? =
    dlsym(nil, "posix_spawn_file_actions_addchdir_np").map { unsafeBitCast($0, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32).self) }

/// glibc's posix_spawn_file_actions_addclosefrom_np (2.34 and later; declared only for
/// _GNU_SOURCE too), looked up at run time.
let spawnCloseFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? =
    dlsym(nil, "posix_spawn_file_actions_addclosefrom_np").map { unsafeBitCast($0, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self) }

/// The shipped tutorial.
let tutorialPath = repositoryRoot.appendingPathComponent("levels/tutorial").path

/// The pack `echolot new pack` writes, as every new pack starts, in a fresh folder for the
/// caller to remove.
func newPack(named name: String) throws -> (folder: URL, pack: URL) {
    let folder = try temporaryFolder()
    let pack = folder.appendingPathComponent(name)
    let made = try PseudoTerminal(["new", "pack", pack.path])
    #expect(try made.waitForExit() == 0)
    return (folder, pack)
}

/// A failure of the harness itself (not of the game under test).
struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// `echolot` running in a real pseudo-terminal: the test types keys into the master
/// side and reads what the game draws, as a player's terminal would.
final class PseudoTerminal {
    let master: Int32
    let pid: pid_t
    private(set) var output: [UInt8] = []
    private var searchFrom = 0
    private var exitStatus: Int32?

    /// Starts `echolot arguments…` on a new pseudo-terminal of the given size, as the
    /// leader of a new session with the terminal as its controlling terminal (so window
    /// size changes arrive as SIGWINCH, exactly as in a terminal emulator).
    /// `directory` is the folder it starts in (by default the test's own).
    init(_ arguments: [String], environment extra: [String: String] = [:], columns: UInt16 = 100, rows: UInt16 = 30,
         directory: URL? = nil) throws {
        if directory != nil, spawnChangeDirectory == nil { throw HarnessError("this C library cannot start a process in a folder") }
        var masterFD: Int32 = -1, slaveFD: Int32 = -1
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&masterFD, &slaveFD, nil, nil, &size) == 0 else { throw HarnessError("openpty: \(errno)") }
        // Tests run side by side: another test's game must not inherit this terminal, or
        // closing it here would not hang it up while that game runs.
        for fd in [masterFD, slaveFD] { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        // ttyname_r, not ttyname: tests run side by side, and ttyname's one static buffer
        // gave a test another's half-written name ("posix_spawn …: 21", a folder).
        var name = [CChar](repeating: 0, count: Int(PATH_MAX))
        let named = ttyname_r(slaveFD, &name, name.count)
        guard named == 0 else { throw HarnessError("ttyname_r: \(named)") }
        let slavePath = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var environment: [String: String?] = [
            "TERM": "xterm-256color",
            "ECHOLOT_PROFILE": try scratchFolder("pty-profile").appendingPathComponent("profile.sqlite").path,
        ]
        for (key, value) in extra { environment[key] = value }
        var child: pid_t = 0
        let status = spawnEcholot(&child, arguments, environment: environment) { actions, attributes in
            // setsid comes before the file actions, so opening the slave makes it the new
            // session's controlling terminal.
            posix_spawnattr_setflags(&attributes, Int16(posixSpawnSetsid | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
            var noSignals = sigset_t()
            sigemptyset(&noSignals)
            posix_spawnattr_setsigmask(&attributes, &noSignals)
            var defaults = sigset_t()
            sigfillset(&defaults)
            posix_spawnattr_setsigdefault(&attributes, &defaults)
            posix_spawn_file_actions_addclose(&actions, masterFD)
            posix_spawn_file_actions_addclose(&actions, slaveFD)
            posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
            posix_spawn_file_actions_adddup2(&actions, 0, 1)
            posix_spawn_file_actions_adddup2(&actions, 0, 2)
            if let directory, let change = spawnChangeDirectory { _ = change(&actions, directory.path) }
            // Nor any other descriptor a test opened without close-on-exec (pipes to a command
            // another test runs): the game gets its terminal and nothing else.
            if let closeFrom = spawnCloseFrom { _ = closeFrom(&actions, 3) }
        }
        close(slaveFD)
        guard status == 0 else {
            close(masterFD)
            throw HarnessError("posix_spawn \(echolotExecutable): \(status)")
        }
        master = masterFD
        pid = child
        let flags = fcntl(master, F_GETFL)
        _ = fcntl(master, F_SETFL, flags | O_NONBLOCK)
    }

    deinit {
        if exitStatus == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        close(master)
    }

    /// Everything the game wrote, without escape sequences.
    var text: String { String(decoding: stripped, as: UTF8.self) }

    /// The output's bytes without escape sequences; an unfinished one at the end is left
    /// out, so offsets into this stay valid as more output arrives.
    var stripped: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(output.count)
        var index = 0
        while index < output.count {
            let byte = output[index]
            guard byte == 0x1B else {
                out.append(byte)
                index += 1
                continue
            }
            guard index + 1 < output.count else { break }
            if output[index + 1] == UInt8(ascii: "[") {
                var end = index + 2
                while end < output.count, !(0x40 ... 0x7E).contains(output[end]) { end += 1 }
                index = end + 1
            } else {
                index += 2
            }
        }
        return out
    }

    /// Types `keys`.
    func send(_ keys: String) {
        let bytes = Array(keys.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { write(master, $0.baseAddress! + offset, $0.count - offset) }
            if n > 0 { offset += n } else if errno != EINTR && errno != EAGAIN { return }
        }
    }

    /// How long to wait before typing on an end page (it ignores keys for 0.6 s).
    static let endPageSettle = 0.7

    /// Arrow keys as the terminal sends them.
    static let right = "\u{1B}[C", left = "\u{1B}[D", up = "\u{1B}[A", down = "\u{1B}[B"

    /// Reads what arrived, waiting up to `seconds` for something.
    func pump(_ seconds: Double) {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        _ = poll(&descriptor, 1, Int32(max(0, seconds * 1000)))
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = read(master, &buffer, buffer.count)
            if n > 0 { output += buffer.prefix(n) } else { break }
        }
    }

    /// Waits until `needle` appears in the stripped output after the previous match;
    /// returns the text from there when it does, or throws with the output so far.
    @discardableResult
    func expect(_ needle: String, within seconds: Double = 30) throws -> String {
        let deadline = MonotonicClock.now() + seconds
        while true {
            if let found = match(needle) { return found }
            if MonotonicClock.now() > deadline || hasExited {
                // The last words before an exit may have arrived with the exit itself.
                if let found = match(needle) { return found }
                try? Data(output).write(to: FileManager.default.temporaryDirectory.appendingPathComponent("echolot-pty-failure.txt"))
                throw HarnessError("did not see “\(needle)” within \(seconds) s; the game wrote:\n\(text.suffix(3000))")
            }
            pump(0.05)
        }
    }

    /// The text from `needle` on, if it appeared after the previous match (which it then
    /// becomes).
    func match(_ needle: String) -> String? {
        let all = stripped
        guard searchFrom <= all.count, let range = all[searchFrom...].firstRange(of: Array(needle.utf8)) else { return nil }
        searchFrom = range.upperBound
        return String(decoding: all[range.lowerBound...], as: UTF8.self)
    }

    /// Whether the process has ended (reaps it once).
    var hasExited: Bool {
        if exitStatus != nil { return true }
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == pid {
            exitStatus = status
            pump(0)
            return true
        }
        return false
    }

    /// Waits for the process to end; returns its exit code (128 + signal when killed).
    func waitForExit(within seconds: Double = 30) throws -> Int32 {
        let deadline = MonotonicClock.now() + seconds
        while !hasExited {
            if MonotonicClock.now() > deadline { throw HarnessError("echolot did not exit within \(seconds) s:\n\(text.suffix(2000))") }
            pump(0.05)
        }
        pump(0.05)
        let status = exitStatus ?? 0
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }

    /// Quits from the page after a level (once keys reach it) and expects a clean ending:
    /// status 0, the terminal back in cooked mode.
    func quitFromTheEndPage() throws {
        #expect(try quitFromAPage() == 0)
        #expect(isCooked)
    }

    /// Types `key` on a page that ignores keys for its first moment (or in a scene that
    /// does), until `done`: again every `interval` seconds, since a busy game opens the
    /// page, and starts that moment, later than its first words appear.
    func type(_ key: String, onASettlingPage interval: Double = 1, within seconds: Double = 30,
              until done: () -> Bool) throws {
        wait(PseudoTerminal.endPageSettle)
        let deadline = MonotonicClock.now() + seconds
        while true {
            send(key)
            let next = MonotonicClock.now() + interval
            while MonotonicClock.now() < next {
                if done() { return }
                pump(0.05)
            }
            if done() { return }
            if MonotonicClock.now() > deadline || hasExited {
                throw HarnessError("typing “\(key)” did not help within \(seconds) s; the game wrote:\n\(text.suffix(3000))")
            }
        }
    }

    /// Types `key` on a page that ignores keys for its first moment, until `needle` appears
    /// after the previous match (see ``type(_:onASettlingPage:within:until:)``).
    func type(_ key: String, onASettlingPageUntil needle: String) throws {
        try type(key, onASettlingPage: 2) { match(needle) != nil }
    }

    /// Quits with q from a page that ignores keys for its first moment; the exit status.
    func quitFromAPage() throws -> Int32 {
        // Cooked again: the game took the q and is on its way out; one more would be
        // echoed into its last words.
        try type("q", onASettlingPage: 0.5) { hasExited || isCooked }
        return try waitForExit()
    }

    /// Skips the cut-scene being played with Enter. A scene ignores Enter for its first
    /// moment, so the key comes after that; if it came too soon, the scene ends by itself.
    func skipTheCutScene() {
        wait(PseudoTerminal.endPageSettle)
        send("\r")
    }

    /// Closes the terminal under the game, as a closed window or a dropped connection does.
    /// The descriptor's number stays taken (by /dev/null), so no other test's file can
    /// land on it while this one still reads.
    func hangUp() {
        let null = open("/dev/null", O_RDONLY)
        dup2(null, master)
        close(null)
    }

    /// Changes the window size (the game gets SIGWINCH).
    func resize(columns: UInt16, rows: UInt16) {
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    /// Whether the terminal is back in cooked mode (line editing and echo on).
    var isCooked: Bool {
        var settings = termios()
        guard tcgetattr(master, &settings) == 0 else { return false }
        return settings.c_lflag & tcflag_t(ICANON) != 0 && settings.c_lflag & tcflag_t(ECHO) != 0
    }

    /// Presses `key` `count` times, far enough apart to count as separate presses (not a
    /// held key).
    func press(_ key: String, times count: Int) {
        for _ in 0 ..< count {
            send(key)
            wait(0.25)
        }
    }

    /// Reads output for `seconds`, however much arrives.
    func wait(_ seconds: Double) {
        let deadline = MonotonicClock.now() + seconds
        while MonotonicClock.now() < deadline { pump(deadline - MonotonicClock.now()) }
    }
}

/// Steps the play tests share: winning by facing a sound, and the night-walk story's way
/// to its first level and out.
extension PseudoTerminal {
    /// From the story's page: begins the story and skips its opening cut-scene, up to the
    /// first level, and starts it.
    func beginTheNightWalk() throws {
        try reachTheLantern()
        try startTheLevel()
    }

    /// From the story's page: begins the story and skips its opening cut-scene, up to the
    /// first level's first words (it waits for its start after them).
    func reachTheLantern() throws {
        try expect("Begin the story")
        send("n")
        try expect("A cut-scene. Enter skips it.")
        skipTheCutScene()
        try expect("Level The Lantern begins.")
    }

    /// Starts a story's level, which waits for Enter once its first words are said; the
    /// Enter comes after the scene's first moment, which does not take it. `words` is the
    /// language the game speaks (`--lang`, else the pack's default).
    func startTheLevel(_ words: Words = .english) throws {
        try expect(words.startPrompt)
        wait(PseudoTerminal.endPageSettle)
        send("\r")
        try expect(words.started)
    }

    /// From the story's page: begins the story, wins its first level and takes path
    /// `option` (1, the river; 2, the forest) by its number, up to the next level.
    func takeThePathAtTheGate(_ option: String) throws {
        try beginTheNightWalk()
        try winByFacing("90° east", turning: PseudoTerminal.right, times: 6)
        try expect("A choice.")
        send(option)
        try expect("A cut-scene. Enter skips it.")
        skipTheCutScene()
    }

    /// Turns with `key` (`times` presses) until facing `heading`, selects there, and
    /// hears the level won.
    func winByFacing(_ heading: String, turning key: String, times: Int) throws {
        press(key, times: times)
        try expect("Facing \(heading).")
        send(" ")
        try expect("You won the level!")
    }

    /// Leaves the story from the scene being played, back on the story's page, and quits
    /// from there: the game's exit status.
    func leaveTheStoryAndQuit() throws -> Int32 {
        send("q")
        try expect("Continue the story")
        send("q")
        return try waitForExit()
    }
}
