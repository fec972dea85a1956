import EcholotCore
import Testing

@testable import EcholotModel

@Suite struct InputLogTests {
    private func parse(_ text: String) throws(PackLoadError) -> InputLog {
        try InputLog.parse(Array(text.utf8), displayPath: "log.jsonl")
    }

    @Test func readsEveryContractAction() throws {
        let log = try parse("""
            {"t": 0, "action": "turnTo", "azimuth": 90}
            {"t": 0.5, "action": "turnBy", "degrees": -15.5}

            {"t": 1, "action": "tiltTo", "elevation": 10}
            {"t": 1, "action": "moveTo", "azimuth": 3, "elevation": 2}
            {"t": 2, "action": "select"}
            {"t": 2, "action": "selectEntity", "id": "bell"}
            {"t": 3, "action": "clock", "hour": 21, "minute": 55}
            {"t": 4, "action": "end"}
            """)
        #expect(log.events.map(\.action.name) == ["turnTo", "turnBy", "tiltTo", "moveTo", "select", "selectEntity", "clock", "end"])
        #expect(log.events[1].action["degrees"] == .number(-15.5))
        #expect(log.events[2].line == 4)
        #expect(log.events[6].action["hour"] == 21)
    }

    @Test func writtenLogsReadBackUnchanged() throws {
        let log = InputLog([
            InputEvent(t: 0.016666666666666666, action: .turnBy(1.25)),
            InputEvent(t: 1, action: .selectEntity("a\"b")),
            InputEvent(t: 2, action: Action(ActionName.clock, ["hour": 7, "minute": 5])),
        ])
        let read = try parse(log.jsonLines)
        #expect(read.events.map(\.action) == log.events.map(\.action))
        #expect(read.events.map(\.t) == log.events.map(\.t))
    }

    /// A file that is no log (a WAV given as the input) is told in twenty lines and one
    /// that says what may be wrong, not in a line for each of its lines.
    @Test func stopsAfterTwentyBadLines() {
        do {
            _ = try parse(String(repeating: "RIFF junk\n", count: 1000))
            Issue.record("expected errors")
        } catch {
            #expect(error.diagnostics.count == InputLog.maxProblems + 1)
            #expect(error.diagnostics.last?.description
                == "log.jsonl:21:1: error: stopped after 20 bad lines: is this an input log (JSON Lines, one event a line)?")
        }
    }

    /// Twenty bad lines are counted as lines, not problems (a line may have several), and
    /// "stopped" is said only when a line is left unread: not for a final newline.
    @Test func countsBadLinesNotProblemsAndStopsOnlyBeforeALine() {
        // Each line is late and goes back in time: two problems on each.
        let twoEach = (0..<20).map { #"{"t": \#(100 - $0), "action": "select"}"# }.joined(separator: "\n")
        do {
            _ = try InputLog.parse(Array(twoEach.utf8), displayPath: "log.jsonl", latest: 50)
            Issue.record("expected errors")
        } catch {
            #expect(error.diagnostics.count == 39)
            #expect(!error.diagnostics.contains { $0.message.hasPrefix("stopped") })
        }
        do {
            _ = try parse(String(repeating: "RIFF junk\n", count: 20) + "\n  \n")
            Issue.record("expected errors")
        } catch {
            #expect(error.diagnostics.count == InputLog.maxProblems)
            #expect(!error.diagnostics.contains { $0.message.hasPrefix("stopped") })
        }
    }

    /// A log saved as UTF-16 is told so once, not on each of its lines.
    @Test func aUTF16LogIsToldOnce() {
        let text = "{\"t\": 1, \"action\": \"select\"}\n{\"t\": 2, \"action\": \"end\"}\n"
        let bytes: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        do {
            _ = try InputLog.parse(bytes, displayPath: "log.jsonl")
            Issue.record("expected an error")
        } catch {
            #expect(error.diagnostics.map(\.description) == ["log.jsonl:1:1: error: the file is saved as UTF-16 (or UTF-32); save it as UTF-8"])
        }
    }

    /// A WAV file given for the log is told once as what it is: it was twenty syntax
    /// errors (`expected a value, found 'RIFFd'`), two of them calling it UTF-16.
    @Test func aWAVFileIsToldOnce() {
        let header: [UInt8] = Array("RIFF".utf8) + [0x24, 0x10, 0, 0] + Array("WAVEfmt ".utf8) + [16, 0, 0, 0, 1, 0, 2, 0]
        let samples = (0 ..< 4_000).map { UInt8(truncatingIfNeeded: $0 &* 37) }
        do {
            _ = try InputLog.parse(header + [0x44, 0xAC, 0, 0] + samples, displayPath: "a.wav")
            Issue.record("expected an error")
        } catch {
            #expect(error.diagnostics.map(\.description) == ["a.wav:1:1: error: this is a WAV file, not an input log (JSON Lines text: "
                + "one event a line, such as {\"t\": 1.5, \"action\": \"select\"}, as 'echolot play --record' writes)"])
        }
    }

    /// Any other file that is no text (a NUL byte or bytes that are no UTF-8 near its
    /// start) is told once, at that byte; text with such a byte further on is read line
    /// by line, and a character cut off at the end of the bytes looked at is no fault.
    @Test func aFileThatIsNoTextIsToldOnceAtItsFirstBadByte() {
        let tail = ", not an input log (JSON Lines text: one event a line, such as {\"t\": 1.5, \"action\": \"select\"}, "
            + "as 'echolot play --record' writes)"
        let cases: [([UInt8], String)] = [
            (Array("SQLite format 3".utf8) + [0] + [UInt8](repeating: 0x41, count: 100),
             "1:16: error: this is not a text file (it holds a NUL byte here)"),
            (Array("{\"t\": 1, \"action\": \"select\"}\nhé".utf8) + [0xFF, 0xFE, 0x0A, 0x0A],
             "2:3: error: this is not a text file (it holds a byte that is no UTF-8 (0xFF) here)"),
            (Array("ab".utf8) + [0xED, 0xA0, 0x80], "1:3: error: this is not a text file (it holds a byte that is no UTF-8 (0xED) here)"),
            (Array("ab".utf8) + [0xE2, 0x82], "1:3: error: this is not a text file (it holds a byte that is no UTF-8 (0xE2) here)"),
        ]
        for (bytes, told) in cases {
            do {
                _ = try InputLog.parse(bytes, displayPath: "x.bin")
                Issue.record("expected an error for \(bytes)")
            } catch {
                #expect(error.diagnostics.map(\.description) == ["x.bin:" + told + tail])
            }
        }
        // A log whose bad byte lies past the bytes looked at, and one whose look ends inside "é".
        let line = "{\"t\": 1, \"action\": \"select\"}\n"
        let long = String(repeating: line, count: InputLog.textSniffLength / line.utf8.count + 1)
        do {
            _ = try InputLog.parse(Array(long.utf8) + [0xFF, 0x0A], displayPath: "x.jsonl")
            Issue.record("expected an error")
        } catch {
            #expect(error.diagnostics.count == 1 && !error.diagnostics[0].message.contains("text file"), "\(error.diagnostics)")
        }
        let shifted = String(repeating: " ", count: InputLog.textSniffLength - 1) + "é\n" + line
        do {
            _ = try InputLog.parse(Array(shifted.utf8), displayPath: "x.jsonl")
            Issue.record("expected an error")
        } catch {
            #expect(!error.diagnostics.contains { $0.message.contains("text file") }, "\(error.diagnostics)")
        }
    }

    /// A log written by hand as a JSON array of events is told once that a log is JSON
    /// Lines: it was `1:46: unexpected end of file, expected a value` and `2:29: unexpected
    /// ']' after the end of the JSON value`, neither saying what the file should be.
    @Test func aLogWrittenAsAnArrayIsToldItIsJSONLines() {
        let message = "an input log is JSON Lines: one JSON object a line, such as {\"t\": 1.5, \"action\": \"select\"}, "
            + "not a JSON array; write each event on a line of its own, without the [ ] around them and the commas between them"
        for (text, position) in [
            ("[{\"t\": 1, \"action\": \"turnTo\", \"azimuth\": 95},\n{\"t\": 2, \"action\": \"select\"}]\n", "1:1"),
            ("[{\"t\": 1, \"action\": \"select\"}]", "1:1"),
            ("\n  [\n  {\"t\": 1, \"action\": \"select\"}\n]", "2:3"),
        ] {
            do {
                _ = try parse(text)
                Issue.record("expected an error for \(text)")
            } catch {
                #expect(error.diagnostics.map(\.description) == ["log.jsonl:\(position): error: \(message)"])
            }
        }
    }

    @Test func reportsEveryBadLine() {
        do {
            _ = try parse("""
                {"t": -1, "action": "select"}
                {"action": "select"}
                {"t": 1, "action": "select", "force": 3}
                {"t": 1, "action": "clock", "hour": 24, "minute": 0}
                {"t": 1, "action": "turnBy"}
                [1, 2]
                """)
            Issue.record("expected errors")
        } catch {
            #expect(error.diagnostics.map(\.description) == [
                "log.jsonl:1:7: error: 't' must be a number of seconds ≥ 0, found -1",
                "log.jsonl:2:1: error: missing field 't' (seconds since the start)",
                "log.jsonl:3:30: error: 'select' takes no field 'force'",
                "log.jsonl:4:37: error: 'hour' must be a whole number from 0 to 23",
                "log.jsonl:5:1: error: 'turnBy' needs the field 'degrees'",
                "log.jsonl:6:1: error: each line must be a JSON object like {\"t\": 1.5, \"action\": \"select\"}",
            ])
        }
    }
}
