import CHeapStats
import Foundation

/// Nanoseconds of one call of `body`, measured `count` times after `warmup` calls.
func sampleNanoseconds(count: Int, warmup: Int = 100, _ body: () -> Void) -> [Double] {
    for _ in 0..<warmup { body() }
    var samples: [Double] = []
    samples.reserveCapacity(count)
    for _ in 0..<count {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        samples.append(Double(DispatchTime.now().uptimeNanoseconds - start))
    }
    return samples
}

/// The `p`-th percentile (0…100) of samples.
func percentile(_ samples: [Double], _ p: Double) -> Double {
    guard !samples.isEmpty else { return .nan }
    let sorted = samples.sorted()
    let index = min(sorted.count - 1, max(0, Int((p / 100 * Double(sorted.count - 1)).rounded())))
    return sorted[index]
}

/// Bytes the allocator has handed out and not taken back.
func heapInUse() -> Int { Int(echolot_heap_in_use()) }

/// Prints a table with a header row, columns padded to their widest cell.
func printTable(_ title: String, _ header: [String], _ rows: [[String]]) {
    print("\n## \(title)\n")
    let widths = header.indices.map { column in
        ([header] + rows).map { $0[column].count }.max() ?? 0
    }
    func line(_ cells: [String]) -> String {
        "| " + cells.enumerated().map { $1.padding(toLength: widths[$0], withPad: " ", startingAt: 0) }
            .joined(separator: " | ") + " |"
    }
    print(line(header))
    print("|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|")
    for row in rows { print(line(row)) }
}

/// A number with a fixed count of decimals.
func fixed(_ value: Double, _ decimals: Int = 1) -> String {
    String(format: "%.\(decimals)f", value)
}

/// `value` with its thousands set apart by commas (1,000), as the tables' titles write counts.
func grouped(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var out = ""
    for (i, digit) in digits.enumerated() {
        if i > 0, (digits.count - i) % 3 == 0 { out += "," }
        out.append(digit)
    }
    return (value < 0 ? "-" : "") + out
}
