import Foundation

/// What one test process (or a pair side by side, XCTest and Swift Testing) said about its tests.
struct ObservedRun: Sendable, Hashable, Codable {
    /// Results by test identifier; a test asked of the run and missing here never started.
    var results: [TestID: TestResult]
    /// Identifiers in the order the tests started.
    var order: [TestID]
    /// How busy the machine was while it ran; `nil` when it was not measured.
    var machine: MachineLoad?

    /// Creates an observed run.
    init(results: [TestID: TestResult], order: [TestID] = [], machine: MachineLoad? = nil) {
        self.results = results
        self.order = order
        self.machine = machine
    }

    /// The outcome of a test in this run, `.notRun` when it did not start.
    func outcome(of test: TestIdentity) -> TestOutcome { results[test.id]?.outcome ?? .notRun }
}

/// The test binary run once with no argument, as `swift test` first runs it.
struct DirectRun: Sendable, Hashable, Codable {
    /// Its exit status.
    var status: Int32
    /// Whether it was killed at the time limit.
    var timedOut = false
    /// What it printed, line by line, with the package's paths.
    var output: [String]
}

/// Everything the audit's runs saw, as a plain value: every outcome, duration and failure message,
/// the processes killed at the time limit, and each test's own coverage. The judges read it and
/// run nothing; a test of the judges builds one by hand.
struct Observations: Sendable, Codable {
    /// Every test discovered: XCTest's first, then Swift Testing's, each located in the sources.
    var tests: [TestIdentity]
    /// The whole suite, `runs` times, one test at a time, in the same order every time (in each of its processes
    /// side by side, when ``sideBySide`` split them).
    var suiteRuns: [ObservedRun]
    /// How groups of footprints kept by the audit before split the suite runs into processes side by side
    /// (``SuiteGroups``); `nil` when no groups were kept.
    var sideBySide: SideBySide?
    /// Each test alone in a fresh process, by identifier.
    var alone: [TestID: TestResult]
    /// How busy the machine was during each test's alone run, by identifier; `nil` when not measured.
    var aloneLoad: [TestID: MachineLoad]?
    /// A quick audit's further alone runs of the tests whose outcome changed between its runs
    /// (``RunStage/confirmAlone(_:xctests:)``), by identifier, in order; `nil` in a full audit, and in a
    /// record written before quick audits ran tests alone again (so it still decodes).
    var aloneAgain: [TestID: [TestResult]]?
    /// Random halves of the suite, each in one process, chosen from the seed.
    var randomHalves: [ObservedRun] = []
    /// The Swift Testing tests all at once (its default parallel mode), `runs` times; empty without any.
    var parallelRuns: [ObservedRun] = []
    /// The processes killed at the time limit, in the order they ran.
    var timedOutRuns: [TimedOutRun] = []
    /// Every test process of the runs above, with its run: when it ran, how it crashed, what it left.
    var processes: [RunProcess] = []
    /// The tests run again because they failed only while another test process ran beside them, by
    /// identifier (``InterferenceCheck``).
    var interference: [TestID: InterferenceCheck] = [:]
    /// The durations of the tests timed again alone because their runs disagreed about their budget or
    /// ran on a busy machine (``RunStage/retimeSlow(_:xctests:)``), by identifier; `nil` when none was (and
    /// in a record written before tests were timed again).
    var retimed: [TestID: [Timing]]?
    /// The coverage profiles (`.profraw`) of each test's alone run, by test identifier (those of suite run 1 are
    /// ``suiteProfiles``).
    var profiles: [TestID: [URL]] = [:]
    /// The exit status of `--list-tests`: not 0 when the binary does not speak XCTest's protocol.
    var listingStatus: Int32 = 0
    /// The binary run once as `swift test` would, when no test was seen or the listing was rejected.
    var directRun: DirectRun?
    /// Which of the audit's suite runs, parallel runs and random halves `suiteRuns`, `parallelRuns` and
    /// `randomHalves` hold, in that order, when not all of them (a shard's record); `nil`: all.
    var share: RunShare?
    /// With `--since`, `--quick` or footprints, which tests ran alone (the others' alone runs were skipped), and
    /// why; `nil`: every test.
    var aloneScope: AloneScope?
    /// The tests whose ``profiles`` are their own from suite run 1 (the footprint observer saw what each
    /// executed there), not from an alone run; `nil` when there are none.
    var profiledInSuite: Set<TestID>?
    /// What each test left behind in its alone run (``LeftFiles``), by identifier: files in the package's
    /// copy (confirmed by running it alone again) and in its temporary folder; `nil` in a record written
    /// before files were checked.
    var leftFiles: [TestID: LeftFiles]?
    /// Files created or changed in the package's copy during the alone runs that no test made again
    /// when run alone, one at a time (a random half's, a flaky write), relative to the package.
    var unattributedFiles: [PackageFiles.Change]?
    /// The files of the package's copy that changed while each test ran alone, by identifier: its own
    /// doing or that of a process beside it; where ``RunStage/checkLeftFiles(since:_:xctests:)`` looks
    /// first for the test that leaves a file.
    var changedWhileAlone: [TestID: [String]]?
    /// The profiles of the tests of ``profiledInSuite``, as suite run 1 ran them, which the coverage stage writes
    /// as it needs them; `nil` without footprints. Never recorded: a shard's or a history's record holds no
    /// profile.
    var suiteProfiles: TestProfiles?

    /// The tests whose coverage is their profile of suite run 1 (``suiteProfiles``): those of ``profiledInSuite``
    /// that did not run alone after all (a quick audit's confirming run), which are measured by that run alone.
    var measuredInSuite: Set<TestID> {
        guard suiteProfiles != nil else { return [] }
        return (profiledInSuite ?? []).filter { profiles[$0] == nil }
    }

    private enum CodingKeys: String, CodingKey {
        case tests, suiteRuns, alone, aloneLoad, aloneAgain, randomHalves, parallelRuns, timedOutRuns, processes
        case interference, retimed, profiles, listingStatus, directRun, share, aloneScope, profiledInSuite
        case leftFiles, unattributedFiles, changedWhileAlone
    }

    /// Observations of `tests` over `suiteRuns` and their alone runs.
    init(
        tests: [TestIdentity], suiteRuns: [ObservedRun], alone: [TestID: TestResult],
        randomHalves: [ObservedRun] = [], parallelRuns: [ObservedRun] = [], timedOutRuns: [TimedOutRun] = [],
        profiles: [TestID: [URL]] = [:]
    ) {
        self.tests = tests
        self.suiteRuns = suiteRuns
        self.alone = alone
        self.randomHalves = randomHalves
        self.parallelRuns = parallelRuns
        self.timedOutRuns = timedOutRuns
        self.profiles = profiles
    }

    /// The test's outcome in each suite run.
    func suiteOutcomes(of test: TestIdentity) -> [TestOutcome] { suiteRuns.map { $0.outcome(of: test) } }

    /// The test's outcome alone, `.notRun` when it did not start.
    func aloneOutcome(of test: TestIdentity) -> TestOutcome { alone[test.id]?.outcome ?? .notRun }

    /// The run its own coverage profile (``profiles``) was measured in: its alone run, or suite run 1 when its
    /// profile came from there (``profiledInSuite``); `nil` when it has neither.
    func measuredResult(of test: TestIdentity) -> TestResult? {
        if let own = alone[test.id] { return own }
        guard profiledInSuite?.contains(test.id) == true else { return nil }
        return suiteRuns.first?.results[test.id]
    }

    /// The outcome of ``measuredResult(of:)``, `.notRun` when there is none.
    func measuredOutcome(of test: TestIdentity) -> TestOutcome { measuredResult(of: test)?.outcome ?? .notRun }

    /// The test's durations in the suite runs where it passed or failed, in milliseconds.
    func durations(of test: TestIdentity) -> [Double] { timings(of: test).map(\.milliseconds) }

    /// The test's durations in the suite runs where it passed or failed, each with the machine's load.
    func timings(of test: TestIdentity) -> [Timing] {
        suiteRuns.compactMap { run in
            guard let result = run.results[test.id], result.outcome == .passed || result.outcome == .failed else {
                return nil
            }
            return Timing(milliseconds: result.duration * 1000, machine: run.machine)
        }
    }

    /// The failure messages of the test's first run that recorded any: the suite runs, the parallel
    /// runs, alone, then the random halves. A test that failed only in a parallel run or a half still
    /// shows why (in the JSON report's `issues` and JUnit's `flakyFailure`).
    func issues(of test: TestIdentity) -> [String] {
        results(of: test).first { !$0.issues.isEmpty }?.issues ?? []
    }

    /// The end of what the test printed in its first run, in ``issues(of:)``'s order, that kept any (a run
    /// it did not pass).
    func output(of test: TestIdentity) -> String? {
        results(of: test).lazy.compactMap(\.output).first
    }

    /// Every issue `test` recorded, in every run and in the reruns of its interference check.
    func allIssues(of test: TestIdentity) -> [String] {
        results(of: test).flatMap(\.issues) + (interference[test.id]?.reproducedIssues ?? [])
    }

    /// `test`'s results in the order ``issues(of:)`` reads them: the suite runs, the parallel runs,
    /// alone, then the random halves.
    private func results(of test: TestIdentity) -> [TestResult] {
        let all =
            suiteRuns.map { $0.results[test.id] } + parallelRuns.map { $0.results[test.id] }
            + [alone[test.id]] + randomHalves.map { $0.results[test.id] }
        return all.compactMap { $0 }
    }

    /// The tests that started before `test` in `run` with the same framework (so in its process).
    func testsBefore(_ test: TestIdentity, in run: ObservedRun) -> [TestIdentity] {
        guard let position = run.order.firstIndex(of: test.id) else { return [] }
        let byID = Dictionary(tests.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return run.order[..<position].compactMap { byID[$0] }.filter { $0.library == test.library }
    }
}
