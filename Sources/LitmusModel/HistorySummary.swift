import Foundation

/// What a history says over its last runs (`litmus history`, docs/history.md): each test's flip rate with
/// its confidence, the tests newly flaky and where they started, the findings the runs add up to, the
/// quarantine it advises, and the trend per run.
public struct HistorySummary: Codable, Sendable {
    /// The history's file.
    public var file: String
    /// How many runs the history holds.
    public var runsInFile: Int
    /// The audits the verdicts read (the last `window`).
    public var audits: Int
    /// The window: the last N audits read (`--last`, default 30).
    public var window: Int
    /// Per test of the latest audit, sorted by identifier.
    public var tests: [HistoryTestSummary]
    /// The findings the audits of the window add up to: each test's isolation findings from its latest
    /// alone run, the latest audit's other findings, flaky tests from the flips over the window.
    public var findings: [Finding]
    /// The notes (remarks that fail no letter) carried the same way.
    public var notes: [Finding]
    /// Tests whose flip rate reached the threshold and that are not quarantined: a line for
    /// `.litmus-quarantine` each.
    public var quarantineAdvice: [QuarantineAdvice]
    /// Quarantined tests that held (no flip, no failure) over their last runs: ready to release.
    public var releasable: [TestID]
    /// Tests of the latest audit that ran alone in no audit of the window and that its footprints did not find
    /// isolated (a test touching no state another test writes needs no alone run): their isolation checks are to
    /// come.
    public var notYetAlone: [TestID]
    /// The trend: one point per run, oldest first (the last 200).
    public var trend: [TrendPoint]
    /// The flip-rate threshold for quarantine advice.
    public var quarantineRate: Double
    /// The runs a quarantined test must hold to be released.
    public var releaseAfter: Int

    /// Creates the value from every field.
    public init(
        file: String, runsInFile: Int, audits: Int, window: Int, tests: [HistoryTestSummary], findings: [Finding],
        notes: [Finding] = [], quarantineAdvice: [QuarantineAdvice], releasable: [TestID], notYetAlone: [TestID],
        trend: [TrendPoint],
        quarantineRate: Double, releaseAfter: Int
    ) {
        self.file = file
        self.runsInFile = runsInFile
        self.audits = audits
        self.window = window
        self.tests = tests
        self.findings = findings
        self.notes = notes
        self.quarantineAdvice = quarantineAdvice
        self.releasable = releasable
        self.notYetAlone = notYetAlone
        self.trend = trend
        self.quarantineRate = quarantineRate
        self.releaseAfter = releaseAfter
    }

    /// The JSON `litmus history --json` writes: sorted keys, dates in ISO 8601.
    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(self)
    }

    /// The tests that flipped in the window, worst first.
    public var flaky: [HistoryTestSummary] {
        tests.filter { $0.flips > 0 }.sorted { ($0.flipRate, $1.test) > ($1.flipRate, $0.test) }
    }
}

/// One test over a history's window.
public struct HistoryTestSummary: Codable, Sendable, Hashable {
    /// The test.
    public var test: TestID
    /// The audits of the window it was observed in.
    public var audits: Int
    /// Its outcomes over the window that could flip: pairs of consecutive runs of one kind (whole suite,
    /// parallel, alone) on the same code (fingerprint).
    public var trials: Int
    /// Of those, the pairs whose outcomes differ (one passed, one failed).
    public var flips: Int
    /// `flips / trials` (0 without trials).
    public var flipRate: Double
    /// The 95% Wilson score interval of the flip rate.
    public var interval: ClosedRange<Double>
    /// The median of its median durations over the window, in milliseconds.
    public var medianMilliseconds: Double?
    /// How many audits of the window measured its duration (the medians `medianMilliseconds` is taken over).
    public var timedAudits: Int
    /// Where it first flipped in the window, when it did.
    public var firstFlip: HistoryMark?
    /// Whether it flipped only after trials that did not: newly flaky, since `firstFlip`.
    public var newlyFlaky: Bool
    /// When it last ran alone, if in the window.
    public var lastAlone: Date?
    /// Whether the latest audit had it quarantined.
    public var quarantined: Bool

    /// Creates the value from every field.
    public init(
        test: TestID, audits: Int, trials: Int, flips: Int, flipRate: Double, interval: ClosedRange<Double>,
        medianMilliseconds: Double?, timedAudits: Int = 0, firstFlip: HistoryMark?, newlyFlaky: Bool, lastAlone: Date?,
        quarantined: Bool
    ) {
        self.test = test
        self.audits = audits
        self.trials = trials
        self.flips = flips
        self.flipRate = flipRate
        self.interval = interval
        self.medianMilliseconds = medianMilliseconds
        self.timedAudits = timedAudits
        self.firstFlip = firstFlip
        self.newlyFlaky = newlyFlaky
        self.lastAlone = lastAlone
        self.quarantined = quarantined
    }

    /// `flip rate 0.25 (95%: 0.10–0.49) over 12 runs`.
    public var rateSentence: String {
        "flip rate \(Self.format(flipRate)) (95%: \(Self.format(interval.lowerBound))–\(Self.format(interval.upperBound))) over \(trials + 1) runs"
    }

    static func format(_ value: Double) -> String { String(format: "%.2f", value) }
}

/// A run of a history, as a place in time: its commit (when known) and date.
public struct HistoryMark: Codable, Sendable, Hashable {
    /// The run's id.
    public var run: String
    /// Its commit.
    public var commit: String?
    /// When it ended.
    public var date: Date

    /// Creates the value from every field.
    public init(run: String, commit: String?, date: Date) {
        self.run = run
        self.commit = commit
        self.date = date
    }

    /// `commit 1a2b3c4d (2026-11-25)`, or the date alone.
    public var sentence: String {
        let day = date.formatted(.iso8601.year().month().day())
        return commit.map { "commit \($0.prefix(8)) (\(day))" } ?? day
    }
}

/// A ready line for `.litmus-quarantine`, from a history's flip rates.
public struct QuarantineAdvice: Codable, Sendable, Hashable {
    /// The test.
    public var test: TestID
    /// The line to add: the test's id and its reason as a comment.
    public var line: String

    /// Creates the value from every field.
    public init(test: TestID, line: String) {
        self.test = test
        self.line = line
    }
}

/// One run in a history's trend.
public struct TrendPoint: Codable, Sendable, Hashable {
    /// When it ended.
    public var date: Date
    /// Its commit.
    public var commit: String?
    /// What made it.
    public var kind: HistoryRun.Kind
    /// The sum of the tests' median durations, in seconds.
    public var suiteSeconds: Double?
    /// Line coverage.
    public var linePercent: Double?
    /// Mutation score.
    public var mutationScore: Double?
    /// Flaky tests, as the history judged them when the run was added (its window up to the run).
    public var flakyTests: Int?
    /// Quarantined tests in the run.
    public var quarantinedTests: Int?

    /// Creates the value from every field.
    public init(
        date: Date, commit: String?, kind: HistoryRun.Kind, suiteSeconds: Double?, linePercent: Double?,
        mutationScore: Double?, flakyTests: Int?, quarantinedTests: Int?
    ) {
        self.date = date
        self.commit = commit
        self.kind = kind
        self.suiteSeconds = suiteSeconds
        self.linePercent = linePercent
        self.mutationScore = mutationScore
        self.flakyTests = flakyTests
        self.quarantinedTests = quarantinedTests
    }
}
