import Foundation
import LitmusReport
import Testing

@testable import LitmusAudit
@testable import LitmusCommands
@testable import LitmusRunning

@Suite("Thorough with a mutation score (litmus audit --mutation)")
struct MutationVerdictTests {
    /// 17 of 23 mutants detected: 73.9%.
    private let mutation = MutationSummary(
        score: 17.0 / 23.0 * 100, killed: 15, survived: 4, noCoverage: 2, timeout: 1, runtimeError: 1,
        compileError: 3, wallSeconds: 40)

    private func report(mutation: MutationSummary?, minLineCoverage: Double = 0, minMutationScore: Double = 0)
        -> AuditReport
    {
        var options = AuditOptions()
        options.thresholds.minLineCoverage = minLineCoverage
        options.thresholds.minMutationScore = minMutationScore
        let test = TestReport(
            id: "M.CartTests/testTotal", name: "CartTests.testTotal", library: .xctest,
            file: "Tests/MTests/CartTests.swift", line: 12, suiteOutcomes: [.passed], aloneOutcome: .passed,
            durationsMilliseconds: [5], medianMilliseconds: 5, flipRate: 0, issues: [], coveredLines: [:])
        return ReportAssembly.assemble(
            package: "/pkg", seed: 7, options: options, wallSeconds: 60, buildSeconds: 10, tests: [test],
            findings: [], coverage: CoverageReport(linePercent: 95, regionPercent: 90, files: []),
            mutation: mutation, failingTests: [])
    }

    private func thorough(_ report: AuditReport) -> Verdict? { report.verdicts.first { $0.letter == .thorough } }

    @Test("A score under minMutationScore fails Thorough, though line coverage passes, and is an unmet threshold")
    func underMinimum() {
        let sut = report(mutation: mutation, minLineCoverage: 90, minMutationScore: 80)
        #expect(thorough(sut)?.passed == false)
        #expect(sut.unmetThresholds == ["Thorough: mutation score 73.9%, at least 80.0% required (minMutationScore)"])
        #expect(sut.exitCode == 1)
    }

    @Test("At or over the minimum, Thorough passes and its line gives lines and the mutation score")
    func overMinimum() {
        let sut = report(mutation: mutation, minLineCoverage: 90, minMutationScore: 73.9)
        #expect(thorough(sut)?.passed == true)
        #expect(sut.unmetThresholds.isEmpty)
        #expect(
            thorough(sut)?.summary
                == "lines 95.0%, regions 90.0% of the sources; 0 files never executed; mutation score 73.9% (17 of 23 mutants detected, 4 survived, 2 not covered)"
        )
    }

    @Test("Both minimums unmet are both reported")
    func bothUnmet() {
        let sut = report(mutation: mutation, minLineCoverage: 99, minMutationScore: 80)
        #expect(
            sut.unmetThresholds
                == [
                    "Thorough: line coverage 95.0%, at least 99.0% required (minLineCoverage); Thorough: mutation score 73.9%, at least 80.0% required (minMutationScore)"
                ])
    }

    @Test("A minimum with no mutation run is not met, and says to run with --mutation")
    func notMeasured() {
        let sut = report(mutation: nil, minMutationScore: 50)
        #expect(thorough(sut)?.passed == false)
        #expect(sut.unmetThresholds.first?.contains("not measured, at least 50.0% required") == true)
        #expect(sut.unmetThresholds.first?.contains("--mutation") == true)
    }

    @Test("Without --mutation and a minimum, Thorough reads line coverage only and the JSON has no mutation key")
    func withoutMutation() throws {
        let sut = report(mutation: nil)
        #expect(thorough(sut)?.summary.contains("mutation") == false)
        let object = try JSONSerialization.jsonObject(with: try JSONReport().render(sut)) as? [String: Any]
        #expect(object?.keys.contains("mutation") == false)
    }

    @Test("The JSON report carries the mutation summary and decodes back")
    func json() throws {
        let data = try JSONReport().render(report(mutation: mutation, minMutationScore: 80))
        let decoded = try JSONDecoder().decode(AuditReport.self, from: data)
        #expect(decoded.mutation == mutation)
        #expect(decoded.options.thresholds.minMutationScore == 80)
    }

    @Test("JUnit has a mutation score case, failing under the minimum and passing over it")
    func junit() {
        let under = JUnitReport().render(report(mutation: mutation, minMutationScore: 80))
        #expect(
            under.contains(
                #"<testcase classname="litmus.audit" name="T mutation score" time="40.0"><failure message="mutation score 73.9% (17 of 23 mutants detected, 4 survived, 2 not covered), at least 80.0% required"/></testcase>"#
            ))
        let over = JUnitReport().render(report(mutation: mutation, minMutationScore: 70))
        #expect(over.contains(#"<testcase classname="litmus.audit" name="T mutation score" time="40.0"></testcase>"#))
        #expect(over.contains(#"tests="2" failures="0""#))
    }

    @Test("The terminal report's Thorough line shows the score")
    func terminal() {
        let text = TerminalReport().render(report(mutation: mutation, minMutationScore: 80))
        #expect(text.contains("T  Thorough        FAIL"))
        #expect(text.contains("mutation score 73.9% (17 of 23 mutants detected"))
    }

    @Test("--min-mutation-score and the file's minMutationScore set the threshold; out of range is refused")
    func option() throws {
        let flag = try AuditCommand.parse(["/nowhere", "--min-mutation-score", "85"]).resolvedOptions()
        #expect(flag.thresholds.minMutationScore == 85)
        let file = try JSONDecoder().decode(
            AuditOptions.self, from: Data(#"{"thresholds": {"minMutationScore": 70}}"#.utf8))
        #expect(file.thresholds.minMutationScore == 70)
        #expect(throws: (any Error).self) { try AuditCommand.parse(["/nowhere", "--min-mutation-score", "150"]) }
        var bad = AuditOptions()
        bad.thresholds.minMutationScore = -1
        #expect(
            throws: AuditError.badOption(
                key: "thresholds.minMutationScore", reason: "must be 0 to 100 (it is -1.0)")
        ) {
            try bad.validate()
        }
    }
}
