import Foundation
import LitmusReport
import Testing

@testable import LitmusAudit
@testable import LitmusRunning

@Suite("An audit that observes no test says so and never passes")
struct NoTestsJudgeTests {
    typealias sut = NoTestsJudge

    private let printed = ["✓ freezing is 32", "✗ body temperature is 98: check failed", "3 checks, 1 failed", ""]

    @Test("A binary that rejected --list-tests is named as not speaking the protocol, with the failures it printed")
    func rejectedListing() throws {
        // Given
        var observations = Observations(tests: [], suiteRuns: [], alone: [:])
        observations.listingStatus = 1
        observations.directRun = DirectRun(status: 1, output: printed)
        // When
        let unobserved = try #require(sut.unobserved(observations))
        // Then
        #expect(unobserved.reason.hasPrefix("The test binary rejected --list-tests (exit status 1): it does not speak"))
        #expect(unobserved.exitStatus == 1)
        #expect(unobserved.failures == ["✗ body temperature is 98: check failed", "3 checks, 1 failed"])
        #expect(
            unobserved.lastLines == [
                "✓ freezing is 32", "✗ body temperature is 98: check failed", "3 checks, 1 failed",
            ])
    }

    @Test("A binary that lists nothing and declares nothing is said to have no test")
    func nothingListed() throws {
        // Given
        var observations = Observations(tests: [], suiteRuns: [], alone: [:])
        observations.directRun = DirectRun(status: 0, output: ["Executed 0 tests, with 0 failures (0 unexpected)"])
        // When
        let unobserved = try #require(sut.unobserved(observations))
        // Then
        #expect(unobserved.reason.hasPrefix("No test was observed: --list-tests lists no XCTest test"))
        #expect(unobserved.failures == [])
    }

    @Test("Swift Testing tests beside a rejected listing are judged, and the headline says only they were")
    func rejectedListingBesideSwiftTests() throws {
        // Given
        let test = TestIdentity(library: .swiftTesting, id: "M.total()/T.swift:3:2")
        var observations = Observations(
            tests: [test], suiteRuns: [ObservedRun(results: [test.id: TestResult(outcome: .passed, duration: 0)])],
            alone: [test.id: TestResult(outcome: .passed, duration: 0)])
        observations.listingStatus = 1
        observations.directRun = DirectRun(status: 1, output: printed)
        // When
        let unobserved = try #require(sut.unobserved(observations))
        // Then
        #expect(
            unobserved.reason.hasPrefix(
                "The test binary rejected --list-tests (exit status 1): no XCTest test could be listed, so only the "
                    + "Swift Testing tests (1) were judged."))
    }

    @Test("Observed tests (no direct run) are judged as usual")
    func observed() {
        let test = TestIdentity(library: .xctest, id: "M.CartTests/testA")
        let observations = Observations(
            tests: [test], suiteRuns: [ObservedRun(results: [test.id: TestResult(outcome: .passed, duration: 0)])],
            alone: [test.id: TestResult(outcome: .passed, duration: 0)])
        #expect(sut.unobserved(observations) == nil)
    }

    @Test("With no test, every letter reads 'no tests' and fails, and the audit exits 2")
    func verdicts() {
        // When
        var report = ReportAssembly.assemble(
            package: "/pkg", seed: 7, options: AuditOptions(), wallSeconds: 1, buildSeconds: 1, tests: [], findings: [],
            coverage: nil, failingTests: [])
        report.unobservedSuite = UnobservedSuite(reason: "r", exitStatus: 1, failures: ["✗ a"], lastLines: ["✗ a"])
        // Then
        #expect(report.verdicts.map(\.passed) == [false, false, false, false, false])
        #expect(Set(report.verdicts.map(\.summary)) == ["no tests: nothing to judge"])
        #expect(report.unmetThresholds == ["No test was observed, so nothing was judged"])
        #expect(report.exitCode == 2)
        #expect(
            JUnitReport().render(report).contains(
                #"<testcase classname="litmus.audit" name="no test observed" time="0"><failure message="r">exit status 1"#
                    + "\n✗ a</failure></testcase>"))
    }

    @Test("The terminal report's headline is the unobserved suite, and no letter reads PASS")
    func terminal() {
        // Given
        var report = ReportAssembly.assemble(
            package: "/pkg", seed: 7, options: AuditOptions(), wallSeconds: 1, buildSeconds: 1, tests: [], findings: [],
            coverage: nil, failingTests: [])
        report.unobservedSuite = UnobservedSuite(
            reason: "The test binary rejected --list-tests.", exitStatus: 1, failures: ["✗ a: check failed"],
            lastLines: [])
        // When
        let lines = TerminalReport().render(report).split(separator: "\n", omittingEmptySubsequences: false)
        // Then
        #expect(
            Array(lines[3...6]) == [
                "NO TEST OBSERVED: The test binary rejected --list-tests.",
                "Run once as swift test would: exit status 1; the failures it printed:",
                "  ✗ a: check failed",
                "",
            ])
        #expect(lines[7].hasPrefix("F  Fast            NO TESTS  no tests: nothing to judge"))
        #expect(!lines.contains { $0.contains("PASS") })
    }
}
