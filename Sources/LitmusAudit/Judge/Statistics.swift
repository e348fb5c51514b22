import LitmusSupport

/// The figures the audit computes over repeated runs.
public enum Statistics {
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

/// The random halves of a suite an audit runs, all chosen from its seed.
public enum RandomHalves {
    /// `count` random halves of `items` (at least two items each), the same for the same `seed`.
    public static func choose<Item>(from items: [Item], count: Int, seed: UInt64) -> [[Item]] {
        var generator = SeededGenerator(seed: seed)
        return (0..<max(0, count)).map { _ in Array(items.shuffled(using: &generator).prefix(max(2, items.count / 2))) }
    }
}
