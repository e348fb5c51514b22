import Foundation
import Testing

@testable import LitmusAudit
@testable import LitmusRunning

@Suite("The fast schedule finds what the full one finds", .tags(.endToEnd), .serialized)
struct ScheduleEndToEndTests {
    /// A finding with what one run measures left out: durations and counts (`310 ms`, `suite run 2 of 3`)
    /// and the unseeded list of the tests that ran at the same time in a parallel run.
    private static func comparable(_ finding: Finding) -> String {
        var message = finding.message
        if let range = message.range(of: "running at the same time in each:") {
            message = String(message[..<range.lowerBound])
        }
        message = message.replacing(/[0-9][0-9.]*/, with: "#")
        return [
            finding.letter.rawValue, finding.kind.rawValue, finding.test?.rawValue ?? "", finding.location ?? "",
            message,
        ]
        .joined(separator: " | ")
    }

    /// The findings a schedule decides: all but slow tests. A test's duration depends on how loaded the
    /// machine was while it ran, not on the schedule: in the toolkit's own audit (load 15 in its parallel
    /// runs), and once in 3 runs of `swift test` on an idle machine (several fixture audits at once), the
    /// full schedule's audit of Planted found `testDiscount_ofAll_isFree` (1 ms alone, the first XCTest
    /// test of its process) over its 250 ms budget and the fast one did not. Slow tests are checked apart:
    /// the planted one must be found by both schedules.
    private static func scheduled(_ findings: [Finding]) -> [String] {
        findings.filter { $0.kind != .slowTest }.map(comparable).sorted()
    }

    /// Planted's test that sleeps 300 ms, over the 250 ms budget however idle the machine.
    private static let plantedSlowTest: TestID = "PlantedTests.SlowTests/testTotal_afterWaiting_isTheSum"

    @Test(
        "Audited with the same seed, a fixture gets the same findings, verdicts and outcomes on both schedules, with each test's lines or without",
        arguments: ["Planted", "Clean"])
    func sameFindings(fixture: String) async throws {
        // Given: the fixture, built once into a kept folder that both audits reuse
        let kept = try await FixtureAudits.kept(fixture)
        defer { kept.release() }
        let package = kept.package
        let buildFolder = kept.buildFolder
        // The full schedule also records each test's lines: one llvm-cov export per test, which also
        // counts its checks; without them, checks only one test reaches are counted in one export of
        // those tests' merged alone runs. The checks that never ran must be the same either way.
        var full = FixtureAudits.standard
        full.schedule = .full
        full.testLines = true
        var fast = FixtureAudits.standard
        fast.schedule = .fast

        // When
        let old = try await Audit(package: package, options: full, seed: 2026, buildFolder: buildFolder).run()
        let new = try await Audit(package: package, options: fast, seed: 2026, buildFolder: buildFolder).run()

        // Then
        #expect(!old.findings.isEmpty || fixture == "Clean")
        #expect(Self.scheduled(new.findings) == Self.scheduled(old.findings))
        for report in [old, new] {
            let slow = report.findings(.slowTest).compactMap(\.test)
            #expect(fixture != "Planted" || slow.contains(Self.plantedSlowTest))
            #expect(fixture != "Planted" || report.verdicts.first { $0.letter == .fast }?.passed == false)
        }
        let judgedBySchedule = { (report: AuditReport) in report.verdicts.filter { $0.letter != .fast }.map(\.passed) }
        #expect(judgedBySchedule(new) == judgedBySchedule(old))
        #expect((new.notes ?? []).map(Self.comparable) == (old.notes ?? []).map(Self.comparable))
        #expect(new.failingTests == old.failingTests)
        #expect(new.tests.map(\.id) == old.tests.map(\.id))
        // A flaky test's outcome alone is a draw (Planted's flakyDiscount fails on every other run of
        // any process); every other test's must agree where both audits ran it alone. Which tests run alone
        // follows their footprints, and work a test leaves running after it ends (LateChecks.swift's Task)
        // counts in whichever test's stretch it runs: a test it lands in may be a candidate in one audit only.
        let flaky = Set(old.findings(for: .repeatable).compactMap(\.test))
        let bothAlone = Set(
            zip(old.tests, new.tests).filter { $0.aloneOutcome != .notRun && $1.aloneOutcome != .notRun }.map(\.0.id))
        let steady = { (report: AuditReport) in
            report.tests.filter { !flaky.contains($0.id) && bothAlone.contains($0.id) }.map(\.aloneOutcome)
        }
        #expect(steady(new) == steady(old))
        #expect(fixture != "Planted" || bothAlone.contains("PlantedTests.OrderTests/testC_expectsAnEmptyBasket"))
        #expect(fixture != "Planted" || flaky.contains("PlantedTests.flakyDiscount()/FlakyTests.swift:8:2"))
        #expect(new.coverage?.linePercent == old.coverage?.linePercent)
        #expect(fixture != "Planted" || old.findings(.assertionNeverRan).count == 3)
        #expect(new.tests.allSatisfy { $0.coveredLines.isEmpty })
        if fixture == "Planted" {
            let innocent = try #require(old.tests.first { $0.name == "OrderTests.testB_innocent" })
            #expect(innocent.coveredLines["Sources/Planted/Pricing.swift"] != nil)
            #expect(innocent.coveredLines["Sources/Planted/Receipt.swift"] == nil)
        }
        #expect(new.phases?.map(\.phase).contains("pooledRuns") == true)
        #expect(old.phases?.map(\.phase).contains("aloneRuns") == true)
    }
}
