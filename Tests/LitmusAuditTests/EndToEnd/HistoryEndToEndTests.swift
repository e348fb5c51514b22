import Foundation
import LitmusHistory
import Testing

@testable import LitmusAudit
@testable import LitmusRunning

@Suite("Quick audits into a history, on Planted", .tags(.endToEnd), .serialized)
struct HistoryEndToEndTests {
    /// What a finding is about, for comparing the findings of two ways of auditing: its kind and test,
    /// or for a finding about no test, its file.
    private static func keys(_ findings: [Finding]) -> Set<String> {
        Set(findings.map { "\($0.kind.rawValue) \($0.test?.rawValue ?? $0.file ?? "")" })
    }

    /// The tests a quick audit of `report` deals into shares: its footprints' candidates, but those that are
    /// candidates only because they failed (``IsolationCandidates/dealt``).
    private static func dealt(_ report: AuditReport) -> [TestID] {
        report.tests.filter { test in
            guard let isolation = test.isolation else { return false }
            return isolation.candidate && isolation.verdict != .failed
        }.map(\.id)
    }

    @Test(
        "Five quick audits with different seeds, each running alone the share of candidates the history ran least recently, add up to the full audit's findings, in one history or two merged"
    )
    func fiveQuickAuditsAddUpToTheFullAudit() async throws {
        // Given: the full audit of Planted, and an empty history (and two more, each taking every other run)
        let full = try await FixtureAudits.shared.audit("Planted").report
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "litmus-history-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let history = HistoryRecorder(file: scratch.appendingPathComponent("one.sqlite"))
        let halves = ["even", "odd"].map { HistoryRecorder(file: scratch.appendingPathComponent("\($0).sqlite")) }
        var shares: [Int] = []

        // When: five quick audits, seeds that alone would pick shares 1, 1, 1, 2, 2
        for (index, seed) in [UInt64(5), 10, 15, 21, 26].enumerated() {
            let kept = try await FixtureAudits.kept("Planted")
            defer { kept.release() }
            var audit = Audit(
                package: kept.package, options: FixtureAudits.standard.quickened(QuickTier(spread: 5)), seed: seed,
                buildFolder: kept.buildFolder)
            let before = try history.lastRanAlone()
            audit.lastRanAlone = before
            let report = try await audit.run()
            let share = try #require(report.quick?.share)
            shares.append(share)
            // Its share holds a candidate the history had not yet seen alone, while one was left (a candidate that
            // failed ran alone anyway, so the share holding only such tests can wait)
            let dealt = Self.dealt(report)
            let never = Set(dealt.filter { before[$0] == nil })
            let shared = try Shard(index: share, count: 5).share(of: dealt, by: \.self)
            #expect(never.isEmpty || shared.contains(where: never.contains), "seed \(seed): share \(share)")
            // Each quick audit alone names nothing the full audit does not: its flaky test, which failed among
            // the others and passed alone (or the reverse), ran alone twice more and flipped there
            let extra = Self.keys(report.findings).subtracting(Self.keys(full.findings))
            #expect(extra.isEmpty, "seed \(seed): \(extra)")
            try await history.record(report, package: kept.package)
            try await halves[index % 2].record(report, package: kept.package)
        }

        // Then: every test its footprint makes a candidate ran alone in some audit, and the others needed not
        #expect(Set(shares).count > 1)
        let summary = try history.summary()
        #expect(summary.notYetAlone.isEmpty)
        // and the history names every planted problem the full audit names, and nothing else: the flaky test too,
        // from each audit's own runs (it fails on every second run of one folder, and the random halves, drawn from
        // the tests whose footprints meet, no longer run it: each audit sees it flip the same way)
        #expect(Self.keys(summary.findings) == Self.keys(full.findings))
        #expect(
            summary.findings.contains {
                $0.kind == .flaky && $0.test == "PlantedTests.flakyDiscount()/FlakyTests.swift:8:2"
            })
        // The same, with the runs split over two histories and merged
        let merged = try HistoryStore(file: scratch.appendingPathComponent("even.sqlite"))
        #expect(try merged.merge(HistoryStore(file: scratch.appendingPathComponent("odd.sqlite"))) == 2)
        #expect(Self.keys(try halves[0].summary().findings) == Self.keys(full.findings))
    }
}
