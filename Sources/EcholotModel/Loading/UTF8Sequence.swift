/// How the bytes at one place read as UTF-8, by the well-formed forms of Unicode's
/// table 3-7 (no overlong forms, no surrogates, nothing past U+10FFFF): the one reading
/// that the JSON scanner and the input-log reader's check for text share.
enum UTF8Sequence: Equatable {
    /// A well-formed character of this many bytes.
    case valid(length: Int)
    /// A lead byte or a following byte no well-formed character has.
    case invalid
    /// A well-formed start that the bytes end in the middle of.
    case cut

    /// How the character starting at `index` of `bytes` reads.
    static func at(_ index: Int, in bytes: some RandomAccessCollection<UInt8>) -> UTF8Sequence {
        let start = bytes.index(bytes.startIndex, offsetBy: index)
        let length: Int, second: ClosedRange<UInt8>
        switch bytes[start] {
        case 0x00 ... 0x7F: return .valid(length: 1)
        case 0xC2 ... 0xDF: (length, second) = (2, 0x80 ... 0xBF)
        case 0xE0: (length, second) = (3, 0xA0 ... 0xBF)
        case 0xED: (length, second) = (3, 0x80 ... 0x9F)  // not the UTF-16 surrogates
        case 0xE1 ... 0xEF: (length, second) = (3, 0x80 ... 0xBF)
        case 0xF0: (length, second) = (4, 0x90 ... 0xBF)
        case 0xF1 ... 0xF3: (length, second) = (4, 0x80 ... 0xBF)
        case 0xF4: (length, second) = (4, 0x80 ... 0x8F)
        default: return .invalid
        }
        for offset in 1 ..< length {
            guard index + offset < bytes.count else { return .cut }
            let next = bytes[bytes.index(start, offsetBy: offset)]
            guard offset == 1 ? second.contains(next) : (0x80 ... 0xBF).contains(next) else { return .invalid }
        }
        return .valid(length: length)
    }
}
