import Foundation

/// R: a test whose outcome changed between identical suite runs, between the parallel runs or between its
/// alone runs (a quick audit's, ``RunStage/confirmAlone(_:xctests:)``) (flaky), or whose process died or was
/// killed at the time limit while it ran (crashed). Such a test is judged on nothing else of I.
enum RepeatableJudge {
    /// The flaky or crashed finding of `test`, if any.
    static func finding(for test: TestIdentity, in observations: Observations, _ context: JudgingContext) -> Finding? {
        let outcomes = observations.suiteOutcomes(of: test)
        let flips = Statistics.flipRate(outcomes)
        if flips > 0 { return Judge.finding(.flaky, test, flakyMessage(test, outcomes, flips, observations, context)) }
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
        let crashedIn = crashedRuns(test, outcomes, observations)
        guard !crashedIn.isEmpty else { return nil }
        if let killed = observations.timedOutRuns.first(where: {
            $0.unfinished.contains(test.id) && crashedIn.contains($0.run)
        }) {
            return Judge.finding(
                .crashed, test,
                "\(test.name) ran past its time limit, \(killed.limit(timeout: context.options.timeoutSeconds)), and was "
                    + "killed (\(killed.run))")
        }
        let message = observations.issues(of: test).first ?? "no message"
        return Judge.finding(.crashed, test, "\(test.name) crashed or timed out (\(message))")
    }

    /// The names of the runs that make `test` crashed: its first suite run (a shard's first) and its alone run,
    /// those of them in which it crashed. A time limit it reached in another run (a parallel one) is not this
    /// finding's.
    static func crashedRuns(_ test: TestIdentity, _ outcomes: [TestOutcome], _ observations: Observations) -> Set<
        String
    > {
        var runs: Set<String> = []
        if outcomes.first == .crashed {
            runs.insert(
                observations.share.flatMap { share in share.suite.first.map { share.name(of: .suite($0)) } }
                    ?? RunShare.suiteRunName(1, of: outcomes.count))
        }
        if observations.aloneOutcome(of: test) == .crashed { runs.insert(RunShare.aloneRunName(test)) }
        return runs
    }

    /// `T passed 1 of 2 identical runs (flip rate 1.00); it hung and was killed at its time limit in suite run 1
    /// of 3 (600 s (--timeout)); it never started in 1 (its process ended before)`: the suite runs counted are those
    /// it ran in, and a failure that was a hang in one of them says so.
    private static func flakyMessage(
        _ test: TestIdentity, _ outcomes: [TestOutcome], _ flips: Double, _ observations: Observations,
        _ context: JudgingContext
    ) -> String {
        let ran = outcomes.filter { $0 != .notRun }
        let passes = ran.filter { $0 == .passed }.count
        var message =
            "\(test.name) passed \(passes) of \(ran.count) identical runs (flip rate \(String(format: "%.2f", flips)))"
        // Only the suite runs the count is of, where it was running when its run was killed: a hang in a parallel
        // or alone run is another run's, and a run it is not judged in (``Observations/unfinishedOnlyForTime()``)
        // is no hang of its own.
        let names =
            observations.share.map { share in share.suite.map { share.name(of: .suite($0)) } }
            ?? outcomes.indices.map { RunShare.suiteRunName($0 + 1, of: outcomes.count) }
        let killedWhileRunning = Set(zip(names, outcomes).filter { $0.1 == .crashed }.map(\.0))
        let hung = observations.timedOutRuns.filter {
            $0.unfinished.contains(test.id) && killedWhileRunning.contains($0.run)
        }
        .map { killed in
            "\(killed.run) (\(killed.limit(timeout: context.options.timeoutSeconds)))"
        }
        if !hung.isEmpty { message += "; it hung and was killed at its time limit in \(hung.joined(separator: ", "))" }
        // A run it was at when the run as a whole ran out of time is not judged, but it did start there.
        let notRun = Set(zip(names, outcomes).filter { $0.1 == .notRun }.map(\.0))
        let outOfTime = Set(
            observations.timedOutRuns.filter { $0.unfinished.contains(test.id) && notRun.contains($0.run) }.map(\.run))
        if !outOfTime.isEmpty {
            message +=
                "; it was not judged in \(outOfTime.sorted().joined(separator: ", ")) (the run as a whole ran out of time while it ran)"
        }
        if ran.count + outOfTime.count < outcomes.count {
            message +=
                "; it never started in \(outcomes.count - ran.count - outOfTime.count) (its process ended before)"
        }
        return message
    }
}
