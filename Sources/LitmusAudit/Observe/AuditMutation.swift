import LitmusRunning

extension AuditRecord {
    /// Each test's alone run and covered lines, when the audit measured coverage; `nil` otherwise.
    var measuredTests: [MeasuredTest]? {
        guard coverage != nil else { return nil }
        return observations.tests.map { test in
            let alone = observations.alone[test.id]
            return MeasuredTest(
                test: test, passed: alone?.outcome == .passed, seconds: alone?.duration ?? 0,
                lines: coveredLines[test.id] ?? [:])
        }
    }
}
