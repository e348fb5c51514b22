import Foundation
import LitmusReport
import Testing

@testable import LitmusAudit
@testable import LitmusRunning

@Suite("Reporting a test process killed at --timeout")
struct TimeoutReportTests {
    private let hanging: TestID = "M.CartTests/testB_hangs"
    private let later: TestID = "M.CartTests/testC_later"

    private func report(timedOutRuns: [TimedOutRun], findings: [Finding] = []) -> AuditReport {
        var options = AuditOptions()
        options.timeoutSeconds = 5
        let tests = [hanging, later].map { id in
            TestReport(
                id: id, name: "CartTests." + id.lastComponent, library: .xctest, file: nil, line: nil,
                suiteOutcomes: [.crashed], aloneOutcome: .passed, durationsMilliseconds: [],
                medianMilliseconds: 0, flipRate: 0, issues: [], coveredLines: [:])
        }
        return ReportAssembly.assemble(
            package: "/pkg", seed: 7, options: options, wallSeconds: 12, buildSeconds: 10, tests: tests,
            findings: findings, coverage: nil, failingTests: [], timedOutRuns: timedOutRuns)
    }

    private var half: TimedOutRun {
        TimedOutRun(
            run: "random half 2 of 2", seed: 7, library: .xctest, unfinished: [hanging],
            notStarted: [later])
    }

    @Test("A process's undone tests: those it started and never ended, and those it never started")
    func undone() {
        let results: [TestID: TestResult] = [
            "M.T/testA": TestResult(outcome: .passed, duration: 0.1),
            hanging: TestResult(outcome: .crashed, duration: 0),
        ]
        let sut = TestBinary.Timeout(
            library: .xctest, asked: ["M.T/testA", hanging, later], results: results, limit: 600)
        #expect(sut.unfinished == [hanging])
        #expect(sut.notStarted == [later])
        #expect(
            sut.record(as: "random half 2 of 2", seed: 7)
                == TimedOutRun(
                    run: "random half 2 of 2", seed: 7, library: .xctest, unfinished: [hanging],
                    notStarted: [later], limitSeconds: 600))
    }

    @Test("A run made of two processes keeps the timeout of the one that was killed")
    func merging() {
        let killed = TestBinary.Timeout(library: .swiftTesting, asked: ["S/f()"], results: [:], limit: 600)
        let xctest = TestBinary.Run(
            results: [later: TestResult(outcome: .passed, duration: 0)], order: [later], declared: [])
        let swiftTesting = TestBinary.Run(results: [:], order: [], declared: [], timeouts: [killed])
        let sut = TestBinary.Run(merging: [xctest, swiftTesting])
        #expect(sut.timeouts == [killed])
        #expect(sut.results[later]?.outcome == .passed)
    }

    @Test("A timed-out run is kept in the report and makes the exit code 3, even when every threshold is met")
    func exitCode() {
        let sut = report(timedOutRuns: [half])
        #expect(sut.timedOutRuns == [half])
        #expect(sut.unmetThresholds.isEmpty)
        #expect(sut.exitCode == 3)
        #expect(report(timedOutRuns: []).exitCode == 0)
        let slow = Finding(kind: .slowTest, test: later, message: "slow")
        #expect(report(timedOutRuns: [], findings: [slow]).exitCode == 1)
        #expect(report(timedOutRuns: [half], findings: [slow]).exitCode == 3)
    }

    @Test("The terminal report names the killed run, its seed, and the tests it left undone")
    func terminal() {
        let text = TerminalReport().render(report(timedOutRuns: [half]))
        #expect(
            text.contains(
                "Timed out: 1 test process ran past 5 s (--timeout) and was killed; the audit is incomplete (exit 3):"))
        #expect(
            text.contains(
                "  - random half 2 of 2 (seed 7), XCTest; unfinished: CartTests.testB_hangs; never started: CartTests.testC_later"
            ))
        #expect(!TerminalReport().render(report(timedOutRuns: [])).contains("Timed out"))
    }

    @Test("JUnit XML has a failing case per killed run; the JSON report lists it")
    func machineReadable() throws {
        let sut = report(timedOutRuns: [half])
        let xml = JUnitReport().render(sut)
        #expect(
            xml.contains(
                #"<testcase classname="litmus.audit" name="timeout random half 2 of 2" time="5.0"><failure message="killed at the time limit of 5 s (--timeout), seed 7">unfinished: M.CartTests/testB_hangs"#
            ))
        let object = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(sut)) as? [String: Any])
        let runs = try #require(object["timedOutRuns"] as? [[String: Any]])
        #expect(runs.first?["run"] as? String == "random half 2 of 2")
        #expect(runs.first?["notStarted"] as? [String] == [later.rawValue])
    }

    @Test(
        "A parallel run's time limit is five times the slowest one-at-a-time run, at least 60 s, never over --timeout")
    func parallelLimit() {
        #expect(RunStage.parallelLimit(serialSeconds: [20, 18], timeout: 600) == 100)
        #expect(RunStage.parallelLimit(serialSeconds: [3], timeout: 600) == 60)
        #expect(RunStage.parallelLimit(serialSeconds: [200], timeout: 600) == 600)
        #expect(RunStage.parallelLimit(serialSeconds: [20], timeout: 30) == 30)
        #expect(RunStage.parallelLimit(serialSeconds: [], timeout: 600) == 600)
    }

    @Test("A later suite run's process is limited by suite run 1's same process, unless that crashed or was killed")
    func laterSuiteLimit() {
        // Given: suite run 1's processes of 3 s and of 30 s, one that crashed, one killed at its limit
        func run(seconds: Double, crashed: Bool = false, killed: Bool = false) -> TestBinary.Run {
            var run = TestBinary.Run(results: [:], order: [], declared: [])
            run.seconds = seconds
            run.processes = [
                TestProcess(
                    library: .swiftTesting, start: 0, end: seconds, tests: [],
                    crash: crashed ? ProcessCrash(signal: 4, status: 4, message: [], frames: []) : nil)
            ]
            if killed {
                run.timeouts = [TestBinary.Timeout(library: .swiftTesting, asked: [], results: [:], limit: seconds)]
            }
            return run
        }
        // When / Then
        #expect(RunStage.laterSuiteLimit(after: run(seconds: 3), timeout: 600) == 60)
        #expect(RunStage.laterSuiteLimit(after: run(seconds: 30), timeout: 600) == 150)
        #expect(RunStage.laterSuiteLimit(after: run(seconds: 30), timeout: 100) == 100)
        #expect(RunStage.laterSuiteLimit(after: run(seconds: 3, crashed: true), timeout: 600) == 600)
        #expect(RunStage.laterSuiteLimit(after: run(seconds: 3, killed: true), timeout: 600) == 600)
        #expect(RunStage.laterSuiteLimit(after: nil, timeout: 600) == 600)
    }

    @Test("The runs after suite run 1 are limited by the whole of it: five times its processes' time added")
    func limitedAfterSuiteRun() {
        // Given: a stage at --timeout 600, and suite run 1 of two processes of 10 s and 8 s
        let stage = RunStage(
            binary: TestBinary(
                executable: URL(fileURLWithPath: "/bin/true"), workingDirectory: URL(fileURLWithPath: "/tmp"),
                scratch: URL(fileURLWithPath: "/tmp"), timeout: 600),
            options: AuditOptions(), seed: 1, paths: PathMap(copy: "/tmp/copy", original: "/tmp/package"),
            progress: { _ in })
        func process(seconds: Double) -> TestBinary.Run {
            var run = TestBinary.Run(results: [:], order: [], declared: [])
            run.seconds = seconds
            return run
        }
        // When
        var later = stage
        later.limit(afterSuiteRun: [process(seconds: 10), process(seconds: 8)])
        var unknown = stage
        unknown.limit(afterSuiteRun: nil)
        // Then
        #expect(later.binary.timeout == 90)
        #expect(unknown.binary.timeout == 600)
    }

    @Test("A parallel run's time limit goes by the suite runs' Swift Testing processes that did not crash")
    func parallelLimitAfterRuns() {
        // Given: a serial Swift Testing process of 20 s; one of 150 s that crashed (its backtrace took the time);
        // an XCTest process of 300 s; a parallel run and a test alone of 200 s
        func process(_ run: RunKind, _ library: TestLibrary, seconds: Double, crashed: Bool = false) -> RunProcess {
            RunProcess(
                run: run,
                process: TestProcess(
                    library: library, start: 0, end: seconds, tests: [],
                    crash: crashed ? ProcessCrash(signal: 4, status: 4, message: [], frames: []) : nil))
        }
        let processes = [
            process(.suite(index: 1), .swiftTesting, seconds: 20),
            process(.suite(index: 2), .swiftTesting, seconds: 150, crashed: true),
            process(.suite(index: 1), .xctest, seconds: 300), process(.parallel(index: 1), .swiftTesting, seconds: 200),
            process(.alone(test: later), .swiftTesting, seconds: 200),
        ]

        // When
        let sut = RunStage.parallelLimit(after: processes, timeout: 600)

        // Then: five times the 20 s run
        #expect(sut == 100)
    }

    @Test("A run killed at a limit of its own says so in the terminal, JUnit and its findings; --timeout's says that")
    func ownLimit() {
        let parallel = TimedOutRun(
            run: "parallel suite run 1 of 3", library: .swiftTesting, unfinished: [hanging], notStarted: [],
            limitSeconds: 60)
        var sut = report(timedOutRuns: [parallel, half])
        sut.options.timeoutSeconds = 600
        let text = TerminalReport().render(sut)
        #expect(text.contains("Timed out: 2 test processes ran past its time limit and were killed"))
        #expect(
            text.contains(
                "  - parallel suite run 1 of 3, Swift Testing, killed at 60 s (five times what an earlier run of the same tests took, at least 60 s)"
            ))
        #expect(text.contains("  - random half 2 of 2 (seed 7), XCTest, killed at 600 s (--timeout)"))
        let xml = JUnitReport().render(sut)
        #expect(
            xml.contains(
                #"time="60.0"><failure message="killed at the time limit of 60 s (five times what an earlier run of the same tests took, at least 60 s)""#
            ))
        #expect(half.limit(timeout: 5) == "5 s (--timeout)")
    }
}
