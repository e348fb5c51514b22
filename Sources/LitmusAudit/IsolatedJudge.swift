/// I: a test that behaves differently among the others than alone. It compares the first suite run,
/// the alone run, the random halves and the parallel runs (``ParallelJudge``), and asks bisection for the tests involved.
enum IsolatedJudge {
    /// How a test stands on isolation.
    enum Verdict: Sendable, Hashable {
        /// The same outcome everywhere it was compared.
        case isolated
        /// It fails in the suite and alone, in every mode: a red test, not an isolation problem.
        case alwaysFails
        /// It depends on other tests (or is polluted by them): the finding, and the processes bisection
        /// had killed at the time limit.
        case orderDependent(Finding, timedOut: [TimedOutRun])
    }

    /// The verdict on `test`, which is neither flaky nor crashed.
    static func verdict(
        for test: TestIdentity, in observations: Observations, _ context: JudgingContext, bisect: Bisect
    ) async throws -> Verdict {
        guard let suiteRun = observations.suiteRuns.first else { return .isolated }
        let inSuite = suiteRun.outcome(of: test)
        let alone = observations.aloneOutcome(of: test)
        func bisected(_ run: ObservedRun, wantFailure: Bool, _ message: (String) -> String) async throws -> Verdict {
            let candidates = observations.testsBefore(test, in: run)
            let reproduced = observations.suiteRuns.allSatisfy {
                $0.outcome(of: test) == run.outcome(of: test) && observations.testsBefore(test, in: $0) == candidates
            }
            let request = BisectionRequest(
                victim: test, candidates: candidates, wantFailure: wantFailure, reproduced: reproduced)
            let result = try await bisect(request)
            let finding = Judge.finding(
                wantFailure ? .failsOnlyWithOthers : .passesOnlyWithOthers, test, message(names(result.culprits)))
            return .orderDependent(finding, timedOut: result.timedOutRuns)
        }
        if inSuite == .passed && alone.isFailure {
            return try await bisected(suiteRun, wantFailure: false) {
                "\(test.name) passes among the others and fails alone: it needs \($0) to run first"
            }
        }
        if inSuite.isFailure && alone == .passed {
            return try await bisected(suiteRun, wantFailure: true) {
                "\(test.name) passes alone and fails after \($0), which pollutes shared state"
            }
        }
        if inSuite == .passed && alone == .passed,
            let half = observations.randomHalves.first(where: { $0.outcome(of: test).isFailure })
        {
            return try await bisected(half, wantFailure: true) {
                "\(test.name) fails after \($0) in a random half of the suite (seed \(context.seed))"
            }
        }
        if let parallel = ParallelJudge.orderDependent(
            test, in: observations, sleeps: ParallelJudge.sleeps(of: test, observations, context.analysis))
        {
            return .orderDependent(parallel, timedOut: [])
        }
        return inSuite.isFailure && alone.isFailure ? .alwaysFails : .isolated
    }

    /// The culprits by name, or why there is none.
    private static func names(_ tests: [TestIdentity]) -> String {
        guard !tests.isEmpty else { return "another test (not found by bisection: the state may come from outside)" }
        return tests.map(\.name).joined(separator: " + ")
    }
}
