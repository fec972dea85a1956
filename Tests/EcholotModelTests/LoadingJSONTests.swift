import Testing

@testable import EcholotModel

/// The first syntax error of `text` as `line:col: message`.
private func firstError(_ text: String) -> String? {
    JSONParser.parse(text).errors.first.map { "\($0.position): \($0.message)" }
}

@Suite("Loading: JSON parser")
struct LoadingJSONTests {
    @Test func parsesValuesWithPositions() throws {
        let text = """
            {
              "a": 1,
              "b": [true, null, 2.5, -3e2],
              "c": { "d": "x" }
            }
            """
        let result = JSONParser.parse(text)
        #expect(result.errors.isEmpty)
        let root = try #require(result.root)
        #expect(root.position == SourcePosition(line: 1, column: 1))
        guard case let .object(members) = root.value else { Issue.record("not an object"); return }
        #expect(members.map(\.key) == ["a", "b", "c"])
        #expect(members[0].keyPosition == SourcePosition(line: 2, column: 3))
        #expect(members[0].value == JSONNode(.integer(1), at: SourcePosition(line: 2, column: 8)))
        guard case let .array(items) = members[1].value.value else { Issue.record("not an array"); return }
        #expect(items.map(\.value) == [.bool(true), .null, .number(2.5), .number(-300)])
        #expect(items.map(\.position.column) == [9, 15, 21, 26])
        #expect(members[2].value.position == SourcePosition(line: 4, column: 8))
    }

    @Test func integersAndNumbersStayApart() {
        #expect(JSONParser.parse("60").root?.value == .integer(60))
        #expect(JSONParser.parse("-0").root?.value == .integer(0))
        #expect(JSONParser.parse("60.0").root?.value == .number(60))
        #expect(JSONParser.parse("6e1").root?.value == .number(60))
        #expect(JSONParser.parse("123456789012345678901234").root?.value == .number(1.2345678901234568e23))
        #expect(firstError("1e400") == "1:1: number 1e400 is out of range")
        #expect(firstError("[NaN]") == "1:2: non-finite numbers (NaN, Infinity) are not allowed")
        #expect(firstError("-Infinity") == "1:1: non-finite numbers (NaN, Infinity) are not allowed")
        #expect(firstError("012") == "1:1: numbers must not have leading zeros")
        #expect(firstError("1.") == "1:3: expected a digit after '.'")
    }

    @Test func columnsCountCharacters() {
        // "é" is two bytes, "👍🏽" eight bytes and one character.
        let text = #"{"é": "👍🏽", "x": 1}"#
        let root = JSONParser.parse(text).root
        guard case let .object(members)? = root?.value else { Issue.record("not an object"); return }
        #expect(members[1].keyPosition == SourcePosition(line: 1, column: 12))
        #expect(members[1].value.position == SourcePosition(line: 1, column: 17))
        #expect(firstError("[\"ü\", tru]") == "1:7: expected a value, found 'tru'")
    }

    @Test func skipsByteOrderMark() {
        let result = JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8))
        #expect(result.root?.value == .array([JSONNode(.integer(1), at: SourcePosition(line: 1, column: 2))]))
    }

    @Test func unterminatedString() {
        #expect(firstError("{\n  \"a\": \"abc") == "2:8: unterminated string")
        #expect(firstError("[\"abc\n\"]") == "1:2: unterminated string (a line break must be written as \\n)")
    }

    @Test func trailingComma() {
        #expect(firstError("{\n  \"a\": 1,\n}") == "2:9: trailing comma before '}'")
        #expect(firstError("[1, 2, ]") == "1:6: trailing comma before ']'")
    }

    @Test func badEscape() {
        #expect(firstError(#"["a\qb"]"#) == #"1:4: invalid escape sequence '\q'"#)
        #expect(firstError(#"["\u12G4"]"#) == #"1:3: invalid \u escape: expected four hex digits"#)
        #expect(firstError(#"["\uD83D"]"#) == #"1:3: unpaired surrogate \uD83D in a \u escape"#)
        #expect(JSONParser.parse(#"["\uD83D\uDC4D \u00e9\n"]"#).root?.value
            == .array([JSONNode(.string("👍 é\n"), at: SourcePosition(line: 1, column: 2))]))
    }

    @Test func unexpectedEnd() {
        #expect(firstError("") == "1:1: unexpected end of file, expected a value")
        #expect(firstError("{\"a\": [1, 2") == "1:12: unexpected end of file, expected ',' or ']'")
        #expect(firstError("{\"a\"") == "1:5: unexpected end of file, expected ':'")
        #expect(firstError("[1] 2") == "1:5: unexpected '2' after the end of the JSON value")
    }

    @Test func duplicateKeyIsAnErrorButParsingGoesOn() {
        let result = JSONParser.parse("{\"a\": 1,\n \"a\": 2, \"b\": {\"c\": 1, \"c\": 2}}")
        #expect(result.errors.map { "\($0.position): \($0.message)" } == [
            "2:2: duplicate key \"a\" (first at line 1, column 2)",
            "2:24: duplicate key \"c\" (first at line 2, column 16)",
        ])
        guard case let .object(members)? = result.root?.value else { Issue.record("no root"); return }
        #expect(members.first?.value.value == .integer(1))
    }

    @Test func controlCharacters() {
        #expect(firstError("[\"a\tb\"]") == "1:4: control character U+0009 must be escaped in a string")
        #expect(firstError("[1,\u{01}]") == "1:4: expected a value, found U+0001")
    }

    @Test func invalidUTF8() {
        let bytes: [UInt8] = Array("{\"a\": \"x".utf8) + [0xC3, 0x28] + Array("\"}".utf8)
        let error = JSONParser.parse(bytes).errors.first
        #expect(error?.position == SourcePosition(line: 1, column: 9))
        #expect(error?.message == "invalid UTF-8 (byte 0xC3)")
        #expect(JSONParser.parse([0x5B, 0xFF, 0x5D]).errors.first?.message == "expected a value, found invalid UTF-8 (byte 0xFF)")
        // Overlong encodings and encoded surrogates are refused too.
        #expect(JSONParser.parse([0x22, 0xC0, 0xAF, 0x22]).root == nil)
        #expect(JSONParser.parse([0x22, 0xED, 0xA0, 0x80, 0x22]).root == nil)
    }

    /// A file saved as UTF-16, with its byte-order mark or without (little- or big-endian),
    /// is told as such, at its start.
    @Test func utf16IsToldAsSuch() {
        let message = "1:1: the file is saved as UTF-16 (or UTF-32); save it as UTF-8"
        let text = Array("{\"id\": 1}".utf16)
        let little = text.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let big = text.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        for bytes in [[0xFF, 0xFE] + little, [0xFE, 0xFF] + big, little, big] {
            #expect(JSONParser.parse(bytes).errors.map { "\($0.position): \($0.message)" } == [message])
        }
        #expect(JSONParser.parse([0x31]).errors.isEmpty, "one byte is no UTF-16")
    }

    @Test func nestingLimit() {
        let ok = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(JSONParser.parse(ok).errors.isEmpty)
        let deep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        #expect(firstError(deep) == "1:65: nesting deeper than 64 levels")
        let deepObjects = String(repeating: "{\"a\":", count: 300)
        #expect(firstError(deepObjects) == "1:321: nesting deeper than 64 levels")
        // What the engine saved itself may nest as deep as the state holds.
        #expect(JSONParser.parse(deep, maxDepth: JSONParser.savedDepth).errors.isEmpty)
    }

    @Test func friendlyMessagesForCommonMistakes() {
        #expect(firstError("{'a': 1}") == "1:2: keys must use double quotes")
        #expect(firstError("['a']") == "1:2: strings must use double quotes")
        #expect(firstError("// c\n[1]") == "1:1: comments are not allowed in JSON")
        #expect(firstError("{\"a\": 1 \"b\": 2}") == "1:9: expected ',' or '}', found '\"'")
    }

    /// A comment is told as one wherever it starts, at its first character: between
    /// members it was `expected a key in double quotes, found '/'`, after a value
    /// `expected ',' or '}', found '/'`, and `#` was named as the character it is.
    @Test func aCommentIsToldAsOneWhereverItStarts() {
        let comment = "comments are not allowed in JSON"
        #expect(firstError("{\n  // the seed\n  \"seed\": 7\n}") == "2:3: \(comment)")
        #expect(firstError("{\n  \"seed\": 7 // seed\n}") == "2:13: \(comment)")
        #expect(firstError("{\"a\": 1, /* b */ \"b\": 2}") == "1:10: \(comment)")
        #expect(firstError("{\"a\" /* key */ : 1}") == "1:6: \(comment)")
        #expect(firstError("[1 // one\n]") == "1:4: \(comment)")
        #expect(firstError("[1, # one\n2]") == "1:5: \(comment)")
        #expect(firstError("{\n  # the seed\n  \"seed\": 7\n}") == "2:3: \(comment)")
        #expect(firstError("{\"seed\": 7 # seed\n}") == "1:12: \(comment)")
        #expect(firstError("{\"a\": 1}\n// done") == "2:1: \(comment)")
        // A slash that starts no comment is the character it is.
        #expect(firstError("{\"a\": 1 / 2}") == "1:9: expected ',' or '}', found '/'")
        #expect(firstError("[/]") == "1:2: expected a value, found '/'")
    }

    @Test func neverCrashesOnMutatedInput() {
        let seed = Array(#"{"a": [1, -2.5e3, "x\u00e9y", true, null, {"b": {}}], "c": "é"}"#.utf8)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        let alphabet = Array("{}[]\",:\\ \n0123456789.eE+-tfnulrsaé".utf8) + [0x00, 0x80, 0xFF, 0xC3]
        for _ in 0..<3000 {
            var bytes = seed
            for _ in 0..<(1 + next() % 4) {
                let i = next() % bytes.count
                switch next() % 3 {
                case 0: bytes[i] = alphabet[next() % alphabet.count]
                case 1: bytes.remove(at: i)
                default: bytes.insert(alphabet[next() % alphabet.count], at: i)
                }
                if bytes.isEmpty { bytes = [0x20] }
            }
            let result = JSONParser.parse(bytes)
            #expect(result.root != nil || !result.errors.isEmpty)
        }
    }
}
