import LitmusModel
import Testing

@testable import LitmusReport

/// The terminal's report (TerminalReport.swift): what `litmus audit` and `litmus smells` print.
@Suite("The terminal's report")
struct TerminalReportTests {
    /// A `litmus smells` report of one finding and one note, both of Self-validating.
    private func smellsReport() -> AuditReport {
        var report = AuditReport(
            package: "/pkg", seed: 0, options: AuditOptions(), wallSeconds: 0.5, buildSeconds: 0, tests: [],
            findings: [
                Finding(kind: .emptyTest, file: "Tests/P/PTests.swift", line: 3, message: "PTests.testA is empty")
            ],
            verdicts: [Verdict(letter: .selfValidating, passed: false, findings: 1, summary: "1 finding")],
            failingTests: [], unmetThresholds: [])
        report.smells = SmellsScope(paths: ["/pkg"], files: 1, tests: 1)
        report.notes = [
            Finding(
                kind: .neverRan, file: "Tests/MoyaTests/Spec.swift", line: 10,
                message: "Tests/MoyaTests/Spec.swift declares a test that only Moya.xcodeproj builds")
        ]
        return report
    }

    @Test("`litmus smells` prints its notes under their letter, after the findings")
    func smellsNotes() throws {
        // When
        let lines = TerminalReport().render(smellsReport()).split(separator: "\n").map(String.init)

        // Then
        let finding = try #require(lines.firstIndex { $0.contains("PTests.testA is empty") }, "\(lines)")
        let note = try #require(
            lines.firstIndex {
                $0 == "     note: Tests/MoyaTests/Spec.swift declares a test that only Moya.xcodeproj builds  "
                    + "[Tests/MoyaTests/Spec.swift:10]"
            }, "\(lines)")
        #expect(finding < note)
    }
}
