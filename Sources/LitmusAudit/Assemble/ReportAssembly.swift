import LitmusSupport

/// Turns measurements and findings into verdicts and the list of unmet thresholds.
public enum ReportAssembly {
    /// The report of an audit's `record` and its `judgement`: each test's measurements from the
    /// observations, the findings, the verdicts; `wallSeconds` is how long the audit took.
    static func assemble(_ record: AuditRecord, _ judgement: Judgement, wallSeconds: Double) -> AuditReport {
        let observations = record.observations
        let options = record.options
        let tests = observations.tests.map { test in
            let timings = observations.timings(of: test)
            let durations = timings.map(\.milliseconds)
            let outcomes = observations.suiteOutcomes(of: test)
            var report = TestReport(
                id: test.id, name: test.name, library: test.library, file: test.file, line: test.line,
                suiteOutcomes: outcomes, aloneOutcome: observations.aloneOutcome(of: test),
                durationsMilliseconds: durations, medianMilliseconds: durations.median,
                flipRate: Statistics.flipRate(outcomes), issues: observations.issues(of: test),
                coveredLines: record.coveredLines[test.id] ?? [:],
                parallelOutcomes: test.library == .swiftTesting
                    ? observations.parallelRuns.map { $0.outcome(of: test) } : nil,
                budgetMilliseconds: FastJudge.budget(of: test, options: options, analysis: record.analysis)?
                    .milliseconds)
            let retimed = observations.retimed?[test.id] ?? []
            if let judged = [retimed, timings].first(where: { !$0.isEmpty }), FastJudge.busyMachine(judged) != nil {
                report.freeCoreMilliseconds =
                    FastJudge.freeCore(judged)
                    ?? judged.map { $0.milliseconds / max(1, $0.machine?.slowdown ?? 1) }.median
            }
            report.output = observations.output(of: test)
            return report
        }
        let held = Self.quarantine(
            record.quarantine, tests: tests, findings: judgement.findings, failingTests: judgement.failingTests)
        var report = assemble(
            package: record.package, seed: record.seed, options: options, wallSeconds: wallSeconds,
            buildSeconds: record.buildSeconds, tests: tests, findings: held.findings, coverage: record.coverage,
            coverageProblem: record.coverageProblem, mutation: record.mutation,
            failingTests: judgement.failingTests, timedOutRuns: observations.timedOutRuns + judgement.timedOutRuns,
            quarantine: held.report)
        report.unobservedSuite = judgement.unobservedSuite
        report.notes = judgement.notes.isEmpty ? nil : judgement.notes
        report.conduct = AuditConduct(
            processesAtOnce: RunStage.width(options),
            crashedProcesses: observations.processes.filter { $0.process.crash != nil }.count,
            endedLeftovers: observations.processes.map(\.process.leftovers.count).reduce(0, +),
            rechecked: observations.interference.count,
            failedBesideOthers: observations.interference.values.filter(\.confirmed).count)
        if let retimed = observations.retimed, !retimed.isEmpty {
            report.conduct?.retimed = retimed.count
            report.conduct?.withinBudgetWhenRetimed =
                observations.tests.filter { test in
                    guard let quiet = FastJudge.retimed(test, in: observations),
                        let budget = FastJudge.budget(of: test, options: options, analysis: record.analysis)
                    else { return false }
                    return quiet.median <= budget.milliseconds
                }.count
        }
        return report
    }

    /// Builds the report, deciding one verdict per letter against `options.thresholds`. A letter that
    /// could not be measured (no test; coverage asked for and not measured, `coverageProblem` saying why)
    /// never passes, and makes the exit code 2 (``AuditReport/exitCode``).
    public static func assemble(
        package: String, seed: UInt64, options: AuditOptions, wallSeconds: Double, buildSeconds: Double,
        tests: [TestReport], findings: [Finding], coverage: CoverageReport?, coverageProblem: String? = nil,
        mutation: MutationSummary? = nil,
        failingTests: [TestID], timedOutRuns: [TimedOutRun] = [], quarantine: QuarantineReport? = nil
    ) -> AuditReport {
        let thresholds = options.thresholds
        let held = Set(quarantine?.tests ?? [])
        var verdicts: [Verdict] = []
        var unmet: [String] = []
        for letter in Letter.allCases {
            let count = findings.filter { $0.letter == letter && $0.counts }.count
            let quarantined = findings.filter { $0.letter == letter && $0.quarantined == true }.count
            let hints = findings.filter {
                $0.letter == letter && $0.hint && $0.quarantined != true && $0.ignored == nil
            }
            let ignored = findings.filter { $0.letter == letter && $0.ignored != nil }.count
            guard !tests.isEmpty else {
                // Nothing to judge is not a pass.
                verdicts.append(
                    Verdict(letter: letter, passed: false, findings: count, summary: noTests, notMeasured: noTests))
                continue
            }
            let rule =
                countedRule(
                    letter, count: count, seed: seed, options: options, tests: tests,
                    leftovers: findings.filter {
                        ($0.kind == .leftProcessRunning || $0.kind == .leftFiles) && $0.counts
                    }.count)
                ?? ThoroughRule.rule(
                    coverage, mutation, count: count, thresholds: thresholds, coverageProblem: coverageProblem)
            if let failure = rule.failure { unmet.append(failure) }
            let summary =
                rule.summary + (quarantined > 0 ? "; \(quarantined) more of quarantined tests" : "")
                + (hints.isEmpty ? "" : "; \(counted(hints.count, "hint"))")
                + (ignored > 0 ? "; \(ignored) ignored (litmus:ignore)" : "")
            verdicts.append(
                Verdict(
                    letter: letter, passed: rule.failure == nil && rule.notMeasured == nil, findings: count,
                    summary: summary, notMeasured: rule.notMeasured))
        }
        if tests.isEmpty { unmet.append("No test was observed, so nothing was judged") }
        if let failure = hintRule(findings, thresholds) { unmet.append(failure) }
        let failing = failingTests.filter { !held.contains($0) }
        if failing.count > thresholds.maxFailingTests {
            unmet.append(
                "\(failing.count) tests fail on every run, at most \(thresholds.maxFailingTests) allowed "
                    + "(\(AuditThresholds.maxFailingTests.key))"
            )
        }
        var report = AuditReport(
            package: package, seed: seed, options: options, wallSeconds: wallSeconds, buildSeconds: buildSeconds,
            tests: tests.sorted { $0.id < $1.id }, findings: findings, verdicts: verdicts, coverage: coverage,
            failingTests: failingTests, unmetThresholds: unmet, timedOutRuns: timedOutRuns)
        report.litmusVersion = LitmusVersion.current
        report.quarantine = quarantine
        report.mutation = mutation
        return report
    }

    /// The unmet threshold of the hints, when the configuration limits them (`maxHints` 0 or more).
    static func hintRule(_ findings: [Finding], _ thresholds: AuditThresholds) -> String? {
        guard thresholds.maxHints >= 0 else { return nil }
        let hints = findings.filter { $0.hint && $0.quarantined != true && $0.ignored == nil }.count
        guard hints > thresholds.maxHints else { return nil }
        return
            "Hints: \(counted(hints, "hint")), at most \(thresholds.maxHints) allowed (\(AuditThresholds.maxHints.key))"
    }

    /// The summary of a letter with no test to judge.
    static let noTests = "no tests: nothing to judge"

    /// The verdict of a letter judged by counting its findings (F, I, R, S) against its threshold
    /// (`maxFast`, …); `nil` for Thorough, which is judged by coverage.
    static func countedRule(
        _ letter: Letter, count: Int, seed: UInt64, options: AuditOptions, tests: [TestReport], leftovers: Int = 0
    ) -> LetterRule? {
        let thresholds = options.thresholds
        let limit: (key: String, allowed: Int)
        let summary: String
        switch letter {
        case .fast:
            limit = (AuditThresholds.maxFast.key, thresholds.maxFast)
            let slowest = tests.max { $0.medianMilliseconds < $1.medianMilliseconds }
            summary =
                "\(counted(count, "finding")) (budget \(Int(options.budgetMilliseconds)) ms)"
                + (slowest.map { "; slowest \($0.name) \(Int($0.medianMilliseconds.rounded())) ms" } ?? "")
        case .isolated:
            limit = (AuditThresholds.maxIsolated.key, thresholds.maxIsolated)
            // Processes and files left behind are Isolated findings too, but not an order dependence.
            summary =
                leftovers == 0
                ? "\(counted(count, "order-dependent test")) (each test alone vs in the suite)"
                : "\(counted(count, "finding")): \(counted(count - leftovers, "order-dependent test")) (each test alone vs in the suite), "
                    + "\(leftovers) left \(leftovers == 1 ? "a process or files" : "processes or files") behind"
        case .repeatable:
            limit = (AuditThresholds.maxRepeatable.key, thresholds.maxRepeatable)
            summary = "\(counted(count, "flaky or crashing test")) over \(counted(options.runs, "run")) (seed \(seed))"
        case .selfValidating:
            limit = (AuditThresholds.maxSelfValidating.key, thresholds.maxSelfValidating)
            summary = "\(counted(count, "finding")) (assertions, tautologies, swallowed errors, unrun specs)"
        case .thorough:
            return nil
        }
        let failure =
            count <= limit.allowed
            ? nil : "\(letter.word): \(counted(count, "finding")), at most \(limit.allowed) allowed (\(limit.key))"
        return LetterRule(summary: summary, failure: failure)
    }

    /// `1 finding`, `2 findings`.
    static func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
}
