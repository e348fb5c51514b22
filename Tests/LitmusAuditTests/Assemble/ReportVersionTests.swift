import Foundation
import LitmusReport
import LitmusSupport
import Testing

@testable import LitmusAudit
@testable import LitmusRunning

@Suite("The audit's JSON names the litmus that wrote it")
struct ReportVersionTests {
    @Test("An assembled report records litmus's version, and its JSON carries it as litmusVersion")
    func assembledReportRecordsVersion() throws {
        // Given
        let sut = ReportAssembly.assemble(
            package: "/pkg", seed: 7, options: AuditOptions(), wallSeconds: 1, buildSeconds: 0.5, tests: [],
            findings: [], coverage: nil, failingTests: [])

        // When
        let object = try JSONSerialization.jsonObject(with: try JSONReport().render(sut)) as? [String: Any]

        // Then
        #expect(sut.litmusVersion == LitmusVersion.current)
        #expect(object?["litmusVersion"] as? String == LitmusVersion.current)
    }

    @Test("A report written before versions, without litmusVersion, still reads, with no version")
    func reportWithoutVersionReads() throws {
        // Given
        let json = """
            {"schemaVersion": 1, "package": "/empty", "seed": 7, "options": {}, "wallSeconds": 1,
             "buildSeconds": 0.5, "tests": [], "findings": [], "verdicts": [], "failingTests": [],
             "unmetThresholds": [], "timedOutRuns": []}
            """

        // When
        let report = try JSONDecoder().decode(AuditReport.self, from: Data(json.utf8))

        // Then
        #expect(report.litmusVersion == nil)
        #expect(report.seed == 7)
    }
}
