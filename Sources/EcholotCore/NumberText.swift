extension Double {
    /// The number as a pack author writes it, for messages, the screen and JSON: `60`, `0.25`.
    /// Whole numbers below 10¹⁵ lose their `.0`; larger ones, and the rest, keep Swift's own form.
    public var authorText: String {
        rounded() == self && abs(self) < 1e15 ? String(Int(self)) : String(self)
    }
}
