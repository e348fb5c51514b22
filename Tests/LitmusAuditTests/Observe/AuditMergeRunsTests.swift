import Foundation
import Testing

@testable import LitmusAudit
@testable import LitmusRunning

extension AuditRecord {
    /// What `shard` of the audit that made this whole record writes: suite run 1 and its share of the
    /// other whole-suite runs, its share of the alone runs, coverage lines and killed processes.
    func part(_ shard: Shard) -> AuditRecord {
        var part = self
        let whole = observations
        let share = RunShare(
            shard: shard, suiteRuns: whole.suiteRuns.count, parallelRuns: whole.parallelRuns.count,
            randomHalves: whole.randomHalves.count)
        part.observations.suiteRuns = share.suite.map { whole.suiteRuns[$0 - 1] }
        part.observations.parallelRuns = share.parallel.map { whole.parallelRuns[$0 - 1] }
        part.observations.randomHalves = share.halves.map { whole.randomHalves[$0 - 1] }
        part.observations.share = share
        let mine = shard.share(of: whole.tests, by: \.id)
        part.observations.alone = whole.alone.filter { id, _ in mine.contains { $0.id == id } }
        part.coveredLines = coveredLines.filter { id, _ in mine.contains { $0.id == id } }
        let names = Set(share.runs.map(share.name(of:)) + mine.map { "\($0.name) alone" })
        part.observations.timedOutRuns = whole.timedOutRuns.filter { names.contains($0.run) }
        return part
    }
}

/// The whole-suite runs of audit shards merged by index: no process runs.
@Suite("Merging audit shards' whole-suite runs by index")
struct AuditMergeRunsTests {
    private let tests = ["A", "B", "C", "D"].map { name in
        TestIdentity(library: .swiftTesting, id: "M.run\(name)()", file: "Tests/MTests/RunTests.swift", line: 4)
    }

    /// A run in which every test passed, told apart from the others by its tests' `duration`.
    private func run(_ duration: Double) -> ObservedRun {
        ObservedRun(
            results: Dictionary(
                uniqueKeysWithValues: tests.map { ($0.id, TestResult(outcome: .passed, duration: duration)) }),
            order: tests.map(\.id))
    }

    /// A killed process of the run named `name`.
    private func killed(_ name: String) -> TimedOutRun {
        TimedOutRun(run: name, library: .swiftTesting, unfinished: [tests[0].id], notStarted: [])
    }

    /// An unsharded audit's record: 3 suite runs, 3 parallel runs, 2 random halves, each its own, and a
    /// process killed in every run and in every test's alone run, in the order the audit lists them.
    private func whole(runs: Int = 3, halves: Int = 2) -> AuditRecord {
        var options = AuditOptions()
        options.runs = runs
        options.randomSubsets = halves
        options.coverage = false
        var observations = Observations(
            tests: tests, suiteRuns: (1...runs).map { run(Double($0)) },
            alone: Dictionary(uniqueKeysWithValues: tests.map { ($0.id, TestResult(outcome: .passed, duration: 0)) }),
            randomHalves: (0..<halves).map { run(20 + Double($0)) },
            parallelRuns: (1...runs).map { run(10 + Double($0)) })
        let share = RunShare(shard: nil, suiteRuns: runs, parallelRuns: runs, randomHalves: halves)
        observations.timedOutRuns =
            (share.suite.map(RunShare.Run.suite) + share.parallel.map(RunShare.Run.parallel)).map {
                killed(share.name(of: $0))
            }
            + tests.map { killed("\($0.name) alone") } + share.halves.map { killed(share.name(of: .half($0))) }
        return AuditRecord(
            package: "/p", seed: 7, options: options, buildSeconds: 1, observations: observations,
            analysis: SourceAnalysis(), coverage: nil, coveredLines: [:])
    }

    /// The shards of `whole` by file name, in the order given.
    private func shards(_ whole: AuditRecord, _ indices: [Int], of count: Int) throws
        -> [(file: String, shard: Shard, record: AuditRecord)]
    {
        try indices.map { index in
            let shard = try Shard(index: index, count: count)
            return ("s\(index).json", shard, whole.part(shard))
        }
    }

    @Test(
        "Each run merged at its index gives the unsharded observations, whatever the order of the files",
        arguments: 1...4)
    func runsAtTheirIndex(count: Int) throws {
        // Given: the shards, given last first; every shard but 1 with its own suite run 1 (another process)
        let whole = whole()
        var parts = try shards(whole, Array((1...count).reversed()), of: count)
        for index in parts.indices where parts[index].shard.index != 1 {
            parts[index].record.observations.suiteRuns[0] = run(99)
        }

        // When
        let sut = try AuditRecord.merging(parts).observations

        // Then
        #expect(sut.suiteRuns == whole.observations.suiteRuns)
        #expect(sut.parallelRuns == whole.observations.parallelRuns)
        #expect(sut.randomHalves == whole.observations.randomHalves)
        #expect(sut.alone == whole.observations.alone)
        #expect(sut.timedOutRuns == whole.observations.timedOutRuns)
        #expect(sut.share == nil)
    }

    @Test("A run no shard holds is named: a shard's partial report missing from merging")
    func missingRun() throws {
        let parts = try shards(whole(), [1], of: 2)
        #expect(throws: MergeError.missingRun(run: "suite run 3 of 3")) { try AuditRecord.merging(parts) }
        #expect(
            MergeError.missingRun(run: "suite run 3 of 3").description.contains("No shard holds the suite run 3 of 3"))
    }

    @Test("A run two shards hold is named with both files")
    func duplicateRun() throws {
        // Given: shard 1's runs given again as shard 2's
        var parts = try shards(whole(), [1, 2], of: 2)
        parts[1].record = parts[0].record

        // Then
        #expect(throws: MergeError.duplicateRun(run: "suite run 2 of 3", file: "s2.json", other: "s1.json")) {
            try AuditRecord.merging(parts)
        }
    }

    @Test("Shards of other --runs or --random-subsets are refused, naming the files and both values")
    func otherOptions() throws {
        // Given
        let first = try shards(whole(runs: 3), [1], of: 2)[0]
        let otherRuns = try shards(whole(runs: 5), [2], of: 2)[0]
        let otherHalves = try shards(whole(halves: 4), [2], of: 2)[0]

        // Then
        let runs = MergeError.otherOptions(
            file: "s2.json", option: "--runs 5", other: "s1.json", otherOption: "--runs 3")
        #expect(throws: runs) { try AuditRecord.merging([otherRuns, first]) }
        #expect(
            runs.description
                == "s2.json ran with --runs 5 and s1.json with --runs 3: give every shard the same options (they decide which runs each shard makes)."
        )
        #expect(
            throws: MergeError.otherOptions(
                file: "s2.json", option: "--random-subsets 4", other: "s1.json", otherOption: "--random-subsets 2")
        ) { try AuditRecord.merging([first, otherHalves]) }
    }

    @Test("A recorded bisection answers the merged judges' question whether or not the shard saw it reproduced")
    func replayIgnoresReproduced() async throws {
        // Given: a shard's answer to a question asked when its suite runs all reproduced it
        var sut = whole()
        let asked = BisectionRequest(
            victim: tests[2], candidates: [tests[0], tests[1]], wantFailure: true, reproduced: true)
        sut.bisections = [RecordedBisection(request: asked, result: BisectionResult(culprits: [tests[1]]))]
        var merged = asked
        merged.reproduced = false

        // When
        let answer = try await sut.replay(merged)

        // Then
        #expect(answer.culprits == [tests[1]])
    }
}
