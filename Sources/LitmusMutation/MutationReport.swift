import Foundation
import LitmusAudit

/// What became of a mutant, named as in Stryker's mutation-testing-report-schema.
public enum MutantStatus: String, Codable, Sendable, CaseIterable {
    /// A covering test failed with the mutant on.
    case killed = "Killed"
    /// Every covering test passed with the mutant on: the tests would not notice this change.
    case survived = "Survived"
    /// No test reaches the mutant's code.
    case noCoverage = "NoCoverage"
    /// The tests ran past their time limit with the mutant on (an endless loop, most often); counts as killed.
    case timeout = "Timeout"
    /// The test process crashed with the mutant on; counts as killed.
    case runtimeError = "RuntimeError"
    /// The mutant's schema did not compile: it was dropped before the tests ran.
    case compileError = "CompileError"

    /// Whether the tests noticed the mutant.
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
    public var coveredBy: [String]
    /// The tests that failed (or crashed, or timed out) with it on.
    public var killedBy: [String]
    /// How many tests ran to an end with it on.
    public var testsCompleted: Int
    /// The time its test processes took, in milliseconds.
    public var durationMilliseconds: Int
    /// Whether it comes from the last run's results (``MutationResultCache``), not from running it now.
    public var reused = false
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

    /// The report in Stryker's mutation-testing-report-schema, version 2.
    public func json(high: Double = 80, low: Double = 60) throws -> Data {
        var files: [String: StrykerFile] = [:]
        for (path, source) in sources {
            let mutants = results.filter { $0.mutant.file == path }.map { result in
                StrykerMutant(
                    id: String(result.mutant.id), mutatorName: result.mutant.mutationOperator.rawValue,
                    replacement: result.mutant.replacement,
                    location: StrykerLocation(
                        start: StrykerPosition(line: result.mutant.start.line, column: result.mutant.start.column),
                        end: StrykerPosition(line: result.mutant.end.line, column: result.mutant.end.column)),
                    status: result.status.rawValue, statusReason: result.reason, coveredBy: result.coveredBy,
                    killedBy: result.killedBy, testsCompleted: result.testsCompleted,
                    duration: result.durationMilliseconds)
            }
            files[path] = StrykerFile(language: "swift", source: source, mutants: mutants)
        }
        let report = StrykerReport(
            schemaVersion: "2", thresholds: StrykerThresholds(high: high, low: low), projectRoot: package, files: files,
            testFiles: testFiles(), config: StrykerConfig(reusedResults: reused, since: since),
            litmus: partial.map(section))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(report)
    }

    private func testFiles() -> [String: StrykerTestFile] {
        var byFile: [String: [StrykerTest]] = [:]
        for test in tests {
            let location = test.line.map { StrykerLocation(start: StrykerPosition(line: $0, column: 1), end: nil) }
            byFile[test.file ?? "", default: []].append(StrykerTest(id: test.id, name: test.name, location: location))
        }
        return byFile.mapValues { StrykerTestFile(tests: $0) }
    }
}

// The schema's shapes (https://github.com/stryker-mutator/mutation-testing-elements, schema v2), and a
// shard's `litmus` section (MutationPartial.swift).
struct StrykerReport: Codable {
    var schemaVersion: String
    var thresholds: StrykerThresholds
    var projectRoot: String
    var files: [String: StrykerFile]
    var testFiles: [String: StrykerTestFile]
    /// The schema's free-form `config`: how many results were reused, and the `--since` ref.
    var config: StrykerConfig?
    var litmus: MutationPartial.Section?
}

struct StrykerConfig: Codable {
    var reusedResults: Int
    var since: String?
}

struct StrykerThresholds: Codable {
    var high: Double
    var low: Double
}

struct StrykerFile: Codable {
    var language: String
    var source: String
    var mutants: [StrykerMutant]
}

struct StrykerMutant: Codable {
    var id: String
    var mutatorName: String
    var replacement: String
    var location: StrykerLocation
    var status: String
    var statusReason: String?
    var coveredBy: [String]
    var killedBy: [String]
    var testsCompleted: Int
    var duration: Int
}

struct StrykerLocation: Codable {
    var start: StrykerPosition
    var end: StrykerPosition?
}

struct StrykerPosition: Codable {
    var line: Int
    var column: Int
}

struct StrykerTestFile: Codable {
    var tests: [StrykerTest]
}

struct StrykerTest: Codable {
    var id: String
    var name: String
    var location: StrykerLocation?
}
