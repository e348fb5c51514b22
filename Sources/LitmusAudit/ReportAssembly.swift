/// Turns measurements and findings into verdicts and the list of unmet thresholds.
public enum ReportAssembly {
    /// Builds the report, deciding one verdict per letter against `options.thresholds`.
    public static func assemble(
        package: String, seed: UInt64, options: AuditOptions, wallSeconds: Double, buildSeconds: Double,
        tests: [TestReport], findings: [Finding], coverage: CoverageReport?, failingTests: [String]
    ) -> AuditReport {
        let thresholds = options.thresholds
        var verdicts: [Verdict] = []
        var unmet: [String] = []
        for letter in Letter.allCases {
            let count = findings.filter { $0.letter == letter }.count
            let passed: Bool
            let summary: String
            switch letter {
            case .fast:
                passed = count <= thresholds.maxFast
                let slowest = tests.max { $0.medianMilliseconds < $1.medianMilliseconds }
                summary =
                    "\(count) finding\(count == 1 ? "" : "s") (budget \(Int(options.budgetMilliseconds)) ms)"
                    + (slowest.map { "; slowest \($0.name) \(Int($0.medianMilliseconds.rounded())) ms" } ?? "")
                if !passed { unmet.append("Fast: \(count) findings, at most \(thresholds.maxFast) allowed (maxFast)") }
            case .isolated:
                passed = count <= thresholds.maxIsolated
                summary = "\(count) order-dependent test\(count == 1 ? "" : "s") (each test alone vs in the suite)"
                if !passed {
                    unmet.append("Isolated: \(count) findings, at most \(thresholds.maxIsolated) allowed (maxIsolated)")
                }
            case .repeatable:
                passed = count <= thresholds.maxRepeatable
                summary =
                    "\(count) flaky or crashing test\(count == 1 ? "" : "s") over \(options.runs) runs (seed \(seed))"
                if !passed {
                    unmet.append(
                        "Repeatable: \(count) findings, at most \(thresholds.maxRepeatable) allowed (maxRepeatable)")
                }
            case .selfValidating:
                passed = count <= thresholds.maxSelfValidating
                summary =
                    "\(count) finding\(count == 1 ? "" : "s") (assertions, tautologies, swallowed errors, unrun specs)"
                if !passed {
                    unmet.append(
                        "Self-validating: \(count) findings, at most \(thresholds.maxSelfValidating) allowed (maxSelfValidating)"
                    )
                }
            case .thorough:
                if let coverage {
                    passed = coverage.linePercent >= thresholds.minLineCoverage
                    summary =
                        "lines \(coverage.linePercent)%, regions \(coverage.regionPercent)% of the sources; \(count) file\(count == 1 ? "" : "s") never executed"
                    if !passed {
                        unmet.append(
                            "Thorough: line coverage \(coverage.linePercent)%, at least \(thresholds.minLineCoverage)% required (minLineCoverage)"
                        )
                    }
                } else {
                    passed = thresholds.minLineCoverage <= 0
                    summary = "coverage not measured"
                    if !passed {
                        unmet.append(
                            "Thorough: coverage was not measured, at least \(thresholds.minLineCoverage)% required")
                    }
                }
            }
            verdicts.append(Verdict(letter: letter, passed: passed, findings: count, summary: summary))
        }
        if failingTests.count > thresholds.maxFailingTests {
            unmet.append(
                "\(failingTests.count) tests fail on every run, at most \(thresholds.maxFailingTests) allowed (maxFailingTests)"
            )
        }
        return AuditReport(
            package: package, seed: seed, options: options, wallSeconds: wallSeconds, buildSeconds: buildSeconds,
            tests: tests.sorted { $0.id < $1.id }, findings: findings, verdicts: verdicts, coverage: coverage,
            failingTests: failingTests, unmetThresholds: unmet)
    }
}
