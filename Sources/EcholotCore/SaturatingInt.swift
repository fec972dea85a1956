extension Int {
    /// `value` rounded toward zero and held to `Int`'s range (NaN gives 0): for numbers a
    /// rule may set to anything finite, such as a level's time, where `Int(_:)` traps
    /// beyond ±2⁶³ and a game would end in a crash rather than show a large number.
    @inlinable
    public init(saturating value: Double) {
        if value.isNaN {
            self = 0
        } else if value >= 0x1p63 {
            self = .max
        } else if value < -0x1p63 {
            self = .min
        } else {
            self = Int(value)
        }
    }
}
