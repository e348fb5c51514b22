import Foundation
import Synchronization

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
    /// The lines each test executes alone, by test (a shard: its own tests').
    var coveredLines: [String: [String: String]]
    /// How often each check ran in each test's alone run, by test (a shard: its own tests').
    var executions: [String: [SourcePosition: Int]] = [:]
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
        assemble(try await judge(bisect: bisect), wallSeconds: wallSeconds)
    }

    /// The judges' findings on the record; `bisect` answers their bisections.
    func judge(bisect: Bisect) async throws -> Judgement {
        try await Judge.judge(observations, judgingContext, bisect: bisect)
    }

    /// The report of the record and its judgement.
    func assemble(_ judgement: Judgement, wallSeconds: Double) -> AuditReport {
        ReportAssembly.assemble(
            package: package, seed: seed, options: options, wallSeconds: wallSeconds, buildSeconds: buildSeconds,
            observations: observations, coveredLines: coveredLines, coverage: coverage, mutation: mutation,
            judgement: judgement, quarantine: quarantine)
    }

    /// Judges the record as a shard would, running the bisections its judges ask for through `bisect`,
    /// and keeps them (only the tests of the shard's alone runs can need one: the others have no alone
    /// outcome to compare).
    mutating func recordBisections(through bisect: @escaping Bisect) async throws {
        let answers = Mutex<[RecordedBisection]>([])
        _ = try await judge { request in
            let result = try await bisect(request)
            answers.withLock { $0.append(RecordedBisection(request: request, result: result)) }
            return result
        }
        bisections = answers.withLock { $0 }
    }

    /// Bisection from the recorded answers: the one asked the same question, or failing that the one
    /// about the same test and behaviour (the shard's suite run may have ordered the others differently).
    var replay: Bisect {
        let bisections = self.bisections
        return { request in
            if let exact = bisections.first(where: { $0.request == request }) { return exact.result }
            if let same = bisections.first(where: {
                $0.request.victim.id == request.victim.id && $0.request.wantFailure == request.wantFailure
            }) {
                return same.result
            }
            throw MergeError.inconsistent(
                file: "the shards", reason: "no shard bisected \(request.victim.name), which its judges need")
        }
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

extension AuditRecord {
    /// One record of the shards' records (by file and shard): the first shard's whole-suite runs, every
    /// shard's alone runs, coverage lines and bisections. The sources' coverage is per file the widest
    /// shard's (each ran the whole suite with coverage, and its own alone runs).
    static func merging(_ shards: [(file: String, shard: Shard, record: AuditRecord)]) throws -> AuditRecord {
        guard var merged = shards.first?.record, let first = shards.first else { throw MergeError.noFiles }
        merged.alone = [:]
        merged.coveredLines = [:]
        merged.executions = [:]
        merged.bisections = []
        merged.observations.timedOutRuns = []
        for (file, shard, record) in shards {
            if record.seed != first.record.seed {
                let seeds = "its seed is \(record.seed), \(first.file)'s \(first.record.seed)"
                throw MergeError.inconsistent(file: file, reason: seeds + ": give every shard the same --replay SEED")
            }
            if record.observations.tests.map(\.id) != first.record.observations.tests.map(\.id) {
                let counts = (record.observations.tests.count, first.record.observations.tests.count)
                throw MergeError.inconsistent(
                    file: file, reason: "its run saw \(counts.0) tests, \(first.file)'s \(counts.1)")
            }
            let mine = Set(shard.share(of: record.observations.tests, by: \.id).map(\.id))
            merged.alone.merge(record.observations.alone.filter { mine.contains($0.key) }) { old, _ in old }
            merged.coveredLines.merge(record.coveredLines.filter { mine.contains($0.key) }) { old, _ in old }
            merged.executions.merge(record.executions.filter { mine.contains($0.key) }) { old, _ in old }
            merged.bisections += record.bisections
            for run in record.observations.timedOutRuns where !merged.observations.timedOutRuns.contains(run) {
                merged.observations.timedOutRuns.append(run)
            }
            merged.buildSeconds = max(merged.buildSeconds, record.buildSeconds)
            merged.wallSeconds = max(merged.wallSeconds, record.wallSeconds)
        }
        merged.coverage = CoverageReport.widest(shards.compactMap(\.record.coverage))
        return merged
    }

    /// The alone runs, by test identifier.
    private var alone: [String: TestResult] {
        get { observations.alone }
        set { observations.alone = newValue }
    }
}
