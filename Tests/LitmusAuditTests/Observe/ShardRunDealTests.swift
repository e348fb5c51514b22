import Testing

@testable import LitmusAudit
@testable import LitmusRunning

/// How the whole-suite runs of an audit (suite runs, parallel runs, random halves) are dealt among shards.
@Suite("Shards: the whole-suite runs dealt among them")
struct ShardRunDealTests {
    /// Every run but suite run 1, as dealt.
    private static func dealt(_ share: RunShare) -> [RunShare.Run] { share.runs.filter { $0 != .suite(1) } }

    @Test("Every shard runs suite run 1, and each other run is run by exactly one shard", arguments: 1...5)
    func eachRunOnce(count: Int) throws {
        // When
        let shares = try (1...count).map {
            RunShare(shard: try Shard(index: $0, count: count), suiteRuns: 3, parallelRuns: 3, randomHalves: 2)
        }

        // Then
        let whole = RunShare(shard: nil, suiteRuns: 3, parallelRuns: 3, randomHalves: 2)
        #expect(shares.allSatisfy { $0.suite.first == 1 })
        let others = shares.flatMap(Self.dealt)
        #expect(others.count == whole.allRuns.count - 1)
        #expect(Set(others) == Set(Self.dealt(whole)))
    }

    @Test("Two shards: round robin over suite runs 2...runs, parallel runs, then random halves")
    func roundRobin() throws {
        // When
        let one = RunShare(shard: try Shard(index: 1, count: 2), suiteRuns: 3, parallelRuns: 3, randomHalves: 2)
        let two = RunShare(shard: try Shard(index: 2, count: 2), suiteRuns: 3, parallelRuns: 3, randomHalves: 2)

        // Then: the list s2 s3 p1 p2 p3 h1 h2, positions 0, 2, 4, 6 to shard 1 and 1, 3, 5 to shard 2
        #expect([one.suite, one.parallel, one.halves] == [[1, 2], [1, 3], [2]])
        #expect([two.suite, two.parallel, two.halves] == [[1, 3], [2], [1]])
        #expect(two.runs == [.suite(1), .suite(3), .parallel(2), .half(1)])
    }

    @Test("A shard's suite runs do not depend on the counts of parallel runs and halves, known only after them")
    func suiteRunsFirst() throws {
        let shard = try Shard(index: 2, count: 3)
        let early = RunShare(shard: shard, suiteRuns: 5, parallelRuns: 0, randomHalves: 0)
        let late = RunShare(shard: shard, suiteRuns: 5, parallelRuns: 5, randomHalves: 4)
        #expect(early.suite == [1, 3])
        #expect(late.suite == early.suite)
    }

    @Test("An unsharded audit runs every run; with one run and no halves a shard runs suite run 1 only")
    func unshardedAndSmall() throws {
        let whole = RunShare(shard: nil, suiteRuns: 3, parallelRuns: 3, randomHalves: 2)
        #expect([whole.suite, whole.parallel, whole.halves] == [[1, 2, 3], [1, 2, 3], [1, 2]])
        let second = RunShare(shard: try Shard(index: 2, count: 2), suiteRuns: 1, parallelRuns: 0, randomHalves: 0)
        #expect(second.runs == [.suite(1)])
    }

    @Test("Runs are named as the report names them")
    func names() {
        let whole = RunShare(shard: nil, suiteRuns: 3, parallelRuns: 3, randomHalves: 2)
        #expect(
            [.suite(2), .parallel(1), .half(2)].map(whole.name(of:)) == [
                "suite run 2 of 3", "parallel suite run 1 of 3", "random half 2 of 2",
            ])
    }
}
