import Foundation
import LitmusModel
import LitmusRunning
import LitmusSupport

/// What became of a mutant: the status of Stryker's schema (``StrykerReport/Status``), of which
/// `litmus mutate` gives those in ``assigned``.
public typealias MutantStatus = StrykerReport.Status

extension MutantStatus {
    /// The statuses `litmus mutate` gives, in the schema's order: all but `Ignored` and `Pending`.
    /// A timeout (an endless loop, most often) and a crash of the test process count as killed; a
    /// `CompileError` mutant was dropped before the tests ran.
    public static let assigned: [MutantStatus] = [
        .killed, .survived, .noCoverage, .timeout, .runtimeError, .compileError,
    ]

    /// Whether the tests noticed the mutant: killed, timed out, or crashed.
    public var isDetected: Bool { self == .killed || self == .timeout || self == .runtimeError }
}

/// One mutant and what its tests did with it.
public struct MutantResult: Sendable {
    /// The mutant.
    public var mutant: Mutant
    /// What became of it.
    public var status: MutantStatus
    /// Why, where it helps: the compiler's message for a `CompileError`, the failure for a kill.
    public var reason: String?
    /// The tests that reach its code (their runner's identifiers).
    public var coveredBy: [TestID]
    /// The tests that failed (or crashed, or timed out) with it on.
    public var killedBy: [TestID]
    /// How many tests ran to an end with it on.
    public var testsCompleted: Int
    /// The time its test processes took, in milliseconds.
    public var durationMilliseconds: Int
    /// Whether it comes from the last run's results (``MutationResultCache``), not from running it now.
    public var reused = false
    /// For a surviving or uncovered mutant, what would kill it (``SurvivorHint``).
    public var hint: SurvivorHint?
}

/// The outcome of `litmus mutate`.
public struct MutationReport: Sendable {
    /// The package's folder.
    public var package: String
    /// The original text of each mutated file, by path relative to the package.
    public var sources: [String: String]
    /// Every mutant, in id order.
    public var results: [MutantResult]
    /// The tests of the package.
    public var tests: [TestIdentity]
    /// Notes for the reader (tests left out because they fail without mutants, and the like).
    public var notes: [String]
    /// The time the whole run took, and the build in it, in seconds.
    public var wallSeconds: Double
    /// The time the build (and rebuilds without rejected mutants) took, in seconds.
    public var buildSeconds: Double
    /// How many results were reused from the last run (``MutationResultCache``) rather than run.
    public var reused: Int { results.filter(\.reused).count }
    /// The ref of `--since`, when only the mutants on lines changed since it were made.
    public var since: String?
    /// The shard this report is a share of, when the run was sharded (``MutationPartial``).
    public var partial: MutationPartial?

    /// Detected mutants over all mutants that compiled, in percent (100 when there is none).
    public var score: Double { Self.score(of: results) }

    /// The score of some results.
    public static func score(of results: [MutantResult]) -> Double {
        let valid = results.filter { $0.status != .compileError }
        guard !valid.isEmpty else { return 100 }
        return Double(valid.filter(\.status.isDetected).count) / Double(valid.count) * 100
    }

    /// How many mutants ended with `status`.
    public func count(_ status: MutantStatus) -> Int { results.filter { $0.status == status }.count }

    /// The report in Stryker's mutation-testing-report-schema, version 2 (``StrykerReport``), with
    /// Litmus's own keys beside the schema's (``StrykerJSON``).
    public func json(high: Double = 80, low: Double = 60) throws -> Data {
        let json = StrykerJSON(
            report: stryker(high: high, low: low), config: StrykerJSON.Config(reusedResults: reused, since: since),
            litmus: partial.map(section))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(json)
    }

    /// The report as Stryker's schema models it, its score bands `high` and `low`.
    public func stryker(high: Double = 80, low: Double = 60) -> StrykerReport {
        var files: [String: StrykerReport.SourceFile] = [:]
        for (path, source) in sources {
            let mutants = results.filter { $0.mutant.file == path }.map(\.stryker)
            files[path] = StrykerReport.SourceFile(language: "swift", source: source, mutants: mutants)
        }
        return StrykerReport(
            schemaVersion: "2", thresholds: StrykerReport.Thresholds(high: high, low: low), projectRoot: package,
            files: files, testFiles: testFiles(),
            framework: StrykerReport.Framework(name: "Litmus", version: LitmusVersion.current))
    }

    private func testFiles() -> [String: StrykerReport.TestFile] {
        var byFile: [String: [StrykerReport.TestDefinition]] = [:]
        for test in tests {
            let location = test.line.map { StrykerReport.OpenEndLocation(start: .init(line: $0, column: 1)) }
            byFile[test.file ?? "", default: []].append(
                .init(id: test.id.rawValue, name: test.name, location: location))
        }
        return byFile.mapValues { StrykerReport.TestFile(tests: $0) }
    }
}
