import Foundation
import Testing

@testable import LitmusAudit
@testable import LitmusRunning

@Suite("Isolation from footprints: only the tests that can share state run alone", .tags(.endToEnd))
struct IsolationEndToEndTests {
    private func hidden() async throws -> AuditReport {
        try await FixtureAudits.shared.audit("HiddenState", options: FixtureAudits.hiddenState).report
    }

    /// HiddenState's planted order dependences, each with the test bisection names.
    static let planted = [
        // A Swift Testing suite's trait sets `houseStyle` (SuiteTraitTests.swift): StyleReaderSuite's test needs
        // FormalSuite's to run first.
        "SuiteTraitTests.swift:22:6 [\"SuiteTraitTests.swift:16:6\"]",
        "testB_startsWithNoVisitors [\"testA_welcomesAda\"]", "testD_needsTheNote [\"testC_keepsANote\"]",
        "testF_expectsRelaxed [\"testE_turnsStrict\"]", "testH_greetsTheWorld [\"testG_greetsGrace\"]",
        "testZ_findsTheManifest [\"testY_leavesThePackage\"]",
    ]

    private func test(_ report: AuditReport, _ name: String) throws -> TestReport {
        try #require(report.tests.first { $0.name == name })
    }

    @Test(
        "Shared state hidden in a dependency's static, a file, the environment, a lazy global, the current directory and a suite's trait is found"
    )
    func everyHiddenOrderDependence() async throws {
        // Given / When: the audit of HiddenState
        let report = try await hidden()

        // Then: each planted pair, with the test bisection names
        #expect(report.orderDependences == Self.planted)
        #expect(report.verdicts.first { $0.letter == .isolated }?.passed == false)
    }

    @Test("Tests that touch no state another test writes do not run alone, and say why")
    func isolatedTestsStayInTheSuite() async throws {
        let report = try await hidden()

        for name in ["HiddenStateTests.testI_sums", "HiddenStateTests.testJ_sumsAgain", "addsTwoAndTwo()"] {
            let sut = try test(report, name)
            #expect(sut.aloneOutcome == .notRun, "\(name)")
            #expect(sut.isolation == IsolationEvidence(.isolated, because: "it touches no shared state"), "\(name)")
        }
        // The environment its process reads is written only by XCTest's tests, in a process of their own.
        let mode = try test(report, "readsTheMode()")
        #expect(mode.aloneOutcome == .notRun)
        #expect(mode.isolation?.verdict == .isolated)
        #expect(mode.isolation?.because.contains("the environment") == true)
        let scope = try #require(report.isolation)
        #expect(scope.unmeasuredBecause == nil)
        #expect(scope.ranAlone == report.tests.filter { $0.aloneOutcome != .notRun }.count)
        #expect(scope.ranAlone < report.tests.count)
    }

    @Test("The footprints read from the typed AST, with no run, find every planted dependence the run's footprints do")
    func staticFootprintsMissNothing() async throws {
        let report = try await hidden()

        let scope = try #require(report.isolation)
        let agreement = try #require(scope.staticFootprints)
        #expect(agreement.problem == nil)
        #expect(agreement.compared == report.tests.filter { $0.isolation?.verdict != .failed }.count)
        // Every candidate of the run's is one of the typed AST's but one: `greetsFormally()` reads only what its own
        // suite's trait writes, which the run counts as code outside the tests (any test might need it) and the call
        // graph as the test's own code, run before it whatever the order.
        #expect(agreement.missed == ["FormalSuite/greetsFormally()"])
        #expect(agreement.onlyRun == 1)
        // And one only by the typed AST: `testA_welcomesAda` writes HiddenStateKit's static, and a call into a dependency
        // reaches every place of it, reads too (its typed AST is not read).
        #expect(agreement.extra == ["HiddenStateTests.testA_welcomesAda"])
    }

    @Test("Each victim runs alone with the state it reads named; a test that starts a process runs alone, unseen")
    func candidatesRunAlone() async throws {
        let report = try await hidden()

        let victims = [
            "testB_startsWithNoVisitors": "`Registry.names`", "testF_expectsRelaxed": "the environment",
            "testH_greetsTheWorld": "`greeting`", "testZ_findsTheManifest": "the current directory",
        ]
        for (name, state) in victims {
            let sut = try test(report, "HiddenStateTests.\(name)")
            #expect(sut.aloneOutcome == .passed, "\(name)")
            #expect(sut.isolation?.verdict == .sharesState, "\(name)")
            #expect(sut.isolation?.because.contains(state) == true, "\(name): \(sut.isolation?.because ?? "")")
        }
        // What a suite's trait writes is code outside the tests: its reader runs alone, and its need shows there.
        let style = try test(report, "StyleReaderSuite/expectsTheFormalStyle()")
        #expect(style.isolation?.verdict == .sharesState)
        #expect(style.isolation?.because.hasSuffix("which code outside the tests writes") == true)
        let process = try test(report, "runsAProcess()")
        #expect(process.aloneOutcome == .passed)
        #expect(process.isolation?.verdict == .unseen)
    }

    @Test("A test that did not run alone still has its checks counted, from its stretch of the serial run")
    func checksCountedWithoutAnAloneRun() async throws {
        // Given: Planted's audit, whose checks that never run are in tests that share no state
        let report = try await FixtureAudits.shared.audit("Planted").report

        // Then: those tests did not run alone, and their checks that never ran are still found
        let sut = try test(report, "NeverRanTests.testTotals_ofEachBasket_areNotNegative")
        #expect(sut.aloneOutcome == .notRun)
        #expect(sut.isolation?.verdict == .isolated)
        #expect(report.findings(.assertionNeverRan).contains { $0.test == sut.id })
        // And in HiddenState, whose checks all run, none is reported.
        #expect(try await hidden().findings(.assertionNeverRan).isEmpty)
    }
}
