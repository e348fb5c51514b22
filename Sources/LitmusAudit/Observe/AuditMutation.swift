import LitmusRunning

extension AuditRecord {
    /// Each test's own run (alone, or its stretch of suite run 1 when its footprint spared it the alone run) and
    /// covered lines, when the audit measured coverage; `nil` otherwise.
    var measuredTests: [MeasuredTest]? {
        guard coverage != nil else { return nil }
        return observations.tests.map { test in
            let own = observations.measuredResult(of: test)
            return MeasuredTest(
                test: test, passed: own?.outcome == .passed, seconds: own?.duration ?? 0,
                lines: coveredLines[test.id] ?? [:])
        }
    }
}
