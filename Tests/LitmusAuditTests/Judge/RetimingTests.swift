import Foundation
import Testing

@testable import LitmusAudit

@Suite("Slow tests timed again alone when their runs disagree")
struct RetimingTests {
    /// Tests `a`… of class `M.T`, each with the given suite-run durations in milliseconds.
    private func observations(_ durations: [[Double]], alone: [Double?] = []) -> (
        [TestIdentity], Observations
    ) {
        let tests = durations.indices.map {
            TestIdentity(library: .xctest, id: TestID("M.T/t\($0)"), file: "Tests/M/T.swift", line: 3 + $0)
        }
        let count = durations.map(\.count).max() ?? 0
        var runs: [ObservedRun] = []
        for run in 0..<count {
            var results: [TestID: TestResult] = [:]
            for (test, own) in zip(tests, durations) where run < own.count {
                results[test.id] = TestResult(outcome: .passed, duration: own[run] / 1000)
            }
            runs.append(ObservedRun(results: results))
        }
        var aloneResults: [TestID: TestResult] = [:]
        for (test, duration) in zip(tests, alone) {
            if let duration { aloneResults[test.id] = TestResult(outcome: .passed, duration: duration / 1000) }
        }
        return (tests, Observations(tests: tests, suiteRuns: runs, alone: aloneResults))
    }

    @Test("Runs that disagree about the budget are timed again; runs that agree, either way, are not")
    func whichTests() {
        // Given: ZIPFoundation's unzip beside other builds (159, 161, 72 ms), FlyingFox's 100 ms timeout
        // (101 ms every run), a fast test, and one a single run measured
        let (tests, observed) = observations([[159, 161, 72], [101, 101, 101], [5, 6, 5], [109]])
        // When
        let full = tests.filter { FastJudge.needsRetiming($0, in: observed, budget: 100, quick: false) }
        let quick = tests.filter { FastJudge.needsRetiming($0, in: observed, budget: 100, quick: true) }
        // Then: the single run is timed again in a full audit only (a quick audit leaves it to the history)
        #expect(full.map(\.id.rawValue) == ["M.T/t0", "M.T/t3"])
        #expect(quick.map(\.id.rawValue) == ["M.T/t0"])
    }

    @Test("A performance test (measure { }) is never timed again: its duration is its measurement's")
    func performanceTestsKeepTheirRuns() {
        // Given: two tests whose runs disagree about the budget, the second a performance test
        let (tests, observed) = observations([[159, 161, 72], [159, 161, 72]])
        var analysis = SourceAnalysis()
        analysis.measuringTests["Tests/M/T.swift"] = [tests[1].line ?? 0]
        // When
        let retimed = FastJudge.toRetime(observed, options: AuditOptions(), analysis: analysis)
        // Then
        #expect(retimed.map(\.id.rawValue) == ["M.T/t0"])
        #expect(FastJudge.toRetime(observed, options: AuditOptions(), analysis: SourceAnalysis()).count == 2)
    }

    @Test("A quick audit's suite run and alone run disagreeing is timed again; within the budget alone is not")
    func quickSamples() {
        // Given: one suite run each; t0 180 ms there and 80 alone (median 130, over), t1 109 and 10 alone
        // (median within)
        let (tests, observed) = observations([[180], [109]], alone: [80, 10])
        // Then
        #expect(FastJudge.needsRetiming(tests[0], in: observed, budget: 100, quick: true))
        #expect(!FastJudge.needsRetiming(tests[1], in: observed, budget: 100, quick: true))
    }

    @Test("Within the budget when timed again alone is no slow test; over it again is, with both figures")
    func judgedOnTheQuietRuns() {
        // Given: two tests over the budget in two suite runs of three; t0 fits it alone, t1 does not
        var (tests, observed) = observations([[159, 161, 72], [150, 140, 90]])
        observed.retimed = [
            tests[0].id: [61, 58, 70].map { Timing(milliseconds: $0) },
            tests[1].id: [128, 131, 130].map { Timing(milliseconds: $0) },
        ]
        let context = JudgingContext(options: AuditOptions(), seed: 1)
        // When
        let found = tests.compactMap { FastJudge.judge($0, in: observed, context).finding }
        // Then
        #expect(
            found.map(\.message) == [
                "T.t1 takes 130 ms (median of 3 runs alone with nothing beside it; 140 ms over 3 runs), over the 100 ms budget"
            ])
    }

    @Test("A test no run timed again is judged on its suite runs as before")
    func notRetimed() {
        // Given: over the budget in every suite run, and an empty record of runs timed again
        var (tests, observed) = observations([[120, 125, 130]])
        observed.retimed = [:]
        let context = JudgingContext(options: AuditOptions(), seed: 1)
        // Then
        #expect(
            FastJudge.judge(tests[0], in: observed, context).finding?.message
                == "T.t0 takes 125 ms (median of 3 runs), over the 100 ms budget")
    }
}
