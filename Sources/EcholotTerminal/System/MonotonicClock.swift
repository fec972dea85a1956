#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Seconds on the monotonic clock: the one wall clock of the game loop. Only the terminal
/// layer reads it; the state path sees simulated time alone.
public enum MonotonicClock {
    /// Seconds since an arbitrary fixed point (boot on Linux), never going back.
    @inline(__always)
    public static func now() -> Double {
        var spec = timespec()
        // CLOCK_MONOTONIC cannot fail with a valid pointer; a zero reading would only
        // make one frame late, so the result is not worth a branch on the hot path.
        _ = clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
    }
}
