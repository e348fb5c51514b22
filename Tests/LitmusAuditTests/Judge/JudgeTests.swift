import Foundation
import Testing

@testable import LitmusAudit
@testable import LitmusRunning

/// Judging hand-made observations: no process runs; bisection is a fake that records its requests.
@Suite("Judging what the runs observed")
struct JudgeTests {
    typealias sut = Judge

    private let first = TestIdentity(
        library: .xctest, id: "M.CartTests/testA", file: "Tests/MTests/CartTests.swift", line: 4)
    private let second = TestIdentity(
        library: .xctest, id: "M.CartTests/testB", file: "Tests/MTests/CartTests.swift", line: 9)
    private let victim = TestIdentity(
        library: .xctest, id: "M.CartTests/testC", file: "Tests/MTests/CartTests.swift", line: 14)
    private let swiftTest = TestIdentity(
        library: .swiftTesting, id: "M.Suite/total()/Totals.swift:3:2", file: "Tests/MTests/Totals.swift", line: 3)

    /// Three XCTest tests run in the order first, second, victim; the victim's outcomes as given, the
    /// others passing in 10 ms.
    private func observations(
        victimInSuite: [TestOutcome], victimAlone: TestOutcome, halves: [ObservedRun] = [],
        parallel: [ObservedRun] = [], victimSeconds: Double = 0.01
    ) -> Observations {
        let suiteRuns = victimInSuite.map { outcome in
            ObservedRun(
                results: [
                    first.id: TestResult(outcome: .passed, duration: 0.01),
                    second.id: TestResult(outcome: .passed, duration: 0.01),
                    victim.id: TestResult(
                        outcome: outcome, duration: victimSeconds, issues: outcome == .passed ? [] : ["boom"]),
                ], order: [first.id, second.id, victim.id])
        }
        return Observations(
            tests: [first, second, victim], suiteRuns: suiteRuns,
            alone: [
                first.id: TestResult(outcome: .passed, duration: 0.01),
                second.id: TestResult(outcome: .passed, duration: 0.01),
                victim.id: TestResult(outcome: victimAlone, duration: 0.01),
            ], randomHalves: halves, parallelRuns: parallel)
    }

    /// A random half that ran the second test, then the victim, which failed.
    private var halfWhereTheVictimFails: ObservedRun {
        ObservedRun(
            results: [
                second.id: TestResult(outcome: .passed, duration: 0.01),
                victim.id: TestResult(outcome: .failed, duration: 0.01),
            ], order: [second.id, victim.id])
    }

    private var context: JudgingContext {
        var options = AuditOptions()
        options.timeoutSeconds = 5
        return JudgingContext(options: options, seed: 77)
    }

    /// A bisection that answers `culprits` and records what it was asked.
    private final class FakeBisection: @unchecked Sendable {
        var requests: [BisectionRequest] = []
        let culprits: [TestIdentity]
        init(culprits: [TestIdentity]) { self.culprits = culprits }
        func bisect(_ request: BisectionRequest) -> BisectionResult {
            requests.append(request)
            return BisectionResult(culprits: culprits)
        }
    }

    private func judge(_ observations: Observations, culprits: [TestIdentity] = []) async throws -> (
        Judgement, [BisectionRequest]
    ) {
        let bisection = FakeBisection(culprits: culprits)
        let judgement = try await sut.judge(observations, context) { bisection.bisect($0) }
        return (judgement, bisection.requests)
    }

    @Test("A test whose outcome changes between identical runs is flaky, with its flip rate, and not bisected")
    func flaky() async throws {
        // Given
        let observed = observations(victimInSuite: [.passed, .failed, .passed], victimAlone: .failed)
        // When
        let (judgement, requests) = try await judge(observed)
        // Then
        #expect(judgement.findings.map(\.kind) == [.flaky])
        #expect(judgement.findings.first?.message == "CartTests.testC passed 2 of 3 identical runs (flip rate 1.00)")
        #expect(judgement.findings.first?.location == "Tests/MTests/CartTests.swift:14")
        #expect(requests == [])
    }

    @Test("A flaky test's runs are those it ran in, and a failure that was a hang says where it was killed")
    func flakyHang() async throws {
        // Given: the victim hangs in suite run 1 (killed, unfinished), never starts in run 2 (its process ended
        // in another test's hang) and passes in run 3; it hung in a parallel run too
        var observed = observations(victimInSuite: [.crashed, .notRun, .passed], victimAlone: .passed)
        observed.timedOutRuns = [
            TimedOutRun(run: "suite run 1 of 3", library: .xctest, unfinished: [victim.id], notStarted: []),
            TimedOutRun(run: "suite run 2 of 3", library: .xctest, unfinished: [second.id], notStarted: [victim.id]),
            TimedOutRun(run: "parallel suite run 1 of 3", library: .xctest, unfinished: [victim.id], notStarted: []),
        ]

        // When
        let (judgement, _) = try await judge(observed)

        // Then: flaky over the two suite runs it ran in, naming the hang there (not the parallel run's, which the
        // count is not of), and the run it never started in
        #expect(
            judgement.findings.first { $0.test == victim.id }?.message
                == "CartTests.testC passed 1 of 2 identical runs (flip rate 1.00); it hung and was killed at its time "
                + "limit in suite run 1 of 3 (5 s (--timeout)); it never started in 1 (its process ended before)")
    }

    @Test("A test that crashed in the suite is named with its first failure message")
    func crashed() async throws {
        // Given
        let observed = observations(victimInSuite: [.crashed, .crashed, .crashed], victimAlone: .passed)
        // When
        let (judgement, requests) = try await judge(observed)
        // Then
        #expect(judgement.findings.map(\.message) == ["CartTests.testC crashed or timed out (boom)"])
        #expect(requests == [])
    }

    @Test("A test left unfinished by a process killed at the time limit is named with the run that killed it")
    func timedOut() async throws {
        // Given
        var observed = observations(victimInSuite: [.crashed], victimAlone: .crashed)
        observed.timedOutRuns = [
            TimedOutRun(run: "suite run 1 of 1", library: .xctest, unfinished: [victim.id], notStarted: [])
        ]
        // When
        let (judgement, _) = try await judge(observed)
        // Then
        #expect(
            judgement.findings.map(\.message) == [
                "CartTests.testC ran past its time limit, 5 s (--timeout), and was killed (suite run 1 of 1)"
            ])
    }

    @Test("A crash is named with the run it crashed in, not with a time limit it reached in another run")
    func crashedNotTimedOut() async throws {
        // Given: crashed in suite run 1 of 1 (a message of its own); killed at the limit only in a parallel run
        var observed = observations(victimInSuite: [.crashed], victimAlone: .passed)
        observed.timedOutRuns = [
            TimedOutRun(run: "parallel suite run 1 of 1", library: .xctest, unfinished: [victim.id], notStarted: [])
        ]
        // When
        let (judgement, _) = try await judge(observed)
        // Then
        #expect(judgement.findings.map(\.message) == ["CartTests.testC crashed or timed out (boom)"])
    }

    @Test("A suite run that ran out of time as a whole calls the test it was at neither hung nor flaky")
    func runOutOfTime() async throws {
        // Given: suite run 1 of 3 killed at its 5 s limit (its process ended 0.5 s later, reaped) while the victim
        // (10 ms elsewhere) ran; the tests before it took 4.9 s of the limit in one case, 20 ms in the other (the
        // victim had the rest to itself)
        func observed(othersTook seconds: Double) -> Observations {
            var observed = observations(victimInSuite: [.crashed, .passed, .passed], victimAlone: .passed)
            observed.suiteRuns[0].results[first.id]?.duration = seconds / 2
            observed.suiteRuns[0].results[second.id]?.duration = seconds / 2
            // The run's Swift Testing process was killed too, and is recorded first.
            observed.timedOutRuns = [
                TimedOutRun(
                    run: "suite run 1 of 3", library: .swiftTesting, unfinished: [], notStarted: [], limitSeconds: 5),
                TimedOutRun(
                    run: "suite run 1 of 3", library: .xctest, unfinished: [victim.id], notStarted: [],
                    limitSeconds: 5),
            ]
            observed.processes = [
                RunProcess(
                    run: .suite(index: 1),
                    process: TestProcess(
                        library: .xctest, start: 0, end: 5.5, tests: [first.id, second.id, victim.id]))
            ]
            return observed
        }
        // When
        let (outOfTime, _) = try await judge(observed(othersTook: 4.9))
        let (hung, _) = try await judge(observed(othersTook: 0.02))
        // Then
        #expect(outOfTime.findings.filter { $0.test == victim.id }.map(\.message) == [])
        #expect(
            hung.findings.filter { $0.test == victim.id }.map(\.message) == [
                "CartTests.testC passed 2 of 3 identical runs (flip rate 0.50); it hung and was killed at its time limit in suite run 1 of 3 (5 s (--timeout))"
            ])
    }

    @Test(
        "A flaky test's message names the run it was not judged in, run out of time, apart from a run it never started in"
    )
    func flakyAndOutOfTime() async throws {
        // Given: the victim failed in suite run 2 and passed in run 3; run 1 ran out of time as a whole while it ran
        var observed = observations(victimInSuite: [.crashed, .failed, .passed], victimAlone: .passed)
        observed.suiteRuns[0].results[first.id]?.duration = 2.45
        observed.suiteRuns[0].results[second.id]?.duration = 2.45
        observed.timedOutRuns = [
            TimedOutRun(
                run: "suite run 1 of 3", library: .xctest, unfinished: [victim.id], notStarted: [], limitSeconds: 5)
        ]
        observed.processes = [
            RunProcess(
                run: .suite(index: 1),
                process: TestProcess(library: .xctest, start: 0, end: 5.5, tests: [first.id, second.id, victim.id]))
        ]
        // When
        let (judgement, _) = try await judge(observed)
        // Then
        #expect(
            judgement.findings.filter { $0.test == victim.id }.map(\.message) == [
                "CartTests.testC passed 1 of 2 identical runs (flip rate 1.00); it was not judged in suite run 1 of 3 (the run as a whole ran out of time while it ran)"
            ])
    }

    @Test("A test that passes among the others and fails alone needs the test bisection names")
    func passesOnlyWithOthersAlone() async throws {
        // Given
        let observed = observations(victimInSuite: [.passed, .passed], victimAlone: .failed)
        // When
        let (judgement, requests) = try await judge(observed, culprits: [second])
        // Then
        #expect(judgement.findings.map(\.kind) == [.passesOnlyWithOthers])
        #expect(
            judgement.findings.first?.message
                == "CartTests.testC passes among the others and fails alone: it needs CartTests.testB to run first")
        #expect(
            requests == [
                BisectionRequest(victim: victim, candidates: [first, second], wantFailure: false, reproduced: true)
            ])
    }

    @Test("A test that fails among the others and passes alone is polluted by the test bisection names")
    func failsOnlyWithOthersAlone() async throws {
        // Given
        let observed = observations(victimInSuite: [.failed, .failed], victimAlone: .passed)
        // When
        let (judgement, requests) = try await judge(observed, culprits: [first])
        // Then
        #expect(
            judgement.findings.map(\.message) == [
                "CartTests.testC passes alone and fails after CartTests.testA, which pollutes shared state"
            ])
        #expect(
            requests == [
                BisectionRequest(victim: victim, candidates: [first, second], wantFailure: true, reproduced: true)
            ])
    }

    @Test("The bisections asked beforehand (the fast schedule runs them side by side) are those judging asks")
    func requestsBeforehand() async throws {
        // Given: a polluted test in the suite runs and a dependent one in a random half
        let half = halfWhereTheVictimFails
        for observed in [
            observations(victimInSuite: [.failed, .failed], victimAlone: .passed),
            observations(victimInSuite: [.passed], victimAlone: .passed, halves: [half]),
        ] {
            // When
            let beforehand = try await sut.bisectionRequests(observed, context)
            let (_, asked) = try await judge(observed, culprits: [first])
            // Then
            #expect(beforehand == asked)
            #expect(beforehand.count == 1)
        }
    }

    @Test("A suite-run request is known to reproduce only when every suite run showed it after the same tests")
    func reproducedNeedsEveryRun() async throws {
        // Given: the second suite run ran the victim after one test only
        var observed = observations(victimInSuite: [.failed, .failed], victimAlone: .passed)
        observed.suiteRuns[1].order = [second.id, victim.id]
        // When
        let (_, requests) = try await judge(observed, culprits: [first])
        // Then
        #expect(requests.map(\.reproduced) == [false])
    }

    @Test("A polluter bisection cannot find is said to be outside the tests")
    func culpritNotFound() async throws {
        // Given
        let observed = observations(victimInSuite: [.failed], victimAlone: .passed)
        // When
        let (judgement, _) = try await judge(observed, culprits: [])
        // Then
        #expect(
            judgement.findings.map(\.message) == [
                "CartTests.testC passed alone and failed among the others, but no test run before it made it fail when bisected: what made the difference is likely outside the tests"
            ])
    }

    @Test("A performance test that changes outcome with no culprit is flaky on its timings; with a culprit it is not")
    func performanceTestWithoutCulprit() async throws {
        // Given: the victim calls XCTest's measure (Stencil 0.15.1's testPerformance), failing in a random half
        var measuring = context
        measuring.analysis.measuringTests = [victim.file ?? "": [victim.line ?? 0]]
        let observed = observations(victimInSuite: [.passed], victimAlone: .passed, halves: [halfWhereTheVictimFails])
        // When bisection names no test before it, and when it names one
        let unexplained = try await sut.judge(observed, measuring) { _ in BisectionResult(culprits: []) }
        let explained = try await sut.judge(observed, measuring) { _ in BisectionResult(culprits: [self.second]) }
        // Then the first is a timing flake, the second still an order dependence
        #expect(unexplained.findings.map(\.kind) == [.flaky])
        #expect(unexplained.findings.first?.message.contains("timings spread more than 10%") == true)
        #expect(explained.findings.map(\.kind) == [.failsOnlyWithOthers])
    }

    @Test("A test that fails in a random half is bisected over the tests before it in that half, naming the seed")
    func failsOnlyWithOthersInAHalf() async throws {
        // Given
        let half = halfWhereTheVictimFails
        let observed = observations(victimInSuite: [.passed], victimAlone: .passed, halves: [half])
        // When
        let (judgement, requests) = try await judge(observed, culprits: [second])
        // Then
        #expect(
            judgement.findings.map(\.message) == [
                "CartTests.testC fails after CartTests.testB in a random half of the suite (seed 77)"
            ])
        #expect(requests == [BisectionRequest(victim: victim, candidates: [second], wantFailure: true)])
    }

    @Test("A test that fails alone and one at a time and passes in the parallel run depends on another test")
    func passesOnlyInParallel() async throws {
        // Given
        let parallel = ObservedRun(results: [victim.id: TestResult(outcome: .passed, duration: 0.01)])
        let observed = observations(victimInSuite: [.failed], victimAlone: .failed, parallel: [parallel])
        // When
        let (judgement, requests) = try await judge(observed)
        // Then
        #expect(
            judgement.findings.map(\.message) == [
                "CartTests.testC fails alone and one test at a time, and passes in the parallel run "
                    + "(Swift Testing's default, as under swift test): it depends on another test having run"
            ])
        #expect(judgement.failingTests == [])
        #expect(requests == [])
    }

    @Test("A test that passes alone and one at a time and fails in the parallel run shares state")
    func failsOnlyInParallel() async throws {
        // Given
        let parallel = ObservedRun(results: [victim.id: TestResult(outcome: .failed, duration: 0.01)])
        let observed = observations(victimInSuite: [.passed], victimAlone: .passed, parallel: [parallel])
        // When
        let (judgement, _) = try await judge(observed)
        // Then
        #expect(
            judgement.findings.map(\.message) == [
                "CartTests.testC passes alone and one test at a time, and fails in the parallel run: "
                    + "it shares state with a test running at the same time"
            ])
    }

    @Test("A test that fails everywhere is a failing test, not a finding")
    func alwaysFails() async throws {
        // Given
        let observed = observations(victimInSuite: [.failed, .failed], victimAlone: .failed)
        // When
        let (judgement, requests) = try await judge(observed)
        // Then
        #expect(judgement.findings == [])
        #expect(judgement.failingTests == [victim.id])
        #expect(requests == [])
    }

    @Test("A test whose median duration is over the budget is slow, with its median")
    func slow() async throws {
        // Given
        let observed = observations(
            victimInSuite: [.passed, .passed, .passed], victimAlone: .passed, victimSeconds: 0.25)
        // When
        let (judgement, _) = try await judge(observed)
        // Then
        #expect(
            judgement.findings.map(\.message) == [
                "CartTests.testC takes 250 ms (median of 3 runs), over the 100 ms budget"
            ])
    }

    @Test("Bisection's killed processes are kept in the judgement")
    func bisectionTimeouts() async throws {
        // Given
        let observed = observations(victimInSuite: [.failed], victimAlone: .passed)
        let killed = TimedOutRun(
            run: "bisection of CartTests.testC, attempt 1", library: .xctest, unfinished: [first.id],
            notStarted: [])
        // When
        let judgement = try await sut.judge(observed, context) { _ in
            BisectionResult(culprits: [first], timedOutRuns: [killed])
        }
        // Then
        #expect(judgement.timedOutRuns == [killed])
    }

    @Test("A finding of the source analysis is tied to the Swift Testing test it names by file and function")
    func staticFindingTied() async throws {
        // Given
        var context = self.context
        context.analysis.findings = [
            AnalyzedFinding(
                kind: .tautology, testName: "Suite/total", file: "Tests/MTests/Totals.swift", line: 5, message: "t")
        ]
        let observed = Observations(
            tests: [swiftTest],
            suiteRuns: [ObservedRun(results: [swiftTest.id: TestResult(outcome: .passed, duration: 0)])],
            alone: [swiftTest.id: TestResult(outcome: .passed, duration: 0)])
        // When
        let judgement = try await sut.judge(observed, context) { _ in BisectionResult(culprits: []) }
        // Then
        #expect(judgement.findings.map(\.test) == [swiftTest.id])
    }

    @Test("A source file no test executes is uncovered")
    func uncoveredFile() async throws {
        // Given
        var context = self.context
        context.coverage = CoverageReport(
            linePercent: 50, regionPercent: 50,
            files: [
                FileCoverage(file: "Sources/M/Cart.swift", coveredLines: 4, lines: 4, coveredRegions: 1, regions: 1),
                FileCoverage(file: "Sources/M/Dead.swift", coveredLines: 0, lines: 4, coveredRegions: 0, regions: 1),
            ])
        let observed = Observations(tests: [], suiteRuns: [], alone: [:])
        // When
        let judgement = try await sut.judge(observed, context) { _ in BisectionResult(culprits: []) }
        // Then
        #expect(
            judgement.findings.map(\.message) == [
                "Sources/M/Dead.swift is never executed by any test (4 executable lines)"
            ])
    }
}
