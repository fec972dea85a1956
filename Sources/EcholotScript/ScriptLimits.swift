/// The limits every script runs under: an instruction budget per reducer call and a
/// memory cap for the whole Lua state.
public struct ScriptLimits: Sendable, Equatable {
    /// Lua VM instructions one reducer call may run (a call per focus: one entity, one goal).
    public var instructions: Int
    /// Bytes the whole Lua state may hold, the mirror of the game state included.
    public var memory: Int

    /// Limits with the given budget and cap.
    public init(instructions: Int = 2_000_000, memory: Int = 128 << 20) {
        self.instructions = instructions
        self.memory = memory
    }
}
