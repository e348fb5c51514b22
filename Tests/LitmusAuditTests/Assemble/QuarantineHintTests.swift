import Foundation
import Testing

@testable import LitmusAudit

@Suite("Quarantined tests and hints")
struct QuarantineHintTests {
    @Test("A hint of Isolated does not keep a quarantined test from being listed as no longer flipping; a finding does")
    func hintIsNoInstability() {
        // Given: two quarantined tests, one with a mainActorSharedState hint (Isolated), one failing alone
        let ids = [TestID("M.S/hinted()"), TestID("M.S/ordered()")]
        let tests = ids.map { id in
            TestReport(
                id: id, name: id.rawValue, library: .swiftTesting, file: "Tests/M/S.swift", line: 1,
                suiteOutcomes: [.passed], aloneOutcome: .passed, durationsMilliseconds: [1], medianMilliseconds: 1,
                flipRate: 0, issues: [], coveredLines: [:])
        }
        let entries = ids.enumerated().map { Quarantine.Entry(selector: .id($1), reason: "flaky", line: $0 + 1) }
        let findings = [
            Finding(kind: .mainActorSharedState, test: ids[0], message: "writes a static another test reads"),
            Finding(kind: .failsOnlyWithOthers, test: ids[1], message: "fails after another test"),
        ]
        // When
        let held = ReportAssembly.quarantine(
            Quarantine(entries: entries), tests: tests, findings: findings, failingTests: [])
        // Then
        #expect(held.report?.noLongerFlipping == [entries[0]])
    }
}
