import Foundation
import LitmusReport
import Testing

@testable import LitmusAudit
@testable import LitmusRunning

@Suite("A quick audit's report says it was quick: which share, how many tests ran alone and why")
struct QuickReportTests {
    private let quick = QuickScope(
        share: 3, spread: 5, tests: 24, ranAlone: 7, inShare: 5, failed: ["M.T/a", "M.T/b", "M.T/c"],
        addedFailing: 2)

    private func report() throws -> AuditReport {
        let options = AuditOptions().quickened(QuickTier(spread: 5))
        let ran = TestReport(
            id: "M.T/ran", name: "T.ran", library: .xctest, file: "Tests/MTests/T.swift", line: 3,
            suiteOutcomes: [.passed], aloneOutcome: .passed, durationsMilliseconds: [2], medianMilliseconds: 2,
            flipRate: 0, issues: [], coveredLines: [:])
        return ReportAssembly.assemble(
            package: "/pkg", seed: 42, options: options, wallSeconds: 3, buildSeconds: 1, tests: [ran], findings: [],
            coverage: CoverageReport(linePercent: 80, regionPercent: 75, files: []), failingTests: [])
    }

    @Test("Isolated's and Self-validating's summaries name the share and how many tests ran alone and why")
    func letterSummaries() throws {
        // When
        let sut = QuickReport.describe(try report(), quick, ranAlone: ["M.T/ran"])
        // Then
        let summaries = Dictionary(uniqueKeysWithValues: sut.verdicts.map { ($0.letter, $0.summary) })
        let said = "; quick audit: 7 of 24 tests alone: 5 of share 3 of 5, 2 more that failed in this run"
        #expect(summaries[.isolated] == "0 order-dependent tests (each test alone vs in the suite)" + said)
        #expect(summaries[.selfValidating]?.hasSuffix(said) == true)
        #expect(summaries[.fast]?.contains("quick") == false)
    }

    @Test("The terminal report's header says it was a quick audit of share 3 of 5, with one run")
    func terminalHeader() throws {
        // When
        let text = TerminalReport().render(QuickReport.describe(try report(), quick, ranAlone: ["M.T/ran"]))
        // Then
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines[1].hasPrefix("1 tests (1 XCTest, 0 Swift Testing), quick audit (share 3 of 5), 1 run, seed 42"))
        #expect(
            lines.contains(
                "Quick audit (--quick): 1 suite run, 1 parallel run, at most 1 random half; 7 of 24 tests alone: 5 of "
                    + "share 3 of 5, 2 more that failed in this run; the other shares run alone in the next audits "
                    + "(consecutive seeds cover every test in 5)"))
        // and its replay line names the share, which a history may have picked and the seed cannot bring back
        #expect(lines.last == "Replay these random choices: litmus audit --quick --share 3 --replay 42 /pkg")
    }

    @Test("The JSON report has a quick object, and its options the spread; a full audit has neither")
    func json() throws {
        // When
        let quickJSON = String(
            decoding: try JSONReport().render(QuickReport.describe(try report(), quick, ranAlone: [])), as: UTF8.self)
        let full = ReportAssembly.assemble(
            package: "/pkg", seed: 42, options: AuditOptions(), wallSeconds: 3, buildSeconds: 1, tests: [],
            findings: [], coverage: nil, failingTests: [])
        let fullJSON = String(decoding: try JSONReport().render(full), as: UTF8.self)
        // Then
        #expect(quickJSON.contains(#""quick" : {"#))
        #expect(quickJSON.contains(#""addedFailing" : 2"#))
        #expect(quickJSON.contains(#""spread" : 5"#))
        #expect(!fullJSON.contains("quick"))
    }

    @Test("A quick report read back from its JSON keeps its quick object and options")
    func roundTrip() throws {
        // Given
        let sut = QuickReport.describe(try report(), quick, ranAlone: [])
        // When
        let read = try JSONDecoder().decode(AuditReport.self, from: try JSONReport().render(sut))
        // Then
        #expect(read.quick == quick)
        #expect(read.options.quick == QuickTier(spread: 5))
    }
}
