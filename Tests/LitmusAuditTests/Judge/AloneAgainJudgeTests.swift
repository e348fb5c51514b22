import Foundation
import Testing

@testable import LitmusAudit
@testable import LitmusRunning

/// A quick audit's further alone runs (``RunStage/confirmAlone(_:xctests:)``), as the judges read them.
@Suite("Alone again: flaky or order-dependent, after a quick audit's single runs")
struct AloneAgainJudgeTests {
    private let victim = TestIdentity(
        library: .xctest, id: "M.CartTests/testC", file: "Tests/M/CartTests.swift", line: 9)
    private let polluter = TestIdentity(
        library: .xctest, id: "M.CartTests/testA", file: "Tests/M/CartTests.swift", line: 3)

    /// The victim failed after the polluter in the one suite run and passed alone; then `again`.
    private func observations(again: [TestOutcome]) -> Observations {
        let passed = TestResult(outcome: .passed, duration: 0.01)
        let failed = TestResult(outcome: .failed, duration: 0.01, issues: ["CartTests.swift:10: not empty"])
        var observations = Observations(
            tests: [polluter, victim],
            suiteRuns: [
                ObservedRun(results: [polluter.id: passed, victim.id: failed], order: [polluter.id, victim.id])
            ],
            alone: [polluter.id: passed, victim.id: passed])
        observations.aloneAgain = [victim.id: again.map { TestResult(outcome: $0, duration: 0.01) }]
        return observations
    }

    private func judge(_ observations: Observations) async throws -> [Finding] {
        var options = AuditOptions()
        options.runs = 1
        return try await Judge.judge(observations, JudgingContext(options: options, seed: 1)) { request in
            // The polluter, run before the victim, makes it fail
            BisectionResult(culprits: request.candidates.filter { $0.id == polluter.id })
        }.findings
    }

    @Test("A test whose alone runs disagree is flaky, and not judged on order")
    func flakyAlone() async throws {
        let findings = try await judge(observations(again: [.failed, .passed]))
        #expect(findings.filter { $0.test == victim.id }.map(\.kind) == [.flaky])
        #expect(findings.first { $0.test == victim.id }?.message.contains("(passed, failed, passed)") == true)
    }

    @Test("A test that passes alone every time and failed after the polluter keeps its order finding")
    func orderDependentStays() async throws {
        let findings = try await judge(observations(again: [.passed, .passed]))
        #expect(findings.filter { $0.test == victim.id }.map(\.kind) == [.failsOnlyWithOthers])
    }
}
