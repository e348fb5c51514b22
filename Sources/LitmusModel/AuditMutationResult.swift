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
