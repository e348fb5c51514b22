import Foundation
import LitmusReport
import Testing

@testable import LitmusAudit
@testable import LitmusRunning

@Suite("litmus audit --quick on Planted", .tags(.endToEnd))
struct QuickEndToEndTests {
    @Test(
        "A quick audit of Planted runs alone only its share and the tests that failed in its runs, names the static findings, and says it was quick, on either schedule",
        arguments: [AuditSchedule.fast, .full])
    func quickAuditOfPlanted(schedule: AuditSchedule) async throws {
        // Given: seed 2026 picks share 2 of 5 (2026 mod 5 is 1)
        let kept = try await FixtureAudits.kept("Planted")
        defer { kept.release() }
        var options = FixtureAudits.standard.quickened(QuickTier(spread: 5))
        options.schedule = schedule

        // When
        let report = try await Audit(package: kept.package, options: options, seed: 2026, buildFolder: kept.buildFolder)
            .run()

        // Then: alone ran the share of the tests the footprints make candidates (dealt as shard 2 of 5) and every
        // test that failed in the suite or parallel run
        let dealt = report.tests.filter { test in
            guard let isolation = test.isolation else { return false }
            return isolation.candidate && isolation.verdict != .failed
        }.map(\.id)
        #expect(!dealt.isEmpty && dealt.count < report.tests.count)
        let share = Set(try Shard(index: 2, count: 5).share(of: dealt, by: \.self))
        let failed = Set(
            report.tests.filter { test in
                (test.suiteOutcomes + (test.parallelOutcomes ?? [])).contains(where: \.isFailure)
            }.map(\.id))
        let ranAlone = Set(report.tests.filter { $0.aloneOutcome != .notRun }.map(\.id))
        #expect(!failed.subtracting(share).isEmpty)
        #expect(ranAlone == share.union(failed))
        #expect(report.quick?.ranAlone == ranAlone.count)
        #expect(report.tests.allSatisfy { $0.suiteOutcomes.count == 1 })
        // The static findings, every time
        let kinds = Set(report.findings.map(\.kind))
        #expect(kinds.isSuperset(of: [.tautology, .noAssertion, .swallowedError, .sleepInTest]))
        // A test that failed among the others ran alone, so its order dependence is found
        #expect(
            report.findings(.failsOnlyWithOthers).contains {
                $0.test == "PlantedTests.OrderTests/testC_expectsAnEmptyBasket"
            })
        // No isolation finding from an alone run that did not happen; checks that never ran are read from a test's
        // own run, alone or its stretch of the suite run
        let fromAlone = report.findings.filter { $0.letter == .isolated }
        #expect(fromAlone.allSatisfy { $0.test.map(ranAlone.contains) ?? true })
        #expect(report.findings(.assertionNeverRan).contains { $0.test.map(ranAlone.contains) == false })
        // It says it was quick
        let text = TerminalReport().render(report)
        #expect(text.contains("quick audit (share 2 of 5), 1 run, seed 2026"))
        #expect(text.contains("Quick audit (--quick): 1 suite run, 1 parallel run, at most 1 random half; "))
    }

    @Test("A test that failed only in the quick audit's random half runs alone too, after the half")
    func failedOnlyInTheHalf() async throws {
        // Given: seed 4, whose random half (drawn from the tests whose footprints meet) holds
        // OrderTests.testE_needsTheCurrency without the test it needs, and whose share (5 of 5) does not hold it.
        // The half depends on which footprints meet: Planted's tests leave no code running into the next test's
        // footprint, however busy the machine (LateChecks.swift).
        let kept = try await FixtureAudits.kept("Planted")
        defer { kept.release() }
        let options = FixtureAudits.standard.quickened(QuickTier(spread: 5))

        // When
        let report = try await Audit(package: kept.package, options: options, seed: 4, buildFolder: kept.buildFolder)
            .run()

        // Then: a test that failed neither in the suite run nor in the parallel run is among the failed, and ran alone
        let quick = try #require(report.quick)
        let byID = Dictionary(uniqueKeysWithValues: report.tests.map { ($0.id, $0) })
        let onlyInTheHalf = quick.failed.filter { id in
            guard let test = byID[id] else { return false }
            return !(test.suiteOutcomes + (test.parallelOutcomes ?? [])).contains(where: \.isFailure)
        }
        let meeting = report.tests.filter { $0.isolation?.verdict == .sharesState }.map(\.name)
        #expect(
            onlyInTheHalf == ["PlantedTests.OrderTests/testE_needsTheCurrency"],
            "the tests whose footprints share state: \(meeting)")
        #expect(onlyInTheHalf.allSatisfy { byID[$0]?.aloneOutcome != .notRun })
        #expect(quick.ranAlone == report.tests.filter { $0.aloneOutcome != .notRun }.count)
    }
}
