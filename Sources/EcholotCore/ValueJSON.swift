extension Value {
    /// The value as compact JSON text with keys in sorted order, so the same value always
    /// prints the same bytes (run results, recorded input logs).
    ///
    /// Numbers use the shortest text that reads back to the same double (−0 as `-0.0`);
    /// non-finite numbers, which JSON cannot hold, print as `null`.
    public var jsonText: String {
        var out = ""
        write(to: &out)
        return out
    }

    private func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case let .bool(b): out += b ? "true" : "false"
        case let .int(i): out += String(i)
        case let .number(d):
            // −0 keeps its sign, as a recorded input must read back as it was played (a
            // head tracker's pitch of −0 is a tilt to −0, which a rule may tell from 0);
            // `-0` would read back as the integer 0.
            out += !d.isFinite ? "null" : d == 0 && d.sign == .minus ? "-0.0" : d.authorText
        case let .string(s): Value.writeString(s, to: &out)
        case let .list(items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.write(to: &out)
            }
            out += "]"
        case let .map(map):
            out += "{"
            for (i, entry) in map.sorted(by: { $0.key < $1.key }).enumerated() {
                if i > 0 { out += "," }
                Value.writeString(entry.key, to: &out)
                out += ":"
                entry.value.write(to: &out)
            }
            out += "}"
        }
    }

    private static func writeString(_ s: String, to out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}

extension Value {
    /// Whether the two are the same value as JSON text tells it: an integer and a number
    /// of equal value count as equal (JSON writes both as `2`), in lists and maps too.
    /// What a test file expects is compared so, since it cannot tell them apart.
    public func equalsAsJSON(_ other: Value) -> Bool {
        switch (self, other) {
        case let (.int(i), .number(d)), let (.number(d), .int(i)):
            return Double(i) == d
        case let (.list(a), .list(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.equalsAsJSON($1) }
        case let (.map(a), .map(b)):
            return a.count == b.count && a.allSatisfy { key, value in b[key].map(value.equalsAsJSON) ?? false }
        default:
            return self == other
        }
    }
}
