import LitmusModel

extension ChangedScope {
    /// The scope of `changes` among `tests`; `byCoverage` when the audit measured coverage.
    public static func of(_ changes: ChangedLines, tests: [TestReport], byCoverage: Bool) -> ChangedScope {
        let touching = tests.filter { touches(changes, file: $0.file, lines: $0.coveredLines) }
        return ChangedScope(
            since: changes.ref, changedFiles: changes.files.keys.sorted(), tests: touching.map(\.id).sorted(),
            byCoverage: byCoverage)
    }

    /// Whether a test declared in `file`, executing `lines` alone, touches `changes`.
    static func touches(_ changes: ChangedLines, file: String?, lines: [String: LineSet]) -> Bool {
        if let file, changes.touches(file: file) { return true }
        return lines.contains { file, ranges in
            changes.touches(file: file) && ranges.ranges.contains { changes.touches(file: file, lines: $0) }
        }
    }

    /// `report` with only the findings (and notes) of the tests in scope, the findings of no test that point at a
    /// changed file (an uncovered file) or at no file, and the failing tests in scope; the verdicts and
    /// unmet thresholds decided again on those. Every test's measurements stay.
    public static func limit(_ report: AuditReport, to changes: ChangedLines) -> AuditReport {
        limit(report, to: changes, alone: nil)
    }

    /// `report` limited to `changes` (``limit(_:to:)``), saying which tests ran alone (`alone`).
    static func limit(_ report: AuditReport, to changes: ChangedLines, alone: AloneScope?) -> AuditReport {
        var scope = of(changes, tests: report.tests, byCoverage: report.coverage != nil)
        scope.ranAlone = alone?.tests?.count
        scope.everyTestAloneBecause = alone?.reason
        let inScope = Set(scope.tests)
        let findings = report.findings.filter { finding in
            guard let test = finding.test else { return finding.file.map(changes.touches(file:)) ?? true }
            return inScope.contains(test)
        }
        let judged = ReportAssembly.assemble(
            package: report.package, seed: report.seed, options: report.options, wallSeconds: report.wallSeconds,
            buildSeconds: report.buildSeconds, tests: report.tests, findings: findings, coverage: report.coverage,
            coverageProblem: report.verdicts.first { $0.letter == .thorough }?.notMeasured,
            mutation: report.mutation, failingTests: report.failingTests.filter(inScope.contains),
            timedOutRuns: report.timedOutRuns,
            quarantine: report.quarantine)
        // Everything else (the headline, the quarantine, the timed-out runs) stays as the audit made it.
        var limited = report
        limited.findings = judged.findings
        limited.failingTests = judged.failingTests
        limited.verdicts = judged.verdicts
        limited.unmetThresholds = judged.unmetThresholds
        limited.changedScope = scope
        let notes = (report.notes ?? []).filter { $0.test.map(inScope.contains) ?? true }
        limited.notes = notes.isEmpty ? nil : notes
        // A test that did not run alone lacks the evidence that it no longer flips.
        if let ranAlone = alone?.tests {
            limited.quarantine = limited.quarantine?.keepingEvidence(of: report.tests, ranAlone: ranAlone)
        }
        return limited
    }
}
