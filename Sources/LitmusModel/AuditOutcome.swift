import Foundation

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
