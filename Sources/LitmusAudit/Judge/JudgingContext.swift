import Foundation

/// What the judges read besides the runs: the settings and the test sources.
struct JudgingContext: Sendable {
    /// The audit's options (budget, time limit).
    var options: AuditOptions
    /// The seed that chose the random halves, named in their findings.
    var seed: UInt64
    /// The static analysis of the test sources, its paths relative to the package.
    var analysis: SourceAnalysis = SourceAnalysis()
    /// Coverage of the sources, when measured.
    var coverage: CoverageReport?
    /// Per test, the execution counts of its checks' positions in its alone run, when measured.
    var executions: [TestID: [SourcePosition: Int]] = [:]
}
