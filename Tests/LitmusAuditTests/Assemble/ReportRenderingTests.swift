import Foundation
import LitmusReport
import Testing

@testable import LitmusAudit
@testable import LitmusRunning

@Suite("Rendering the report: verdicts, thresholds, terminal, JSON, JUnit")
struct ReportRenderingTests {
    private func report(findings: [Finding], thresholds: AuditThresholds = AuditThresholds()) -> AuditReport {
        var options = AuditOptions()
        options.thresholds = thresholds
        let test = TestReport(
            id: "M.CartTests/testTotal", name: "CartTests.testTotal", library: .xctest,
            file: "Tests/MTests/CartTests.swift",
            line: 12, suiteOutcomes: [.passed, .passed, .passed], aloneOutcome: .passed,
            durationsMilliseconds: [250, 260, 240],
            medianMilliseconds: 250, flipRate: 0, issues: [], coveredLines: ["Sources/M/Cart.swift": "1-4"])
        return ReportAssembly.assemble(
            package: "/pkg", seed: 7, options: options, wallSeconds: 12, buildSeconds: 10, tests: [test],
            findings: findings,
            coverage: CoverageReport(linePercent: 80, regionPercent: 75, files: []), failingTests: [])
    }

    private let slow = Finding(
        kind: .slowTest, test: "M.CartTests/testTotal", file: "Tests/MTests/CartTests.swift", line: 12,
        message: "CartTests.testTotal takes 250 ms (median of 3 runs), over the 100 ms budget")

    @Test("A finding fails its letter's verdict and is an unmet threshold; the others pass")
    func verdicts() {
        let sut = report(findings: [slow])
        #expect(sut.verdicts.map(\.passed) == [false, true, true, true, true])
        #expect(sut.unmetThresholds == ["Fast: 1 finding, at most 0 allowed (maxFast)"])
    }

    @Test("A threshold from the configuration allows findings; a coverage floor can fail Thorough")
    func thresholds() {
        var thresholds = AuditThresholds()
        thresholds.maxFast = 1
        thresholds.minLineCoverage = 90
        let sut = report(findings: [slow], thresholds: thresholds)
        #expect(sut.verdicts.map(\.passed) == [true, true, true, true, false])
        #expect(sut.unmetThresholds == ["Thorough: line coverage 80.0%, at least 90.0% required (minLineCoverage)"])
    }

    @Test("The terminal report shows each letter's verdict, the finding at file:line, its fix, and the replay seed")
    func terminal() {
        let text = TerminalReport().render(report(findings: [slow]))
        #expect(text.contains("F  Fast            FAIL"))
        #expect(text.contains("I  Isolated        PASS"))
        #expect(
            text.contains(
                "- CartTests.testTotal takes 250 ms (median of 3 runs), over the 100 ms budget  [Tests/MTests/CartTests.swift:12]"
            ))
        #expect(text.contains("fix (slowTest): "))
        #expect(text.contains("litmus audit --replay 7 /pkg"))
    }

    @Test("JUnit XML fails the test case that has a finding, with the message escaped")
    func junit() {
        var finding = slow
        finding.message = "a <slow> & \"odd\" test"
        let xml = JUnitReport().render(report(findings: [finding]))
        #expect(
            xml.contains(
                #"<testcase classname="M.CartTests" name="CartTests.testTotal" time="0.25"><failure message="[F] a &lt;slow&gt; &amp; &quot;odd&quot; test">"#
            ))
        #expect(xml.contains(#"tests="1" failures="1""#))
    }

    @Test("The JSON report decodes back, with its schema version and per-test coverage")
    func json() throws {
        let data = try JSONReport().render(report(findings: [slow]))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["schemaVersion"] as? Int == 1)
        let decoded = try JSONDecoder().decode(AuditReport.self, from: data)
        #expect(decoded.findings == [slow])
        #expect(decoded.tests.first?.coveredLines == ["Sources/M/Cart.swift": "1-4"])
    }

    @Test("The JSON report sorts its keys and indents, so two reports diff line by line")
    func jsonLayout() throws {
        let text = String(decoding: try JSONReport().render(report(findings: [])), as: UTF8.self)
        #expect(text.hasPrefix("{\n  \"buildSeconds\" : "))
    }
}
