import Foundation

/// The bisections a shard runs for the judges of the merged record.
extension Judge {
    /// The bisections shard `shard` answers from its own `observations`: those about its alone share
    /// (a test alone against suite run 1), and the failure of any test in a random half it ran. The merged
    /// judges ask for a subset of these (a half's failure is bisected only when the test passed alone,
    /// which only the test's own shard knows), so a shard takes the tests it did not run alone to behave
    /// alone as in its suite run 1. It skips only the tests found flaky or crashed in the runs the merge
    /// will hold too (its suite runs but its own run 1, unless it is shard 1; its parallel runs; its
    /// alone runs): the merged judges find those too, and bisect none of them.
    static func shardBisectionRequests(_ observations: Observations, _ context: JudgingContext, shard: Shard)
        async throws -> [BisectionRequest]
    {
        var merged = observations
        if shard.index != 1, !merged.suiteRuns.isEmpty { merged.suiteRuns.removeFirst() }
        var view = observations
        for test in observations.tests where view.alone[test.id] == nil {
            view.alone[test.id] = observations.suiteRuns.first?.results[test.id]
        }
        var requests: [BisectionRequest] = []
        for test in observations.tests where RepeatableJudge.finding(for: test, in: merged, context) == nil {
            _ = try await IsolatedJudge.verdict(for: test, in: view, context) { request in
                requests.append(request)
                return BisectionResult(culprits: [])
            }
        }
        return requests
    }
}
