import Foundation

/// F: a test whose median duration over the suite runs is over the budget. (Sleeps in the test code,
/// the other F finding, are found in the sources: ``SelfValidatingJudge`` passes them on.)
enum FastJudge {
    /// The slow-test finding of `test`, if its median exceeds its budget (``budget(of:options:analysis:)``).
    static func finding(for test: TestIdentity, in observations: Observations, _ context: JudgingContext) -> Finding? {
        guard let (budget, source) = budget(of: test, options: context.options, analysis: context.analysis) else {
            return nil
        }
        let durations = observations.durations(of: test)
        let median = Statistics.median(durations)
        guard median > budget else { return nil }
        let whose = source.map { " of its \($0)" } ?? ""
        return Judge.finding(
            .slowTest, test,
            "\(test.name) takes \(milliseconds(median, over: budget)) ms (median of \(durations.count) runs), over the \(Int(budget)) ms budget\(whose)"
        )
    }

    /// The budget `test`'s median is judged against: its own (by XCTest class or Swift Testing tag,
    /// ``DurationBudgets``, with what gives it: `tag endToEnd`), else `--budget-ms` (no source); `nil` for a
    /// performance test, whose duration is its measurement's (XCTest runs the block ten times): it says so
    /// as an S finding, and is no slow unit test. The report keeps it per test, for the history's Fast.
    static func budget(of test: TestIdentity, options: AuditOptions, analysis: SourceAnalysis)
        -> (milliseconds: Double, source: String?)?
    {
        if let file = test.file, let line = test.line, analysis.measuringTests[file]?.contains(line) == true {
            return nil
        }
        let own = options.budgets.budget(of: test)
        return (own?.milliseconds ?? options.budgetMilliseconds, own?.source)
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
