import Foundation
import Testing

@testable import LitmusAudit
@testable import LitmusRunning

/// Judging Swift Testing's repeated parallel runs and issues recorded after a test ended, from
/// hand-made observations: no process runs.
@Suite("Judging the parallel runs and late issues")
struct ParallelJudgeTests {
    private let victim = TestIdentity(
        library: .swiftTesting, id: "M.Tally/victim()/Tally.swift:5:2", file: "Tests/MTests/Tally.swift", line: 5)
    private let partner = TestIdentity(
        library: .swiftTesting, id: "M.Tally/partner()/Tally.swift:12:2", file: "Tests/MTests/Tally.swift", line: 12)
    private let bystander = TestIdentity(
        library: .swiftTesting, id: "M.Other/bystander()/Other.swift:3:2", file: "Tests/MTests/Other.swift", line: 3)

    /// A result spanning `start...end` seconds.
    private func result(_ outcome: TestOutcome, _ start: Double, _ end: Double) -> TestResult {
        TestResult(
            outcome: outcome, duration: end - start, issues: outcome == .failed ? ["Tally.swift:8: shared"] : [],
            span: start...end)
    }

    /// A parallel run where the victim has `outcome` and overlaps the partner; the bystander runs after.
    private func parallelRun(victim outcome: TestOutcome) -> ObservedRun {
        ObservedRun(results: [
            victim.id: result(outcome, 10.0, 10.2), partner.id: result(.passed, 10.05, 10.3),
            bystander.id: result(.passed, 10.5, 10.6),
        ])
    }

    /// Every test passes one at a time and alone; the parallel runs as given.
    private func observations(parallel: [ObservedRun]) -> Observations {
        let tests = [victim, partner, bystander]
        let serial = ObservedRun(
            results: Dictionary(uniqueKeysWithValues: tests.map { ($0.id, result(.passed, 0, 0.01)) }))
        return Observations(
            tests: tests, suiteRuns: [serial, serial, serial],
            alone: Dictionary(uniqueKeysWithValues: tests.map { ($0.id, result(.passed, 0, 0.01)) }),
            parallelRuns: parallel)
    }

    private func judge(_ observations: Observations) async throws -> Judgement {
        try await Judge.judge(observations, JudgingContext(options: AuditOptions(), seed: 1)) { _ in
            BisectionResult(culprits: [])
        }
    }

    @Test("A test whose outcome differs between parallel runs is flaky, with its flip rate and the tests beside it")
    func flakyInParallel() async throws {
        // Given
        let observed = observations(parallel: [
            parallelRun(victim: .failed), parallelRun(victim: .passed), parallelRun(victim: .failed),
        ])
        // When
        let judgement = try await judge(observed)
        // Then
        #expect(judgement.findings.map(\.kind) == [.flaky])
        #expect(
            judgement.findings.first?.message
                == "Tally/victim() failed 2 of 3 parallel runs (flip rate 1.00) and passed every one-at-a-time run; "
                + "running at the same time in each: Tally/partner()")
        #expect(judgement.findings.first?.location == "Tests/MTests/Tally.swift:5")
    }

    @Test("A test that failed only in a parallel run keeps that run's failure message")
    func parallelFailureMessageKept() {
        // Given
        let observed = observations(parallel: [parallelRun(victim: .passed), parallelRun(victim: .failed)])

        // Then
        #expect(observed.issues(of: victim) == ["Tally.swift:8: shared"])
        #expect(observed.issues(of: partner) == [])
    }

    @Test("A test that passes one at a time and alone and fails in every parallel run names the tests beside it")
    func failsOnlyInParallel() async throws {
        // Given
        let observed = observations(parallel: [parallelRun(victim: .failed), parallelRun(victim: .failed)])
        // When
        let judgement = try await judge(observed)
        // Then
        #expect(judgement.findings.map(\.kind) == [.failsOnlyWithOthers])
        #expect(
            judgement.findings.first?.message
                == "Tally/victim() passes alone and one test at a time, and fails in all 2 parallel runs: "
                + "it shares state with a test running at the same time; running at the same time in each: Tally/partner()"
        )
    }

    @Test("A test that sleeps before it checks, failing only in parallel, is said to maybe wait too little")
    func sleepsBeforeChecking() async throws {
        // Given: a sleep at line 7, in the victim's body (lines 5 to 11); the partner's at line 13 is not its.
        let observed = observations(parallel: [parallelRun(victim: .failed), parallelRun(victim: .failed)])
        var analysis = SourceAnalysis()
        analysis.findings = [
            AnalyzedFinding(
                kind: .sleepInTest, testName: "Tally/victim", file: "Tests/MTests/Tally.swift", line: 7,
                message: "Tally/victim sleeps: Task.sleep(seconds: 0.1)"),
            AnalyzedFinding(
                kind: .sleepInTest, testName: "Tally/partner", file: "Tests/MTests/Tally.swift", line: 13,
                message: "Tally/partner sleeps: Task.sleep(seconds: 0.5)"),
        ]
        // When
        let judgement = try await Judge.judge(
            observed, JudgingContext(options: AuditOptions(), seed: 1, analysis: analysis)
        ) { _ in BisectionResult(culprits: []) }
        // Then
        let message = try #require(judgement.findings.first { $0.kind == .failsOnlyWithOthers }?.message)
        #expect(
            message.contains(
                "or it waits a fixed time (`Task.sleep(seconds: 0.1)` at line 7) that the tests running beside it outlast"
            ))
        #expect(!message.contains("0.5"))
    }

    @Test("Only the tests beside it in every failing run are named")
    func concurrencyIntersects() {
        // Given: the bystander overlaps the victim in the first run only.
        var first = parallelRun(victim: .failed)
        first.results[bystander.id] = result(.passed, 10.15, 10.4)
        let observed = observations(parallel: [first])
        // When
        let alone = ParallelJudge.concurrency(of: victim, in: [first], observed)
        let both = ParallelJudge.concurrency(of: victim, in: [first, parallelRun(victim: .failed)], observed)
        // Then
        #expect(alone == "; running at the same time: Tally/partner(), Other/bystander()")
        #expect(both == "; running at the same time in each: Tally/partner()")
    }

    @Test("The tests declared in the failing test's own file are named before a longer overlap from another file")
    func concurrencySameFileFirst() {
        // Given: the bystander (another file) spans all of the victim; the partner (its file) a part.
        var run = parallelRun(victim: .failed)
        run.results[bystander.id] = result(.passed, 9.9, 10.4)
        let observed = observations(parallel: [run])
        // When
        let named = ParallelJudge.concurrency(of: victim, in: [run], observed)
        // Then
        #expect(run.overlaps(with: victim.id).map(\.id) == [bystander.id, partner.id])
        #expect(named == "; running at the same time: Tally/partner(), Other/bystander()")
    }

    @Test("A test that passes in every parallel run is not a finding")
    func stableInParallel() async throws {
        let judgement = try await judge(
            observations(parallel: [parallelRun(victim: .passed), parallelRun(victim: .passed)]))
        #expect(judgement.findings.isEmpty)
    }

    @Test(
        "An issue recorded after its test ended is unawaited work of that test, at the check's line, not an I finding")
    func lateIssue() async throws {
        // Given: the victim passed everywhere; in the second suite run an issue came in after it ended.
        var observed = observations(parallel: [])
        var late = result(.passed, 0, 0.01)
        late.lateIssues = [
            RecordedIssue(message: "Expectation failed: 3 == 4", file: "Tests/MTests/Tally.swift", line: 9)
        ]
        observed.suiteRuns[1].results[victim.id] = late
        // When
        let judgement = try await judge(observed)
        // Then
        #expect(judgement.findings.map(\.kind) == [.unawaitedAssertion])
        #expect(judgement.findings.first?.test == victim.id)
        #expect(judgement.findings.first?.location == "Tests/MTests/Tally.swift:9")
        #expect(
            judgement.findings.first?.message
                == "Tally/victim() recorded an issue after it had ended (suite run 2 of 3): Expectation failed: 3 == 4. "
                + "Work it started ran on after it returned and nothing waited for it, so the test passed without this check"
        )
    }

    @Test("A late issue where the static analysis already found unawaited work is not reported twice")
    func lateIssueDeduplicated() {
        var observed = observations(parallel: [])
        var late = result(.passed, 0, 0.01)
        late.lateIssues = [RecordedIssue(message: "late", file: "Tests/MTests/Tally.swift", line: 9)]
        observed.suiteRuns[0].results[victim.id] = late
        let existing = Finding(
            kind: .unawaitedAssertion, test: victim.id, file: "Tests/MTests/Tally.swift", line: 9,
            message: "static")
        #expect(LateIssueJudge.findings(observed, besides: [existing]).isEmpty)
        #expect(LateIssueJudge.findings(observed, besides: []).count == 1)
    }
}

@Suite("What Swift Testing's event stream says of late issues and parallel runs (Swift 6.3.1)")
struct EventStreamTimingTests {
    // Both streams were written on this toolchain by the tests in
    // Resources/swift-testing-late-issue.swift.txt (`--event-stream-output-path`, version 0): the first
    // with `--no-parallel`, the second in the default parallel mode.

    @Test("A Task's issue after its test ended carries the test's id; it is late, and the test passed")
    func lateIssueFromTask() throws {
        let stream = EventStreamParser().parse(try resource("swift-testing-late-issue.jsonl"))
        let late = try #require(stream.results.first { $0.key.rawValue.hasPrefix("PTests.late()") }?.value)
        #expect(late.outcome == .passed)
        #expect(late.issues.isEmpty)
        #expect(late.lateIssues.map(\.message) == ["Expectation failed: (one() → 1) == 2"])
        #expect(late.lateIssues.first?.line == 9)
        #expect(late.lateIssues.first?.file?.hasSuffix("Tests/PTests/T.swift") == true)
        // Task.detached does not inherit the test: its issue has no test id, and no test gets it.
        let detached = try #require(stream.results.first { $0.key.rawValue.hasPrefix("PTests.lateDetached()") }?.value)
        #expect(detached.outcome == .passed && detached.lateIssues.isEmpty)
    }

    @Test("Each test's span comes from testStarted and testEnded; in parallel the two tests overlap and one fails")
    func spans() throws {
        let serial = EventStreamParser().parse(try resource("swift-testing-late-issue.jsonl"))
        let parallel = EventStreamParser().parse(try resource("swift-testing-parallel.jsonl"))
        func id(_ prefix: String, _ stream: EventStreamParser.Stream) throws -> TestID {
            try #require(stream.results.keys.first { $0.rawValue.hasPrefix(prefix) })
        }
        let run = ObservedRun(results: parallel.results)
        let victim = try id("PTests.parallelVictim()", parallel)
        #expect(parallel.results[victim]?.outcome == .failed)
        #expect(run.overlaps(with: victim).map(\.id).contains(try id("PTests.parallelPartner()", parallel)))
        let serialRun = ObservedRun(results: serial.results)
        #expect(serial.results[try id("PTests.parallelVictim()", serial)]?.outcome == .passed)
        #expect(serialRun.overlaps(with: try id("PTests.parallelVictim()", serial)).isEmpty)
    }
}
