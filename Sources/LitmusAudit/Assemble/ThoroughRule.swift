/// A letter's verdict: its line for people, and the unmet threshold when it fails.
struct LetterRule {
    var summary: String
    var failure: String?
    /// Why the letter could not be measured (``Verdict/notMeasured``); `nil` when it was.
    var notMeasured: String?
}

/// Thorough's verdict: line coverage against `minLineCoverage` and, when the audit ran mutation
/// testing (`--mutation`), the mutation score against `minMutationScore`. A minimum that could not be
/// measured is not met.
enum ThoroughRule {
    /// The verdict; `count` files are never executed.
    /// `coverageProblem` says why coverage, asked for, could not be measured: then the letter is not
    /// measured, which never passes (``Verdict/notMeasured``).
    static func rule(
        _ coverage: CoverageReport?, _ mutation: MutationSummary?, count: Int, thresholds: AuditThresholds,
        coverageProblem: String? = nil
    ) -> LetterRule {
        let lines = coverageRule(coverage, problem: coverageProblem, count: count, minimum: thresholds.minLineCoverage)
        let score = mutationRule(mutation, minimum: thresholds.minMutationScore)
        let failures = [lines.failure, score?.failure].compactMap { $0 }
        return LetterRule(
            summary: [lines.summary, score?.summary].compactMap { $0 }.joined(separator: "; "),
            failure: failures.isEmpty ? nil : failures.joined(separator: "; "), notMeasured: lines.notMeasured)
    }

    private static func coverageRule(_ coverage: CoverageReport?, problem: String?, count: Int, minimum: Double)
        -> LetterRule
    {
        if coverage == nil, let problem {
            return LetterRule(
                summary: "not measured: \(problem)", failure: "Thorough: coverage could not be measured: \(problem)",
                notMeasured: problem)
        }
        guard let coverage else {
            return LetterRule(
                summary: "coverage not measured",
                failure: minimum <= 0 ? nil : "Thorough: coverage was not measured, at least \(minimum)% required")
        }
        return LetterRule(
            summary:
                "lines \(coverage.linePercent)%, regions \(coverage.regionPercent)% of the sources; \(ReportAssembly.counted(count, "file")) never executed",
            failure: coverage.linePercent >= minimum
                ? nil
                : "Thorough: line coverage \(coverage.linePercent)%, at least \(minimum)% required (\(AuditThresholds.minLineCoverage.key))"
        )
    }

    /// `nil` when mutation testing neither ran nor was required.
    private static func mutationRule(_ mutation: MutationSummary?, minimum: Double) -> LetterRule? {
        guard let mutation else {
            guard minimum > 0 else { return nil }
            return LetterRule(
                summary: "mutation score not measured",
                failure:
                    "Thorough: the mutation score was not measured, at least \(minimum)% required (\(AuditThresholds.minMutationScore.key); run with --mutation)"
            )
        }
        return LetterRule(
            summary: mutation.line,
            failure: mutation.isUnder(minimum)
                ? "Thorough: mutation score \(mutation.shownScore)%, at least \(minimum)% required (\(AuditThresholds.minMutationScore.key))"
                : nil)
    }
}
