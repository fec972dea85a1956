import EcholotCore
import Foundation

extension InputLog {
    /// The largest input log read, so that a wrong file cannot exhaust memory.
    public static let maxFileSize = 64 << 20

    /// Reads an input log file, reporting every bad line as `path:line:col: error: …`.
    public static func read(contentsOf url: URL, displayPath: String) throws(PackLoadError) -> InputLog {
        let size = (try? FileManager.default.attributesOfItem(atPath: url.resolvingSymlinksInPath().path)[.size] as? Int) ?? nil
        guard let size else {
            throw PackLoadError(diagnostics: [Diagnostic(path: displayPath, line: 1, column: 1, message: "cannot read the input log: no such file")])
        }
        guard size <= maxFileSize else {
            throw PackLoadError(diagnostics: [Diagnostic(
                path: displayPath, line: 1, column: 1,
                message: "the input log is \(size) bytes; the limit is \(maxFileSize)")])
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw PackLoadError(diagnostics: [Diagnostic(path: displayPath, line: 1, column: 1, message: "cannot read the input log")])
        }
        return try parse(Array(data), displayPath: displayPath)
    }

    /// Parses JSON Lines text: one `{"t": seconds, "action": NAME, …payload}` per line, in
    /// time order; blank lines are skipped. Every problem is reported, not just the first.
    public static func parse(_ bytes: [UInt8], displayPath: String) throws(PackLoadError) -> InputLog {
        var diagnostics: [Diagnostic] = []
        var events: [InputEvent] = []
        var lineNumber = 0
        var previousT = 0.0
        for slice in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = Array(slice.last == UInt8(ascii: "\r") ? slice.dropLast() : slice[...])
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            func report(_ position: SourcePosition, _ message: String) {
                diagnostics.append(Diagnostic(path: displayPath, line: lineNumber, column: position.column, message: message))
            }
            let parsed = JSONParser.parse(line)
            if let error = parsed.errors.first {
                report(error.position, error.message)
                continue
            }
            guard let root = parsed.root, case let .object(members) = root.value else {
                report(.start, "each line must be a JSON object like {\"t\": 1.5, \"action\": \"select\"}")
                continue
            }
            if let event = event(from: members, at: root.position, previousT: &previousT, report: report) {
                events.append(InputEvent(t: event.t, action: event.action, line: lineNumber))
            }
        }
        guard diagnostics.isEmpty else { throw PackLoadError(diagnostics: diagnostics) }
        return InputLog(events)
    }

    /// The payload fields each input action takes: name → (required, number?).
    private static let payloads: [String: [(field: String, required: Bool, kind: PayloadKind)]] = [
        ActionName.start: [],
        ActionName.turnTo: [("azimuth", true, .number)],
        ActionName.turnBy: [("degrees", true, .number)],
        ActionName.tiltTo: [("elevation", true, .number)],
        ActionName.moveTo: [("azimuth", true, .number), ("elevation", false, .number)],
        ActionName.select: [],
        ActionName.selectEntity: [("id", true, .string)],
        ActionName.clock: [("hour", true, .hour), ("minute", true, .minute)],
        ActionName.end: [],
    ]

    private enum PayloadKind { case number, string, hour, minute }

    private static func event(
        from members: [JSONMember], at position: SourcePosition, previousT: inout Double,
        report: (SourcePosition, String) -> Void
    ) -> (t: Double, action: Action)? {
        var fields: [String: JSONMember] = [:]
        for member in members { fields[member.key] = member }
        var ok = true
        guard let tMember = fields["t"] else {
            report(position, "missing field 't' (seconds since the start)")
            return nil
        }
        guard let t = tMember.value.value.doubleValue, t.isFinite, t >= 0 else {
            report(tMember.value.position, "'t' must be a number of seconds ≥ 0, found \(tMember.value.value.typeDescription)")
            return nil
        }
        if t < previousT {
            report(tMember.value.position, "'t' goes back in time (\(t) after \(previousT)); events must be in time order")
            ok = false
        }
        previousT = max(previousT, t)
        guard let actionMember = fields["action"] else {
            report(position, "missing field 'action'")
            return nil
        }
        guard case let .string(name) = actionMember.value.value else {
            report(actionMember.value.position, "'action' must be a string, found \(actionMember.value.value.typeDescription)")
            return nil
        }
        guard let spec = payloads[name] else {
            let known = payloads.keys.sorted().joined(separator: ", ")
            report(actionMember.value.position, "unknown action '\(name)'; an input log may contain \(known)")
            return nil
        }
        var payload = PersistentMap<Value>()
        for member in members where member.key != "t" && member.key != "action" {
            guard let field = spec.first(where: { $0.field == member.key }) else {
                report(member.keyPosition, "'\(name)' takes no field '\(member.key)'")
                ok = false
                continue
            }
            let value = member.value
            switch field.kind {
            case .number:
                guard let d = value.value.doubleValue, d.isFinite else {
                    report(value.position, "'\(member.key)' must be a number, found \(value.value.typeDescription)")
                    ok = false
                    continue
                }
                payload[member.key] = .number(d)
            case .string:
                guard case let .string(s) = value.value else {
                    report(value.position, "'\(member.key)' must be a string, found \(value.value.typeDescription)")
                    ok = false
                    continue
                }
                payload[member.key] = .string(s)
            case .hour, .minute:
                let limit = field.kind == .hour ? 23 : 59
                guard case let .integer(i) = value.value, (0...limit).contains(i) else {
                    report(value.position, "'\(member.key)' must be a whole number from 0 to \(limit)")
                    ok = false
                    continue
                }
                payload[member.key] = .int(i)
            }
        }
        for field in spec where field.required && fields[field.field] == nil {
            report(position, "'\(name)' needs the field '\(field.field)'")
            ok = false
        }
        return ok ? (t, Action(name, payload)) : nil
    }
}
