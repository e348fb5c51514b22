/// The figures the audit computes over repeated runs.
public enum Statistics {
    /// The median of `values` (the mean of the two middle ones for an even count); 0 for none.
    public static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }

    /// How often consecutive runs disagree: changes of outcome divided by the chances to change
    /// (runs minus one). 0 for a test that always passes or always fails, 1 for one that alternates.
    /// Runs where the test did not run are left out.
    public static func flipRate(_ outcomes: [TestOutcome]) -> Double {
        let ran = outcomes.filter { $0 != .notRun }
        guard ran.count > 1 else { return 0 }
        let flips = zip(ran, ran.dropFirst()).filter {
            $0.isFailure != $1.isFailure || ($0 == .skipped) != ($1 == .skipped)
        }.count
        return Double(flips) / Double(ran.count - 1)
    }
}

/// A small seeded generator (SplitMix64), so every random choice of an audit is replayed from its seed.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator that always yields the same numbers for the same `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next pseudo-random number.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

/// The random halves of a suite an audit runs, all chosen from its seed.
public enum RandomHalves {
    /// `count` random halves of `items` (at least two items each), the same for the same `seed`.
    public static func choose<Item>(from items: [Item], count: Int, seed: UInt64) -> [[Item]] {
        var generator = SeededGenerator(seed: seed)
        return (0..<max(0, count)).map { _ in Array(items.shuffled(using: &generator).prefix(max(2, items.count / 2))) }
    }
}
