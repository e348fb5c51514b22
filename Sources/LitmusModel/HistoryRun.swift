import Foundation

/// What one audit or mutation run observed, as a history (`--history`, docs/history.md) keeps it: per
/// test, its outcome in each kind of run and its duration; the run's findings; and the figures a trend
/// shows (suite duration, coverage, mutation score).
public struct HistoryRun: Codable, Sendable, Hashable {
    /// What made the run.
    public enum Kind: String, Codable, Sendable, Hashable, CaseIterable {
        /// `litmus audit` (the full tier).
        case audit
        /// `litmus audit --quick`.
        case quickAudit = "quick audit"
        /// `litmus mutate`, or the mutation testing of `litmus audit --mutation` on its own.
        case mutation
    }

    /// The run's own identifier (a UUID): merging histories adds each run once.
    public var id: String
    /// When it ended.
    public var date: Date
    /// What made it.
    public var kind: Kind
    /// The package's folder, as the run named it.
    public var package: String
    /// The git commit of the package (`HEAD`), when it is a git work tree.
    public var commit: String?
    /// The code the run saw: a hash of the commit and the uncommitted changes (of the package's files
    /// without git). Outcomes that differ between runs of one fingerprint are flips; between two
    /// fingerprints, the code changed.
    public var fingerprint: String
    /// The machine it ran on (its host name).
    public var machine: String
    /// The seed of its random choices.
    public var seed: UInt64?
    /// The version of litmus that ran it.
    public var litmusVersion: String?
    /// The run's wall time, build included, in seconds.
    public var wallSeconds: Double
    /// The sum of the tests' median durations, in seconds: the suite's duration in the trend.
    public var suiteSeconds: Double?
    /// The line coverage, when measured.
    public var linePercent: Double?
    /// The mutation score, when measured.
    public var mutationScore: Double?
    /// Flaky tests as the history judged them when the run was added (over its window up to this run);
    /// `nil` until then.
    public var flakyTests: Int?
    /// Quarantined tests in the run.
    public var quarantinedTests: Int?
    /// A quick audit's share (from 1) and spread.
    public var share: Int?
    /// A quick audit's spread (`--spread`).
    public var spread: Int?
    /// Per test, sorted by identifier.
    public var tests: [HistoryTestRun]
    /// The run's findings.
    public var findings: [Finding]
    /// The run's notes: remarks that fail no letter (``AuditReport/notes``).
    public var notes: [Finding] = []

    /// Creates the value from every field.
    public init(
        id: String = UUID().uuidString, date: Date, kind: Kind, package: String, commit: String? = nil,
        fingerprint: String, machine: String, seed: UInt64? = nil, litmusVersion: String? = nil,
        wallSeconds: Double, suiteSeconds: Double? = nil, linePercent: Double? = nil, mutationScore: Double? = nil,
        flakyTests: Int? = nil, quarantinedTests: Int? = nil, share: Int? = nil, spread: Int? = nil,
        tests: [HistoryTestRun], findings: [Finding], notes: [Finding] = []
    ) {
        self.id = id
        self.date = date
        self.kind = kind
        self.package = package
        self.commit = commit
        self.fingerprint = fingerprint
        self.machine = machine
        self.seed = seed
        self.litmusVersion = litmusVersion
        self.wallSeconds = wallSeconds
        self.suiteSeconds = suiteSeconds
        self.linePercent = linePercent
        self.mutationScore = mutationScore
        self.flakyTests = flakyTests
        self.quarantinedTests = quarantinedTests
        self.share = share
        self.spread = spread
        self.tests = tests
        self.findings = findings
        self.notes = notes
    }

    /// The run an audit's report records: each test's outcomes and median duration, the findings, the
    /// coverage and mutation score, a quick audit's share. `date` is when it ended; `commit` and
    /// `fingerprint` say what code it saw (``CodeFingerprint``).
    public init(report: AuditReport, date: Date, commit: String?, fingerprint: String, machine: String) {
        let tests = report.tests.map { test in
            HistoryTestRun(
                test: test.id, suite: test.suiteOutcomes, parallel: test.parallelOutcomes ?? [],
                alone: test.aloneOutcome,
                milliseconds: test.durationsMilliseconds.isEmpty
                    ? nil : test.freeCoreMilliseconds ?? test.medianMilliseconds,
                quarantined: report.quarantine?.tests.contains(test.id) ?? false,
                budgetMilliseconds: test.budgetMilliseconds, isolated: test.isolation.map { !$0.candidate })
        }
        let measured = report.tests.filter { !$0.durationsMilliseconds.isEmpty }
        self.init(
            date: date, kind: report.quick == nil ? .audit : .quickAudit, package: report.package, commit: commit,
            fingerprint: fingerprint, machine: machine, seed: report.seed, litmusVersion: report.litmusVersion,
            wallSeconds: report.wallSeconds,
            suiteSeconds: measured.isEmpty ? nil : measured.map(\.medianMilliseconds).reduce(0, +) / 1000,
            linePercent: report.coverage?.linePercent, mutationScore: report.mutation?.score,
            quarantinedTests: report.quarantine?.tests.count ?? 0, share: report.quick?.share,
            spread: report.quick?.spread, tests: tests,
            findings: report.findings, notes: report.notes ?? [])
    }
}

/// One test in one run of a history.
public struct HistoryTestRun: Codable, Sendable, Hashable {
    /// The test.
    public var test: TestID
    /// Its outcome in each whole-suite run, one test at a time, in their order.
    public var suite: [TestOutcome]
    /// Its outcome in each of Swift Testing's parallel runs; empty for XCTest.
    public var parallel: [TestOutcome]
    /// Its outcome alone in a fresh process; `.notRun` when it did not run alone (a quick audit's other shares).
    public var alone: TestOutcome
    /// The median of its durations in the suite runs, in milliseconds; `nil` when none was measured.
    public var milliseconds: Double?
    /// Whether it was in the package's `.litmus-quarantine`.
    public var quarantined: Bool
    /// The budget its median was judged against in that run (``TestReport/budgetMilliseconds``); `nil` for a
    /// performance test, and in runs recorded before the history kept it.
    public var budgetMilliseconds: Double?
    /// Whether its footprint said it touches no state another test writes, so it needed no alone run
    /// (``TestReport/isolation``); `nil` when footprints did not choose that run's alone runs.
    public var isolated: Bool?

    /// Creates the value from every field.
    public init(
        test: TestID, suite: [TestOutcome], parallel: [TestOutcome] = [], alone: TestOutcome,
        milliseconds: Double? = nil, quarantined: Bool = false, budgetMilliseconds: Double? = nil,
        isolated: Bool? = nil
    ) {
        self.test = test
        self.suite = suite
        self.parallel = parallel
        self.alone = alone
        self.milliseconds = milliseconds
        self.quarantined = quarantined
        self.budgetMilliseconds = budgetMilliseconds
        self.isolated = isolated
    }
}
