extension Double {
    /// The number as a pack author writes it, for messages and the screen: `60`, `0.25`.
    /// Whole numbers lose their `.0`; those too large for an `Int` keep Swift's own form.
    public var authorText: String {
        rounded() == self && abs(self) < 1e15 ? String(Int(self)) : String(self)
    }
}
