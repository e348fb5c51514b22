import Foundation

/// The limits an audit is held to; any unmet one makes `litmus audit` exit non-zero.
public struct AuditThresholds: Codable, Sendable, Hashable {
    /// Findings allowed against Fast.
    public var maxFast = 0
    /// Findings allowed against Isolated.
    public var maxIsolated = 0
    /// Findings allowed against Repeatable.
    public var maxRepeatable = 0
    /// Findings allowed against Self-validating.
    public var maxSelfValidating = 0
    /// The least line coverage of the sources, in percent.
    public var minLineCoverage = 0.0
    /// Tests allowed to fail on every run.
    public var maxFailingTests = 0

    /// The defaults: no finding, no failing test, any coverage.
    public init() {}
}

/// How an audit runs. A configuration file (`.litmus-audit.json` in the package, or `--config`) holds the
/// same keys; flags given on the command line win.
public struct AuditOptions: Codable, Sendable, Hashable {
    /// Full-suite runs, for Repeatable and for durations.
    public var runs = 3
    /// The duration a test may take (its median), in milliseconds.
    public var budgetMilliseconds = 100.0
    /// Runs of a random half of the suite, whose choice follows from the seed.
    public var randomSubsets = 2
    /// Test processes run at once; 0 means one per core.
    public var parallelism = 0
    /// The time limit of one test process, in seconds.
    public var timeoutSeconds = 600.0
    /// Whether to measure coverage (llvm-cov), per file and per test.
    public var coverage = true
    /// How many of the slowest tests the report lists.
    public var slowestCount = 5
    /// The limits.
    public var thresholds = AuditThresholds()

    /// The defaults.
    public init() {}

    /// Reads options from a JSON file; missing keys keep their defaults, and values out of range are
    /// an error naming the file and the key.
    public static func load(from url: URL) throws -> AuditOptions {
        let options: AuditOptions
        do {
            options = try JSONDecoder().decode(AuditOptions.self, from: Data(contentsOf: url))
        } catch {
            throw AuditError.badConfiguration(path: url.path, reason: "\(error)")
        }
        do {
            try options.validate()
        } catch AuditError.badOption(let key, let reason) {
            throw AuditError.badConfiguration(path: url.path, reason: "\(key) \(reason)")
        }
        return options
    }

    /// Throws ``AuditError/badOption(key:reason:)`` for the first value out of range.
    public func validate() throws(AuditError) {
        if runs < 1 { throw .badOption(key: "runs", reason: "must be at least 1 (it is \(runs))") }
        if budgetMilliseconds <= 0 {
            throw .badOption(key: "budgetMilliseconds", reason: "must be above 0 (it is \(budgetMilliseconds))")
        }
        if randomSubsets < 0 {
            throw .badOption(key: "randomSubsets", reason: "must be 0 or more (it is \(randomSubsets))")
        }
        if parallelism < 0 {
            throw .badOption(key: "parallelism", reason: "must be 0 (one per core) or more (it is \(parallelism))")
        }
        if timeoutSeconds <= 0 {
            throw .badOption(key: "timeoutSeconds", reason: "must be above 0 (it is \(timeoutSeconds))")
        }
    }

    /// Decodes options, keeping defaults for missing keys.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = AuditOptions()
        runs = try container.decodeIfPresent(Int.self, forKey: .runs) ?? defaults.runs
        budgetMilliseconds =
            try container.decodeIfPresent(Double.self, forKey: .budgetMilliseconds) ?? defaults.budgetMilliseconds
        randomSubsets = try container.decodeIfPresent(Int.self, forKey: .randomSubsets) ?? defaults.randomSubsets
        parallelism = try container.decodeIfPresent(Int.self, forKey: .parallelism) ?? defaults.parallelism
        timeoutSeconds = try container.decodeIfPresent(Double.self, forKey: .timeoutSeconds) ?? defaults.timeoutSeconds
        coverage = try container.decodeIfPresent(Bool.self, forKey: .coverage) ?? defaults.coverage
        slowestCount = try container.decodeIfPresent(Int.self, forKey: .slowestCount) ?? defaults.slowestCount
        thresholds = try container.decodeIfPresent(AuditThresholds.self, forKey: .thresholds) ?? defaults.thresholds
    }
}

extension AuditThresholds {
    /// Decodes thresholds, keeping defaults for missing keys.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init()
        maxFast = try container.decodeIfPresent(Int.self, forKey: .maxFast) ?? maxFast
        maxIsolated = try container.decodeIfPresent(Int.self, forKey: .maxIsolated) ?? maxIsolated
        maxRepeatable = try container.decodeIfPresent(Int.self, forKey: .maxRepeatable) ?? maxRepeatable
        maxSelfValidating = try container.decodeIfPresent(Int.self, forKey: .maxSelfValidating) ?? maxSelfValidating
        minLineCoverage = try container.decodeIfPresent(Double.self, forKey: .minLineCoverage) ?? minLineCoverage
        maxFailingTests = try container.decodeIfPresent(Int.self, forKey: .maxFailingTests) ?? maxFailingTests
    }
}
