/// Where each value of a JSON file is: JSON path → line and column, plus the file's
/// display path, so later layers (rule parameters checked by scripts) can report
/// `path:line:col` for anything in the file.
public struct SourceMap: Sendable, Equatable {
    /// The file as shown in diagnostics.
    public var displayPath: String
    /// The position of every value, by JSON path (`""` is the whole document,
    /// `goals[1].seconds` a goal parameter).
    public var positions: [String: SourcePosition]
    /// The position of every object key, by the JSON path of its value.
    public var keyPositions: [String: SourcePosition]
    /// Values another file set, by their JSON path here: an extending pack's `parameters`
    /// change a base level's values, and a problem with one is the `pack.json`'s.
    public var origins: [String: Origin] = [:]

    /// Where a value set by another file is written: that file's map and the value's path in it.
    public struct Origin: Sendable, Equatable {
        /// The other file.
        public var source: SourceMap
        /// The value's JSON path in it.
        public var path: String

        /// The value at `path` in `source`.
        public init(source: SourceMap, path: String) {
            self.source = source
            self.path = path
        }
    }

    /// Creates a source map.
    public init(displayPath: String, positions: [String: SourcePosition] = [:],
                keyPositions: [String: SourcePosition] = [:]) {
        self.displayPath = displayPath
        self.positions = positions
        self.keyPositions = keyPositions
    }

    /// Records the position of every value and key in `root`.
    public init(displayPath: String, root: JSONNode) {
        self.init(displayPath: displayPath)
        record(root, at: "")
    }

    private mutating func record(_ node: JSONNode, at path: String) {
        positions[path] = node.position
        switch node.value {
        case let .array(items):
            for (i, item) in items.enumerated() { record(item, at: JSONPath.element(path, i)) }
        case let .object(members):
            for member in members {
                let memberPath = JSONPath.member(path, member.key)
                keyPositions[memberPath] = member.keyPosition
                record(member.value, at: memberPath)
            }
        default:
            break
        }
    }

    /// The position of the value at `path`, or of its nearest recorded ancestor (so a
    /// missing parameter is reported at the object that lacks it); 1:1 when nothing matches.
    public func position(of path: String) -> SourcePosition {
        var current = path
        while true {
            if let found = positions[current] { return found }
            guard let parent = SourceMap.parent(of: current) else { return .start }
            current = parent
        }
    }

    /// The file and position of the value at `path`: where another file set it (see
    /// ``origins``), else here, as ``position(of:)`` finds it.
    public func location(of path: String) -> (displayPath: String, position: SourcePosition) {
        var current = path
        while !origins.isEmpty {
            if let origin = origins[current] {
                return origin.source.location(of: origin.path + path.dropFirst(current.count))
            }
            guard let parent = SourceMap.parent(of: current) else { break }
            current = parent
        }
        return (displayPath, position(of: path))
    }

    /// A diagnostic for the value at `path`, its message prefixed with the path.
    public func diagnostic(at path: String, _ message: String) -> Diagnostic {
        let (file, position) = location(of: path)
        return Diagnostic(path: file, at: position, message: path.isEmpty ? message : "\(path): \(message)")
    }

    /// The path one step up: `a.b[2]` → `a.b` → `a` → `""`; `nil` for `""`.
    static func parent(of path: String) -> String? {
        guard !path.isEmpty else { return nil }
        var inQuotes = false
        var lastSplit = path.startIndex
        var index = path.startIndex
        var previous: Character = " "
        while index < path.endIndex {
            let c = path[index]
            if c == "\"" && previous != "\\" { inQuotes.toggle() }
            if !inQuotes && (c == "." || c == "[") { lastSplit = index }
            previous = c
            index = path.index(after: index)
        }
        return String(path[..<lastSplit])
    }
}
