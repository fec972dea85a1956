/// The full screen as lines: each frame is compared with the one on screen and only the
/// lines that changed are written, so a 60 Hz view strip costs a line or two per frame.
public final class Canvas {
    private let output: (String) throws(SystemError) -> Void
    private var shown: [String] = []
    private let colour: Bool
    /// The first output failure.
    public private(set) var failure: SystemError?

    /// A canvas writing through `output`, in colour unless `colour` is false (`NO_COLOR`).
    public init(output: @escaping (String) throws(SystemError) -> Void, colour: Bool = true) {
        self.output = output
        self.colour = colour
    }

    // The row the cursor was left shown on, or nil while it is hidden.
    private var cursorRow: Int?

    /// Draws `lines` on a screen of `size`, rewriting only what changed; the cursor is
    /// left shown on row `cursor` (0-based), where screen readers look, or hidden.
    public func draw(_ lines: [StyledLine], size: (columns: Int, rows: Int), cursor: Int? = nil) {
        let rendered = (0 ..< size.rows).map { $0 < lines.count ? lines[$0].rendered(width: size.columns, colour: colour) : "" }
        var out = ""
        for (row, line) in rendered.enumerated() where row >= shown.count || shown[row] != line {
            out += Escape.moveTo(row: row + 1) + line + Escape.clearLine
        }
        if rendered.count < shown.count {
            for row in rendered.count ..< shown.count { out += Escape.moveTo(row: row + 1) + Escape.clearLine }
        }
        shown = rendered
        let cursor = cursor.flatMap { $0 < size.rows ? $0 : nil }
        if let cursor, !out.isEmpty || cursor != cursorRow {
            out += Escape.moveTo(row: cursor + 1) + Escape.showCursor
        } else if cursor == nil, cursorRow != nil {
            out += Escape.hideCursor
        }
        cursorRow = cursor
        guard !out.isEmpty else { return }
        write(out)
    }

    /// Forgets what is on screen and clears it: the next draw writes every line.
    public func invalidate() {
        shown = []
        // Hidden until the next draw places it: a resumed game's screen starts hidden.
        cursorRow = nil
        write(Escape.reset + Escape.clearScreen + Escape.hideCursor)
    }

    /// Writes raw bytes (the bell).
    public func write(_ text: String) {
        guard failure == nil else { return }
        do {
            try output(text)
        } catch {
            failure = error
        }
    }
}
