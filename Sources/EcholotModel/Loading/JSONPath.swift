/// Builds the JSON path strings used in messages and source maps: `entities[2].position.azimuth`.
public enum JSONPath {
    /// The path of member `key` inside the object at `path`; keys that are not plain
    /// names are quoted: `attributes["my key"]`.
    public static func member(_ path: String, _ key: String) -> String {
        if isPlainName(key) {
            return path.isEmpty ? key : path + "." + key
        }
        // Quoted as text in every message is: a line break or an override in a key would
        // split or turn around the message the path begins.
        return path + "[" + quoted(key, limit: .max) + "]"
    }

    /// The path of element `index` of the array at `path`.
    public static func element(_ path: String, _ index: Int) -> String {
        path + "[\(index)]"
    }

    /// Whether `path` is `outer` or the path of a value inside it (`goals[2].seconds` is
    /// inside `goals[2]` and `goals`, not inside `goal`); every path is inside the root's, "".
    public static func isInside(_ path: String, _ outer: String) -> Bool {
        guard path.hasPrefix(outer) else { return false }
        let rest = path.dropFirst(outer.count)
        return outer.isEmpty || rest.isEmpty || rest.hasPrefix(".") || rest.hasPrefix("[")
    }

    /// Whether a key can be written after a dot: letters, digits, `_` and `-`, not
    /// starting with a digit or `-`.
    static func isPlainName(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, !key.isEmpty else { return false }
        if ("0"..."9").contains(first) || first == "-" { return false }
        return key.unicodeScalars.allSatisfy { s in
            ("a"..."z").contains(s) || ("A"..."Z").contains(s) || ("0"..."9").contains(s) || s == "_" || s == "-"
        }
    }
}
