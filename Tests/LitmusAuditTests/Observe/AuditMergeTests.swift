import Foundation
import Synchronization
import Testing

@testable import LitmusAudit
@testable import LitmusRunning

/// Shards of hand-made audit records merged and judged once: no process runs; bisection is a fake.
@Suite("Merging the records of audit shards")
struct AuditMergeTests {
    private let tests = ["A", "B", "C", "D", "E"].map { name in
        TestIdentity(library: .xctest, id: "M.CartTests/test\(name)", file: "Tests/MTests/CartTests.swift", line: 4)
    }

    /// The whole audit's record (3 suite runs, 2 random halves): every test passes in the suite and
    /// alone, but test D fails alone (it needs B first), test E fails in the suite (A pollutes it) and
    /// test C fails after A and B in random half 2; a shard's part of it for `share`.
    private func record(share: Shard? = nil, seed: UInt64 = 7) -> AuditRecord {
        let suite = ObservedRun(
            results: Dictionary(
                uniqueKeysWithValues: tests.map {
                    ($0.id, TestResult(outcome: $0.id.rawValue.hasSuffix("E") ? .failed : .passed, duration: 0.01))
                }), order: tests.map(\.id))
        let alone = Dictionary(
            uniqueKeysWithValues: tests.map {
                ($0.id, TestResult(outcome: $0.id.rawValue.hasSuffix("D") ? .failed : .passed, duration: 0.01))
            })
        let halves = [Array(tests[3...]), Array(tests[..<3])].map { half in
            ObservedRun(
                results: Dictionary(
                    uniqueKeysWithValues: half.map {
                        ($0.id, TestResult(outcome: $0.id.rawValue.hasSuffix("C") ? .failed : .passed, duration: 0.01))
                    }), order: half.map(\.id))
        }
        var options = AuditOptions()
        options.coverage = false
        let whole = AuditRecord(
            package: "/p", seed: seed, options: options, buildSeconds: 1,
            observations: Observations(
                tests: tests, suiteRuns: [suite, suite, suite], alone: alone, randomHalves: halves),
            analysis: SourceAnalysis(), coverage: nil,
            coveredLines: Dictionary(uniqueKeysWithValues: tests.map { ($0.id, ["Sources/M/Cart.swift": "1-2"]) }))
        return share.map(whole.part) ?? whole
    }

    /// The victims a bisection was asked about.
    private final class Calls: Sendable {
        let victims = Mutex<[TestID]>([])
        var sorted: [TestID] { victims.withLock { $0.sorted() } }
    }

    /// A bisection that names B for D and A for E and C, counting its calls.
    private func bisection(_ calls: Calls) -> Bisect {
        let tests = self.tests
        return { request in
            calls.victims.withLock { $0.append(request.victim.id) }
            return BisectionResult(culprits: [request.victim.id.rawValue.hasSuffix("D") ? tests[1] : tests[0]])
        }
    }

    @Test(
        "Shards' records, merged, judge to the unsharded report; each bisection run once, by its test's or half's shard"
    )
    func mergedEqualsWhole() async throws {
        // Given: the unsharded audit's report
        let wholeCalls = Calls()
        let whole = try await record().report(bisect: bisection(wholeCalls), wallSeconds: 3)
        let shardCalls = [Calls(), Calls()]

        // When: two shards (alone: A, C, E and B, D; runs: suite 1, 2 and half 1, suite 1, 3 and half 2)
        // record their bisections, pass through JSON, and are merged
        var files: [(file: String, data: Data)] = []
        for index in 1...2 {
            let shard = try Shard(index: index, count: 2)
            var partial = record(share: shard)
            let requests = try await Judge.shardBisectionRequests(
                partial.observations, partial.judgingContext, shard: shard)
            try await partial.recordBisections(requests, through: bisection(shardCalls[index - 1]))
            partial.wallSeconds = 3
            let header = PartialHeader(kind: .audit, shard: shard, commit: "abc", package: "M")
            files.append(("s\(index).json", try AuditPartial(header: header, record: partial).json()))
        }
        let merged = try await AuditPartial.merge(files)

        // Then
        #expect(whole.findings.count == 3)
        #expect(merged.findings == whole.findings)
        #expect(merged.verdicts == whole.verdicts)
        #expect(merged.tests == whole.tests)
        #expect(wholeCalls.sorted == ["M.CartTests/testC", "M.CartTests/testD", "M.CartTests/testE"])
        #expect(shardCalls[0].sorted == ["M.CartTests/testE"])
        #expect(shardCalls[1].sorted == ["M.CartTests/testC", "M.CartTests/testD"])
    }

    @Test("A shard of another seed is refused, naming the file and the fix")
    func otherSeed() async throws {
        let shards = [
            ("a.json", try Shard(index: 1, count: 2), record(seed: 7)),
            ("b.json", try Shard(index: 2, count: 2), record(seed: 8)),
        ]
        #expect(
            throws: MergeError.inconsistent(
                file: "b.json", reason: "its seed is 8, a.json's 7: give every shard the same --replay SEED")
        ) {
            try AuditRecord.merging(shards.map { (file: $0.0, shard: $0.1, record: $0.2) })
        }
    }

    @Test("A merge that lacks a bisection its judges need says so instead of judging without it")
    func missingBisection() async throws {
        let sut = record()
        await #expect(throws: MergeError.self) { try await sut.report(bisect: sut.replay, wallSeconds: 0) }
    }

    @Test("A file that is not an audit shard's report is corrupt, by name")
    func corrupt() async throws {
        await #expect(
            throws: MergeError.corrupt(file: "x.json", reason: "not the partial report of litmus audit --shard")
        ) {
            try await AuditPartial.merge([("x.json", Data("{}".utf8))])
        }
    }

    @Test("The merged sources' coverage is per file the most lines and regions a shard executed")
    func widestCoverage() {
        // Given
        let one = CoverageReport(files: [
            FileCoverage(file: "F.swift", coveredLines: 5, lines: 10, coveredRegions: 3, regions: 6),
            FileCoverage(file: "G.swift", coveredLines: 1, lines: 2, coveredRegions: 1, regions: 2),
        ])
        let two = CoverageReport(files: [
            FileCoverage(file: "F.swift", coveredLines: 6, lines: 10, coveredRegions: 2, regions: 6),
            FileCoverage(file: "G.swift", coveredLines: 1, lines: 2, coveredRegions: 1, regions: 2),
        ])

        // When
        let sut = CoverageReport.widest([one, two])

        // Then
        #expect(sut?.files.map(\.coveredLines) == [6, 1])
        #expect(sut?.files.map(\.coveredRegions) == [3, 1])
        // litmus:ignore floatEquality the merge rounds the percent to one decimal: the nearest Double to 58.3, exactly
        #expect(sut?.linePercent == 58.3)
        #expect(sut?.regionPercent == 50)
        #expect(CoverageReport.widest([]) == nil)
    }

    @Test("A file only other platforms' code uses keeps its mark in the merged coverage, so it stays a note")
    func platformOnlyMarkKept() throws {
        // Given: both shards found the file unexecuted and used only under an inactive #if
        func shard(_ covered: Int) -> CoverageReport {
            var platformOnly = FileCoverage(
                file: "Sources/Q/Bundle.swift", coveredLines: 0, lines: 4, coveredRegions: 0, regions: 2)
            platformOnly.usedOnlyOnOtherPlatformsBy = "Sources/Q/Darwin.swift"
            return CoverageReport(files: [
                platformOnly,
                FileCoverage(
                    file: "Sources/Q/Q.swift", coveredLines: covered, lines: 10, coveredRegions: covered, regions: 10),
            ])
        }

        // When
        let merged = try #require(CoverageReport.widest([shard(0), shard(7)]))

        // Then
        #expect(merged.files.map(\.usedOnlyOnOtherPlatformsBy) == ["Sources/Q/Darwin.swift", nil])
        #expect(merged.files.map(\.coveredLines) == [0, 7])
    }
}
