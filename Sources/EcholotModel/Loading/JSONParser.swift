/// A JSON syntax problem and where it is.
public struct JSONSyntaxError: Error, Sendable, Equatable {
    /// What is wrong, in words for the pack author.
    public var message: String
    /// Where it is.
    public var position: SourcePosition

    /// Creates an error.
    public init(_ message: String, at position: SourcePosition) {
        self.message = message
        self.position = position
    }
}

/// What parsing a JSON text gives: the value (unless a fatal error stopped the parse) and
/// every syntax error found.
public struct JSONParseResult: Sendable {
    /// The parsed value; `nil` when a fatal syntax error stopped parsing.
    public var root: JSONNode?
    /// Every syntax error, in file order. A duplicate key is reported without stopping
    /// the parse (the first occurrence is kept); anything else stops it.
    public var errors: [JSONSyntaxError]
}

/// A strict JSON (RFC 8259) parser that keeps the source position of every value and key.
public enum JSONParser {
    /// The deepest nesting of arrays and objects accepted in what people write (pack files,
    /// logs, tests). Far below what the scripts take (a state nested 100 deep, counted from
    /// its root, where a level's values sit a few levels down): a value nested deeper passed
    /// `validate`, then every action of the level was refused in play.
    public static let maxDepth = 64
    /// The deepest nesting accepted in what the engine wrote itself (a saved story record),
    /// which holds what the rules stored, as deep as the state allows.
    public static let savedDepth = 256

    /// Why `bytes` cannot be UTF-8 text at all, told as such: editors on some systems save
    /// UTF-16 (a byte-order mark FF FE or FE FF, or a NUL beside each ASCII character), and
    /// "invalid UTF-8 (byte 0xFF)" would not say so. Nil for anything else.
    public static func encodingProblem(_ bytes: [UInt8]) -> String? {
        guard bytes.count >= 2, bytes[0] == 0xFF && bytes[1] == 0xFE || bytes[0] == 0xFE && bytes[1] == 0xFF
            || bytes[0] == 0 || bytes[1] == 0 else { return nil }
        return "the file is saved as UTF-16 (or UTF-32); save it as UTF-8"
    }

    /// Parses UTF-8 encoded JSON text (a leading byte-order mark is skipped), nested at
    /// most `maxDepth` deep.
    public static func parse(_ bytes: [UInt8], maxDepth: Int = JSONParser.maxDepth) -> JSONParseResult {
        var scanner = JSONScanner(bytes, maxDepth: maxDepth)
        do {
            let root = try scanner.parseDocument()
            return JSONParseResult(root: root, errors: scanner.errors)
        } catch {
            return JSONParseResult(root: nil, errors: scanner.errors + [error])
        }
    }

    /// The first character of `bytes` that is no blank space (after a byte-order mark),
    /// and where it stands; `nil` for a blank text.
    public static func firstCharacter(_ bytes: [UInt8]) -> (byte: UInt8, position: SourcePosition)? {
        var scanner = JSONScanner(bytes, maxDepth: maxDepth)
        scanner.skipWhitespace()
        guard scanner.index < bytes.count else { return nil }
        return (bytes[scanner.index], scanner.here())
    }

    /// Parses JSON text given as a string.
    public static func parse(_ text: String, maxDepth: Int = JSONParser.maxDepth) -> JSONParseResult {
        parse(Array(text.utf8), maxDepth: maxDepth)
    }
}

/// The parser's cursor over the bytes, with line and column bookkeeping.
struct JSONScanner {
    let bytes: [UInt8]
    /// The deepest nesting accepted.
    let maxDepth: Int
    var index = 0
    var line = 1
    var lineStart = 0
    /// The offset of the first non-ASCII byte on the current line, if any: columns before
    /// it are byte distances, columns after it are counted in characters.
    var firstNonASCII: Int?
    /// A place on the current line whose column is known (a character boundary).
    var checkpoint = (offset: 0, column: 1)
    /// Non-fatal errors (duplicate keys).
    var errors: [JSONSyntaxError] = []

    init(_ bytes: [UInt8], maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            index = 3
            lineStart = 3
            checkpoint = (3, 1)
        }
    }

    // MARK: Positions

    /// The position of the byte at `offset`, which must be on the current line.
    mutating func position(at offset: Int) -> SourcePosition {
        guard let nonASCII = firstNonASCII, offset > nonASCII else {
            return SourcePosition(line: line, column: offset - lineStart + 1)
        }
        var from = (offset: lineStart, column: 1)
        if checkpoint.offset >= lineStart, checkpoint.offset <= offset { from = checkpoint }
        let upper = min(offset, bytes.count)
        let counted = from.offset < upper
            ? SourcePosition.columns(of: bytes[from.offset..<upper]) : 0
        let column = from.column + counted + max(0, offset - upper)
        checkpoint = (offset, column)
        return SourcePosition(line: line, column: column)
    }

    /// The position of the cursor.
    mutating func here() -> SourcePosition { position(at: index) }

    func error(_ message: String, at position: SourcePosition) -> JSONSyntaxError {
        JSONSyntaxError(message, at: position)
    }

    // MARK: Structure

    mutating func parseDocument() throws(JSONSyntaxError) -> JSONNode {
        if let problem = JSONParser.encodingProblem(bytes) { throw error(problem, at: here()) }
        let root = try parseValue(depth: 0)
        skipWhitespace()
        if index < bytes.count {
            throw unexpected("unexpected \(describeHere()) after the end of the JSON value")
        }
        return root
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D:
                index += 1
            case 0x0A:
                index += 1
                line += 1
                lineStart = index
                firstNonASCII = nil
                checkpoint = (index, 1)
            default:
                return
            }
        }
    }

    mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONNode {
        skipWhitespace()
        let start = here()
        guard index < bytes.count else {
            throw error("unexpected end of file, expected a value", at: start)
        }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            return JSONNode(try parseObject(depth: depth + 1, start: start), at: start)
        case UInt8(ascii: "["):
            return JSONNode(try parseArray(depth: depth + 1, start: start), at: start)
        case UInt8(ascii: "\""):
            return JSONNode(.string(try parseString()), at: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(try parseNumber(), at: start)
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            return JSONNode(try parseLiteral(), at: start)
        default:
            throw unexpectedValue(at: start)
        }
    }

    mutating func parseObject(depth: Int, start: SourcePosition) throws(JSONSyntaxError) -> JSONValue {
        if depth > maxDepth {
            throw error("nesting deeper than \(maxDepth) levels", at: start)
        }
        index += 1  // {
        var members: [JSONMember] = []
        var seen: [String: SourcePosition] = [:]
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object([])
        }
        var comma: SourcePosition?
        while true {
            skipWhitespace()
            let keyPosition = here()
            guard index < bytes.count else {
                throw error("unexpected end of file, expected a key", at: keyPosition)
            }
            if bytes[index] == UInt8(ascii: "}"), let comma {
                throw error("trailing comma before '}'", at: comma)
            }
            guard bytes[index] == UInt8(ascii: "\"") else {
                if bytes[index] == UInt8(ascii: "'") {
                    throw error("keys must use double quotes", at: keyPosition)
                }
                throw unexpected("expected a key in double quotes, found \(describeHere())")
            }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count else {
                throw error("unexpected end of file, expected ':'", at: here())
            }
            guard bytes[index] == UInt8(ascii: ":") else {
                throw unexpected("expected ':' after the key, found \(describeHere())")
            }
            index += 1
            let value = try parseValue(depth: depth)
            if let first = seen[key] {
                errors.append(error(
                    "duplicate key \(quoted(key)) (first at line \(first.line), column \(first.column))",
                    at: keyPosition))
            } else {
                seen[key] = keyPosition
                members.append(JSONMember(key: key, keyPosition: keyPosition, value: value))
            }
            skipWhitespace()
            guard index < bytes.count else {
                throw error("unexpected end of file, expected ',' or '}'", at: here())
            }
            switch bytes[index] {
            case UInt8(ascii: ","):
                comma = here()
                index += 1
            case UInt8(ascii: "}"):
                index += 1
                return .object(members)
            default:
                throw unexpected("expected ',' or '}', found \(describeHere())")
            }
        }
    }

    mutating func parseArray(depth: Int, start: SourcePosition) throws(JSONSyntaxError) -> JSONValue {
        if depth > maxDepth {
            throw error("nesting deeper than \(maxDepth) levels", at: start)
        }
        index += 1  // [
        var items: [JSONNode] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array([])
        }
        var comma: SourcePosition?
        while true {
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]"), let comma {
                throw error("trailing comma before ']'", at: comma)
            }
            items.append(try parseValue(depth: depth))
            skipWhitespace()
            guard index < bytes.count else {
                throw error("unexpected end of file, expected ',' or ']'", at: here())
            }
            switch bytes[index] {
            case UInt8(ascii: ","):
                comma = here()
                index += 1
            case UInt8(ascii: "]"):
                index += 1
                return .array(items)
            default:
                throw unexpected("expected ',' or ']', found \(describeHere())")
            }
        }
    }

    // MARK: Scalars

    mutating func parseLiteral() throws(JSONSyntaxError) -> JSONValue {
        for (word, value) in [("true", JSONValue.bool(true)), ("false", .bool(false)), ("null", .null)] {
            let utf8 = Array(word.utf8)
            if bytes.count - index >= utf8.count, bytes[index..<index + utf8.count].elementsEqual(utf8) {
                index += utf8.count
                return value
            }
        }
        throw unexpectedValue(at: here())
    }

    mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue {
        let start = index
        let startPosition = here()
        var isInteger = true
        if bytes[index] == UInt8(ascii: "-") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "I") || bytes[index] == UInt8(ascii: "N") {
                throw error("non-finite numbers (NaN, Infinity) are not allowed", at: startPosition)
            }
        }
        guard index < bytes.count, isDigit(bytes[index]) else {
            throw error("expected a digit after '-'", at: here())
        }
        if bytes[index] == UInt8(ascii: "0"), index + 1 < bytes.count, isDigit(bytes[index + 1]) {
            throw error("numbers must not have leading zeros", at: startPosition)
        }
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw error("expected a digit after '.'", at: here())
            }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw error("expected a digit in the exponent", at: here())
            }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger, let integer = Int(text) { return .integer(integer) }
        guard let double = Double(text), double.isFinite else {
            throw error("number \(shortened(text, head: 20, tail: 10)) is out of range", at: startPosition)
        }
        return .number(double)
    }

    func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// Parses a string whose opening quote is at the cursor.
    mutating func parseString() throws(JSONSyntaxError) -> String {
        let open = here()
        index += 1
        var runStart = index
        var buffer: [UInt8] = []
        var escaped = false
        while true {
            // The fast path: plain printable ASCII.
            while index < bytes.count {
                let b = bytes[index]
                if b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") || b < 0x20 || b >= 0x80 { break }
                index += 1
            }
            guard index < bytes.count else {
                throw error("unterminated string", at: open)
            }
            let b = bytes[index]
            switch b {
            case UInt8(ascii: "\""):
                let text: String
                if escaped {
                    buffer.append(contentsOf: bytes[runStart..<index])
                    text = String(decoding: buffer, as: UTF8.self)
                } else {
                    text = String(decoding: bytes[runStart..<index], as: UTF8.self)
                }
                index += 1
                return text
            case UInt8(ascii: "\\"):
                buffer.append(contentsOf: bytes[runStart..<index])
                escaped = true
                try parseEscape(into: &buffer)
                runStart = index
            case 0x0A, 0x0D:
                throw error("unterminated string (a line break must be written as \\n)", at: open)
            case ..<0x20:
                throw error(
                    "control character U+\(hex(b, width: 4)) must be escaped in a string", at: here())
            default:
                let length = try utf8SequenceLength(at: index)
                if firstNonASCII == nil { firstNonASCII = index }
                index += length
            }
        }
    }

    /// Parses an escape whose backslash is at the cursor and appends its UTF-8 bytes.
    mutating func parseEscape(into buffer: inout [UInt8]) throws(JSONSyntaxError) {
        let backslash = here()
        index += 1
        guard index < bytes.count else {
            throw error("unexpected end of file in an escape sequence", at: backslash)
        }
        let b = bytes[index]
        index += 1
        switch b {
        case UInt8(ascii: "\""): buffer.append(0x22)
        case UInt8(ascii: "\\"): buffer.append(0x5C)
        case UInt8(ascii: "/"): buffer.append(0x2F)
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
            let first = try hexQuad(escapeAt: backslash)
            var scalarValue = UInt32(first)
            if (0xD800...0xDBFF).contains(first) {
                guard bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"),
                      bytes[index + 1] == UInt8(ascii: "u")
                else {
                    throw error("unpaired surrogate \\u\(hex(first, width: 4)) in a \\u escape", at: backslash)
                }
                let lowPosition = here()
                index += 2
                let second = try hexQuad(escapeAt: lowPosition)
                guard (0xDC00...0xDFFF).contains(second) else {
                    throw error("unpaired surrogate \\u\(hex(first, width: 4)) in a \\u escape", at: backslash)
                }
                scalarValue = 0x10000 + ((UInt32(first) - 0xD800) << 10) + (UInt32(second) - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(first) {
                throw error("unpaired surrogate \\u\(hex(first, width: 4)) in a \\u escape", at: backslash)
            }
            guard let scalar = Unicode.Scalar(scalarValue) else {
                throw error("invalid \\u escape", at: backslash)
            }
            buffer.append(contentsOf: Array(String(Character(scalar)).utf8))
        default:
            let shown = b >= 0x20 && b < 0x7F ? String(UnicodeScalar(b)) : "U+\(hex(b, width: 4))"
            throw error("invalid escape sequence '\\\(shown)'", at: backslash)
        }
    }

    /// Reads the four hex digits of a `\u` escape.
    mutating func hexQuad(escapeAt position: SourcePosition) throws(JSONSyntaxError) -> UInt16 {
        guard bytes.count - index >= 4 else {
            throw error("invalid \\u escape: expected four hex digits", at: position)
        }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let b = bytes[index]
            let digit: UInt8
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = b - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = b - UInt8(ascii: "A") + 10
            default: throw error("invalid \\u escape: expected four hex digits", at: position)
            }
            value = value << 4 | UInt16(digit)
            index += 1
        }
        return value
    }

    /// The length of the valid UTF-8 sequence starting at `offset`; throws when it is invalid.
    mutating func utf8SequenceLength(at offset: Int) throws(JSONSyntaxError) -> Int {
        guard case let .valid(length) = UTF8Sequence.at(offset, in: bytes) else {
            throw error("invalid UTF-8 (byte 0x\(hex(bytes[offset], width: 2)))", at: position(at: offset))
        }
        return length
    }

    // MARK: Messages

    /// The error for something at the cursor that cannot start a value.
    mutating func unexpectedValue(at position: SourcePosition) -> JSONSyntaxError {
        if commentStarts() { return error(Self.commentMessage, at: position) }
        let b = bytes[index]
        switch b {
        case UInt8(ascii: "'"):
            return error("strings must use double quotes", at: position)
        case UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ","), UInt8(ascii: ":"):
            return error("expected a value, found '\(UnicodeScalar(b))'", at: position)
        default:
            break
        }
        var end = index
        while end < bytes.count, end - index < 40,
              isWordByte(bytes[end]) { end += 1 }
        if end > index {
            let word = String(decoding: bytes[index..<end], as: UTF8.self)
            if word == "NaN" || word == "Infinity" {
                return error("non-finite numbers (NaN, Infinity) are not allowed", at: position)
            }
            return error("expected a value, found '\(word)'", at: position)
        }
        return error("expected a value, found \(describeHere())", at: position)
    }

    /// What a comment is told, wherever it starts.
    static let commentMessage = "comments are not allowed in JSON"

    /// Whether a comment starts at the cursor: `//` or `/*` as JavaScript and JSONC write
    /// them, or `#` as YAML and shell files do. Authors used to those formats write them
    /// between members as often as in place of a value.
    func commentStarts() -> Bool {
        guard index < bytes.count else { return false }
        if bytes[index] == UInt8(ascii: "#") { return true }
        guard bytes[index] == UInt8(ascii: "/"), index + 1 < bytes.count else { return false }
        return bytes[index + 1] == UInt8(ascii: "/") || bytes[index + 1] == UInt8(ascii: "*")
    }

    /// The error for what stands at the cursor where `message` expected something else:
    /// a comment is told as one, not as the character it starts with.
    mutating func unexpected(_ message: String) -> JSONSyntaxError {
        error(commentStarts() ? Self.commentMessage : message, at: here())
    }

    func isWordByte(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
            || isDigit(b) || b == UInt8(ascii: "_")
    }

    /// Names the character at the cursor for a message: `'x'`, `U+0007`, or invalid UTF-8.
    mutating func describeHere() -> String {
        guard index < bytes.count else { return "the end of the file" }
        let b = bytes[index]
        if b >= 0x21 && b < 0x7F { return "'\(UnicodeScalar(b))'" }
        if b < 0x80 { return "U+\(hex(b, width: 4))" }
        guard let length = try? utf8SequenceLength(at: index) else {
            return "invalid UTF-8 (byte 0x\(hex(b, width: 2)))"
        }
        let text = String(decoding: bytes[index..<index + length], as: UTF8.self)
        // A line separator or an override is named as a control character is.
        if let scalar = text.unicodeScalars.first, MessageText.isUnshowable(scalar) {
            return "U+\(MessageText.hex(scalar))"
        }
        return "'\(text)'"
    }

    func hex<I: BinaryInteger>(_ value: I, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
