import Foundation

/// A stretch of rendered stereo audio and the measurements the listening tests make.
struct Stereo {
    /// Left-ear samples.
    var left: [Float]
    /// Right-ear samples.
    var right: [Float]
    /// Frames per second.
    let sampleRate: Int

    /// Splits interleaved L, R samples.
    init(interleaved: [Float], sampleRate: Int) {
        left = stride(from: 0, to: interleaved.count - 1, by: 2).map { interleaved[$0] }
        right = stride(from: 1, to: interleaved.count, by: 2).map { interleaved[$0] }
        self.sampleRate = sampleRate
    }

    /// The part between two times in seconds.
    func slice(from start: Double, to end: Double) -> Stereo {
        let a = max(0, min(left.count, Int(start * Double(sampleRate))))
        let b = max(a, min(left.count, Int(end * Double(sampleRate))))
        var copy = self
        copy.left = Array(left[a ..< b])
        copy.right = Array(right[a ..< b])
        return copy
    }

    /// Root-mean-square level of the left ear.
    var leftRMS: Double { Self.rms(left) }
    /// Root-mean-square level of the right ear.
    var rightRMS: Double { Self.rms(right) }
    /// Root-mean-square level of both ears together.
    var rms: Double { ((leftRMS * leftRMS + rightRMS * rightRMS) / 2).squareRoot() }

    /// Interaural level difference in dB: positive when the right ear is louder.
    var ildDecibels: Double { 20 * log10(rightRMS / leftRMS) }

    /// Interaural time difference in milliseconds by cross-correlation over ±1 ms:
    /// positive when the sound reaches the right ear first.
    var itdMilliseconds: Double {
        let maxLag = sampleRate / 1000
        var best = (lag: 0, score: -Double.infinity)
        for lag in -maxLag ... maxLag {
            // With the right ear leading by τ, left[n] ≈ right[n − τ]: the sum peaks at lag −τ.
            var sum = 0.0
            for n in maxLag ..< (left.count - maxLag) { sum += Double(left[n]) * Double(right[n + lag]) }
            if sum > best.score { best = (lag, sum) }
        }
        return -Double(best.lag) * 1000 / Double(sampleRate)
    }

    static func rms(_ samples: [Float]) -> Double {
        guard !samples.isEmpty else { return 0 }
        return (samples.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(samples.count)).squareRoot()
    }
}

/// A level ratio in decibels.
func decibels(_ ratio: Double) -> Double { 20 * log10(ratio) }
