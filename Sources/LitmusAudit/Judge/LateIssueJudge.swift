/// S, at run time: an issue that Swift Testing's event stream recorded with a test's id after that test
/// had ended. Work the test started and nothing waited for (a `Task { }`, which inherits its test) ran
/// on and checked after the test passed: the test decided nothing. It is reported against the test that
/// started the work, at the check's line, as unawaited work; the static check of the same kind finds
/// such work only when the test waits for nothing at all.
enum LateIssueJudge {
    /// One finding per test with a late issue in any run (the first run that had one), except where the
    /// static analysis already reported unawaited work at the same place.
    static func findings(_ observations: Observations, besides existing: [Finding]) -> [Finding] {
        let runs =
            observations.suiteRuns.enumerated().map { ("suite run \($0 + 1) of \(observations.suiteRuns.count)", $1) }
            + observations.parallelRuns.enumerated().map {
                ("parallel run \($0 + 1) of \(observations.parallelRuns.count)", $1)
            }
            + observations.randomHalves.enumerated().map { ("random half \($0 + 1)", $1) }
        let known = Set(
            existing.filter { $0.kind == .unawaitedAssertion }.map { "\($0.test?.rawValue ?? "") \($0.location ?? "")" }
        )
        var findings: [Finding] = []
        for test in observations.tests {
            guard let (run, issue) = firstLateIssue(of: test, in: runs) else { continue }
            var finding = Judge.finding(
                .unawaitedAssertion, test,
                "\(test.name) recorded an issue after it had ended (\(run)): \(issue.message). Work it started "
                    + "ran on after it returned and nothing waited for it, so the test passed without this check")
            if let file = issue.file {
                finding.file = file
                finding.line = issue.line
            }
            if !known.contains("\(finding.test?.rawValue ?? "") \(finding.location ?? "")") { findings.append(finding) }
        }
        return findings
    }

    private static func firstLateIssue(of test: TestIdentity, in runs: [(String, ObservedRun)])
        -> (String, RecordedIssue)?
    {
        for (name, run) in runs {
            if let issue = run.results[test.id]?.lateIssues.first { return (name, issue) }
        }
        return nil
    }
}
