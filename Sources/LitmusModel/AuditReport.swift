import Foundation

/// A letter of FIRST (seed 000): what a unit test should be.
public enum Letter: String, Codable, Sendable, CaseIterable, Comparable {
    /// Fast: runs in milliseconds.
    case fast = "F"
    /// Isolated: passes or fails the same alone and among the others.
    case isolated = "I"
    /// Repeatable: the same outcome on every run.
    case repeatable = "R"
    /// Self-validating: decides on its own, with real assertions.
    case selfValidating = "S"
    /// Thorough: covers the code under test.
    case thorough = "T"

    /// The letter's word.
    public var word: String {
        switch self {
        case .fast: return "Fast"
        case .isolated: return "Isolated"
        case .repeatable: return "Repeatable"
        case .selfValidating: return "Self-validating"
        case .thorough: return "Thorough"
        }
    }

    /// Orders F, I, R, S, T.
    public static func < (lhs: Letter, rhs: Letter) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// What the audit found; docs/audit.md explains each kind and how to fix it.
public enum FindingKind: String, Codable, Sendable, CaseIterable {
    /// F: the median duration exceeds the budget.
    case slowTest
    /// F: the test code sleeps (`sleep`, `usleep`, `Thread.sleep`, `Task.sleep`).
    case sleepInTest
    /// I: fails among the others, passes alone: another test pollutes shared state.
    case failsOnlyWithOthers
    /// I: passes among the others, fails alone: it depends on another test having run.
    case passesOnlyWithOthers
    /// I: the test left a process running after it ended (the audit found it by its tag and ended it).
    case leftProcessRunning
    /// I: the test failed only while another test process of the package ran beside it, and passed with
    /// nothing beside it: the two share something outside their processes (a file, a port, a folder).
    case failsBesideOtherProcesses
    /// R: the outcome changed between identical runs.
    case flaky
    /// R: a test process crashed (once per cause, naming the test that caused it when it can be told), or a
    /// test ran past the time limit.
    case crashed
    /// S: no assertion in the test, nor in the helpers it calls.
    case noAssertion
    /// S: an assertion that cannot fail (the same expression on both sides, a literal true).
    case tautology
    /// S: `try?` discards the error of the call under test.
    case swallowedError
    /// S: an expectation created and never waited for.
    case unwaitedExpectation
    /// S: a test class or spec in the sources that never ran (a QuickSpec on Linux).
    case neverRan
    /// S: `XCTAssert…`/`XCTFail` in a Swift Testing test or a helper it calls: Swift Testing before 6.4
    /// drops the failure and the test passes.
    case xctestAssertionInSwiftTesting
    /// S: `#expect` in an XCTest method or a helper it calls: XCTest never sees its failure.
    case expectInXCTest
    /// S: Nimble's `expect(x)` never followed by `.to`/`.toNot`/`.notTo`/`.toEventually…`: never evaluated.
    case unevaluatedExpectation
    /// S: an assertion in a `Task`, `Task.detached` or `DispatchQueue….async` closure that nothing in the
    /// test waits for: it may run after the test ended, or never.
    case unawaitedAssertion
    /// S: a passing test none of whose checks ran in its alone run (a closure never called, a loop
    /// that did not iterate, a branch not taken); as a note when only some never ran.
    case assertionNeverRan
    /// T: a source file no test executes.
    case uncoveredFile

    /// The letter of FIRST the finding counts against.
    public var letter: Letter {
        switch self {
        case .slowTest, .sleepInTest: return .fast
        case .failsOnlyWithOthers, .passesOnlyWithOthers, .leftProcessRunning, .failsBesideOtherProcesses:
            return .isolated
        case .flaky, .crashed: return .repeatable
        case .noAssertion, .tautology, .swallowedError, .unwaitedExpectation, .neverRan, .xctestAssertionInSwiftTesting,
            .expectInXCTest, .unevaluatedExpectation, .unawaitedAssertion, .assertionNeverRan:
            return .selfValidating
        case .uncoveredFile: return .thorough
        }
    }

    /// One sentence on how to fix it, after the seeds' advice.
    public var fix: String {
        switch self {
        case .slowTest:
            return
                "Replace real waiting, disk and network with doubles or in-memory fakes; move a slow integration test behind a tag."
        case .sleepInTest:
            return
                "Wait for the event itself (an expectation, `await fulfillment(of:)`, `confirmation`), never for time."
        case .failsOnlyWithOthers:
            return "Give each test its own fixtures in setUp()/init and reset the shared state the named test changes."
        case .passesOnlyWithOthers:
            return "Build everything the test needs in its own setUp()/init instead of relying on the named test."
        case .leftProcessRunning:
            return
                "End every process the test starts before it returns (terminate it and wait for it in a defer or tearDown): a process left running outlives the test run, holding files and ports."
        case .failsBesideOtherProcesses:
            return
                "Give each test its own place outside the process: a unique temporary folder (FileManager's temporaryDirectory plus a UUID), port 0 for a server, no fixed path in the home folder; `swift test --parallel` runs tests in processes side by side too."
        case .flaky:
            return "Remove what the test does not control (time, randomness, order, the environment) or inject it."
        case .crashed:
            return
                "Fix what traps (a force unwrap, a failed precondition, a fatalError in a double): one trap ends every test of its process. A crash in a dependency: report it upstream and keep the test that triggers it out of the parallel runs meanwhile."
        case .noAssertion:
            return
                "Assert the outcome (XCTAssert…, #expect), or remove the test: a test that cannot fail proves nothing."
        case .tautology:
            return "Compare against a literal expected value (assert 6, not 2 + 4), never the expression itself."
        case .swallowedError:
            return
                "Use `try` in a throwing test (or #expect(throws:) / XCTAssertThrowsError) so the error fails the test."
        case .unwaitedExpectation:
            return
                "Wait for the expectation (wait(for:timeout:) / await fulfillment(of:)), or its fulfilment is never checked."
        case .neverRan:
            return
                "Make the runner see it: a `test…` method of an XCTestCase subclass (or a @Test function) in a test target, its class not compiled out by an #if."
        case .xctestAssertionInSwiftTesting:
            return
                "Use #expect/#require in a @Test (or make the test an XCTestCase method): before Swift 6.4 Swift Testing drops XCTest's failures."
        case .expectInXCTest:
            return
                "Use XCTAssert… in an XCTestCase method (or move the test to Swift Testing's @Test): XCTest never sees #expect fail."
        case .unevaluatedExpectation:
            return
                "Finish the expectation with a matcher, expect(x).to(equal(6)): expect(x) alone evaluates nothing."
        case .unawaitedAssertion:
            return
                "Wait for the work before the test ends (await the task's value, confirmation, an expectation with fulfillment), or assert after it."
        case .assertionNeverRan:
            return
                "Make the check run: call the handler (or wait for it), test a non-empty collection, assert the optional with XCTUnwrap/#require instead of if let."
        case .uncoveredFile:
            return
                "Test the file's behaviour through its public API (happy path, edges, bad input), or delete dead code."
        }
    }
}

/// One finding, with the test and the place it concerns.
public struct Finding: Codable, Sendable, Hashable {
    /// What was found.
    public var kind: FindingKind
    /// The FIRST letter it counts against.
    public var letter: Letter
    /// The test's identifier, when it concerns one test.
    public var test: String?
    /// The file it points at (relative to the package), when known.
    public var file: String?
    /// The line it points at, when known.
    public var line: Int?
    /// What was found, in a sentence naming the test and any other test involved.
    public var message: String
    /// How to fix it.
    public var fix: String
    /// True when its test is in the package's `.litmus-quarantine`: reported, counted against no letter.
    public var quarantined: Bool?

    /// Creates a finding whose letter and fix follow from its kind.
    public init(kind: FindingKind, test: String? = nil, file: String? = nil, line: Int? = nil, message: String) {
        self.kind = kind
        self.letter = kind.letter
        self.test = test
        self.file = file
        self.line = line
        self.message = message
        self.fix = kind.fix
    }

    /// `file:line` when known.
    public var location: String? {
        guard let file else { return nil }
        return line.map { "\(file):\($0)" } ?? file
    }

    private enum CodingKeys: String, CodingKey {
        case kind, letter, test, file, line, message, fix, quarantined
    }

    /// Decodes a finding of any version of the report (keys absent or `null`); `quarantined: false` reads
    /// as not quarantined (`nil`), as it was written.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decode(FindingKind.self, forKey: .kind)
        letter = try container.decode(Letter.self, forKey: .letter)
        test = try container.decodeIfPresent(String.self, forKey: .test)
        file = try container.decodeIfPresent(String.self, forKey: .file)
        line = try container.decodeIfPresent(Int.self, forKey: .line)
        message = try container.decode(String.self, forKey: .message)
        fix = try container.decode(String.self, forKey: .fix)
        quarantined = try container.decodeIfPresent(Bool.self, forKey: .quarantined) == true ? true : nil
    }

    /// Every key for every kind, so a reader of the JSON finds the same fields in each finding: `test`,
    /// `file` and `line` are `null` when the finding concerns no test or place, `quarantined` is `false`
    /// when its test is not quarantined.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(letter, forKey: .letter)
        try container.encode(test, forKey: .test)
        try container.encode(file, forKey: .file)
        try container.encode(line, forKey: .line)
        try container.encode(message, forKey: .message)
        try container.encode(fix, forKey: .fix)
        try container.encode(quarantined ?? false, forKey: .quarantined)
    }
}

/// What the audit measured of one test.
public struct TestReport: Codable, Sendable, Hashable {
    /// The runner's identifier.
    public var id: String
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
    /// Changes of outcome between consecutive suite runs divided by runs minus one.
    public var flipRate: Double
    /// The failure messages of its first failing run, if any.
    public var issues: [String]
    /// The source lines it executes alone, per file: `"12-18,22"`. Empty without coverage.
    public var coveredLines: [String: String]
    /// Its outcome in each of Swift Testing's parallel runs; absent for XCTest.
    public var parallelOutcomes: [TestOutcome]? = nil

    /// Creates the value from every field.
    package init(
        id: String, name: String, library: TestLibrary, file: String? = nil, line: Int? = nil,
        suiteOutcomes: [TestOutcome], aloneOutcome: TestOutcome, durationsMilliseconds: [Double],
        medianMilliseconds: Double, flipRate: Double, issues: [String], coveredLines: [String: String],
        parallelOutcomes: [TestOutcome]? = nil
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
    public var unfinished: [String]
    /// The identifiers of the tests asked of it that never started.
    public var notStarted: [String]

    /// Creates the record of a killed process.
    public init(run: String, seed: UInt64? = nil, library: TestLibrary, unfinished: [String], notStarted: [String]) {
        self.run = run
        self.seed = seed
        self.library = library
        self.unfinished = unfinished
        self.notStarted = notStarted
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
    public var failingTests: [String]
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
    /// Remarks that fail no letter (tests where only some checks never ran); absent when there is none.
    public var notes: [Finding]?
    /// What the audit itself did that can change what a test sees: processes side by side, crashes,
    /// processes tests left running, reruns; absent in a merged or older report.
    public var conduct: AuditConduct?

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
        verdicts: [Verdict], coverage: CoverageReport? = nil, mutation: MutationSummary? = nil, failingTests: [String],
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
