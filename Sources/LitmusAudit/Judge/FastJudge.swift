import Foundation

/// F: a test whose median duration over the suite runs is over the budget. (Sleeps in the test code,
/// the other F finding, are found in the sources: ``SelfValidatingJudge`` passes them on.)
enum FastJudge {
    /// The slow-test finding of `test`, if its median exceeds its budget: its own (by XCTest class or
    /// Swift Testing tag, ``DurationBudgets``), else `--budget-ms`.
    static func finding(for test: TestIdentity, in observations: Observations, _ context: JudgingContext) -> Finding? {
        // A performance test's duration is its measurement's (XCTest runs the block ten times): it says so
        // as an S finding, and is no slow unit test.
        if let file = test.file, let line = test.line, context.analysis.measuringTests[file]?.contains(line) == true {
            return nil
        }
        let durations = observations.durations(of: test)
        let median = Statistics.median(durations)
        let own = context.options.budgets.budget(of: test)
        let budget = own?.milliseconds ?? context.options.budgetMilliseconds
        guard median > budget else { return nil }
        let whose = own.map { " of its \($0.source)" } ?? ""
        return Judge.finding(
            .slowTest, test,
            "\(test.name) takes \(milliseconds(median, over: budget)) ms (median of \(durations.count) runs), over the \(Int(budget)) ms budget\(whose)"
        )
    }

    /// `median` in whole milliseconds, or with as many decimals as it takes to show it is over `budget`
    /// (`100.4`, not `100`, over 100 ms), cut rather than rounded up.
    static func milliseconds(_ median: Double, over budget: Double) -> String {
        let whole = median.rounded()
        if whole > budget { return "\(Int(whole))" }
        for decimals in 1...4 {
            let scale = pow(10, Double(decimals))
            if (median * scale).rounded(.down) / scale > budget { return String(format: "%.\(decimals)f", median) }
        }
        return String(format: "%.4f", median)
    }
}
