extension Double {
    /// The number as a pack author writes it, for messages, the screen and JSON: `60`, `0.25`.
    /// Whole numbers below 10¹⁵ lose their `.0`; larger ones, and the rest, keep Swift's own form.
    public var authorText: String {
        rounded() == self && abs(self) < 1e15 ? String(Int(self)) : String(self)
    }

    /// Seconds as the command line reports them, to the hundredth: `1.57`, `600.00`. One
    /// form for every command, so a time in a note reads like the summary line above it.
    public var secondsText: String {
        guard isFinite, abs(self) < 1e15 else { return String(self) }
        let hundredths = Int((abs(self) * 100).rounded())
        let fraction = hundredths % 100
        return (self < 0 && hundredths > 0 ? "-" : "") + "\(hundredths / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
    }
}
