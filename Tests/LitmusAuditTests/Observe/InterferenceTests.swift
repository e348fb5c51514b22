import Foundation
import LitmusSupport
import Testing

@testable import LitmusAudit
@testable import LitmusRunning

/// Telling a test that fails because another test process ran beside it (two processes sharing a fixed
/// folder) from an order-dependent or flaky one, from hand-made observations: no process runs.
@Suite("Judging failures beside other test processes")
struct InterferenceTests {
    private let victim = TestIdentity(
        library: .xctest, id: "FilesTests.FilesTests/testWritingData", file: "Tests/FilesTests/FilesTests.swift",
        line: 120)
    private let other = TestIdentity(
        library: .xctest, id: "FilesTests.FilesTests/testMovingFiles", file: "Tests/FilesTests/FilesTests.swift",
        line: 200)

    private func result(_ outcome: TestOutcome, _ issue: String? = nil) -> TestResult {
        TestResult(outcome: outcome, duration: 0.01, issues: issue.map { [$0] } ?? [])
    }

    private func process(_ start: Double, _ end: Double, _ tests: [TestIdentity]) -> TestProcess {
        TestProcess(library: .xctest, start: start, end: end, tests: tests.map(\.id))
    }

    /// Suite run 1 fails the victim while suite run 2's process runs beside it; run 3 runs alone and passes.
    private func observations(secondRunBeside: Bool = true) -> Observations {
        let failing = ObservedRun(results: [
            victim.id: result(.failed, "error: '/root/.filesTest/folder' could not be found"),
            other.id: result(.passed),
        ])
        let passing = ObservedRun(results: [victim.id: result(.passed), other.id: result(.passed)])
        var observed = Observations(
            tests: [victim, other], suiteRuns: [failing, passing, passing],
            alone: [victim.id: result(.passed), other.id: result(.passed)])
        observed.processes = [
            RunProcess(run: .suite(index: 1), process: process(0, 2, [victim, other])),
            RunProcess(
                run: .suite(index: 2),
                process: process(secondRunBeside ? 1 : 3, secondRunBeside ? 3 : 4, [victim, other])),
            RunProcess(run: .suite(index: 3), process: process(5, 6, [victim, other])),
        ]
        return observed
    }

    @Test("A test that failed only while another process ran is a suspect, with the runs beside it")
    func suspectBesideOthers() throws {
        // When
        let suspects = observations().interferenceSuspects()
        // Then
        let suspect = try #require(suspects.first)
        #expect(suspects.count == 1)
        #expect(suspect.test.id == victim.id)
        #expect(suspect.failedIn == [.suite(index: 1)])
        #expect(suspect.beside == [.suite(index: 2)])
    }

    @Test("A test that failed with no other process running is no suspect")
    func failureAloneIsOwn() {
        // Given: suite run 2 starts after run 1 ended.
        let observed = observations(secondRunBeside: false)
        // Then
        #expect(observed.interferenceSuspects().isEmpty)
    }

    @Test(
        "A test whose alone run failed beside another process is still a suspect after passing the runs that timed it again alone"
    )
    func timedAgainAloneIsNoFailure() throws {
        // Given: the victim failed in its alone run while random half 1 ran beside it (SharedFolder's fixture on a
        // busy machine), then passed three runs timing it again alone, with nothing beside them. Those runs have its
        // alone run's name; each process keeps its own failures.
        var observed = observations(secondRunBeside: false)
        observed.suiteRuns[0].results[victim.id] = result(.passed)
        observed.alone[victim.id] = result(.failed, "error: '/tmp/shared/notes' could not be found")
        var aloneRun = process(10, 11, [victim])
        aloneRun.failed = [victim.id]
        var half = process(10.5, 12, [other])
        half.failed = []
        observed.processes += [
            RunProcess(run: .alone(test: victim.id), process: aloneRun),
            RunProcess(run: .half(index: 1), process: half),
        ]
        for start in [20.0, 22, 24] {
            var timed = process(start, start + 1, [victim])
            timed.failed = []
            observed.processes.append(RunProcess(run: .alone(test: victim.id), process: timed))
        }
        // When
        let suspects = observed.interferenceSuspects()
        // Then
        #expect(suspects.map(\.test.id) == [victim.id])
        #expect(suspects.first?.failedIn == [.alone(test: victim.id)])
        #expect(suspects.first?.beside == [.half(index: 1)])
    }

    @Test("A process recorded before its failures were kept is read by its run's outcome")
    func recordWithoutFailuresReadsTheRun() {
        // Given: the processes of observations() carry no record of their failures (a shard record of an older
        // Litmus)
        let observed = observations()
        // Then: suite run 1's failure is read from the run, as before
        #expect(observed.processes.allSatisfy { $0.process.failed == nil })
        #expect(observed.failed(victim.id, in: observed.processes[0]))
        #expect(!observed.failed(victim.id, in: observed.processes[1]))
    }

    @Test("A confirmed check is one isolation finding naming the runs, the reruns and the shared path, not flaky")
    func confirmedIsOneFinding() async throws {
        // Given
        var observed = observations()
        observed.interference[victim.id] = InterferenceCheck(
            failedIn: [.suite(index: 1)], beside: [.suite(index: 2)], exclusiveRuns: 2, exclusivePasses: 2,
            reproduced: "beside a second copy of itself (two processes at once)",
            reproducedIssues: ["error: '/root/.filesTest/folder' could not be found"])
        // When
        let judgement = try await Judge.judge(observed, JudgingContext(options: AuditOptions(), seed: 1)) { _ in
            BisectionResult(culprits: [])
        }
        // Then
        #expect(judgement.findings.map(\.kind) == [.failsBesideOtherProcesses])
        let message = try #require(judgement.findings.first?.message)
        #expect(message.contains("(suite run 1)"))
        #expect(message.contains("passed 2 of 2 runs"))
        #expect(message.contains("beside a second copy of itself"))
        #expect(message.contains("`/root/.filesTest/folder`"))
    }

    @Test("A confirmed check whose failures name no path or address is flaky under load, not shared state")
    func noPathMeansMaybeLoad() async throws {
        // Given: swhitty/FlyingFox's in-memory WebSocket test, failing on timing beside the suite.
        var observed = observations()
        observed.suiteRuns[0].results[victim.id]?.issues = [
            "WSHandlerTests.swift:149: Expectation failed: frames == [.close]"
        ]
        observed.interference[victim.id] = InterferenceCheck(
            failedIn: [.suite(index: 1)], beside: [.suite(index: 2)], exclusiveRuns: 2, exclusivePasses: 2,
            reproduced: "beside the whole suite running in another process",
            reproducedIssues: ["WSHandlerTests.swift:149: Expectation failed: frames == [.close]"])
        // When
        let judgement = try await Judge.judge(observed, JudgingContext(options: AuditOptions(), seed: 1)) { _ in
            BisectionResult(culprits: [])
        }
        // Then: R, for its timing, not I.
        #expect(judgement.findings.map(\.kind) == [.flaky])
        #expect(
            judgement.findings.first?.message.hasSuffix(
                "its failures name no shared path or address: it is likely sensitive to the load another process "
                    + "puts on the machine (its timing), not sharing something with it") == true)
    }

    @Test(
        "With nothing named, failing beside CPU-only load too is flaky under load; passing there is shared with the tests",
        arguments: [(failures: 3, kind: FindingKind.flaky), (failures: 0, kind: .failsBesideOtherProcesses)])
    func loadDifferential(failures: Int, kind: FindingKind) async throws {
        // Given: JohnSundell/Files' testDroppingLeadingSlashWhenCreatingSubfolderAtPath, whose failure
        // (a folder's subfolder count) names no path: ten runs beside processes that only keep the CPU busy.
        var observed = observations()
        let issue = "FilesTests.swift:512: XCTAssertEqual failed: (\"2\") is not equal to (\"1\")"
        observed.suiteRuns[0].results[victim.id]?.issues = [issue]
        observed.interference[victim.id] = InterferenceCheck(
            failedIn: [.suite(index: 1)], beside: [.suite(index: 2)], exclusiveRuns: 2, exclusivePasses: 2,
            reproduced: "beside the whole suite running in another process", reproducedIssues: [issue],
            reproducedAfter: 3, loadRuns: 10, loadFailures: failures)
        // When
        let judgement = try await Judge.judge(observed, JudgingContext(options: AuditOptions(), seed: 1)) { _ in
            BisectionResult(culprits: [])
        }
        // Then
        #expect(judgement.findings.map(\.kind) == [kind])
        let message = try #require(judgement.findings.first?.message)
        if kind == .flaky {
            #expect(message.contains("beside processes that only keep the CPU busy it failed 3 of 10 runs too"))
        } else {
            #expect(
                message.hasSuffix(
                    "beside processes that only keep the CPU busy it passed all 10 runs: it shares something with "
                        + "the package's other tests, not only the machine"))
        }
    }

    @Test("A check that did not reproduce the failure leaves the test to the other judges")
    func unconfirmedIsFlaky() async throws {
        // Given
        var observed = observations()
        observed.interference[victim.id] = InterferenceCheck(
            failedIn: [.suite(index: 1)], beside: [.suite(index: 2)], exclusiveRuns: 2, exclusivePasses: 2,
            reproduced: nil)
        // When
        let judgement = try await Judge.judge(observed, JudgingContext(options: AuditOptions(), seed: 1)) { _ in
            BisectionResult(culprits: [])
        }
        // Then: flaky, with what the reruns showed.
        #expect(judgement.findings.map(\.kind) == [.flaky])
        #expect(
            judgement.findings.first?.message.hasSuffix(
                "(each failure came while another test process ran beside it, and rerun alone it passed 2 of 2 runs: "
                    + "it may share something outside its process, such as `/root/.filesTest/folder`)") == true)
    }

    @Test("Passes only with others, yet every rerun alone with nothing beside it passed: the process beside failed it")
    func passesOnlyWithOthersBesideAProcess() {
        // Given swift-mustache's LibraryTests: failed in its alone run, which had another process beside it
        var observed = observations()
        observed.interference[victim.id] = InterferenceCheck(
            failedIn: [.alone(test: victim.id)], beside: [.suite(index: 2)], exclusiveRuns: 2, exclusivePasses: 2,
            reproduced: nil)
        let unnamed = Finding(
            kind: .passesOnlyWithOthers, test: victim.id,
            message:
                "FilesTests.testWritingData passed among the others and failed alone, but no test run before it made "
                + "it pass")
        // When
        let noted = InterferenceJudge.caveat(unnamed, observed)
        // Then it is no order dependence but a process beside it; a named culprit keeps the order finding
        #expect(noted.kind == .failsBesideOtherProcesses)
        #expect(noted.message.contains("passed each of its 2 runs with nothing beside it"))
        #expect(InterferenceJudge.caveat(unnamed, observed, explained: true).kind == .passesOnlyWithOthers)
    }

    @Test("An order finding whose polluter bisection named gets no caveat: passing alone is what it predicts")
    func explainedOrderNoCaveat() {
        // Given: Planted's testC fails after testA in every suite run, which had another process beside it.
        var observed = observations()
        observed.interference[victim.id] = InterferenceCheck(
            failedIn: [.suite(index: 1)], beside: [.suite(index: 2)], exclusiveRuns: 2, exclusivePasses: 2,
            reproduced: nil)
        let named = Finding(
            kind: .failsOnlyWithOthers, test: victim.id,
            message:
                "FilesTests.testWritingData passes alone and fails after FilesTests.testMovingFiles, which pollutes shared state"
        )
        let unnamed = Finding(
            kind: .failsOnlyWithOthers, test: victim.id,
            message:
                "FilesTests.testWritingData passed alone and failed among the others, but no test run before it made it fail when bisected: what made the difference is likely outside the tests"
        )
        // Then
        #expect(InterferenceJudge.caveat(named, observed, explained: true).message == named.message)
        #expect(
            InterferenceJudge.caveat(unnamed, observed).message.contains("it may share something outside its process"))
    }

    @Test(
        "Tests whose failures name one shared folder are one finding naming it; a test alone in its folder keeps its own"
    )
    func groupedBySharedFolder() throws {
        // Given: JohnSundell/Files' tests under ~/.filesTest, two confirmed and one not, one test whose
        // failure names another folder, and one whose failure names none.
        let names = ["testA", "testB", "testC", "testD", "testE"]
        let tests = names.enumerated().map { index, name in
            TestIdentity(
                library: .xctest, id: "FilesTests.FilesTests/\(name)", file: "Tests/FilesTests/FilesTests.swift",
                line: 10 * (index + 1))
        }
        let issues = [
            "error at '/root/.filesTest/a/b/c.txt'", "error at '/root/.filesTest/int'",
            "error at '/root/.filesTest/file'",
            "error at '/srv/cache/data/x'", "XCTAssertEqual failed: (\"2\") is not equal to (\"1\")",
        ]
        var observed = Observations(
            tests: tests, suiteRuns: [ObservedRun(results: [:])],
            alone: Dictionary(uniqueKeysWithValues: tests.map { ($0.id, result(.passed)) }))
        for (test, issue) in zip(tests, issues) { observed.suiteRuns[0].results[test.id] = result(.failed, issue) }
        let kinds: [FindingKind] = [
            .failsBesideOtherProcesses, .failsBesideOtherProcesses, .flaky, .failsBesideOtherProcesses, .flaky,
        ]
        let beside = zip(tests, kinds).map { test, kind in
            (test: test, finding: Finding(kind: kind, test: test.id, message: "\(test.name) alone"))
        }
        // When
        let findings = InterferenceJudge.grouped(beside, observed, home: "/root")
        // Then
        #expect(findings.count == 2)
        let group = try #require(findings.first)
        #expect(group.kind == .failsBesideOtherProcesses)
        #expect(group.test == nil)
        #expect(group.location == "Tests/FilesTests/FilesTests.swift")
        #expect(
            group.message.hasPrefix(
                "`/root/.filesTest` is one folder shared by every test process of the package: 3 tests failed only"))
        #expect(
            group.message.contains(
                "2 failed again beside the whole suite in the reruns (FilesTests.testA, FilesTests.testB)"))
        #expect(group.message.contains("the failures of FilesTests.testC name the same folder"))
        #expect(
            group.message.hasSuffix(
                "FilesTests.testE failed the same way, beside another process only, with failures that name no path: likely the same folder"
            ))
        #expect(findings.last?.message == "FilesTests.testD alone")
        #expect(
            InterferenceJudge.sharedFolder("/tmp/litmus-shared-folder-fixture/", home: "/root")
                == "/tmp/litmus-shared-folder-fixture")
        #expect(InterferenceJudge.sharedFolder("/srv/cache/data/x", home: "/root") == "/srv/cache/data")
    }

    @Test("Shared paths are the absolute paths failure messages name, not the package's source locations")
    func sharedPaths() {
        // When
        let paths = InterferenceCheck.sharedPaths(in: [
            "Tests/FilesTests/FilesTests.swift:40: error: '/root/.filesTest/a.txt' could not be found.",
            "XCTAssertEqual failed: (\"/tmp/x/y\") is not equal to (\"b\")", "/root/.filesTest/a.txt again",
        ])
        // Then
        #expect(paths == ["/root/.filesTest/a.txt", "/tmp/x/y"])
    }
}
