import Foundation
import LitmusSupport

/// F: a test whose median duration over the suite runs is over the budget (and, when its runs disagreed,
/// over it again in runs alone with nothing beside it: ``needsRetiming(_:in:budget:quick:)``). (Sleeps in the test code,
/// the other F finding, are found in the sources: ``SelfValidatingJudge`` passes them on.)
enum FastJudge {
    /// The slow-test finding of `test`, if its median exceeds its budget (``budget(of:options:analysis:)``).
    static func finding(for test: TestIdentity, in observations: Observations, _ context: JudgingContext) -> Finding? {
        guard let (budget, source) = budget(of: test, options: context.options, analysis: context.analysis) else {
            return nil
        }
        let (durations, runs) = samples(of: test, in: observations)
        let median = durations.median
        guard median > budget else { return nil }
        let whose = source.map { " of its \($0)" } ?? ""
        if let (quietMedian, count) = retimed(test, in: observations) {
            guard quietMedian > budget else { return nil }
            return Judge.finding(
                .slowTest, test,
                "\(test.name) takes \(milliseconds(quietMedian, over: budget)) ms (median of \(count) runs alone "
                    + "with nothing beside it; \(milliseconds(median, over: budget)) ms over \(runs)), over the "
                    + "\(Int(budget)) ms budget\(whose)"
            )
        }
        return Judge.finding(
            .slowTest, test,
            "\(test.name) takes \(milliseconds(median, over: budget)) ms (median of \(runs)), over the \(Int(budget)) ms budget\(whose)"
        )
    }

    /// The median of `test`'s durations when timed again alone (``RunStage/retimeSlow(_:xctests:)``), and
    /// how many runs it is of; `nil` when it was not timed again.
    static func retimed(_ test: TestIdentity, in observations: Observations) -> (median: Double, runs: Int)? {
        guard let quiet = observations.retimed?[test.id], !quiet.isEmpty else { return nil }
        return (quiet.median, quiet.count)
    }

    /// The rule the run stage times tests again by (``toRetime(_:options:analysis:)``), on these options
    /// and budgets: the audit hands it to the stage.
    static func retimeRule(options: AuditOptions, analysis: SourceAnalysis) -> RetimeRule {
        RetimeRule { toRetime($0, options: options, analysis: analysis) }
    }

    /// The tests to time again alone (``needsRetiming(_:in:budget:quick:)``), each against its own budget;
    /// never a performance test, which has none (``budget(of:options:analysis:)``).
    static func toRetime(_ observations: Observations, options: AuditOptions, analysis: SourceAnalysis)
        -> [TestIdentity]
    {
        observations.tests.filter { test in
            guard let budget = budget(of: test, options: options, analysis: analysis) else { return false }
            return needsRetiming(test, in: observations, budget: budget.milliseconds, quick: options.quick != nil)
        }
    }

    /// Whether `test`'s runs disagree about `budget` enough to time it again alone before judging it
    /// (``RunStage/retimeSlow(_:xctests:)``): its median is over the budget and another of its durations
    /// is within it; or, in a full audit, a single run measured it (the others crashed or timed out). A
    /// test over the budget in every run is slow without more runs, and a quick audit's single duration
    /// of a test that did not run alone is left to the history's median over audits.
    static func needsRetiming(_ test: TestIdentity, in observations: Observations, budget: Double, quick: Bool)
        -> Bool
    {
        let durations = samples(of: test, in: observations).durations
        guard let fastest = durations.min(), durations.median > budget else { return false }
        return durations.count == 1 ? !quick : fastest <= budget
    }

    /// The durations `test` is judged on, and how to say which runs they are: its suite runs' (`3 runs`);
    /// when only one suite run measured it (a quick audit, or the others crashed or timed out), its alone
    /// run's duration too, when it ran alone (`1 suite run and its alone run`): one duration on a loaded
    /// machine is too little to call a test slow (on Files 4.3.0 under the load of other builds, a test of
    /// 10 ms alone took 109 ms in the one suite run that measured it).
    static func samples(of test: TestIdentity, in observations: Observations) -> (durations: [Double], runs: String) {
        let durations = observations.durations(of: test)
        guard durations.count == 1, let alone = observations.alone[test.id],
            alone.outcome == .passed || alone.outcome == .failed
        else { return (durations, "\(durations.count) runs") }
        return (durations + [alone.duration * 1000], "1 suite run and its alone run")
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
