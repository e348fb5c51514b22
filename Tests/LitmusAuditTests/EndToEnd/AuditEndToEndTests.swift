import Foundation
import LitmusReport
import Testing

@testable import LitmusAudit
@testable import LitmusRunning

@Suite("Auditing fixture packages that plant each FIRST problem", .tags(.endToEnd))
struct AuditEndToEndTests {
    private func planted() async throws -> AuditReport { try await FixtureAudits.shared.audit("Planted").report }

    @Test("Every XCTest and Swift Testing test is discovered and located")
    func discovery() async throws {
        let report = try await planted()
        #expect(report.tests.filter { $0.library == .xctest }.count == 16)
        #expect(
            report.tests.filter { $0.library == .swiftTesting }.map(\.name) == [
                "flakyDiscount()", "searchNeverCompletes()", "tallyHoldsOneCart()", "tallyPricesAnotherCart()",
                "tautology()", "totalCheckedLate()", "unawaitedTotal()", "xctestCheckInSwiftTesting()",
            ])
        let slow = try #require(report.tests.first { $0.name == "SlowTests.testTotal_afterWaiting_isTheSum" })
        #expect(slow.file == "Tests/PlantedTests/SlowTests.swift")
        #expect(slow.line == 8)
    }

    @Test("A slow test is named with its median duration, and its sleep is found")
    func slowTest() async throws {
        let report = try await planted()
        let slow = try #require(report.findings(.slowTest).first)
        #expect(report.findings(.slowTest).count == 1)
        #expect(slow.test == "PlantedTests.SlowTests/testTotal_afterWaiting_isTheSum")
        #expect(slow.message.contains("over the 250 ms budget"))
        #expect(report.findings(.sleepInTest).map(\.location) == ["Tests/PlantedTests/SlowTests.swift:9"])
    }

    @Test("A test that fails after another is found, and bisection names the polluter")
    func polluter() async throws {
        let report = try await planted()
        let xctest = report.findings(.failsOnlyWithOthers).filter { $0.test?.rawValue.contains("OrderTests") == true }
        let finding = try #require(xctest.first)
        #expect(xctest.count == 1)
        #expect(finding.test == "PlantedTests.OrderTests/testC_expectsAnEmptyBasket")
        #expect(finding.message.contains("fails after OrderTests.testA_addsToTheSharedBasket,"))
    }

    @Test("A test that passes only after another names the test it needs")
    func dependency() async throws {
        let report = try await planted()
        let finding = try #require(report.findings(.passesOnlyWithOthers).first)
        #expect(report.findings(.passesOnlyWithOthers).count == 1)
        #expect(finding.test == "PlantedTests.OrderTests/testE_needsTheCurrency")
        #expect(finding.message.contains("it needs OrderTests.testD_setsTheCurrency to run first"))
    }

    @Test("A test that fails only in Swift Testing's parallel runs is named with its line and the test beside it")
    func parallelOnly() async throws {
        let report = try await planted()
        let victim = try #require(report.tests.first { $0.name == "tallyHoldsOneCart()" })
        let finding = try #require(report.findings(.failsOnlyWithOthers).first { $0.test == victim.id })
        #expect(finding.location == "Tests/PlantedTests/ParallelChecks.swift:19")
        #expect(
            finding.message.hasPrefix(
                "tallyHoldsOneCart() passes alone and one test at a time, and fails in all 3 parallel runs: "
                    + "it shares state with a test running at the same time; running at the same time in each: "
                    + "tallyPricesAnotherCart()"))
        #expect(victim.suiteOutcomes == [.passed, .passed, .passed])
        #expect(victim.parallelOutcomes == [.failed, .failed, .failed])
        // Its partner passes everywhere: it is named, not judged.
        #expect(!report.findings.contains { !$0.hint && $0.test?.rawValue.contains("tallyPricesAnotherCart") == true })
    }

    @Test("An issue recorded after its test ended is unawaited work of that test, at the check's line")
    func lateIssue() async throws {
        let report = try await planted()
        let late = try #require(report.tests.first { $0.name == "totalCheckedLate()" })
        let finding = try #require(report.findings(.unawaitedAssertion).first { $0.test == late.id })
        #expect(finding.location == "Tests/PlantedTests/LateChecks.swift:21")
        #expect(finding.message.hasPrefix("totalCheckedLate() recorded an issue after it had ended (suite run 1 of 3)"))
        #expect(finding.message.contains("Expectation failed: (total([1, 2]) → 3) == (first + 1 → 4)"))
        // Not "order-dependent, polluter not found", and not a failure of the test.
        #expect(!report.findings.contains { $0.test == late.id && $0.letter == .isolated })
        #expect(late.suiteOutcomes == [.passed, .passed, .passed])
    }

    @Test("The quarantined flaky test is reported but counted against no letter; a steady entry is listed for removal")
    func quarantine() async throws {
        let report = try await planted()
        let flaky = try #require(report.findings(.flaky).first)
        #expect(flaky.quarantined == true)
        #expect(report.verdicts.first { $0.letter == .repeatable }?.passed == true)
        let flakyID = try #require(report.tests.first { $0.name == "flakyDiscount()" }).id
        #expect(report.quarantine?.tests == ["PlantedTests.OrderTests/testB_innocent", flakyID])
        #expect(report.quarantine?.noLongerFlipping.map(\.selector) == ["OrderTests.testB_innocent"])
        #expect(report.quarantine?.noLongerFlipping.first?.line == 5)
        let junit = JUnitReport().render(report)
        #expect(junit.contains("<flakyFailure message=\""))
    }

    @Test("Nothing in Planted crashes, and every test class in its sources ran")
    func nothingCrashedNothingUnrun() async throws {
        let report = try await planted()
        #expect(report.findings(.crashed).count == 0)
        #expect(report.findings(.neverRan).count == 0)
    }

    @Test("A flaky test is found with its flip rate")
    func flaky() async throws {
        let report = try await planted()
        #expect(
            report.findings(.flaky).map(\.message) == ["flakyDiscount() passed 2 of 3 identical runs (flip rate 1.00)"])
    }

    @Test("No assertion, a tautology each way, a swallowed error and an unwaited expectation are found")
    func selfValidating() async throws {
        let report = try await planted()
        #expect(
            report.findings(.noAssertion).map(\.test) == [
                "PlantedTests.SelfValidationTests/testTotal_ofNothing_isComputed"
            ])
        #expect(
            report.findings(.tautology).map(\.location) == [
                "Tests/PlantedTests/SelfValidationTests.swift:14", "Tests/PlantedTests/SelfValidationTests.swift:36",
            ])
        #expect(
            report.findings(.swallowedError).map(\.test) == [
                "PlantedTests.SelfValidationTests/testDecoding_ofPrices_succeeds"
            ])
        #expect(
            report.findings(.unwaitedExpectation).map(\.test) == [
                "PlantedTests.SelfValidationTests/testTotal_onAnotherQueue_isTheSum"
            ])
    }

    @Test("XCTAssertEqual in a @Test, #expect in an XCTest method and a check in an unawaited Task are named")
    func ignoredChecks() async throws {
        let report = try await planted()
        let swiftTest = try #require(report.tests.first { $0.name == "xctestCheckInSwiftTesting()" })
        let unawaited = try #require(report.tests.first { $0.name == "unawaitedTotal()" })
        #expect(
            report.findings(.xctestAssertionInSwiftTesting).map { "\($0.test ?? "-") \($0.location ?? "-")" } == [
                "\(swiftTest.id) Tests/PlantedTests/IgnoredChecks.swift:11"
            ])
        #expect(
            report.findings(.expectInXCTest).map { "\($0.test ?? "-") \($0.location ?? "-")" } == [
                "PlantedTests.IgnoredCheckTests/testDiscount_ofAll_isFree Tests/PlantedTests/IgnoredChecks.swift:17"
            ])
        #expect(
            report.findings(.unawaitedAssertion).filter { $0.test == unawaited.id }.map { $0.location ?? "-" } == [
                "Tests/PlantedTests/IgnoredChecks.swift:25"
            ])
    }

    @Test("Checks that never ran are named with their line and what skipped them; some never ran is a note")
    func assertionsNeverRan() async throws {
        let report = try await planted()
        let search = try #require(report.tests.first { $0.name == "searchNeverCompletes()" })
        let file = "Tests/PlantedTests/NeverRanChecks.swift"
        #expect(
            report.findings(.assertionNeverRan).map { "\($0.test ?? "-") \($0.location ?? "-")" } == [
                "\(search.id) \(file):19",
                "PlantedTests.NeverRanTests/testTotals_ofEachBasket_areNotNegative \(file):27",
                "PlantedTests.NeverRanTests/testDiscount_ofAParsedPercent_isBelowThePrice \(file):33",
            ])
        #expect(
            report.findings(.assertionNeverRan).map { $0.message.components(separatedBy: ": ").last ?? "" } == [
                "`#expect` (line 19) sits in the closure passed to searchPrices(…) (line 18), never called",
                "`XCTAssertGreaterThanOrEqual` (line 27) sits in the for loop over baskets (line 26), which did not iterate",
                "`XCTAssertLessThan` (line 33) sits in the `if let` (line 32), whose condition never held",
            ])
        // Only one of its two checks never ran: a note, not a finding.
        #expect(
            (report.notes ?? []).map { "\($0.test ?? "-") \($0.location ?? "-")" } == [
                "PlantedTests.NeverRanTests/testTotal_isTheSum_andEachPriceIsPositive \(file):39"
            ])
        // XCTFail in a guard's else that was not taken, the Task nobody awaits (named as unawaited), and
        // every other passing test: their checks ran.
        #expect(
            !report.findings.contains {
                !$0.hint && $0.test?.rawValue.hasSuffix("testTotal_ofAFetchedBasket_isTheSum") == true
            })
        #expect(!report.findings(.assertionNeverRan).contains { $0.test?.rawValue.contains("unawaitedTotal") == true })
    }

    @Test("A test whose only assertion is in a helper in another file is self-validating")
    func helper() async throws {
        let report = try await planted()
        let id: TestID = "PlantedTests.SelfValidationTests/testDiscount_checkedByAHelperInAnotherFile_isHalf"
        // The analysis read the test's file: it located the test there and found its planted sibling.
        let test = try #require(report.tests.first { $0.id == id })
        #expect(test.file == "Tests/PlantedTests/SelfValidationTests.swift")
        #expect(test.line == 28)
        #expect(test.suiteOutcomes == [.passed, .passed, .passed])
        #expect(
            report.findings(.noAssertion).map(\.location) == ["Tests/PlantedTests/SelfValidationTests.swift:9"])
        // …and followed the call into PriceChecks.swift, where the assertion is.
        #expect(!report.findings.contains { $0.test == id })
    }

    @Test("An uncovered file is named; coverage counts the sources only; no test's own lines unless asked")
    func thorough() async throws {
        let report = try await planted()
        #expect(report.findings(.uncoveredFile).map(\.file) == ["Sources/Planted/Receipt.swift"])
        #expect(
            report.coverage?.files.map(\.file) == ["Sources/Planted/Pricing.swift", "Sources/Planted/Receipt.swift"])
        // Each test's own lines cost an llvm-cov export per test: only `testLines` asks for them
        // (ScheduleEndToEndTests audits Planted with them).
        #expect(report.tests.allSatisfy { $0.coveredLines.isEmpty })
    }

    @Test(
        "Every letter fails but Repeatable (its flaky test is quarantined) and Thorough; the package is left unchanged")
    func verdictsAndUntouched() async throws {
        let audited = try await FixtureAudits.shared.audit("Planted")
        #expect(audited.report.verdicts.map(\.passed) == [false, false, true, false, true])
        #expect(audited.unchanged)
    }

    @Test("A QuickSpec that never ran on Linux is named")
    func unrunSpec() async throws {
        let audited = try await FixtureAudits.shared.audit("Specs")
        #expect(
            audited.report.findings(.neverRan).map(\.message) == [
                "The spec ToggleSpec is in the sources and never ran: on Linux a QuickSpec runs only when an entry point (QCKMain) lists it"
            ])
        #expect(audited.report.findings.count == 2)
    }

    @Test("A Nimble expect(x) with no matcher is named with its test and line")
    func unevaluatedExpectation() async throws {
        let report = try await FixtureAudits.shared.audit("Specs").report
        #expect(
            report.findings(.unevaluatedExpectation).map { "\($0.test ?? "-") \($0.location ?? "-")" } == [
                "SpecsTests.DanglingExpectationTests/testFlip_twice_turnsItOff Tests/SpecsTests/DanglingExpectationTests.swift:12"
            ])
    }

    @Test("A clean fixture gets a clean report: every letter passes, no finding, no unmet threshold")
    func clean() async throws {
        let audited = try await FixtureAudits.shared.audit("Clean")
        #expect(audited.report.findings == [])
        #expect(audited.report.notes == nil)
        #expect(audited.report.verdicts.allSatisfy { $0.passed })
        #expect(audited.report.unmetThresholds == [])
        #expect(audited.report.coverage?.linePercent == 100)
        #expect(audited.unchanged)
    }

    @Test("A binary whose LinuxMain runs checks of its own: no test observed is the headline, never PASS; exit 2")
    func noTestsObserved() async throws {
        let report = try await FixtureAudits.shared.audit("NoTests").report
        let unobserved = try #require(report.unobservedSuite)

        #expect(report.tests == [])
        #expect(unobserved.reason.hasPrefix("The test binary rejected --list-tests (exit status 1)"))
        #expect(unobserved.exitStatus == 1)
        #expect(unobserved.failures == ["✗ body temperature is 98: check failed", "3 checks, 1 failed"])
        #expect(report.verdicts.map(\.passed) == [false, false, false, false, false])
        #expect(report.exitCode == 2)
        #expect(TerminalReport().render(report).contains("\nNO TEST OBSERVED: The test binary rejected --list-tests"))
    }

    @Test("A test process killed at --timeout is reported with its run and the tests it left undone; exit 3")
    func timeout() async throws {
        var options = AuditOptions()
        options.runs = 1
        options.randomSubsets = 0
        options.coverage = false
        options.timeoutSeconds = 4
        let report = try await FixtureAudits.shared.audit("Hanging", options: options).report
        let hanging: TestID = "HangingTests.HangingTests/testB_hangs"
        let swiftHanging = try #require(report.tests.first { $0.name == "hangs()" }).id

        #expect(report.exitCode == 3)
        #expect(
            report.timedOutRuns.contains(
                TimedOutRun(
                    run: "suite run 1 of 1", library: .xctest, unfinished: [hanging],
                    notStarted: ["HangingTests.HangingTests/testC_neverStarts"], limitSeconds: 4)))
        #expect(
            report.timedOutRuns.contains(
                TimedOutRun(
                    run: "suite run 1 of 1", library: .swiftTesting, unfinished: [swiftHanging], notStarted: [],
                    limitSeconds: 4)))
        #expect(
            report.timedOutRuns.contains(
                TimedOutRun(
                    run: "HangingTests.testB_hangs alone", library: .xctest, unfinished: [hanging], notStarted: [],
                    limitSeconds: 4)))
        #expect(
            report.timedOutRuns.contains { $0.run == "parallel suite run 1 of 1" && $0.unfinished == [swiftHanging] })
        #expect(
            report.findings(.crashed).first { $0.test == hanging }?.message
                == "HangingTests.testB_hangs ran past its time limit, 4 s (--timeout), and was killed (suite run 1 of 1)"
        )
    }

    @Test("A package whose tests do not build gets an error naming the file and the failure")
    func buildFailure() async throws {
        let package = try FixtureAudits.copy("Clean")
        defer { try? FileManager.default.removeItem(at: package.deletingLastPathComponent()) }
        try "public func broken() -> Int { \"not a number\" }\n"
            .write(to: package.appendingPathComponent("Sources/Clean/Broken.swift"), atomically: true, encoding: .utf8)
        let error = await #expect(throws: AuditError.self) { _ = try await Audit(package: package).run() }
        #expect(error?.description.contains("\(package.path)/Sources/Clean/Broken.swift:1:") == true)
    }

    @Test("A folder without Package.swift is refused by name")
    func notAPackage() async throws {
        let error = await #expect(throws: AuditError.self) {
            try await Audit(package: URL(fileURLWithPath: "/tmp/no-such-package")).run()
        }
        #expect(error == .notAPackage(path: "/tmp/no-such-package"))
    }
}
