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

    /// What the judges read besides the observations.
    var judgingContext: JudgingContext {
        var context = JudgingContext(options: options, seed: seed, analysis: analysis)
        context.coverage = coverage
        context.executions = executions
        return context
    }

    /// Judges the record and assembles the report; `bisect` answers the judges' bisections, and
    /// `wallSeconds` is how long the audit took.
    func report(bisect: Bisect, wallSeconds: Double) async throws -> AuditReport {
        ReportAssembly.assemble(self, try await judge(bisect: bisect), wallSeconds: wallSeconds)
    }

    /// The judges' findings on the record; `bisect` answers their bisections.
    func judge(bisect: Bisect) async throws -> Judgement {
        try await Judge.judge(observations, judgingContext, bisect: bisect)
    }
}

/// A bisection a shard ran, and its answer.
struct RecordedBisection: Sendable, Hashable, Codable {
    var request: BisectionRequest
    var result: BisectionResult
}

/// A shard's partial audit report: the `litmus` key of the JSON `litmus audit --shard i/n --json` writes.
public struct AuditPartial: Sendable, Codable {
    /// The shard, commit and package.
    public var header: PartialHeader
    /// The shard's runs, before judging.
    var record: AuditRecord

    /// The JSON of the partial report, `{"litmus": …}`.
    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(["litmus": self])
    }

    /// The report an unsharded audit with the same seed would have made, from the partial JSON of every
    /// shard (by the file each came from): the shards' observations merged, then judged once, each
    /// bisection answered by the shard that ran it. Its times are the longest shard's. Throws a
    /// ``MergeError`` naming the file when a shard is missing or given twice, is from another commit,
    /// package or seed, or is not a shard's report.
    public static func merge(_ files: [(file: String, data: Data)]) async throws -> AuditReport {
        var partials: [(file: String, partial: AuditPartial)] = []
        for (file, data) in files {
            guard let decoded = try? JSONDecoder().decode([String: AuditPartial].self, from: data),
                let partial = decoded["litmus"]
            else {
                throw MergeError.corrupt(file: file, reason: "not the partial report of litmus audit --shard")
            }
            partials.append((file, partial))
        }
        try PartialHeader.check(partials.map { ($0.file, $0.partial.header) })
        let record = try AuditRecord.merging(partials.map { ($0.file, $0.partial.header.shard, $0.partial.record) })
        return try await record.report(bisect: record.replay, wallSeconds: record.wallSeconds)
    }
}
