import Foundation
import LitmusModel
import LitmusSupport

/// The verdicts a history's runs add up to (``HistorySummary``), from the runs alone: nothing here
/// reads a file, so a test builds the runs by hand.
///
/// - A **flip** is a pair of consecutive outcomes of one test in one kind of run (the whole suite one
///   test at a time, Swift Testing's parallel runs, alone) on the same code (``HistoryRun/fingerprint``),
///   one passed and the other failed; each such pair is a **trial**. Skipped and not-run outcomes are
///   left out; a pair across a change of code is no trial, since the change may be why.
/// - The flip rate's confidence is the 95% Wilson score interval.
/// - The **findings** are those a full audit would make from the same runs: each test's isolation
///   findings (those its alone run decides) from the latest audit that ran it alone, the latest audit's
///   other findings, and a flaky finding for each test that flipped; a flaky test's isolation findings (but
///   what it left behind) are
///   left out, as the full audit leaves them out.
public enum HistoryAnalysis {
    /// The kinds of finding that name what a test's alone run left behind.
    public static let leftoverKinds: Set<FindingKind> = [.leftProcessRunning, .leftFiles]

    /// The kinds of finding a test's alone run decides.
    public static let aloneKinds: Set<FindingKind> = [
        .failsOnlyWithOthers, .passesOnlyWithOthers, .assertionNeverRan, .leftProcessRunning, .leftFiles,
        .failsBesideOtherProcesses,
    ]

    /// The default window: the last 30 audits.
    public static let defaultWindow = 30
    /// The default flip rate from which a test is advised for quarantine.
    public static let defaultQuarantineRate = 0.05
    /// The default number of runs a quarantined test must hold to be released.
    public static let defaultReleaseAfter = 10

    /// The summary of `runs` (oldest first; the audits among them are read, the last `window`), with
    /// `trend` as the trend and `runsInFile` the history's size.
    public static func summarize(
        _ runs: [HistoryRun], file: String, runsInFile: Int, trend: [TrendPoint], window: Int = defaultWindow,
        quarantineRate: Double = defaultQuarantineRate, releaseAfter: Int = defaultReleaseAfter, today: Date = Date()
    ) -> HistorySummary {
        let audits = Array(runs.filter { $0.kind != .mutation }.suffix(window))
        guard let latest = audits.last else {
            return HistorySummary(
                file: file, runsInFile: runsInFile, audits: 0, window: window, tests: [], findings: [], notes: [],
                quarantineAdvice: [], releasable: [], notYetAlone: [], trend: trend, quarantineRate: quarantineRate,
                releaseAfter: releaseAfter)
        }
        let tests = latest.tests.map(\.test)
        let indexed = index(audits)
        let summaries = tests.map { summarizeTest($0, in: audits, indexed: indexed) }
        let flaky = Set(summaries.filter { $0.flips > 0 }.map(\.test))
        let findings = findings(of: audits, flaky: summaries.filter { $0.flips > 0 }, durations: summaries)
        let notes = carried(\.notes, of: audits, flaky: flaky)
        let day = today.formatted(.iso8601.year().month().day())
        let advice = summaries.filter { !$0.quarantined && $0.flips > 0 && $0.flipRate >= quarantineRate }
            .sorted { ($0.flipRate, $1.test) > ($1.flipRate, $0.test) }
            .map {
                QuarantineAdvice(
                    test: $0.test, line: "\($0.test.rawValue)  # \($0.rateSentence), litmus history \(day)")
            }
        let releasable = summaries.filter { $0.quarantined && !flaky.contains($0.test) }.filter { summary in
            held(summary.test, in: indexed, runs: releaseAfter)
        }.map(\.test)
        // A test the latest audit's footprints found isolated needs no alone run.
        let isolated = Set(latest.tests.filter { $0.isolated == true }.map(\.test))
        let aloneSomewhere = Set(summaries.filter { $0.lastAlone != nil }.map(\.test)).union(isolated)
        return HistorySummary(
            file: file, runsInFile: runsInFile, audits: audits.count, window: window, tests: summaries,
            findings: findings, notes: notes, quarantineAdvice: advice, releasable: releasable,
            notYetAlone: tests.filter { !aloneSomewhere.contains($0) }, trend: trend, quarantineRate: quarantineRate,
            releaseAfter: releaseAfter)
    }

    /// How many tests of the latest of `runs` are flaky as the history judges them (the trend's flaky
    /// count for that run): those that flipped over the window, and those the run itself found flaky.
    public static func flakyCount(_ runs: [HistoryRun], window: Int = defaultWindow) -> Int {
        let audits = Array(runs.filter { $0.kind != .mutation }.suffix(window))
        guard let latest = audits.last else { return 0 }
        let indexed = index(audits)
        let flipped = latest.tests.filter { summarizeTest($0.test, in: audits, indexed: indexed).flips > 0 }.map(\.test)
        let own = latest.findings.filter { $0.kind == .flaky }.compactMap(\.test)
        return Set(flipped + own).count
    }

    /// The 95% Wilson score interval of `successes` in `trials` (0...1 without trials).
    public static func wilson(_ successes: Int, of trials: Int, z: Double = 1.96) -> ClosedRange<Double> {
        guard trials > 0 else { return 0...1 }
        let n = Double(trials)
        let p = Double(successes) / n
        let denominator = 1 + z * z / n
        let center = (p + z * z / (2 * n)) / denominator
        let half = z * ((p * (1 - p) / n + z * z / (4 * n * n)).squareRoot()) / denominator
        return max(0, center - half)...min(1, center + half)
    }

    /// One test over `audits`.
    static func summarizeTest(_ test: TestID, in audits: [HistoryRun], indexed: [[TestID: HistoryTestRun]])
        -> HistoryTestSummary
    {
        // Outcomes per kind of run, in order, each with the code it ran on and the run it was seen in.
        var sequences: [[(fingerprint: String, failed: Bool, run: Int)]] = [[], [], []]
        var observed = 0
        var medians: [Double] = []
        var lastAlone: Date?
        for (index, run) in audits.enumerated() {
            guard let seen = indexed[index][test] else { continue }
            observed += 1
            if let milliseconds = seen.milliseconds { medians.append(milliseconds) }
            if seen.alone != .notRun { lastAlone = run.date }
            for (kind, outcomes) in [seen.suite, seen.parallel, [seen.alone]].enumerated() {
                for outcome in outcomes where outcome == .passed || outcome.isFailure {
                    sequences[kind].append((run.fingerprint, outcome.isFailure, index))
                }
            }
        }
        var trials = 0
        var flips = 0
        var firstFlipRun: Int?
        var trialsBeforeFirstFlip = 0
        // The pairs of every kind, in the order of the runs they end in, so "before the first flip" holds across kinds.
        var pairs: [(run: Int, flipped: Bool)] = []
        for sequence in sequences {
            for (previous, next) in zip(sequence, sequence.dropFirst()) where previous.fingerprint == next.fingerprint {
                pairs.append((next.run, previous.failed != next.failed))
            }
        }
        for pair in pairs.sorted(by: { $0.run < $1.run }) {
            trials += 1
            if pair.flipped {
                flips += 1
                if firstFlipRun == nil { firstFlipRun = pair.run }
            } else if firstFlipRun == nil {
                trialsBeforeFirstFlip += 1
            }
        }
        let first = firstFlipRun.map { audits[$0] }
        return HistoryTestSummary(
            test: test, audits: observed, trials: trials, flips: flips,
            flipRate: trials == 0 ? 0 : Double(flips) / Double(trials), interval: wilson(flips, of: trials),
            medianMilliseconds: medians.isEmpty ? nil : medians.median, timedAudits: medians.count,
            firstFlip: first.map { HistoryMark(run: $0.id, commit: $0.commit, date: $0.date) },
            // Three trials on one code that did not flip, then one that did.
            newlyFlaky: firstFlipRun != nil && trialsBeforeFirstFlip >= 3,
            lastAlone: lastAlone,
            quarantined: indexed.last?[test]?.quarantined ?? false)
    }

    /// Each run's tests by identifier.
    static func index(_ runs: [HistoryRun]) -> [[TestID: HistoryTestRun]] {
        runs.map { run in Dictionary(run.tests.map { ($0.test, $0) }, uniquingKeysWith: { first, _ in first }) }
    }

    /// The findings of the window's audits: see the type's description. With `durations` (each test's
    /// summary over the window), Fast's slow tests are judged on the median over the audits
    /// (``slowFindings(_:latest:durations:)``), not on the latest audit's one or few runs.
    static func findings(of audits: [HistoryRun], flaky: [HistoryTestSummary], durations: [HistoryTestSummary] = [])
        -> [Finding]
    {
        guard let latest = audits.last else { return [] }
        var findings = slowFindings(
            carried(\.findings, of: audits, flaky: Set(flaky.map(\.test))), latest: latest, durations: durations)
        let quarantined = Set(latest.tests.filter(\.quarantined).map(\.test))
        let places = Dictionary(
            audits.flatMap(\.findings).compactMap { finding in finding.test.map { ($0, finding) } },
            uniquingKeysWith: { first, _ in first })
        for summary in flaky {
            let place = places[summary.test]
            var finding = Finding(
                kind: .flaky, test: summary.test, file: place?.file, line: place?.line,
                message: "\(summary.test.shortName) changed outcome \(summary.flips) of \(summary.trials) "
                    + "times between identical runs over \(summary.audits) audits (\(summary.rateSentence))"
                    + (summary.firstFlip.map { "; first at \($0.sentence)" } ?? ""))
            finding.quarantined = quarantined.contains(summary.test) ? true : nil
            findings.append(finding)
        }
        for index in findings.indices where findings[index].test.map(quarantined.contains) == true {
            findings[index].quarantined = true
        }
        return sorted(findings)
    }

    /// The findings (or notes) `list` gives of the window's audits: the latest audit's, but each test's
    /// alone findings from the latest audit that ran it alone (or whose footprints found it isolated: its
    /// stretch of the serial run was its own run there), none for a test of `flaky`, and none of the runs' own
    /// flaky findings for those tests (the history's replace them).
    static func carried(_ list: KeyPath<HistoryRun, [Finding]>, of audits: [HistoryRun], flaky: Set<TestID>)
        -> [Finding]
    {
        guard let latest = audits.last else { return [] }
        var carried = latest[keyPath: list].filter { finding in
            (!aloneKinds.contains(finding.kind) || finding.test == nil)
                && !(finding.kind == .flaky && finding.test.map(flaky.contains) == true)
        }
        var decided: Set<TestID> = []
        for run in audits.reversed() {
            let ranAlone = Set(run.tests.filter { $0.alone != .notRun || $0.isolated == true }.map(\.test))
                .subtracting(decided)
            carried += run[keyPath: list].filter { finding in
                guard aloneKinds.contains(finding.kind), let test = finding.test else { return false }
                // What a test left behind is a fact of its alone run, not a claim about order that a
                // flaky outcome may explain: it stays when the test is flaky.
                return ranAlone.contains(test) && (!flaky.contains(test) || leftoverKinds.contains(finding.kind))
            }
            decided.formUnion(ranAlone)
        }
        return sorted(carried)
    }

    /// `findings` with Fast's slow tests judged over the window: each test of `latest` with a budget
    /// there (``HistoryTestRun/budgetMilliseconds``) and a median duration over the audits in `durations`
    /// is slow when that median is over the budget, whatever the latest audit found; a test without a
    /// budget (a performance test, a run recorded before the history kept budgets) keeps the latest
    /// audit's finding. A quick audit measures one duration per test, so one noisy run no longer decides.
    static func slowFindings(_ findings: [Finding], latest: HistoryRun, durations: [HistoryTestSummary]) -> [Finding] {
        let budgets = Dictionary(
            latest.tests.compactMap { test in test.budgetMilliseconds.map { (test.test, $0) } },
            uniquingKeysWith: { first, _ in first })
        let medians = Dictionary(
            durations.compactMap { summary in summary.medianMilliseconds.map { (summary.test, (summary, $0)) } },
            uniquingKeysWith: { first, _ in first })
        let judged = Set(budgets.keys).intersection(medians.keys)
        var kept = findings.filter { finding in
            finding.kind != .slowTest || finding.test.map { !judged.contains($0) } ?? true
        }
        let places = Dictionary(
            findings.filter { $0.kind == .slowTest }.compactMap { finding in finding.test.map { ($0, finding) } },
            uniquingKeysWith: { first, _ in first })
        for test in judged.sorted() {
            guard let budget = budgets[test], let (summary, median) = medians[test], median > budget else { continue }
            let place = places[test]
            let shown = median.rounded() > budget ? "\(Int(median.rounded()))" : String(format: "%.1f", median)
            kept.append(
                Finding(
                    kind: .slowTest, test: test, file: place?.file, line: place?.line,
                    message:
                        "\(test.shortName) takes \(shown) ms (median over \(summary.timedAudits) audits), over the "
                        + "\(Int(budget)) ms budget"))
        }
        return kept
    }

    private static func sorted(_ findings: [Finding]) -> [Finding] {
        findings.sorted {
            ($0.letter, $0.kind.rawValue, $0.test?.rawValue ?? "", $0.file ?? "", $0.line ?? 0)
                < ($1.letter, $1.kind.rawValue, $1.test?.rawValue ?? "", $1.file ?? "", $1.line ?? 0)
        }
    }

    /// Whether `test` ran and passed without a failure in each of its last `runs` audits (as many as it has).
    static func held(_ test: TestID, in indexed: [[TestID: HistoryTestRun]], runs: Int) -> Bool {
        let seen = indexed.compactMap { $0[test] }.suffix(runs)
        guard seen.count >= runs else { return false }
        return seen.allSatisfy { entry in
            !(entry.suite + entry.parallel + [entry.alone]).contains(where: \.isFailure)
        }
    }
}
