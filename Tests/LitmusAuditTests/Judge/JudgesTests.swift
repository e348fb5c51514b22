import Foundation
import Synchronization
import Testing

@testable import LitmusAudit
@testable import LitmusRunning

/// The judges as values: every finding kind has its judge, and a judge is given only what it reads.
@Suite("The judges, one list of values")
struct JudgesTests {
    private let test = TestIdentity(
        library: .xctest, id: "M.CartTests/testA", file: "Tests/MTests/CartTests.swift", line: 4)

    /// One test that passed everywhere.
    private var observations: Observations {
        let passed = TestResult(outcome: .passed, duration: 0.01)
        return Observations(
            tests: [test], suiteRuns: [ObservedRun(results: [test.id: passed], order: [test.id])],
            alone: [test.id: passed])
    }

    /// A judge that finds one slow test, whatever it reads.
    private var finder: Judge {
        let test = self.test
        return Judge("finder", kinds: [.slowTest], reads: [.runs]) { _ in
            JudgeOutput(findings: [Judge.finding(.slowTest, test, "slow")])
        }
    }

    @Test("Every finding kind is decided by a judge of the list; only crashed by two, processes' and tests'")
    func everyKindHasAJudge() {
        // When
        let kinds = Judge.all.flatMap(\.kinds)

        // Then
        #expect(Set(kinds) == Set(FindingKind.allCases))
        let twice = Dictionary(grouping: kinds, by: { $0 }).filter { $0.value.count > 1 }.keys
        #expect(Array(twice) == [.crashed])
    }

    @Test("A judge that reads the earlier findings sees those of the judges above it; one that does not sees none")
    func earlierFindingsOnlyWhenRead() async throws {
        // Given: two judges after the finder, one reading the earlier findings
        let seen = Mutex<[String: Int]>([:])
        let reader = Judge("reader", kinds: [], reads: [.earlierFindings]) { input in
            seen.withLock { $0["reader"] = input.earlier.count }
            return JudgeOutput()
        }
        let other = Judge("other", kinds: [], reads: [.runs]) { input in
            seen.withLock { $0["other"] = input.earlier.count }
            return JudgeOutput()
        }

        // When
        let judgement = try await Judge.judge(
            observations, JudgingContext(options: AuditOptions(), seed: 1), by: [finder, reader, other]
        ) { _ in BisectionResult(culprits: []) }

        // Then
        #expect(judgement.findings.map(\.message) == ["slow"])
        #expect(seen.withLock { $0 } == ["reader": 1, "other": 0])
    }

    @Test("Bisection runs only for a judge that reads it; another's requests never reach it")
    func bisectionOnlyWhenRead() async throws {
        // Given: a judge asking for a bisection without reading it, and one that reads it
        let request = BisectionRequest(victim: test, candidates: [], wantFailure: true)
        let asking = { (name: String, reads: Set<Judge.Reads>) in
            Judge(name, kinds: [], reads: reads) { input in
                _ = try await input.bisect(request)
                return JudgeOutput()
            }
        }
        let asked = Mutex(0)

        // When
        _ = try await Judge.judge(
            observations, JudgingContext(options: AuditOptions(), seed: 1),
            by: [asking("blind", [.runs]), asking("bisecting", [.runs, .bisection])]
        ) { _ in
            asked.withLock { $0 += 1 }
            return BisectionResult(culprits: [])
        }

        // Then
        #expect(asked.withLock { $0 } == 1)
    }

}
