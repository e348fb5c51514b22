import Foundation

/// Everything an audit's runs produced, before judging: what the judges and the report read. An
/// unsharded audit judges it at once; a shard (`--shard i/n`) writes it, with the bisections it ran,
/// as its partial report, and `litmus merge` merges the shards' records and judges once
/// (``AuditRecord/merging(_:)``).
struct AuditRecord: Sendable, Codable {
    /// The package's folder.
    var package: String
    /// The seed of every random choice.
    var seed: UInt64
    /// How the audit ran.
    var options: AuditOptions
    /// The time the build took, in seconds.
    var buildSeconds: Double
    /// What the runs saw (a shard: its own alone runs only).
    var observations: Observations
    /// The static analysis of the test sources.
    var analysis: SourceAnalysis
    /// Coverage of the sources, when measured.
    var coverage: CoverageReport?
    /// Why coverage, asked for, could not be measured; `nil` when it was, or was not asked for.
    var coverageProblem: String?
    /// The lines each test executes alone, by test (a shard: its own tests').
    var coveredLines: [TestID: [String: LineSet]]
    /// How often each check ran in each test's alone run, by test (a shard: its own tests').
    var executions: [TestID: [SourcePosition: Int]] = [:]
    /// The package's `.litmus-quarantine`.
    var quarantine = Quarantine()
    /// The bisections a shard ran for its tests, with their answers.
    var bisections: [RecordedBisection] = []
    /// The time the whole run took, in seconds (set when it ends).
    var wallSeconds: Double = 0

    /// The mutation score, when the audit ran mutation testing (`--mutation`; never in a shard).
    var mutation: MutationSummary?
}

/// A bisection a shard ran, and its answer.
struct RecordedBisection: Sendable, Hashable, Codable {
    var request: BisectionRequest
    var result: BisectionResult
}
