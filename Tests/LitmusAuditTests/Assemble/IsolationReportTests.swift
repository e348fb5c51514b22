import Foundation
import LitmusReport
import Testing

@testable import LitmusAudit
@testable import LitmusRunning

@Suite("The report says per test why footprints ran it alone or not, and in one line when they could not")
struct IsolationReportTests {
    private func row(_ id: TestID, alone: TestOutcome) -> TestReport {
        TestReport(
            id: id, name: id.rawValue, library: .xctest, file: "Tests/MTests/T.swift", line: 3,
            suiteOutcomes: [.passed], aloneOutcome: alone, durationsMilliseconds: [2], medianMilliseconds: 2,
            flipRate: 0, issues: [], coveredLines: [:])
    }

    private func report() -> AuditReport {
        ReportAssembly.assemble(
            package: "/pkg", seed: 42, options: AuditOptions(), wallSeconds: 3, buildSeconds: 1,
            tests: [row("M.T/reader", alone: .passed), row("M.T/pure", alone: .notRun)], findings: [],
            coverage: nil, failingTests: [])
    }

    private let shares = IsolationEvidence(.sharesState, because: "it reads `basket` (T.swift:4), which M.T/a writes")
    private let isolated = IsolationEvidence(.isolated, because: "it touches no shared state")

    @Test("Each test gets its evidence, and the audit how many tests were candidates and how many ran alone")
    func measured() {
        // Given: footprints that made the reader a candidate and the other isolated
        var scope = AloneScope(tests: ["M.T/reader"], reason: nil)
        scope.isolation = IsolationCandidates(
            evidence: ["M.T/reader": shares, "M.T/pure": isolated], meeting: ["M.T/reader"])

        // When
        let sut = IsolationReport.describe(report(), scope)

        // Then
        let evidence = Dictionary(uniqueKeysWithValues: sut.tests.map { ($0.id, $0.isolation) })
        #expect(evidence == ["M.T/reader": shares, "M.T/pure": isolated])
        #expect(sut.isolation == IsolationScope(tests: 2, candidates: 1, ranAlone: 1))
        let lines = TerminalReport().render(sut).split(separator: "\n").map(String.init)
        #expect(
            lines.contains(
                "Footprints of one serial run: 1 of 2 tests may share state (1 ran alone); the other 1 touch no state "
                    + "another test writes and did not need to"))
    }

    @Test("Footprints that could not be measured are said in one line, every test counted as a candidate")
    func unmeasured() {
        // Given: every test ran alone, the footprints not measured
        var scope = AloneScope.everyTest("the footprints were not measured")
        scope.unmeasuredFootprints = "they are read from coverage (--no-coverage)"

        // When
        let sut = IsolationReport.describe(report(), scope)

        // Then: no test has evidence, and the reason is in the JSON and in one line of the terminal report
        #expect(sut.tests.allSatisfy { $0.isolation == nil })
        #expect(
            sut.isolation
                == IsolationScope(
                    tests: 2, candidates: 2, ranAlone: 1,
                    unmeasuredBecause: "they are read from coverage (--no-coverage)"))
        let line =
            "Footprints not measured (they are read from coverage (--no-coverage)): tests ran alone as without them"
        #expect(TerminalReport().render(sut).components(separatedBy: line).count == 2)
    }

    @Test("An audit whose alone runs footprints did not choose (--since, a shard) says nothing of them")
    func notChosen() {
        // When: a scope of --since, and no scope at all
        let since = IsolationReport.describe(report(), AloneScope(tests: ["M.T/reader"], reason: nil))
        let none = IsolationReport.describe(report(), nil)

        // Then
        for sut in [since, none] {
            #expect(sut.isolation == nil)
            #expect(sut.tests.allSatisfy { $0.isolation == nil })
            #expect(!TerminalReport().render(sut).contains("Footprints"))
        }
    }
}
