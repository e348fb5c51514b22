import Foundation

/// What the audit measured of one test.
public struct TestReport: Codable, Sendable, Hashable {
    /// The runner's identifier.
    public var id: TestID
    /// A short name for people.
    public var name: String
    /// Its framework.
    public var library: TestLibrary
    /// Its declaring file (relative to the package), when known.
    public var file: String?
    /// Its declaring line, when known.
    public var line: Int?
    /// Its outcome in each full-suite run.
    public var suiteOutcomes: [TestOutcome]
    /// Its outcome alone in a fresh process.
    public var aloneOutcome: TestOutcome
    /// Its durations in the suite runs, in milliseconds.
    public var durationsMilliseconds: [Double]
    /// The median of `durationsMilliseconds`.
    public var medianMilliseconds: Double
    /// When the machine was busy while it ran: the median of what its durations would have been on a free
    /// core (each divided by how many times slower than a free core a thread ran meanwhile), what its
    /// budget is judged against and what the history keeps; `nil` when the machine was not busy.
    public var freeCoreMilliseconds: Double?
    /// Changes of outcome between consecutive suite runs divided by runs minus one.
    public var flipRate: Double
    /// The failure messages of its first failing run, if any.
    public var issues: [String]
    /// The source lines it executes alone, per file (`"12-18,22"` in the JSON). Empty without coverage.
    public var coveredLines: [String: LineSet]
    /// Its outcome in each of Swift Testing's parallel runs; absent for XCTest.
    public var parallelOutcomes: [TestOutcome]? = nil
    /// The budget Fast judged its median against, in milliseconds (its own by class or tag, else
    /// `--budget-ms`); absent for a performance test, which Fast does not judge, and in older reports. A
    /// history judges the median over its runs against it.
    public var budgetMilliseconds: Double? = nil
    /// Why its footprint made it a candidate for the alone runs or not; absent when footprints did not choose
    /// them (docs/audit.md, "Isolation from footprints").
    public var isolation: IsolationEvidence? = nil
    /// The end of what it printed (at most 4 KiB) in its first run that did not pass and printed something
    /// (``TestResult/output``); XCTest's tests only. Absent when it passed every run or printed nothing.
    public var output: String? = nil

    /// Creates the value from every field.
    package init(
        id: TestID, name: String, library: TestLibrary, file: String? = nil, line: Int? = nil,
        suiteOutcomes: [TestOutcome], aloneOutcome: TestOutcome, durationsMilliseconds: [Double],
        medianMilliseconds: Double, flipRate: Double, issues: [String], coveredLines: [String: LineSet],
        parallelOutcomes: [TestOutcome]? = nil, budgetMilliseconds: Double? = nil
    ) {
        self.id = id
        self.name = name
        self.library = library
        self.file = file
        self.line = line
        self.suiteOutcomes = suiteOutcomes
        self.aloneOutcome = aloneOutcome
        self.durationsMilliseconds = durationsMilliseconds
        self.medianMilliseconds = medianMilliseconds
        self.flipRate = flipRate
        self.issues = issues
        self.coveredLines = coveredLines
        self.parallelOutcomes = parallelOutcomes
        self.budgetMilliseconds = budgetMilliseconds
    }
}

/// The line and region coverage of one source file.
public struct FileCoverage: Codable, Sendable, Hashable {
    /// The file, relative to the package.
    public var file: String
    /// Lines executed.
    public var coveredLines: Int
    /// Executable lines.
    public var lines: Int
    /// Regions executed.
    public var coveredRegions: Int
    /// Regions.
    public var regions: Int
    /// For a file no test executes whose declarations are used only in code this platform's build does not
    /// compile (an `#if canImport(Darwin)` on Linux), the first file that uses them there; `nil` otherwise.
    public var usedOnlyOnOtherPlatformsBy: String?
    /// For a file no test executes that no test of this package needs to: why (test support, a target that
    /// imports XCTest or Testing; code kept for compatibility, every declaration deprecated); `nil` otherwise.
    public var needsNoTest: String?

    /// Creates the value from every field.
    package init(file: String, coveredLines: Int, lines: Int, coveredRegions: Int, regions: Int) {
        self.file = file
        self.coveredLines = coveredLines
        self.lines = lines
        self.coveredRegions = coveredRegions
        self.regions = regions
    }
}

/// Coverage of the package's own sources (test targets and dependencies left out).
public struct CoverageReport: Codable, Sendable, Hashable {
    /// Percentage of executable lines executed.
    public var linePercent: Double
    /// Percentage of regions executed.
    public var regionPercent: Double
    /// Per file.
    public var files: [FileCoverage]

    /// Creates the value from every field.
    package init(linePercent: Double, regionPercent: Double, files: [FileCoverage]) {
        self.linePercent = linePercent
        self.regionPercent = regionPercent
        self.files = files
    }
}

/// How the suite stands on one letter.
public struct Verdict: Codable, Sendable, Hashable {
    /// The letter.
    public var letter: Letter
    /// Whether its threshold is met.
    public var passed: Bool
    /// The number of findings against it.
    public var findings: Int
    /// One line for people.
    public var summary: String
    /// Why the letter could not be measured (no test observed; coverage asked for and not measured):
    /// it then never passes, and the exit code is 2. Absent when it was measured.
    public var notMeasured: String? = nil

    /// Creates the value from every field.
    package init(letter: Letter, passed: Bool, findings: Int, summary: String, notMeasured: String? = nil) {
        self.letter = letter
        self.passed = passed
        self.findings = findings
        self.summary = summary
        self.notMeasured = notMeasured
    }
}

/// A test process that ran past the time limit (`--timeout`) and was killed, with the tests it left
/// undone.
public struct TimedOutRun: Codable, Sendable, Hashable {
    /// Which run: `suite run 2 of 3`, `parallel suite run 1 of 3`, `Class.test alone`, `random half 1 of 2`,
    /// `bisection of Class.test, attempt 3`.
    public var run: String
    /// The seed that chose the run's tests (a random half), if any.
    public var seed: UInt64?
    /// The framework of the killed process.
    public var library: TestLibrary
    /// The identifiers of the tests that had started and not ended when it was killed.
    public var unfinished: [TestID]
    /// The identifiers of the tests asked of it that never started.
    public var notStarted: [TestID]
    /// The time limit it was killed at, in seconds: `--timeout`, or a parallel run's or a later suite run's own,
    /// shorter one (five times what an earlier run of the same tests took, at least 60 s); `nil` in a report
    /// written before it was recorded.
    public var limitSeconds: Double?

    /// Creates the record of a killed process.
    public init(
        run: String, seed: UInt64? = nil, library: TestLibrary, unfinished: [TestID], notStarted: [TestID],
        limitSeconds: Double? = nil
    ) {
        self.run = run
        self.seed = seed
        self.library = library
        self.unfinished = unfinished
        self.notStarted = notStarted
        self.limitSeconds = limitSeconds
    }

    /// The seconds of its time limit: its own, else `--timeout`'s (`timeout`).
    public func seconds(timeout: Double) -> Double { limitSeconds ?? timeout }

    /// `600 s (--timeout)`, or a parallel run's or a later suite run's own, shorter limit: `100 s (five times what
    /// an earlier run of the same tests took, at least 60 s)`.
    public func limit(timeout: Double) -> String {
        let seconds = self.seconds(timeout: timeout)
        let shown = String(format: "%g s", seconds)
        return seconds < timeout
            ? "\(shown) (five times what an earlier run of the same tests took, at least 60 s)" : "\(shown) (--timeout)"
    }
}

/// The whole result of an audit; docs/audit.md documents this JSON schema (`schemaVersion` 1).
public struct AuditReport: Codable, Sendable {
    /// The schema's version.
    public var schemaVersion = 1
    /// The version of litmus that wrote the report (`litmus --version`); absent in a report written before
    /// Litmus had one.
    public var litmusVersion: String?
    /// The audited package's folder.
    public var package: String
    /// The seed of every random choice; `--replay SEED` repeats them.
    public var seed: UInt64
    /// The options the audit ran with.
    public var options: AuditOptions
    /// Wall time of the whole audit, build included, in seconds.
    public var wallSeconds: Double
    /// Wall time of the build, in seconds.
    public var buildSeconds: Double
    /// The wall time of each phase, in their order (`build`, `describe`, `discover`, the runs, `coverage`,
    /// `bisect`, `judge`, `mutation`); absent in a report written before phases were timed.
    public var phases: [PhaseTiming]?
    /// Every test discovered, sorted by identifier.
    public var tests: [TestReport]
    /// Every finding, by letter.
    public var findings: [Finding]
    /// One verdict per letter.
    public var verdicts: [Verdict]
    /// Coverage of the package's sources, when measured.
    public var coverage: CoverageReport?
    /// The mutation score, when the audit ran mutation testing (`--mutation`); absent otherwise.
    public var mutation: MutationSummary?
    /// Tests that failed in every run and alone (not a FIRST finding, but a red suite).
    public var failingTests: [TestID]
    /// The thresholds that were not met; the command exits non-zero when there is any.
    public var unmetThresholds: [String]
    /// The test processes killed at the time limit (`--timeout`): the report lacks what they would
    /// have run, so the audit did not complete cleanly.
    public var timedOutRuns: [TimedOutRun] = []
    /// Why no test could be judged, when the audit observed none (the report's headline); absent
    /// otherwise.
    public var unobservedSuite: UnobservedSuite?
    /// The tests of the package's `.litmus-quarantine` and the entries that can go; absent without one.
    public var quarantine: QuarantineReport?
    /// With `--since REF`: the changes and the tests whose findings the report keeps; absent otherwise.
    public var changedScope: ChangedScope?
    /// With `--quick`: the share run alone and why each other test ran alone; absent in a full audit.
    public var quick: QuickScope?
    /// How footprints chose the tests run alone, or why they could not; absent when they were not asked to
    /// (`--since`, `--mutation`, `--html`, `--test-lines`, a shard).
    public var isolation: IsolationScope?
    /// Remarks that fail no letter (tests where only some checks never ran); absent when there is none.
    public var notes: [Finding]?
    /// What the audit itself did that can change what a test sees: processes side by side, crashes,
    /// processes tests left running, reruns; absent in a merged or older report.
    public var conduct: AuditConduct?
    /// The report of `litmus smells`: the static checks alone, no test built or run (then `tests` is
    /// empty and only the letters those checks judge have verdicts); absent in an audit.
    public var smells: SmellsScope?

    /// The command's exit code: 3 when a test process timed out (the report is incomplete), else 2 when
    /// no test was observed or a letter could not be measured (``Verdict/notMeasured``), else 1 when a
    /// threshold is not met, else 0.
    public var exitCode: Int32 {
        if !timedOutRuns.isEmpty { return 3 }
        if unobservedSuite != nil || verdicts.contains(where: { $0.notMeasured != nil }) { return 2 }
        return unmetThresholds.isEmpty ? 0 : 1
    }

    /// The findings against one letter.
    public func findings(for letter: Letter) -> [Finding] { findings.filter { $0.letter == letter } }

    /// Creates the value from every field.
    package init(
        litmusVersion: String? = nil, package: String, seed: UInt64, options: AuditOptions, wallSeconds: Double,
        buildSeconds: Double, phases: [PhaseTiming]? = nil, tests: [TestReport], findings: [Finding],
        verdicts: [Verdict], coverage: CoverageReport? = nil, mutation: MutationSummary? = nil, failingTests: [TestID],
        unmetThresholds: [String], timedOutRuns: [TimedOutRun] = [], unobservedSuite: UnobservedSuite? = nil,
        quarantine: QuarantineReport? = nil, changedScope: ChangedScope? = nil, notes: [Finding]? = nil,
        conduct: AuditConduct? = nil
    ) {
        self.litmusVersion = litmusVersion
        self.package = package
        self.seed = seed
        self.options = options
        self.wallSeconds = wallSeconds
        self.buildSeconds = buildSeconds
        self.phases = phases
        self.tests = tests
        self.findings = findings
        self.verdicts = verdicts
        self.coverage = coverage
        self.mutation = mutation
        self.failingTests = failingTests
        self.unmetThresholds = unmetThresholds
        self.timedOutRuns = timedOutRuns
        self.unobservedSuite = unobservedSuite
        self.quarantine = quarantine
        self.changedScope = changedScope
        self.notes = notes
        self.conduct = conduct
    }
}

/// What the audit itself did that a reader needs to tell the suite's problems from the audit's: how
/// many test processes ran at a time, which crashed, what tests left running (and the audit ended), and
/// which tests it ran again because they failed only beside another process.
public struct AuditConduct: Codable, Sendable, Hashable {
    /// Test processes at a time (`--jobs`).
    public var processesAtOnce: Int
    /// Test processes that crashed.
    public var crashedProcesses: Int
    /// Processes tests left running, each ended by the audit.
    public var endedLeftovers: Int
    /// Tests run again because they failed only while another test process ran beside them.
    public var rechecked: Int
    /// Of those, the tests that passed with nothing beside them and failed again beside another process.
    public var failedBesideOthers: Int
    /// Tests timed again alone, with nothing beside them, because their runs disagreed about their
    /// budget (over it in some, within it in others); `nil` when none was.
    public var retimed: Int?
    /// Of those, the tests within their budget when timed again, so no slow test; `nil` when none was
    /// timed again.
    public var withinBudgetWhenRetimed: Int?

    /// One sentence: `2 test processes at a time; 1 crashed; …`.
    public var sentence: String {
        var parts = ["\(processesAtOnce) test process\(processesAtOnce == 1 ? "" : "es") at a time"]
        if crashedProcesses > 0 {
            parts.append("\(crashedProcesses) test process\(crashedProcesses == 1 ? "" : "es") crashed (see R)")
        }
        if endedLeftovers > 0 {
            parts.append("ended \(endedLeftovers) process\(endedLeftovers == 1 ? "" : "es") tests left running (see I)")
        }
        if rechecked > 0 {
            parts.append(
                "ran \(rechecked) test\(rechecked == 1 ? "" : "s") again that failed only beside another process: "
                    + "\(failedBesideOthers) failed again beside one and passed alone (see I)")
        }
        if let retimed, retimed > 0 {
            parts.append(
                "timed \(retimed) test\(retimed == 1 ? "" : "s") again alone, over the budget in some runs only: "
                    + "\(withinBudgetWhenRetimed ?? 0) within it (see F)")
        }
        return parts.joined(separator: "; ")
    }

    /// Creates the value from every field.
    package init(
        processesAtOnce: Int, crashedProcesses: Int, endedLeftovers: Int, rechecked: Int, failedBesideOthers: Int
    ) {
        self.processesAtOnce = processesAtOnce
        self.crashedProcesses = crashedProcesses
        self.endedLeftovers = endedLeftovers
        self.rechecked = rechecked
        self.failedBesideOthers = failedBesideOthers
    }
}

/// What `litmus smells` read: the static checks of the audit alone, on test sources, without building.
public struct SmellsScope: Codable, Sendable, Hashable {
    /// The paths it was given (a package, test folders or files).
    public var paths: [String]
    /// The Swift files it read.
    public var files: Int
    /// The tests it found in them (XCTest methods, `@Test` functions, Quick examples).
    public var tests: Int
    /// With `--typed`, the build folder whose compiler's facts decided the findings; `nil` (left out of the JSON)
    /// without.
    public var typedBuild: String?

    /// Creates the value from every field.
    public init(paths: [String], files: Int, tests: Int, typedBuild: String? = nil) {
        self.paths = paths
        self.files = files
        self.tests = tests
        self.typedBuild = typedBuild
    }
}
