/// I: a test that behaves differently among the others than alone. It compares the first suite run,
/// the alone run, the random halves and the parallel runs (``ParallelJudge``), and asks bisection for the tests involved.
enum IsolatedJudge {
    /// How a test stands on isolation.
    enum Verdict: Sendable, Hashable {
        /// The same outcome everywhere it was compared.
        case isolated
        /// It fails in the suite and alone, in every mode: a red test, not an isolation problem.
        case alwaysFails
        /// It depends on other tests (or is polluted by them): the finding, the processes bisection had
        /// killed at the time limit, and whether its cause is established (bisection named the tests
        /// involved, or every parallel run disagreed with the serial ones). Also a performance test's timing
        /// flake (``performanceMessage(_:)``), whose cause is its measurement, not another test.
        case orderDependent(Finding, timedOut: [TimedOutRun], explained: Bool)
    }

    /// The verdict on `test`, which is neither flaky nor crashed.
    static func verdict(
        for test: TestIdentity, in observations: Observations, _ context: JudgingContext, bisect: Bisect
    ) async throws -> Verdict {
        guard let suiteRun = observations.suiteRuns.first else { return .isolated }
        let inSuite = suiteRun.outcome(of: test)
        let alone = observations.aloneOutcome(of: test)
        func bisected(
            _ run: ObservedRun, wantFailure: Bool, named: (String) -> String, unnamed: String
        ) async throws -> Verdict {
            let candidates = observations.testsBefore(test, in: run)
            let reproduced = observations.suiteRuns.allSatisfy {
                $0.outcome(of: test) == run.outcome(of: test) && observations.testsBefore(test, in: $0) == candidates
            }
            let request = BisectionRequest(
                victim: test, candidates: candidates, wantFailure: wantFailure, reproduced: reproduced)
            let result = try await bisect(request)
            if result.culprits.isEmpty, result.timedOutRuns.isEmpty, measures(test, context.analysis) {
                return .orderDependent(
                    Judge.finding(.flaky, test, performanceMessage(test)), timedOut: result.timedOutRuns,
                    explained: true)
            }
            let culprits = result.culprits.map(\.name).joined(separator: " + ")
            var finding = Judge.finding(
                wantFailure ? .failsOnlyWithOthers : .passesOnlyWithOthers, test,
                result.culprits.isEmpty ? unnamed : named(culprits))
            finding.culprits = result.culprits.isEmpty ? nil : result.culprits.map(\.id)
            return .orderDependent(finding, timedOut: result.timedOutRuns, explained: !result.culprits.isEmpty)
        }
        // With no culprit, bisection ran the test after subsets of the tests before it and alone, and none of
        // those runs showed the difference: the finding says what was seen, not a cause.
        let outside = "what made the difference is likely outside the tests"
        if inSuite == .passed && alone.isFailure {
            return try await bisected(
                suiteRun, wantFailure: false,
                named: { "\(test.name) passes among the others and fails alone: it needs \($0) to run first" },
                unnamed:
                    "\(test.name) passed among the others and failed alone, but no test run before it made it pass "
                    + "when bisected: \(outside)")
        }
        if inSuite.isFailure && alone == .passed {
            return try await bisected(
                suiteRun, wantFailure: true,
                named: { "\(test.name) passes alone and fails after \($0), which pollutes shared state" },
                unnamed:
                    "\(test.name) passed alone and failed among the others, but no test run before it made it fail "
                    + "when bisected: \(outside)")
        }
        if inSuite == .passed && alone == .passed,
            let half = observations.randomHalves.first(where: { $0.outcome(of: test).isFailure })
        {
            return try await bisected(
                half, wantFailure: true,
                named: { "\(test.name) fails after \($0) in a random half of the suite (seed \(context.seed))" },
                unnamed:
                    "\(test.name) failed in a random half of the suite (seed \(context.seed)), but no test run before "
                    + "it made it fail when bisected: \(outside)")
        }
        if let parallel = ParallelJudge.orderDependent(
            test, in: observations, sleeps: { ParallelJudge.sleeps(of: test, observations, context.analysis) })
        {
            return .orderDependent(parallel, timedOut: [], explained: true)
        }
        return inSuite.isFailure && alone.isFailure ? .alwaysFails : .isolated
    }

    /// Whether `test` measures its own speed with XCTest's `measure { … }` (a performance test).
    static func measures(_ test: TestIdentity, _ analysis: SourceAnalysis) -> Bool {
        guard let file = test.file, let line = test.line else { return false }
        return analysis.measuringTests[file]?.contains(line) == true
    }

    /// Why a performance test's outcome changed with no test to blame: Linux XCTest fails a `measure` block
    /// whose ten timings spread more than 10% (its relative standard deviation), so the verdict follows the
    /// machine's load, not the tests before it (stencilproject/Stencil 0.15.1's `testPerformance`, which
    /// failed in a random half; weichsel/ZIPFoundation 0.9.20's five, read flaky for the same cause).
    static func performanceMessage(_ test: TestIdentity) -> String {
        "\(test.name) is a performance test (XCTest's measure { … }) whose outcome changed between runs, with no "
            + "test before it to blame (bisection named none): Linux XCTest fails a measure block whose ten timings "
            + "spread more than 10%, so it passes or fails with the machine's load"
    }
}
