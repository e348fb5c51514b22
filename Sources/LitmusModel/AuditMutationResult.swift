import Foundation

/// What the audit's mutation stage found: the score and counts the audit's report carries, and every
/// mutant in Stryker's schema, for the HTML page and SARIF.
public struct AuditMutationResult: Codable, Sendable, Hashable {
    /// The score and the counts by status.
    public var summary: MutationSummary
    /// Every mutant, its status and tests, in Stryker's schema.
    public var report: StrykerReport

    /// Creates a result.
    public init(summary: MutationSummary, report: StrykerReport) {
        self.summary = summary
        self.report = report
    }
}

/// All an audit found: its report and, when it ran mutation testing (`--mutation`), every mutant.
public struct AuditOutcome: Codable, Sendable {
    /// The report: measurements, findings and verdicts.
    public var report: AuditReport
    /// Every mutant in Stryker's schema; `nil` when the audit ran no mutation testing.
    public var mutation: StrykerReport?
    /// With `--fixes`, every verified patch of an order-dependent test, one unified diff per file (empty
    /// when none was verified); `nil` when no fix was looked for.
    public var fixes: String?

    /// Creates an outcome.
    public init(report: AuditReport, mutation: StrykerReport?, fixes: String? = nil) {
        self.report = report
        self.mutation = mutation
        self.fixes = fixes
    }
}
