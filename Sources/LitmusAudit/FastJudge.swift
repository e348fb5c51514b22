/// F: a test whose median duration over the suite runs is over the budget. (Sleeps in the test code,
/// the other F finding, are found in the sources: ``SelfValidatingJudge`` passes them on.)
enum FastJudge {
    /// The slow-test finding of `test`, if its median exceeds its budget: its own (by XCTest class or
    /// Swift Testing tag, ``DurationBudgets``), else `--budget-ms`.
    static func finding(for test: TestIdentity, in observations: Observations, _ context: JudgingContext) -> Finding? {
        let durations = observations.durations(of: test)
        let median = Statistics.median(durations)
        let own = context.options.budgets.budget(of: test)
        let budget = own?.milliseconds ?? context.options.budgetMilliseconds
        guard median > budget else { return nil }
        let whose = own.map { " of its \($0.source)" } ?? ""
        return Judge.finding(
            .slowTest, test,
            "\(test.name) takes \(Int(median.rounded())) ms (median of \(durations.count) runs), over the \(Int(budget)) ms budget\(whose)"
        )
    }
}
