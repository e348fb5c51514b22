import Foundation
import LitmusSupport
import Testing

@testable import LitmusAudit
@testable import LitmusRunning

/// Reading a crashed test process's output, and judging crashes and leftover processes from hand-made
/// observations: no process runs.
@Suite("Judging crashes and leftover processes")
struct CrashJudgeTests {
    private let culprit = TestIdentity(
        library: .swiftTesting, id: "LedgerTests/closingNeedsTheLedgerAlone()/LedgerTests.swift:20:2",
        file: "Tests/LedgerTests/LedgerTests.swift", line: 20)
    private let bystanders = (1...3).map { index in
        TestIdentity(
            library: .swiftTesting, id: "LedgerTests/entry\(index)()/LedgerTests.swift:\(30 + index):2",
            file: "Tests/LedgerTests/LedgerTests.swift", line: 30 + index)
    }
    private let client = TestIdentity(
        library: .swiftTesting, id: "ClientTests/cancelsRequest()/ClientTests.swift:60:2",
        file: "Tests/ServerTests/ClientTests.swift", line: 60)
    private let server = TestIdentity(
        library: .swiftTesting, id: "ServerTests/startsServer()/ServerTests.swift:12:2",
        file: "Tests/ServerTests/ServerTests.swift", line: 12)

    private func result(_ outcome: TestOutcome) -> TestResult {
        TestResult(outcome: outcome, duration: 0.01, issues: [])
    }

    /// Observations in which every test passes one at a time and alone, and each parallel run is as given.
    private func observations(
        _ tests: [TestIdentity], parallel: [[TestID: TestOutcome]], processes: [RunProcess]
    ) -> Observations {
        let serial = ObservedRun(results: Dictionary(uniqueKeysWithValues: tests.map { ($0.id, result(.passed)) }))
        var observed = Observations(
            tests: tests, suiteRuns: [serial, serial, serial],
            alone: Dictionary(uniqueKeysWithValues: tests.map { ($0.id, result(.passed)) }),
            parallelRuns: parallel.map { outcomes in ObservedRun(results: outcomes.mapValues(result)) })
        observed.processes = processes
        return observed
    }

    private func judge(_ observations: Observations, _ analysis: SourceAnalysis = SourceAnalysis()) async throws
        -> Judgement
    {
        try await Judge.judge(observations, JudgingContext(options: AuditOptions(), seed: 1, analysis: analysis)) {
            _ in BisectionResult(culprits: [])
        }
    }

    @Test("A crash in a test's own code is read with its message and the crashed thread's frames in source")
    func readsTestCrash() throws {
        // When
        let crash = ProcessCrash.read(
            output: try resourceText("swift-testing-test-crash.txt"), signal: SIGILL, status: SIGILL)
        // Then
        #expect(crash.message.contains { $0.contains("the ledger was closed while in use") })
        #expect(crash.frames.first?.function == "closingNeedsTheLedgerAlone()")
        #expect(crash.frames.first?.file == "/tmp/crashfx/Tests/LedgerTests/LedgerTests.swift")
        #expect(crash.frames.first?.line == 23)
    }

    @Test("A crash in a dependency has no test frame; the types the crashed thread ran are kept, the runtime's not")
    func readsDependencyCrash() throws {
        // When
        let crash = ProcessCrash.read(
            output: try resourceText("swift-testing-dependency-crash.txt"), signal: SIGILL, status: SIGILL)
        // Then
        #expect(
            crash.message.first
                == "FoundationNetworking/TaskRegistry.swift:118: Fatal error: Trying to access a behaviour for a task that in not in the registry."
        )
        #expect(crash.frames.isEmpty)
        #expect(crash.symbols.contains("URLSession"))
        #expect(crash.symbols.contains("URLSessionTask"))
        #expect(!crash.symbols.contains("Runner"))
    }

    @Test(
        "The tests a crash ended beside its named culprit do not run alone for it; the culprit, a failure, another crash do"
    )
    func crashCollateralRunsNotAlone() {
        // Given: parallel run 1 crashed in the culprit's frame while two bystanders ran (FlyingFox's shape) and a
        // third test failed on its own; in parallel run 2 a process crashed with no frame in any test while the
        // client, the server and one of the bystanders ran
        let crash = ProcessCrash(
            signal: SIGILL, status: SIGILL, message: ["Fatal error: the ledger was closed while in use"],
            frames: [
                .init(function: "closingNeedsTheLedgerAlone()", file: "Tests/LedgerTests/LedgerTests.swift", line: 23)
            ])
        let ended = [culprit, bystanders[0], bystanders[1]]
        let crashed = TestProcess(
            library: .swiftTesting, start: 1, end: 2, tests: ended.map(\.id), crash: crash, inFlight: ended.map(\.id))
        let unexplainedTests = [client.id, server.id, bystanders[1].id]
        let unexplained = TestProcess(
            library: .swiftTesting, start: 3, end: 4, tests: unexplainedTests,
            crash: ProcessCrash(signal: SIGILL, status: SIGILL, message: ["Fatal error"], frames: []),
            inFlight: unexplainedTests)
        var first = Dictionary(uniqueKeysWithValues: ended.map { ($0.id, result(.crashed)) })
        first[bystanders[2].id] = result(.failed)
        let second = Dictionary(uniqueKeysWithValues: unexplainedTests.map { ($0, result(.crashed)) })
        let tests = [culprit, client, server] + bystanders
        // When
        let failing = RunStage.failing(
            in: [ObservedRun(results: first), ObservedRun(results: second)],
            processes: [
                RunProcess(run: .parallel(index: 1), process: crashed),
                RunProcess(run: .parallel(index: 2), process: unexplained),
            ], tests: tests)
        // Then: only the bystander the named crash alone ended is spared (the other crashed a second time, in a
        // crash that may have been its own)
        #expect(failing == [culprit.id, bystanders[1].id, bystanders[2].id, client.id, server.id])
    }

    @Test(
        "A crash that names no test runs alone the tests using what it ran; the others running beside them are spared"
    )
    func crashSuspectsRunAloneNotTheirNeighbours() throws {
        // Given: a parallel run's process crashed in URLSession (no frame in a test) while the client test, which
        // uses URLSession, the server test and a bystander ran; another process crashed the same way while only
        // tests using nothing it ran were running
        let crash = ProcessCrash.read(
            output: try resourceText("swift-testing-dependency-crash.txt"), signal: SIGILL, status: SIGILL)
        let running = [client.id, server.id, bystanders[0].id]
        let suspected = TestProcess(
            library: .swiftTesting, start: 1, end: 2, tests: running, crash: crash, inFlight: running)
        let unsuspected = TestProcess(
            library: .swiftTesting, start: 3, end: 4, tests: [bystanders[1].id], crash: crash,
            inFlight: [bystanders[1].id])
        let typeNames = [
            "Tests/ServerTests/ClientTests.swift": ["HTTPClient", "URLSession"],
            "Tests/ServerTests/ServerTests.swift": ["HTTPServer"],
        ]
        let crashed = ObservedRun(
            results: Dictionary(uniqueKeysWithValues: (running + [bystanders[1].id]).map { ($0, result(.crashed)) }))
        // When
        let failing = RunStage.failing(
            in: [crashed],
            processes: [
                RunProcess(run: .parallel(index: 1), process: suspected),
                RunProcess(run: .parallel(index: 2), process: unsuspected),
            ], tests: [culprit, client, server] + bystanders, typeNames: typeNames)
        // Then: the suspect runs alone, its neighbours do not; where no running test uses what crashed, each does
        #expect(failing == [client.id, bystanders[1].id])
        #expect(
            CrashCulprit.suspects(suspected, crash, among: [client, server], typeNames: typeNames).using
                == ["URLSession"])
    }

    @Test("A culprit to spare others must be named by a frame, and be the only test of that name")
    func namedCulpritsOnly() {
        // Given: a crash in a helper of the culprit's file (only the nearest running test above it could be
        // guessed), and one in a frame naming a test two suites of the file have
        let helper = ProcessCrash(
            signal: SIGILL, status: SIGILL, message: ["Fatal error"],
            frames: [.init(function: "helper(_:)", file: "Tests/LedgerTests/LedgerTests.swift", line: 40)])
        let twin = TestIdentity(
            library: .swiftTesting, id: "OtherLedgerTests/entry1()/LedgerTests.swift:90:2",
            file: "Tests/LedgerTests/LedgerTests.swift", line: 90)
        let ambiguous = ProcessCrash(
            signal: SIGILL, status: SIGILL, message: ["Fatal error"],
            frames: [.init(function: "entry1()", file: "Tests/LedgerTests/LedgerTests.swift", line: 32)])
        let running = [culprit.id, bystanders[0].id, twin.id]
        let process = TestProcess(
            library: .swiftTesting, start: 1, end: 2, tests: running, crash: helper, inFlight: running)
        let tests = [culprit, twin] + bystanders
        // When / Then: the guess names a culprit for the finding, but none sure enough to spare the others
        #expect(CrashCulprit.of(process, helper, among: tests) != nil)
        #expect(CrashCulprit.of(process, helper, among: tests, named: true) == nil)
        #expect(CrashCulprit.of(process, ambiguous, among: tests, named: true) == nil)
    }

    @Test("A crash is one finding naming the test whose frame crashed; the tests it ended are not flaky")
    func crashNamesCulpritNotCollateral() async throws {
        // Given: parallel run 1 crashed while all four ran; run 2 passed.
        let tests = [culprit] + bystanders
        let crash = ProcessCrash(
            signal: SIGILL, status: SIGILL, message: ["Fatal error: the ledger was closed while in use"],
            frames: [
                .init(function: "closingNeedsTheLedgerAlone()", file: "Tests/LedgerTests/LedgerTests.swift", line: 23)
            ])
        let crashed = TestProcess(
            library: .swiftTesting, start: 1, end: 2, tests: tests.map(\.id), crash: crash, inFlight: tests.map(\.id))
        let observed = observations(
            tests,
            parallel: [
                Dictionary(uniqueKeysWithValues: tests.map { ($0.id, .crashed) }),
                Dictionary(uniqueKeysWithValues: tests.map { ($0.id, .passed) }),
            ],
            processes: [RunProcess(run: .parallel(index: 1), process: crashed)])
        // When
        let judgement = try await judge(observed)
        // Then
        #expect(judgement.findings.map(\.kind) == [.crashed])
        let finding = try #require(judgement.findings.first)
        #expect(finding.test == culprit.id)
        #expect(finding.location == "Tests/LedgerTests/LedgerTests.swift:23")
        #expect(finding.message.contains("parallel run 1"))
        #expect(finding.message.contains("the ledger was closed while in use"))
        #expect(finding.message.contains("it ended 3 other tests"))
    }

    @Test("A crash while a test is timed again alone leaves its first alone run's outcome as it was")
    func crashTimedAgainAloneIsNotTheAloneRun() {
        // Given: the culprit failed in its first alone run, then crashed in a run timing it again alone (the same
        // run name, `.alone`), and crashed in the first alone run of a bystander
        let crash = ProcessCrash(signal: SIGILL, status: SIGILL, message: ["Fatal error"], frames: [])
        var observed = observations([culprit, bystanders[0]], parallel: [], processes: [])
        observed.alone = [culprit.id: result(.failed), bystanders[0].id: result(.crashed)]
        observed.processes = [
            RunProcess(
                run: .alone(test: culprit.id),
                process: TestProcess(
                    library: .xctest, start: 1, end: 2, tests: [culprit.id], crash: crash, inFlight: [culprit.id])),
            RunProcess(
                run: .alone(test: bystanders[0].id),
                process: TestProcess(
                    library: .xctest, start: 3, end: 4, tests: [bystanders[0].id], crash: crash,
                    inFlight: [bystanders[0].id])),
        ]
        // When
        let explained = observed.withoutCrashCollateral()
        // Then: the failure stays; the crash of the first alone run is the crash's, not the test's
        #expect(explained.alone[culprit.id]?.outcome == .failed)
        #expect(explained.alone[bystanders[0].id]?.outcome == .notRun)
    }

    @Test("Crashes with one cause in several runs are one finding listing the runs")
    func crashesGroupByCause() async throws {
        // Given
        let tests = [culprit] + bystanders
        let crash = ProcessCrash(
            signal: SIGILL, status: SIGILL, message: ["Fatal error: closed while in use"],
            frames: [
                .init(function: "closingNeedsTheLedgerAlone()", file: "Tests/LedgerTests/LedgerTests.swift", line: 23)
            ])
        let processes = [1, 2].map { index in
            RunProcess(
                run: .parallel(index: index),
                process: TestProcess(
                    library: .swiftTesting, start: Double(index), end: Double(index) + 1, tests: tests.map(\.id),
                    crash: crash, inFlight: tests.map(\.id)))
        }
        // When
        let findings = CrashJudge.findings(observations(tests, parallel: [], processes: processes))
        // Then
        #expect(findings.count == 1)
        #expect(findings.first?.message.contains("parallel run 1, parallel run 2") == true)
    }

    @Test(
        "One place that traps for several tests (a setUp) is one finding there, naming each run's test and the shared path"
    )
    func setUpCrashIsOnePlace() throws {
        // Given: FilesTests.setUp's `try!` trapped in two runs, each while another process ran beside it.
        let files = "Tests/FilesTests/FilesTests.swift"
        let tests = [
            TestIdentity(library: .xctest, id: "FilesTests.FilesTests/testA", file: files, line: 50),
            TestIdentity(library: .xctest, id: "FilesTests.FilesTests/testB", file: files, line: 60),
        ]
        func crashed(_ run: Int, _ test: TestIdentity) -> RunProcess {
            let crash = ProcessCrash(
                signal: SIGILL, status: SIGILL,
                message: ["FilesTests.swift:37: Fatal error: 'try!' raised an error at '/root/.filesTest/A/'."],
                frames: [.init(function: "FilesTests.setUp()", file: files, line: 37)])
            return RunProcess(
                run: .suite(index: run),
                process: TestProcess(
                    library: .xctest, start: 10 * Double(run), end: 10 * Double(run) + 2, tests: [test.id],
                    crash: crash,
                    inFlight: [test.id]))
        }
        let beside: [RunProcess] = [11.0, 21.0].map { start in
            let process = TestProcess(library: .xctest, start: start, end: start + 2, tests: [])
            return RunProcess(run: .alone(test: tests[0].id), process: process)
        }
        // When
        let findings = CrashJudge.findings(
            observations(tests, parallel: [], processes: [crashed(1, tests[0]), crashed(2, tests[1])] + beside))
        // Then
        let finding = try #require(findings.first)
        #expect(findings.count == 1)
        #expect(finding.test == nil)
        #expect(finding.location == "Tests/FilesTests/FilesTests.swift:37")
        #expect(finding.message.hasPrefix("FilesTests.setUp() crashed its test process in 2 runs (suite run 1 running"))
        #expect(finding.message.contains("names `/root/.filesTest/A/`: the processes likely share it"))
    }

    @Test("A crash with no test frame names the running tests that use what the crashed thread ran")
    func dependencyCrashRanksSuspects() throws {
        // Given: the client test uses URLSession, the server test does not.
        let crash = ProcessCrash.read(
            output: try resourceText("swift-testing-dependency-crash.txt"), signal: SIGILL, status: SIGILL)
        let process = TestProcess(
            library: .swiftTesting, start: 1, end: 2, tests: [client.id, server.id], crash: crash,
            inFlight: [server.id, client.id])
        var analysis = SourceAnalysis()
        analysis.typeNames = [
            "Tests/ServerTests/ClientTests.swift": ["HTTPClient", "URLSession"],
            "Tests/ServerTests/ServerTests.swift": ["HTTPServer"],
        ]
        // When
        let findings = CrashJudge.findings(
            observations(
                [client, server], parallel: [], processes: [RunProcess(run: .parallel(index: 3), process: process)]),
            analysis)
        // Then
        let finding = try #require(findings.first)
        #expect(findings.count == 1)
        #expect(finding.test == nil)
        #expect(finding.message.contains("TaskRegistry.swift:118: Fatal error"))
        #expect(finding.message.contains("likely one that uses URLSession"))
        #expect(finding.message.contains("ClientTests/cancelsRequest()"))
        #expect(!finding.message.contains("ServerTests/startsServer()"))
    }

    @Test("A test whose alone run left a process running is an isolation finding naming the process")
    func leftoverNamesTest() async throws {
        // Given
        let process = TestProcess(
            library: .xctest, start: 1, end: 2, tests: [server.id],
            leftovers: [LeftoverProcess(pid: 4242, command: "sleep 300")])
        let observed = observations(
            [server, client], parallel: [], processes: [RunProcess(run: .alone(test: server.id), process: process)])
        // When
        let judgement = try await judge(observed)
        // Then
        #expect(judgement.findings.map(\.kind) == [.leftProcessRunning])
        #expect(judgement.findings.first?.test == server.id)
        #expect(judgement.findings.first?.message.contains("`sleep 300`") == true)
        #expect(judgement.findings.first?.letter == .isolated)
    }

    @Test("A test whose alone runs left processes running several times (timed again alone) is one finding")
    func leftoverOncePerTest() async throws {
        // Given: the test's alone run and its run timed again alone each left a process
        let processes = [1, 3].map { start in
            RunProcess(
                run: .alone(test: server.id),
                process: TestProcess(
                    library: .xctest, start: Double(start), end: Double(start + 1), tests: [server.id],
                    leftovers: [LeftoverProcess(pid: 4242 + Int32(start), command: "sleep 300")]))
        }
        let observed = observations([server, client], parallel: [], processes: processes)
        // When
        let judgement = try await judge(observed)
        // Then
        #expect(judgement.findings.map(\.kind) == [.leftProcessRunning])
        #expect(judgement.findings.first?.test == server.id)
    }
}

@Suite("Durations in findings")
struct DurationTextTests {
    @Test(
        "A test measured by one suite run only is judged with its alone run too: slow in both is slow, slow once is not"
    )
    func oneSuiteRunWithItsAloneRun() {
        // Given: one suite run; a took 300 ms there and 280 ms alone, b 109 ms there and 10 ms alone, c 300 ms
        // and never ran alone (a quick audit's other share)
        let tests = ["a", "b", "c"].map {
            TestIdentity(library: .xctest, id: TestID("M.T/\($0)"), file: "Tests/M/T.swift", line: 3)
        }
        let suite = ObservedRun(results: [
            tests[0].id: TestResult(outcome: .passed, duration: 0.3),
            tests[1].id: TestResult(outcome: .passed, duration: 0.109),
            tests[2].id: TestResult(outcome: .passed, duration: 0.3),
        ])
        let observed = Observations(
            tests: tests, suiteRuns: [suite],
            alone: [
                tests[0].id: TestResult(outcome: .passed, duration: 0.28),
                tests[1].id: TestResult(outcome: .passed, duration: 0.01),
            ])
        let context = JudgingContext(options: AuditOptions(), seed: 1)
        // When
        let found = tests.compactMap { FastJudge.judge($0, in: observed, context).finding }
        // Then
        #expect(
            found.map(\.message) == [
                "T.a takes 290 ms (median of 1 suite run and its alone run), over the 100 ms budget",
                "T.c takes 300 ms (median of 1 runs), over the 100 ms budget",
            ])
    }

    @Test("A median just over the budget shows the tenth that puts it over, a clear one whole milliseconds")
    func overBudget() {
        #expect(FastJudge.milliseconds(100.4, over: 100) == "100.4")
        #expect(FastJudge.milliseconds(100.04, over: 100) == "100.04")
        #expect(FastJudge.milliseconds(100.0004, over: 100) == "100.0004")
        #expect(FastJudge.milliseconds(848.3, over: 100) == "848")
    }
}

@Suite("Performance tests and the budget")
struct PerformanceBudgetTests {
    @Test("A performance test over the budget is no slow test; a unit test over it is")
    func measuringTestIsNotSlow() {
        // Given: two tests of 280 ms in every run, the first a performance test.
        let tests = [
            TestIdentity(library: .xctest, id: "M.P/testParsePerformance", file: "Tests/M/P.swift", line: 26),
            TestIdentity(library: .xctest, id: "M.P/testParse", file: "Tests/M/P.swift", line: 12),
        ]
        let run = ObservedRun(
            results: Dictionary(
                uniqueKeysWithValues: tests.map { ($0.id, TestResult(outcome: .passed, duration: 0.28, issues: [])) }))
        let observed = Observations(tests: tests, suiteRuns: [run, run, run], alone: [:])
        var analysis = SourceAnalysis()
        analysis.measuringTests = ["Tests/M/P.swift": [26]]
        let context = JudgingContext(options: AuditOptions(), seed: 1, analysis: analysis)
        // Then
        #expect(FastJudge.judge(tests[0], in: observed, context).finding == nil)
        #expect(FastJudge.judge(tests[1], in: observed, context).finding?.kind == .slowTest)
    }
}
