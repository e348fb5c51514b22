/// The report as JUnit XML for CI: one test case per test, failing when the test failed in a suite run
/// or has a finding (the finding's message and fix in the failure), plus one case per finding that
/// concerns no single test and one per test process killed at the time limit.
public struct JUnitReport: Sendable {
    /// Creates a renderer.
    public init() {}

    /// The XML document.
    public func render(_ report: AuditReport) -> String {
        var byTest: [TestID: [Finding]] = [:]
        var general: [Finding] = []
        let ids = Set(report.tests.map(\.id))
        // A hint and an ignored finding fail no case (a quarantined test's is a flaky failure, below).
        for finding in report.findings where !finding.hint && finding.ignored == nil {
            if let test = finding.test, ids.contains(test) {
                byTest[test, default: []].append(finding)
            } else {
                general.append(finding)
            }
        }
        let cases =
            report.tests.map { test in
                testCase(
                    test, findings: byTest[test.id] ?? [],
                    quarantined: report.quarantine?.tests.contains(test.id) == true)
            } + auditCases(report, general: general)
        let failures = cases.filter(\.fails).count
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="litmus audit" tests="\(cases.count)" failures="\(failures)" time="\(report.wallSeconds)">
              <testsuite name="\(attribute(report.package))" tests="\(cases.count)" failures="\(failures)">
            \(cases.map(\.xml).joined(separator: "\n"))
              </testsuite>
            </testsuites>

            """
    }

    /// The case of `test`: failing when it failed in a suite run or has `findings`, unless `quarantined`.
    private func testCase(_ test: TestReport, findings: [Finding], quarantined: Bool) -> (xml: String, fails: Bool) {
        let className = test.id.container
        var body = ""
        let failing = !quarantined && (!findings.isEmpty || test.suiteOutcomes.contains(where: \.isFailure))
        if failing {
            let message = findings.map { "[\($0.letter.rawValue)] \($0.message)" }.joined(separator: "; ")
            let details = (findings.map { "\($0.message)\nfix: \($0.fix)" } + test.issues).joined(separator: "\n")
            body =
                "<failure message=\"\(attribute(message.isEmpty ? "failed" : message))\">\(text(details))</failure>"
        } else if test.suiteOutcomes.allSatisfy({ $0 == .skipped }) {
            body = "<skipped/>"
        }
        body += reruns(of: test, failing: failing)
        if let output = test.output { body += "<system-out>\(text(output))</system-out>" }
        let time = String(test.medianMilliseconds / 1000)
        return (
            "    <testcase classname=\"\(attribute(className))\" name=\"\(attribute(test.name))\" time=\"\(time)\">\(body)</testcase>",
            failing
        )
    }

    /// The cases of the audit itself (class `litmus.audit`): a finding that concerns no one test, a suite that
    /// was not observed, a letter not measured, a process killed at the time limit, the mutation score.
    private func auditCases(_ report: AuditReport, general: [Finding]) -> [(xml: String, fails: Bool)] {
        var cases: [(xml: String, fails: Bool)] = []
        for finding in general {
            let name =
                "\(finding.letter.rawValue) \(finding.kind.rawValue) \(finding.location ?? finding.test?.rawValue ?? "")"
            cases.append(
                (
                    "    <testcase classname=\"litmus.audit\" name=\"\(attribute(name))\" time=\"0\"><failure message=\"\(attribute(finding.message))\">\(text(finding.fix))</failure></testcase>",
                    true
                ))
        }
        if let unobserved = report.unobservedSuite {
            let details = ["exit status \(unobserved.exitStatus)"] + unobserved.failures
            cases.append(
                (
                    "    <testcase classname=\"litmus.audit\" name=\"no test observed\" time=\"0\"><failure message=\"\(attribute(unobserved.reason))\">\(text(details.joined(separator: "\n")))</failure></testcase>",
                    true
                ))
        }
        for verdict in report.verdicts where !report.tests.isEmpty {
            guard let reason = verdict.notMeasured else { continue }
            cases.append(
                (
                    "    <testcase classname=\"litmus.audit\" name=\"\(attribute("not measured \(verdict.letter.word)"))\" time=\"0\"><failure message=\"\(attribute(reason))\"/></testcase>",
                    true
                ))
        }
        for run in report.timedOutRuns {
            let undone = (run.unfinished.map { "unfinished: \($0)" } + run.notStarted.map { "never started: \($0)" })
            cases.append(
                (
                    "    <testcase classname=\"litmus.audit\" name=\"\(attribute("timeout \(run.run)"))\" time=\"\(run.seconds(timeout: report.options.timeoutSeconds))\"><failure message=\"\(attribute("killed at the time limit of \(run.limit(timeout: report.options.timeoutSeconds))" + (run.seed.map { ", seed \($0)" } ?? "")))\">\(text(undone.joined(separator: "\n")))</failure></testcase>",
                    true
                ))
        }
        if let mutation = report.mutation {
            let minimum = report.options.thresholds.minMutationScore
            let under = mutation.isUnder(minimum)
            let body =
                under ? "<failure message=\"\(attribute("\(mutation.line), at least \(minimum)% required"))\"/>" : ""
            cases.append(
                (
                    "    <testcase classname=\"litmus.audit\" name=\"T mutation score\" time=\"\(mutation.wallSeconds)\">\(body)</testcase>",
                    under
                ))
        }
        return cases
    }

    /// nextest's marks of a test that flipped (its outcome changed between the suite runs or the parallel
    /// runs): one element per failed run with the first failure message, `<rerunFailure>` beside the
    /// test's `<failure>` when it counts, `<flakyFailure>` in a passing case when it is quarantined.
    private func reruns(of test: TestReport, failing: Bool) -> String {
        let outcomes = test.suiteOutcomes + (test.parallelOutcomes ?? [])
        let failed = outcomes.filter(\.isFailure).count
        guard failed > 0, outcomes.contains(.passed) else { return "" }
        let element = failing ? "rerunFailure" : "flakyFailure"
        let message = attribute(test.issues.first ?? "failed")
        let details = text(test.issues.joined(separator: "\n"))
        let one =
            "<\(element) message=\"\(message)\" type=\"test failure\"><stackTrace>\(details)</stackTrace></\(element)>"
        return String(repeating: one, count: failed)
    }

    /// `value` as an attribute's value (``VisibleText/xml(_:attribute:)``).
    private func attribute(_ value: String) -> String { VisibleText.xml(value, attribute: true) }

    /// `value` as character data (``VisibleText/xml(_:attribute:)``).
    private func text(_ value: String) -> String { VisibleText.xml(value) }
}
