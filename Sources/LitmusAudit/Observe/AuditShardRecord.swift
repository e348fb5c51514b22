import Foundation

/// A shard's record: the bisections it answers, and the merge of every shard's record into the one an
/// unsharded audit with the same seed would have made (``AuditRecord/merging(_:)``).
extension AuditRecord {
    /// Runs, through `bisect`, the bisections a shard answers (`requests`, which the judges of the merged
    /// record will ask for), and keeps them with their answers.
    mutating func recordBisections(_ requests: [BisectionRequest], through bisect: Bisect) async throws {
        var answers: [RecordedBisection] = []
        for request in requests {
            answers.append(RecordedBisection(request: request, result: try await bisect(request)))
        }
        bisections = answers
    }

    /// Bisection from the recorded answers: the one about the same test, behaviour and candidates in
    /// their order; failing that in another order (a shard's suite run 1 may have ordered the others
    /// differently from shard 1's); failing that about the same test and behaviour. Whether the
    /// candidates were ``BisectionRequest/reproduced`` is not compared: each shard saw other suite runs.
    var replay: Bisect {
        let bisections = self.bisections
        return { request in
            let same = bisections.filter {
                $0.request.victim.id == request.victim.id && $0.request.wantFailure == request.wantFailure
            }
            if let exact = same.first(where: { $0.request.candidates == request.candidates }) { return exact.result }
            let candidates = Set(request.candidates.map(\.id))
            if let reordered = same.first(where: { Set($0.request.candidates.map(\.id)) == candidates }) {
                return reordered.result
            }
            if let answer = same.first { return answer.result }
            throw MergeError.inconsistent(
                file: "the shards", reason: "no shard bisected \(request.victim.name), which its judges need")
        }
    }

    /// One record of the shards' records (by file and shard): each whole-suite run from the shard that
    /// ran it (suite run 1 from shard 1), at its index; every shard's alone runs, coverage lines and
    /// bisections; the killed processes of the runs kept, in the order an unsharded audit lists them.
    /// The sources' coverage is per file the widest shard's (each ran the whole suite with coverage
    /// once, and its own share of the rest). Throws a ``MergeError`` when the shards' seeds, tests or
    /// options differ, or a run is held by no shard or by two.
    static func merging(_ shards: [(file: String, shard: Shard, record: AuditRecord)]) throws -> AuditRecord {
        guard let first = shards.min(by: { $0.shard.index < $1.shard.index }) else { throw MergeError.noFiles }
        var merged = first.record
        merged.observations.alone = [:]
        merged.coveredLines = [:]
        merged.executions = [:]
        merged.bisections = []
        for (file, shard, record) in shards {
            try check(record, of: file, against: first)
            let mine = Set(shard.share(of: record.observations.tests, by: \.id).map(\.id))
            merged.observations.alone.merge(record.observations.alone.filter { mine.contains($0.key) }) { old, _ in old
            }
            merged.coveredLines.merge(record.coveredLines.filter { mine.contains($0.key) }) { old, _ in old }
            merged.executions.merge(record.executions.filter { mine.contains($0.key) }) { old, _ in old }
            merged.bisections += record.bisections
            merged.buildSeconds = max(merged.buildSeconds, record.buildSeconds)
            merged.wallSeconds = max(merged.wallSeconds, record.wallSeconds)
        }
        try mergeRuns(shards, into: &merged.observations, first: first)
        merged.coverage = CoverageReport.widest(shards.compactMap(\.record.coverage))
        if merged.coverage != nil {
            merged.coverageProblem = nil
        } else if let failed = shards.first(where: { $0.record.coverageProblem != nil }) {
            merged.coverageProblem = "\(failed.file): \(failed.record.coverageProblem ?? "")"
        }
        return merged
    }

    /// Refuses a shard's record of another seed, other tests, or other counts of runs.
    private static func check(
        _ record: AuditRecord, of file: String, against first: (file: String, shard: Shard, record: AuditRecord)
    ) throws {
        if record.seed != first.record.seed {
            let seeds = "its seed is \(record.seed), \(first.file)'s \(first.record.seed)"
            throw MergeError.inconsistent(file: file, reason: seeds + ": give every shard the same --replay SEED")
        }
        for (flag, value, other) in [
            ("--runs", record.options.runs, first.record.options.runs),
            ("--random-subsets", record.options.randomSubsets, first.record.options.randomSubsets),
        ] where value != other {
            throw MergeError.otherOptions(
                file: file, option: "\(flag) \(value)", other: first.file, otherOption: "\(flag) \(other)")
        }
        if record.observations.tests.map(\.id) != first.record.observations.tests.map(\.id) {
            let counts = (record.observations.tests.count, first.record.observations.tests.count)
            throw MergeError.inconsistent(
                file: file, reason: "its run saw \(counts.0) tests, \(first.file)'s \(counts.1)")
        }
    }

    /// The whole-suite runs at their indices, each from the one shard that holds it (suite run 1 from
    /// `first`), and the killed processes of the runs kept.
    private static func mergeRuns(
        _ shards: [(file: String, shard: Shard, record: AuditRecord)], into merged: inout Observations,
        first: (file: String, shard: Shard, record: AuditRecord)
    ) throws {
        let total = first.record.observations.runShare
        var runs: [RunShare.Run: (file: String, run: ObservedRun)] = [:]
        var killed: [(order: RunOrder, run: TimedOutRun)] = []
        var processes: [RunProcess] = []
        for (file, shard, record) in shards.sorted(by: { $0.shard.index < $1.shard.index }) {
            let share = record.observations.runShare
            if share.allRuns != total.allRuns {
                throw MergeError.inconsistent(
                    file: file,
                    reason: "its audit has \(share.parallelRunCount) parallel runs and \(share.randomHalfCount) "
                        + "random halves, \(first.file)'s \(total.parallelRunCount) and \(total.randomHalfCount)")
            }
            guard share.runs.count == record.observations.heldRuns.count else {
                throw MergeError.corrupt(
                    file: file,
                    reason: "it lists \(share.runs.count) runs and holds \(record.observations.heldRuns.count)")
            }
            let held = zip(share.runs, record.observations.heldRuns).filter {
                $0.0 != .suite(1) || shard == first.shard
            }
            for (index, run) in held {
                if let other = runs[index] {
                    throw MergeError.duplicateRun(run: total.name(of: index), file: file, other: other.file)
                }
                runs[index] = (file, run)
            }
            let owned = Dictionary(
                shard.share(of: record.observations.tests, by: \.id).map { ("\($0.name) alone", $0.id) },
                uniquingKeysWith: { first, _ in first })
            let order = Dictionary(held.map { (share.name(of: $0.0), RunOrder.run($0.0)) }) { first, _ in first }
                .merging(owned.mapValues(RunOrder.alone)) { first, _ in first }
            killed += record.observations.timedOutRuns.compactMap { run in order[run.run].map { (order: $0, run: run) }
            }
            let heldRuns = Set(held.map(\.0))
            let ownedTests = Set(owned.values)
            processes += record.observations.processes.filter { process in
                switch process.run {
                case .suite(let index): heldRuns.contains(.suite(index))
                case .parallel(let index): heldRuns.contains(.parallel(index))
                case .half(let index): heldRuns.contains(.half(index))
                case .alone(let test): ownedTests.contains(test)
                }
            }
        }
        let all = total.allRuns
        if let missing = all.first(where: { runs[$0] == nil }) {
            throw MergeError.missingRun(run: total.name(of: missing))
        }
        func kept(_ index: (RunShare.Run) -> Int?) -> [ObservedRun] {
            all.filter { index($0) != nil }.compactMap { runs[$0]?.run }
        }
        merged.suiteRuns = kept(\.suiteIndex)
        merged.parallelRuns = kept(\.parallelIndex)
        merged.randomHalves = kept(\.halfIndex)
        merged.share = nil
        merged.processes = processes
        let testOrder = Dictionary(merged.tests.enumerated().map { ($1.id, $0) }) { first, _ in first }
        merged.timedOutRuns = killed.enumerated().sorted { one, other in
            let (a, b) = (one.element.order.key(testOrder), other.element.order.key(testOrder))
            return a != b ? a < b : one.offset < other.offset
        }.map(\.element.run)
    }

    /// Where a killed process falls in an unsharded audit's list: the suite runs, the parallel runs, the
    /// alone runs (in the order of the tests), then the random halves.
    private enum RunOrder {
        case run(RunShare.Run)
        case alone(TestID)

        func key(_ tests: [TestID: Int]) -> (Int, Int) {
            switch self {
            case .run(.suite(let index)): (0, index)
            case .run(.parallel(let index)): (1, index)
            case .alone(let id): (2, tests[id] ?? 0)
            case .run(.half(let index)): (3, index)
            }
        }
    }
}

extension Observations {
    /// The whole-suite runs held: ``share``, or every run of the arrays.
    var runShare: RunShare {
        share
            ?? RunShare(
                shard: nil, suiteRuns: suiteRuns.count, parallelRuns: parallelRuns.count,
                randomHalves: randomHalves.count)
    }

    /// The runs held, in the order of ``RunShare/runs``.
    var heldRuns: [ObservedRun] { suiteRuns + parallelRuns + randomHalves }
}
