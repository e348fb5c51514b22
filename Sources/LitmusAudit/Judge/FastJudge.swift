import Foundation
import LitmusSupport

/// F: a test whose median duration over the suite runs is over the budget (and, when its runs disagreed,
/// over it again in runs alone with nothing beside it: ``needsRetiming(_:in:budget:quick:)``). (Sleeps in the test code,
/// the other F finding, are found in the sources: ``SelfValidatingJudge`` passes them on.)
enum FastJudge {
    /// A machine that runs a thread this many times slower than a free core is busy: a duration measured
    /// there is judged as it would be on a free core (``onFreeCore(_:)``).
    static let busy = 1.5

    /// What Fast says of `test`: a slow-test finding when its median exceeds its budget
    /// (``budget(of:options:analysis:)``), or a note when it does only as measured on a busy machine.
    static func judge(_ test: TestIdentity, in observations: Observations, _ context: JudgingContext)
        -> (finding: Finding?, note: Finding?)
    {
        guard let (budget, source) = budget(of: test, options: context.options, analysis: context.analysis) else {
            return (nil, nil)
        }
        let (timings, runs) = samples(of: test, in: observations)
        let median = timings.map(\.milliseconds).median
        guard median > budget else { return (nil, nil) }
        let theBudget = "the \(Int(budget)) ms budget" + (source.map { " of its \($0)" } ?? "")
        let over = ", over \(theBudget)"
        var judged = timings
        var what = "median of \(runs)"
        if let quiet = observations.retimed?[test.id], !quiet.isEmpty {
            guard quiet.map(\.milliseconds).median > budget else { return (nil, nil) }
            judged = quiet
            what =
                "median of \(quiet.count) runs alone with nothing beside it; \(milliseconds(median, over: budget)) ms "
                + "over \(runs)"
        }
        let takes = "\(test.name) takes \(milliseconds(judged.map(\.milliseconds).median, over: budget)) ms (\(what))"
        guard let busy = busyMachine(judged) else { return (Judge.finding(.slowTest, test, takes + over), nil) }
        // Measured on a busy machine: judged on what a free core would have taken.
        if let free = freeCore(judged) {
            guard free > budget else {
                return (
                    nil,
                    Judge.finding(
                        .slowTest, test,
                        "\(takes) on a busy machine (\(busy)): \(shown(free)) ms on a free core, within \(theBudget), so "
                            + "not judged slow")
                )
            }
            // Computing's share is the processor time, which a loaded machine inflates: the least it could be.
            if let least = freeCore(judged, inflated: true), least <= budget {
                let inflation = judged.compactMap(\.machine?.slowdown).map(processorInflation).max() ?? 1
                return (
                    nil,
                    Judge.finding(
                        .slowTest, test,
                        "\(takes) on a busy machine (\(busy)): \(shown(free)) ms on a free core by its processor "
                            + "time, which the load inflates (\(shown(least)) ms if by "
                            + "\(String(format: "%.1f", inflation)) times), so not judged slow against \(theBudget)")
                )
            }
            return (
                Judge.finding(
                    .slowTest, test,
                    "\(takes)\(over), measured on a busy machine (\(busy)); \(milliseconds(free, over: budget)) ms on a "
                        + "free core"), nil
            )
        }
        // No processor time to split computing from waiting: over the budget even if all of it was computing,
        // it is slow; otherwise it cannot be told.
        let least = judged.map { $0.milliseconds / max(1, $0.machine?.slowdown ?? 1) }.median
        guard least > budget else {
            return (
                nil,
                Judge.finding(
                    .slowTest, test,
                    "\(takes) on a busy machine (\(busy)): between \(shown(least)) and \(shown(median)) ms on a free "
                        + "core, and it could not be timed again to tell; not judged slow against \(theBudget)")
            )
        }
        return (
            Judge.finding(
                .slowTest, test,
                "\(takes)\(over), measured on a busy machine (\(busy)); at least "
                    + "\(milliseconds(least, over: budget)) ms on a free core"), nil
        )
    }

    /// Milliseconds as a note shows them: whole from 10, else with one decimal.
    private static func shown(_ milliseconds: Double) -> String {
        milliseconds >= 10 ? "\(Int(milliseconds.rounded()))" : String(format: "%.1f", milliseconds)
    }

    /// How much a loaded machine that runs a thread `slowdown` times slower than a free core may inflate the processor
    /// time a test spends, its other work sharing the caches and the memory: a sixth of the slowdown beyond 1, at most
    /// 1.5. A test judged on its processor time is slow only if it is with its processor time divided by this
    /// (``onFreeCore(_:inflated:)``). ZIPFoundation 0.9.20's `testUnzipCompressedZIP64Item`, 72 ms in a quiet suite
    /// run, spent 113 ms of processor time in each run alone beside six busy loops on two cores (a slowdown of 4.1);
    /// attaswift/BigInt 6.0.1's `modularExponentiation()` and `sub()`, never over the budget on a quiet machine, 105
    /// and 106 ms at a slowdown of 1.8.
    static func processorInflation(_ slowdown: Double) -> Double {
        min(1.5, 1 + max(0, slowdown - 1) / 6)
    }

    /// The median of what `timings` would have taken on a free core (``onFreeCore(_:)``); `nil` when one
    /// of them ran on a busy machine without its processor time.
    static func freeCore(_ timings: [Timing], inflated: Bool = false) -> Double? {
        let free = timings.map { onFreeCore($0, inflated: inflated) }
        guard free.allSatisfy({ $0 != nil }) else { return nil }
        return free.compactMap { $0 }.median
    }

    /// What `timing` would have taken on a free core: as measured on a quiet machine; on a busy one, the
    /// processor time it used ran `slowdown` times slower, and the rest (waiting, sleeping) did not, so
    /// the duration less the processor time times (slowdown − 1); `nil` on a busy machine without the
    /// processor time. `inflated`: the least it could have taken were the processor time as much more than a free
    /// core would spend as the load can make it (``processorInflation(_:)``, `k`): the computing `c / k`, the waiting
    /// the duration less the computing's wall time `c × slowdown`.
    static func onFreeCore(_ timing: Timing, inflated: Bool = false) -> Double? {
        guard let slowdown = timing.machine?.slowdown, slowdown > busy else { return timing.milliseconds }
        guard let processor = timing.processorMilliseconds else { return nil }
        let computing = min(processor, timing.milliseconds)
        let inflation = inflated ? processorInflation(slowdown) : 1
        return max(computing / inflation, timing.milliseconds - computing * (slowdown - 1 / inflation))
    }

    /// How busy the machine was over `timings`, in words, when any of them ran on a busy machine:
    /// `a thread ran 9.1 times slower than on a free core, load 28.4 on 2 cores`; `nil` otherwise.
    static func busyMachine(_ timings: [Timing]) -> String? {
        let busyRuns = timings.compactMap(\.machine).filter { $0.slowdown > busy }
        guard !busyRuns.isEmpty else { return nil }
        let slowdown = busyRuns.map(\.slowdown).median
        let load = busyRuns.compactMap(\.load).max().map {
            ", load \(String(format: "%.1f", $0)) on \(ProcessInfo.processInfo.activeProcessorCount) cores"
        }
        return "a thread ran \(String(format: "%.1f", slowdown)) times slower than on a free core\(load ?? "")"
    }

    /// The median of `test`'s durations when timed again alone (``RunStage/retimeSlow(_:xctests:)``), and
    /// how many runs it is of; `nil` when it was not timed again.
    static func retimed(_ test: TestIdentity, in observations: Observations) -> (median: Double, runs: Int)? {
        guard let quiet = observations.retimed?[test.id], !quiet.isEmpty else { return nil }
        return (quiet.map(\.milliseconds).median, quiet.count)
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
        let timings = samples(of: test, in: observations).timings
        let durations = timings.map(\.milliseconds)
        guard let fastest = durations.min(), durations.median > budget else { return false }
        // Measured on a busy machine: timed again, alone, with its processor time, to tell computing (which
        // the load slows) from waiting (which it does not); unless the load cannot explain it.
        if busyMachine(timings) != nil { return !slowBeyondLoad(timings, budget: budget) }
        return durations.count == 1 ? !quick : fastest <= budget
    }

    /// How far over its budget a test must be, in every run with that run's slowdown taken out as if all its
    /// time were computing, for the load not to explain it: ``slowBeyondLoad(_:budget:)``.
    static let beyondLoad = 2.0

    /// Whether `timings` are over `budget` whatever the machine's load: each duration divided by its run's
    /// slowdown (the least it could have taken on a free core) is over ``beyondLoad`` times the budget. Such a
    /// test is slow without timing it again: OpenAPIKit 6.4.0's GitHub specification tests took 20 to 23 s
    /// each on a machine 1.8 times slower than a free core, and their 24 runs again took 530 s of a 23-minute
    /// audit to say the same.
    static func slowBeyondLoad(_ timings: [Timing], budget: Double) -> Bool {
        let least = timings.map { $0.milliseconds / max(1, $0.machine?.slowdown ?? 1) }
        guard let fastest = least.min() else { return false }
        return fastest > beyondLoad * budget
    }

    /// The durations `test` is judged on, and how to say which runs they are: its suite runs' (`3 runs`);
    /// when only one suite run measured it (a quick audit, or the others crashed or timed out), its alone
    /// run's duration too, when it ran alone (`1 suite run and its alone run`): one duration on a loaded
    /// machine is too little to call a test slow (on Files 4.3.0 under the load of other builds, a test of
    /// 10 ms alone took 109 ms in the one suite run that measured it).
    static func samples(of test: TestIdentity, in observations: Observations) -> (timings: [Timing], runs: String) {
        let timings = observations.timings(of: test)
        guard timings.count == 1, let alone = observations.alone[test.id],
            alone.outcome == .passed || alone.outcome == .failed
        else { return (timings, "\(timings.count) runs") }
        let aloneRun = Timing(milliseconds: alone.duration * 1000, machine: observations.aloneLoad?[test.id])
        return (timings + [aloneRun], "1 suite run and its alone run")
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
