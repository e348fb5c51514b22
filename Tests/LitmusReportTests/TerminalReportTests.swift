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

    @Test("`litmus smells --typed` says which build's types decided, and why a finding is still unconfirmed")
    func smellsTyped() {
        // Given: the report without a build, and with the types of a build, each with an unconfirmed finding
        var plain = smellsReport()
        plain.findings[0].unconfirmed = "no build"
        var typed = plain
        typed.smells?.typedBuild = "/pkg/.build"

        // When
        let withoutBuild = TerminalReport().render(plain)
        let withBuild = TerminalReport().render(typed)

        // Then
        #expect(withoutBuild.contains("no test was built or run (the static checks of litmus audit)"))
        #expect(
            withoutBuild.contains("nothing was built, and `litmus audit` (or `litmus smells --typed` after a build)"))
        #expect(withBuild.contains("decided on the compiler's types of the build in /pkg/.build"))
        #expect(withBuild.contains("could not be read from the build (the note under S says why)"))
        #expect(!withBuild.contains("nothing was built"))
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
