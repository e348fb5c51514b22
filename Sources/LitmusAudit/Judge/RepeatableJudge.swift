import Foundation

/// R: a test whose outcome changed between identical suite runs, between the parallel runs or between its
/// alone runs (a quick audit's, ``RunStage/confirmAlone(_:xctests:)``) (flaky), or whose process died or was
/// killed at the time limit while it ran (crashed). Such a test is judged on nothing else of I.
enum RepeatableJudge {
    /// The flaky or crashed finding of `test`, if any.
    static func finding(for test: TestIdentity, in observations: Observations, _ context: JudgingContext) -> Finding? {
        let outcomes = observations.suiteOutcomes(of: test)
        let flips = Statistics.flipRate(outcomes)
        if flips > 0 {
            let passes = outcomes.filter { $0 == .passed }.count
            return Judge.finding(
                .flaky, test,
                "\(test.name) passed \(passes) of \(outcomes.count) identical runs (flip rate \(String(format: "%.2f", flips)))"
            )
        }
        if let parallel = ParallelJudge.flaky(test, in: observations) { return parallel }
        if let again = observations.aloneAgain?[test.id], let first = observations.alone[test.id] {
            let alone = ([first] + again).map(\.outcome).filter { $0 == .passed || $0.isFailure }
            if Statistics.flipRate(alone) > 0 {
                let words = alone.map { $0.isFailure ? "failed" : "passed" }.joined(separator: ", ")
                return Judge.finding(
                    .flaky, test,
                    "\(test.name) changed outcome between identical runs alone (\(words)): it is flaky, "
                        + "so what it did among the other tests says nothing of order")
            }
        }
        guard outcomes.first == .crashed || observations.aloneOutcome(of: test) == .crashed else { return nil }
        if let killed = observations.timedOutRuns.first(where: { $0.unfinished.contains(test.id) }) {
            let limit = String(format: "%g s", context.options.timeoutSeconds)
            return Judge.finding(
                .crashed, test,
                "\(test.name) ran past the \(limit) time limit (--timeout) and was killed (\(killed.run))")
        }
        let message = observations.issues(of: test).first ?? "no message"
        return Judge.finding(.crashed, test, "\(test.name) crashed or timed out (\(message))")
    }
}
