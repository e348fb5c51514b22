import Foundation
import Testing

@testable import LitmusAudit
@testable import LitmusRunning

@Suite("litmus audit --quick: the share of the tests that runs alone")
struct QuickTierTests {
    /// Seven tests, in no sorted order.
    private let tests = ["M.T/g", "M.T/a", "M.T/e", "M.T/c", "M.T/f", "M.T/b", "M.T/d"].map {
        TestIdentity(library: .xctest, id: TestID($0), file: "Tests/MTests/T.swift")
    }

    /// The ids each of `seeds` runs alone with `tier` and nothing failing, in the order of `seeds`.
    private func ranAlone(seeds: [UInt64], tier: QuickTier) -> [TestID] {
        seeds.flatMap { seed in
            AloneScope.quick(tests, tier: tier, seed: seed, failing: [], since: nil).filter(tests).map(\.id)
        }
    }

    @Test("Each test is in exactly one of the K shares")
    func sharesPartition() {
        // Given
        let sut = QuickTier(spread: 3)
        let ids = tests.map(\.id)
        // When
        let dealt = [0, 1, 2].flatMap { sut.share($0, of: ids, by: \.self) }
        // Then
        #expect(dealt.sorted() == ids.sorted())
    }

    @Test("The tests are dealt round robin over their sorted ids, as --shard deals them")
    func dealtAsShards() {
        let sut = QuickTier(spread: 3)
        #expect(sut.share(1, of: tests.map(\.id), by: \.self) == ["M.T/e", "M.T/b"])
    }

    @Test("K quick audits with consecutive seeds run every test alone exactly once")
    func consecutiveSeedsCoverEveryTest() {
        // When: five audits, seeds 40 to 44, spread 5
        let ran = ranAlone(seeds: [40, 41, 42, 43, 44], tier: QuickTier(spread: 5))
        // Then
        #expect(ran.sorted() == tests.map(\.id).sorted())
    }

    @Test("The seed picks share seed mod K: seeds K apart run the same tests alone")
    func seedPicksTheShare() {
        let sut = QuickTier(spread: 5)
        #expect(sut.shareIndex(seed: 12) == 2)
        #expect(ranAlone(seeds: [7], tier: sut) == ranAlone(seeds: [12], tier: sut))
    }

    @Test("--share pins the share: the seed's and the history's choices give way, and the sentence says so")
    func pinnedShare() throws {
        // Given: shares of 3 ({a, d, g}, {b, e}, {c, f}); seed 0 would pick the first, and a history in which
        // b and e never ran alone would pick the second
        let lastAlone: [TestID: Date] = Dictionary(
            uniqueKeysWithValues: ["M.T/a", "M.T/d", "M.T/g", "M.T/c", "M.T/f"].map { (TestID($0), Date()) })
        // When
        let sut = AloneScope.quick(
            tests, tier: QuickTier(spread: 3, share: 3), seed: 0, failing: [], since: nil, lastAlone: lastAlone)
        // Then
        #expect(sut.filter(tests).map(\.id) == ["M.T/c", "M.T/f"])
        let quick = try #require(sut.quick)
        #expect(quick.share == 3)
        #expect(quick.fromHistory == nil)
        #expect(quick.aloneSentence == "2 of 7 tests alone: 2 of share 3 of 3 (--share)")
        #expect(quick.replayFlags == "--quick --spread 3 --share 3")
    }

    @Test("A test that failed in this run's suite or parallel run runs alone though it is not in the share")
    func failingTestAdded() throws {
        // Given: seed 0 picks share 1 of 3 (a, d, g); c failed
        let sut = AloneScope.quick(tests, tier: QuickTier(spread: 3), seed: 0, failing: ["M.T/c"], since: nil)
        // Then
        #expect(sut.filter(tests).map(\.id) == ["M.T/g", "M.T/a", "M.T/c", "M.T/d"])
        let quick = try #require(sut.quick)
        #expect(quick.aloneSentence == "4 of 7 tests alone: 3 of share 1 of 3, 1 more that failed in this run")
    }

    @Test("With --since, the tests its rule selects run alone besides the share; all of them when it takes all")
    func sinceJoinsTheShare() {
        // Given: share 1 of 3 (T's a, d and g); --since selects V's z by its changed file, or every test for
        // want of kept lines
        let changes = ChangedLines(ref: "main", files: ["Tests/MTests/V.swift": .lines([1])])
        let tier = QuickTier(spread: 3)
        let suite = tests + [TestIdentity(library: .xctest, id: "M.V/z", file: "Tests/MTests/V.swift")]
        // When
        let byFile = AloneScope.Rule.quick(tier, seed: 0, since: .byFile(changes)).scope(for: suite)
        let every = AloneScope.Rule.quick(tier, seed: 0, since: .everyTest("no kept lines")).scope(for: suite)
        // Then
        #expect(byFile.filter(suite).map(\.id) == ["M.T/g", "M.T/a", "M.T/d", "M.V/z"])
        #expect(byFile.quick?.addedSince == 1)
        #expect(every.filter(suite).count == 8)
        #expect(every.quick?.everyTestAloneBecause == "no kept lines")
    }

    @Test("A quick audit runs the suite once, the parallel runs once and at most one random half")
    func quickenedOptions() {
        // Given
        var options = AuditOptions()
        options.runs = 4
        // When
        let sut = options.quickened(QuickTier(spread: 3))
        // Then
        #expect(sut.runs == 1)
        #expect(sut.randomSubsets == 1)
        #expect(sut.quick == QuickTier(spread: 3))
    }

    @Test("A configuration file cannot make an audit quick: only --quick does")
    func notFromTheConfigurationFile() throws {
        // Given
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("quick-\(UUID().uuidString).json")
        try Data(#"{"runs": 2, "quick": {"spread": 3}}"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        // When
        let sut = #expect(throws: AuditError.self) { try AuditOptions.load(from: file) }
        // Then: `quick` is no setting of the file, so it is refused by name
        #expect(sut?.description.contains("`quick` is not a setting") == true)
    }

    @Test(
        "With a history, the share whose tests ran alone least recently runs, whatever the seed; a test that never ran alone counts as oldest"
    )
    func leastRecentShare() {
        // Given: shares of 3 over the seven tests ({a, d, g}, {b, e}, {c, f}); b and e ran alone on day 2,
        // a, d and g on day 3, c on day 1 and f never
        let sut = QuickTier(spread: 3)
        let ids = tests.map(\.id)
        let day = { (n: Double) in Date(timeIntervalSince1970: n * 86_400) }
        var lastAlone: [TestID: Date] = [
            "M.T/a": day(3), "M.T/d": day(3), "M.T/g": day(3), "M.T/b": day(2), "M.T/e": day(2), "M.T/c": day(1),
        ]

        // Then: {c, f} (f never ran alone), whichever share the seed would pick
        #expect((0..<3).map { sut.leastRecentShare(of: ids, lastAlone: lastAlone, seed: UInt64($0)) } == [2, 2, 2])
        // and once f ran alone on day 4, {b, e}, of day 2
        lastAlone["M.T/f"] = day(4)
        lastAlone["M.T/c"] = day(4)
        #expect(sut.leastRecentShare(of: ids, lastAlone: lastAlone, seed: 0) == 1)
        // Without any history every share ties: the seed's
        #expect((0..<3).map { sut.leastRecentShare(of: ids, lastAlone: [:], seed: UInt64($0)) } == [0, 1, 2])
    }

    @Test("Spread quick audits reading their own history run every test alone, with any seeds")
    func historyCoversEveryTest() {
        // Given: the same seed every time, which alone would pick one share forever
        let sut = QuickTier(spread: 3)
        var lastAlone: [TestID: Date] = [:]
        var ran: [TestID] = []

        // When: three audits, each recording when its tests ran alone
        for audit in 1...3 {
            let scope = AloneScope.quick(tests, tier: sut, seed: 7, failing: [], since: nil, lastAlone: lastAlone)
            let alone = scope.filter(tests).map(\.id)
            ran += alone
            for id in alone { lastAlone[id] = Date(timeIntervalSince1970: Double(audit)) }
            #expect(scope.quick?.fromHistory == true)
        }

        // Then
        #expect(ran.sorted() == tests.map(\.id).sorted())
    }
}
