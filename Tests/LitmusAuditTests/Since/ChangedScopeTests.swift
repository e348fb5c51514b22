import LitmusReport
import Testing

@testable import LitmusAudit
@testable import LitmusRunning

@Suite("litmus audit --since: the findings of the tests that touch the changes")
struct ChangedScopeTests {
    private func test(_ id: String, file: String, covers: [String: LineSet] = [:]) -> TestReport {
        TestReport(
            id: TestID(id), name: id, library: .xctest, file: file, line: 1, suiteOutcomes: [.passed],
            aloneOutcome: .passed,
            durationsMilliseconds: [1], medianMilliseconds: 1, flipRate: 0, issues: [], coveredLines: covers)
    }

    private var tests: [TestReport] {
        [
            test(
                "M.CartTests/testTotal", file: "Tests/MTests/CartTests.swift",
                covers: ["Sources/M/Cart.swift": "10-14,30"]),
            test(
                "M.CartTests/testEmpty", file: "Tests/MTests/CartTests.swift", covers: ["Sources/M/Cart.swift": "3-5"]),
            test("M.UserTests/testName", file: "Tests/MTests/UserTests.swift", covers: ["Sources/M/User.swift": "1-9"]),
        ]
    }

    private func report(findings: [Finding], coverage: CoverageReport? = nil) -> AuditReport {
        ReportAssembly.assemble(
            package: "/pkg", seed: 1, options: AuditOptions(), wallSeconds: 1, buildSeconds: 1, tests: tests,
            findings: findings, coverage: coverage, failingTests: ["M.UserTests/testName"])
    }

    @Test("A test touches the changes by a covered changed line or by its own changed file")
    func touching() {
        // Given: line 12 of Cart.swift changed (testTotal covers it, testEmpty does not), and UserTests.swift
        let changes = ChangedLines(
            ref: "main", files: ["Sources/M/Cart.swift": .lines([12]), "Tests/MTests/UserTests.swift": .lines([4])])

        // When
        let sut = ChangedScope.of(changes, tests: tests, byCoverage: true)

        // Then
        #expect(sut.tests == ["M.CartTests/testTotal", "M.UserTests/testName"])
        #expect(sut.changedFiles == ["Sources/M/Cart.swift", "Tests/MTests/UserTests.swift"])
    }

    @Test("The report keeps the findings of the tests in scope and of changed files, and judges again")
    func limit() {
        // Given: findings against a test in scope, a test out of it, a changed and an unchanged file
        let findings = [
            Finding(kind: .slowTest, test: "M.CartTests/testTotal", message: "slow"),
            Finding(kind: .noAssertion, test: "M.CartTests/testEmpty", message: "no assertion"),
            Finding(kind: .uncoveredFile, file: "Sources/M/Cart.swift", message: "uncovered Cart"),
            Finding(kind: .uncoveredFile, file: "Sources/M/Other.swift", message: "uncovered Other"),
        ]
        let changes = ChangedLines(ref: "HEAD~1", files: ["Sources/M/Cart.swift": .lines([30])])

        // When
        let sut = ChangedScope.limit(report(findings: findings), to: changes)

        // Then
        #expect(sut.findings.map(\.message) == ["slow", "uncovered Cart"])
        #expect(sut.failingTests.isEmpty)
        #expect(sut.verdicts.first { $0.letter == .selfValidating }?.passed == true)
        #expect(sut.verdicts.first { $0.letter == .fast }?.passed == false)
        #expect(sut.tests.count == 3)
        #expect(sut.changedScope?.since == "HEAD~1")
        #expect(TerminalReport().render(sut).contains("Since HEAD~1: findings of the 1 tests touching 1 changed files"))
    }

    @Test("The mutation score stays in Thorough's verdict: --since with --min-mutation-score judges the measured score")
    func mutationScore() {
        // Given: an audit with --mutation that met --min-mutation-score 80
        var options = AuditOptions()
        options.thresholds.minMutationScore = 80
        let mutation = MutationSummary(
            score: 90, killed: 9, survived: 1, noCoverage: 0, timeout: 0, runtimeError: 0, compileError: 0,
            wallSeconds: 1)
        let audited = ReportAssembly.assemble(
            package: "/pkg", seed: 1, options: options, wallSeconds: 1, buildSeconds: 1, tests: tests, findings: [],
            coverage: nil, mutation: mutation, failingTests: [])
        let changes = ChangedLines(ref: "HEAD~1", files: ["Sources/M/Cart.swift": .lines([30])])

        // When
        let sut = ChangedScope.limit(audited, to: changes)

        // Then
        #expect(sut.unmetThresholds == [])
        #expect(sut.verdicts.first { $0.letter == .thorough }?.passed == true)
        #expect(sut.verdicts.first { $0.letter == .thorough }?.summary.contains("mutation score 90.0%") == true)
    }

    @Test("The report keeps the notes of the tests in scope only")
    func notes() {
        // Given: a note on a test in scope and one on a test out of it
        var audited = report(findings: [])
        audited.notes = [
            Finding(kind: .assertionNeverRan, test: "M.CartTests/testTotal", message: "in scope"),
            Finding(kind: .assertionNeverRan, test: "M.CartTests/testEmpty", message: "out of scope"),
        ]
        let changes = ChangedLines(ref: "HEAD~1", files: ["Sources/M/Cart.swift": .lines([30])])

        // When
        let sut = ChangedScope.limit(audited, to: changes)

        // Then
        #expect(sut.notes?.map(\.message) == ["in scope"])
        audited.notes = [Finding(kind: .assertionNeverRan, test: "M.CartTests/testEmpty", message: "out of scope")]
        #expect(ChangedScope.limit(audited, to: changes).notes == nil)
    }
}
