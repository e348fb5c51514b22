import Foundation
import LitmusSupport

/// The fast schedule (`--schedule fast`, the default): the same processes as the full one, fewer waits.
extension RunStage {
    /// One test process of the pool.
    enum PooledJob: Sendable {
        /// XCTest's (`xctest`) or Swift Testing's process of suite run `index`.
        case suite(index: Int, xctest: Bool)
        /// One test alone.
        case alone(TestIdentity)
        /// Random half `index` (from 0), its tests.
        case half(index: Int, tests: [TestIdentity])
    }

    /// The suite runs, XCTest's and Swift Testing's processes of every run in one pool of `width`
    /// processes (run 2's XCTest process need not wait for run 1's Swift Testing one), or with groups kept by
    /// the audit before, each run in processes side by side (``SuiteGroups``, undone when suite run 1's footprints
    /// show two tests that meet ran apart); the parallel runs
    /// by themselves, as in the full schedule; then each test alone and the random halves in a second
    /// pool, halves first. The suite runs stay among themselves, so a test's outcomes over them are not
    /// interleaved with the other runs' (a test that alternates still flips). The
    /// observations are those of the full schedule: the same processes, the same runs, in the same order.
    /// A shard runs its share of each (``share(parallelRuns:randomHalves:)``).
    mutating func observePooled(_ listing: TestBinary.Listing, clock: inout PhaseClock) async throws -> Observations {
        let xctests = listing.tests
        let indices = share().suite
        var log = RunLog()
        let measured = try await suiteRuns(indices, xctests: xctests, clock: &clock)
        let (byIndex, tests, footprints) = (measured.byIndex, measured.tests, measured.footprints)
        limit(afterSuiteRun: byIndex[1])
        let suiteRuns = indices.map { index in suiteRun(index, merging: byIndex[index] ?? [], log: &log) }

        // The parallel runs keep the machine to themselves: each uses every core, and another process
        // beside it would change the overlaps it is there to observe.
        let halves = halves(of: tests, footprints: footprints)
        let share = share(
            parallelRuns: parallelRunCount(tests.filter { $0.library == .swiftTesting }), randomHalves: halves.count)
        let parallelRuns = try await clock.measure("parallelRuns") {
            try await runParallel(share.parallel, of: share.parallelRunCount, log: &log)
        }

        var jobs = share.halves.map { PooledJob.half(index: $0 - 1, tests: halves[$0 - 1]) }
        let (alone, scope) = aloneShare(
            of: tests,
            failing: Self.failing(
                in: suiteRuns + parallelRuns, processes: log.processes, tests: tests, typeNames: typeNames),
            footprints: footprints?.map(\.footprints))
        jobs += alone.map(PooledJob.alone)
        progress(
            .phase(
                "Running \(Self.aloneCount(alone.count, of: tests.count, scope)) alone and \(share.halves.count) random halves (seed \(seed)), "
                    + "\(Self.processes(width)) at a time"))
        let before = PackageFiles.snapshot(of: binary.workingDirectory)
        let pooled = try await clock.measure("pooledRuns") { try await pool(jobs, xctests: xctests) }
        var observations = Observations(tests: tests, suiteRuns: suiteRuns, alone: [:], parallelRuns: parallelRuns)
        observations.aloneScope = scope
        observations.sideBySide = measured.sideBySide
        record(alone: alone.map { ($0, pooled[PooledJob.alone($0).key]!) }, into: &observations, log: &log)
        recordSuiteProfiles(footprints, into: &observations)
        observations.randomHalves = share.halves.map { $0 - 1 }.map { index in
            randomHalf(
                index, of: halves.count, pooled[PooledJob.half(index: index, tests: []).key]!, log: &log)
        }
        observations.timedOutRuns = log.timedOut
        observations.processes = log.processes
        observations.share = shard == nil ? nil : share
        try await clock.measure("leftFiles") {
            try await checkLeftFiles(since: before, &observations, xctests: xctests)
        }
        return try await clock.measure("runAgain") { try await finish(observations, listing) }
    }

    /// Runs `jobs`, `width` at a time, in their order; each one's process by its ``PooledJob/key``, and killed at
    /// the time limit `limits` gives its key (else `--timeout`).
    func pool(_ jobs: [PooledJob], xctests: [TestIdentity], limits: [String: Double] = [:]) async throws
        -> [String: TestBinary.Run]
    {
        let binary = self.binary
        let progress = self.progress
        let observed = footprint != nil
        let done = try await concurrentMap(jobs, width: width) { job in
            var limited = binary
            limited.timeout = limits[job.key] ?? binary.timeout
            return try await Self.run(job, binary: limited, xctests: xctests, observed: observed)
        } onEach: { count in
            progress(.step(done: count, total: jobs.count))
        }
        return Dictionary(zip(jobs.map(\.key), done), uniquingKeysWith: { first, _ in first })
    }

    /// Runs one job's process, with the profile name the full schedule gives it; suite run 1's processes with
    /// the footprint observer when `observed`.
    private static func run(_ job: PooledJob, binary: TestBinary, xctests: [TestIdentity], observed: Bool)
        async throws -> TestBinary.Run
    {
        switch job {
        case .suite(let index, xctest: true):
            try await binary.runXCTests(
                nil, known: xctests, profile: "suite-\(index)-x", observer: observed && index == 1 ? .footprints : nil)
        case .suite(let index, xctest: false):
            try await binary.runSwiftTests(
                nil, profile: "suite-\(index)-s", observer: observed && index == 1 ? .footprints : nil)
        case .alone(let test):
            try await binary.runAlone(test, all: xctests, profile: "alone")
        case .half(let index, let tests):
            try await binary.run(tests, all: xctests, profile: "subset-\(index + 1)")
        }
    }

    /// Every bisection the judges will ask for, run `width` at a time, each offered the culprits found
    /// before it (``BisectionHints``); the judges then read the answers (and bisect anything not asked
    /// beforehand themselves).
    /// The victims in `alone` (tests that failed only beside another process) are bisected one at a time
    /// after the others, with no process beside them: side by side, two bisections of tests sharing a
    /// folder fail each other and name a polluter that is none (JohnSundell/Files).
    func bisections(_ requests: [BisectionRequest], xctests: [TestIdentity], alone: Set<TestID> = [])
        async throws -> Bisect
    {
        let unique = Array(Set(requests)).sorted { $0.victim.id < $1.victim.id }
        if !unique.isEmpty { progress(.phase("Bisecting \(unique.count) tests, \(width) at a time")) }
        let side = unique.filter { !alone.contains($0.victim.id) }
        let single = unique.filter { alone.contains($0.victim.id) }
        var hints = BisectionHints()
        var answers = try await hints.answer(side, width: width) { request, offered in
            try await self.bisect(request, xctests: xctests, hints: offered)
        }
        answers += try await hints.answer(single, width: 1) { request, offered in
            try await self.bisect(request, xctests: xctests, hints: offered)
        }
        let known = Dictionary(zip(side + single, answers), uniquingKeysWith: { first, _ in first })
        return { request in
            if let answer = known[request] { return answer }
            return try await self.bisect(request, xctests: xctests)
        }
    }
}

extension RunStage.PooledJob {
    /// What names the job's result (a half by its index alone).
    var key: String {
        switch self {
        case .suite(let index, let xctest): "suite \(index) \(xctest)"
        case .alone(let test): "alone \(test.id)"
        case .half(let index, _): "half \(index)"
        }
    }
}
